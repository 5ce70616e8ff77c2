import InputCore
import LinuxInput
import Logging
import SystemPackage

/// Grabbing for the input loop: the hub's device taken with EVIOCGRAB, and its twin made on uinput. Devices are
/// named by InputCore's DeviceID, written out beside swift-system's (a dev_t).
final class DeviceTwins {
    private let hub: InputHub
    private var twins: [InputCore.DeviceID: (twin: UinputDevice, node: String)] = [:]
    /// Write failures of each twin since the last one logged: a twin that cannot be written to is logged once a burst.
    private var failures: [InputCore.DeviceID: Int] = [:]

    init(hub: InputHub) { self.hub = hub }

    /// Grabs the device (the hub's, at `node`) and makes its twin from `description`; the twin's node. Throws,
    /// saying why, when either fails (another process holds the device, say), leaving the device as it was.
    func grab(_ id: InputCore.DeviceID, node: String, description: DeviceDescription) throws -> String {
        guard let device = hub.devices[node], device.id == id else { throw DaemonError("\(node) is not open") }
        // The twin first: a device grabbed without one would leave the applications with nothing.
        let twin = try Self.twin(of: description)
        try device.evdev.grab()
        twins[id] = (twin, node)
        return twin.node
    }

    /// One frame of passed-through touches to the device's twin.
    func write(_ events: [InputEvent], to id: InputCore.DeviceID, logger: Logger) {
        guard let (twin, node) = twins[id] else { return }
        do {
            try twin.write(events)
            if let failed = failures.removeValue(forKey: id) {
                logger.notice("the twin takes events again", metadata: ["device.node": "\(node)", "failures": "\(failed)"])
            }
        } catch {
            if failures[id] == nil {
                logger.error("cannot write to the twin: applications miss touches", metadata: ["device.node": "\(node)", "error": "\(error)"])
            }
            failures[id, default: 0] += 1
        }
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

    func release(_ id: InputCore.DeviceID) {
        failures[id] = nil
        guard let (twin, node) = twins.removeValue(forKey: id) else { return }
        // The device back first, then the twin gone, as grabbing made the twin first: applications are never
        // without either, and once the twin has gone the device is everyone's again.
        hub.devices[node]?.evdev.ungrab()
        twin.unplug()
    }
}

