// TwinEncoding: what gestured writes to a grabbed device's twin (docs/passthrough.md). It owns TwinEncoder, which
// writes the touches applications should see as the events of a multitouch device like the one they came from.
//
// It may use InputCore (event codes, the device's description) and the engine's touch ids and times, nothing
// else: it encodes the touches the daemon forwards, whatever conditioning made of them and whether they came from
// a device or a recording, and writing the events to uinput is LinuxInput's, so the encoder is tested without a
// kernel.
