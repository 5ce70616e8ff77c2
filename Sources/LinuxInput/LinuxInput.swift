// LinuxInput: live kernel devices (docs/input.md). It owns finding touch devices and following them as they come
// and go (Udev, InputHub), reading them with libevdev (EvdevDevice, TouchDevice), protocol A devices through mtdev
// (ProtocolAConverter), uinput devices (UinputDevice: the twins, the actions' keyboard, the tests' devices), the
// machine's identity for the device database (MachineIdentity), and the loop's waiting primitives (Poll,
// DeadlineTimer, SignalReader, the monotonic clock).
//
// What a device's events mean is not its to say: it hands them to InputCore's frame builder, as a replay does, so
// that a live device and a recording of it make the same frames.
