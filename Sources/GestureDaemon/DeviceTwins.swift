import InputCore
import LinuxInput

/// Grabbing for the input loop: the hub's device taken with EVIOCGRAB, and its twin made on uinput.
final class DeviceTwins: DeviceGrabber {
    private let hub: InputHub
    private var twins: [String: UinputDevice] = [:]

    init(hub: InputHub) { self.hub = hub }

    func grab(node: String, description: DeviceDescription) throws -> TwinOutput {
        guard let device = hub.devices[node] else { throw DaemonError("\(node) is not open") }
        // The twin first: a device grabbed without one would leave the applications with nothing.
        let twin = try UinputDevice(TwinDevice.description(of: description))
        try device.evdev.grab()
        twins[node] = twin
        return twin
    }

    func release(node: String) {
        guard let twin = twins.removeValue(forKey: node) else { return }
        // The device back first, then the twin gone, as grabbing made the twin first: applications are never
        // without either, and once the twin has gone the device is everyone's again.
        hub.devices[node]?.evdev.ungrab()
        twin.unplug()
    }
}

/// A uinput device is what a twin is written to.
extension UinputDevice: TwinOutput {}
