// GestureConfig: the TOML configuration (config/README.md). It owns reading a configuration file and checking it,
// every error with its file, line and column (ConfigFile, ConfigReader, ConfigParser, ConfigChecks, ConfigError;
// the TOML itself is read by ConfigLanguage, whose values keep their places), the model it makes (Configuration:
// the daemon's settings, devices, regions, recognizers and their relations), the surfaces built from it for one
// device (ConfiguredSurface), the additions a client asks for over the socket, checked as the file's entries are
// (ClientAdditions), an actions file (ActionsFile, KeyNames) and the device database (DeviceDatabase,
// DeviceEntryReader).
//
// It reads files (the configuration, the database's folders) and nothing else of the platform: no device, socket
// or clock, so that `gestured check`, the daemon, the replays and the fuzzers read a configuration the same way.
// It may use the engine to build surfaces and the catalog of recognizer kinds, never the daemon.
