// GestureCatalog: the one list of recognizer kinds and their parameters, with their ranges, units and the trace's
// short names (RecognizerKind, RecognizerParameter), read by the configuration, the client additions and the trace
// form alike. A new kind is added here.
//
// It knows kinds and their parameters, nothing of a file or a device: it may use the engine's recognizers and the
// samples', never the configuration that reads it.
