import InputCore
import LinuxInput
import SystemPackage

/// Grabbing for the input loop: the hub's device taken with EVIOCGRAB, and its twin made on uinput.
final class DeviceTwins: DeviceGrabber {
    private let hub: InputHub
    private var twins: [String: UinputDevice] = [:]

    init(hub: InputHub) { self.hub = hub }

    func grab(node: String, description: DeviceDescription) throws -> TwinOutput {
        guard let device = hub.devices[node] else { throw DaemonError("\(node) is not open") }
        // The twin first: a device grabbed without one would leave the applications with nothing.
        let twin = try Self.twin(of: description)
        try device.evdev.grab()
        twins[node] = twin
        return twin
    }

    private static func twin(of description: DeviceDescription) throws -> UinputDevice {
        do {
            return try UinputDevice(TwinDevice.description(of: description))
        } catch {
            guard [.noSuchFileOrDirectory, .permissionDenied, .notPermitted].contains(error.errno) else { throw error }
            throw DaemonError(noUinput(error.errno))
        }
    }

    /// Why /dev/uinput cannot be opened, and how to give it: the service has no access to it unless the
    /// drop-in that comes with gestured is installed (docs/passthrough.md, Enabling it under a compositor).
    static func noUinput(_ errno: Errno) -> String {
        let dropIn = "/etc/systemd/system/gestured.service.d/grab.conf"
        return "cannot open /dev/uinput (\(errno)) to make the twin: under systemd the service may write it only with the drop-in "
            + "gestured-grab.conf from gestured's documentation (/usr/share/doc/gestured with the package, /usr/local/share/doc/gestured "
            + "after make install): sudo install -D -m 0644 DOCDIR/gestured-grab.conf \(dropIn) && sudo systemctl daemon-reload "
            + "&& sudo systemctl restart gestured"
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
