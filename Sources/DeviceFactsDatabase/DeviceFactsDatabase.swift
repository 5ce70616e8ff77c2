// DeviceFactsDatabase: the device database (docs/devices.md): entries of facts about particular devices, each
// matched by the device's identity and citing its source, read with every mistake at its place (DeviceDatabase,
// DeviceEntryReader), and what it knows of one device (DeviceKnowledge). The facts themselves are InputCore's
// (DeviceFacts), applied by conditioning. It lists and reads folders through a FileSource, never itself.
