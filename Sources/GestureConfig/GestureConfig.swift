// GestureConfig: the daemon's configuration (config/README.md). It owns its schema, checked with every error at its
// file, line and column (ConfigParser, ConfigChecks, RequireToFailCycles, ConfigurationLimits), the model it makes
// (Configuration: the daemon's settings, devices, regions, recognizers and their relations), the surfaces built from
// it for one device (ConfiguredSurface), what its recognizers cost a frame (FrameWork), the additions a client asks
// for over the socket, checked as the file's entries are (ClientAdditions), and `[[recognizer]]` tables read for
// other files (RecognizerTables, the actions file's).
//
// It touches no file, device, socket or clock: the shape files a configuration names come from the FileSource its
// caller gives (ConfigFiles' at the programs' edges), so that `gestured check`, the daemon, the replays and the
// fuzzers check a configuration the same way. It may use the engine to build surfaces and the catalog of recognizer
// kinds, never the daemon.
