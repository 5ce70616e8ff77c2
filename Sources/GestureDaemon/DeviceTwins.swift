import InputCore
import LinuxInput

/// Grabbing for the input loop: the hub's device taken with EVIOCGRAB, and its twin made on uinput.
final class DeviceTwins: DeviceGrabber {
    private let hub: InputHub
    private var twins: [String: Twin] = [:]

    init(hub: InputHub) { self.hub = hub }

    final class Twin: TwinOutput {
        let device: UinputDevice
        var node: String { device.node }
        init(_ device: UinputDevice) { self.device = device }
        func write(_ events: [InputEvent]) throws { try device.write(events) }
    }

    func grab(node: String, description: DeviceDescription) throws -> TwinOutput {
        guard let device = hub.devices[node] else { throw DaemonError("\(node) is not open") }
        // The twin first: a device grabbed without one would leave the applications with nothing.
        let twin = Twin(try UinputDevice(TwinDevice.description(of: description)))
        try device.evdev.grab()
        twins[node] = twin
        return twin
    }

    func release(node: String) {
        guard let twin = twins.removeValue(forKey: node) else { return }
        twin.device.unplug()
        hub.devices[node]?.evdev.ungrab()
    }
}
