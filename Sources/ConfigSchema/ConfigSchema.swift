// ConfigSchema: what every schema gestured reads in TOML shares (the daemon's configuration, the actions file, the
// actions presets, the device database). It owns the tree a schema reads (ConfigNode, each value with its place; a
// client's JSON made one too, ConfigValue), typed reading that collects every error with its file, line and column
// (ConfigReader, ConfigError, ConfigPath), what a file's bytes must be before they are TOML (ConfigText), the bounds
// every file is held to (ConfigLimits), and how a schema asks for the files it names (FileSource).
//
// It may not touch a file: it asks a FileSource, which the programs' edges give (ConfigFiles). It knows no setting
// of any schema; those are their own modules'.
