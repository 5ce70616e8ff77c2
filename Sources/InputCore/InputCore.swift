// InputCore: kernel input without the kernel. It owns the kernel's event codes and events (EventCodes,
// InputEvent), what a device is (DeviceDescription, DeviceKind, DeviceSelector, DeviceIdentity, DeviceFacts,
// InputError), millimetres on its surface (SurfaceGeometry) and the frame builder, which makes a device's events
// into the engine's TouchFrames, the same for a live device as for a replay.
//
// It may use the engine's value types (GestureEngine) and nothing else: no system library and no Foundation, so
// that events and descriptions can be made and read anywhere, and none of the modules built on it (CaptureFormats'
// recordings, Conditioning's stage, TwinEncoding's twin), so that each of them shares these types without
// learning of the others.
