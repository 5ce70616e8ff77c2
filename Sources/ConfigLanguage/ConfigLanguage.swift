// ConfigLanguage: the language gestured's files are written in, TOML 1.0 (toml.io/en/v1.0.0), read from bytes
// into values that keep where each was written. It owns reading TOML (TOMLReader), the values it makes
// (TOMLNode, TOMLDateTime), places in a text (SourcePosition) and what went wrong where (TOMLError).
//
// It knows no file, no schema and no setting: the configuration, the actions file and the device database are
// read by their own modules, which hand it bytes and check what comes back. It imports nothing, so that whatever
// may read a configuration may link it without anything that can reach a file or a device.
