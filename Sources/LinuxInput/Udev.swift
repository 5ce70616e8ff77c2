import CLibudev
import Glibc
import SystemCalls

/// An input event node as udev knows it: its device node and udev's properties (ID_INPUT_TOUCHSCREEN and
/// the like, present only when a udev daemon has filled the database).
public struct UdevInputNode: Hashable, Sendable {
    public var node: String
    public var properties: [String: String]

    public init(node: String, properties: [String: String] = [:]) {
        self.node = node
        self.properties = properties
    }
}

/// A libudev context. Owns it: unref on deinit.
public final class Udev {
    let handle: OpaquePointer

    public init() throws(SystemCallError) {
        handle = try pointerCall("udev_new", on: "udev") { udev_new() }
    }

    deinit { udev_unref(handle) }

    /// The input subsystem's event nodes (/dev/input/event*), from sysfs: this works with no udev daemon.
    public func inputEventNodes() throws(SystemCallError) -> [UdevInputNode] {
        let enumerate = try pointerCall("udev_enumerate_new", on: "input") { udev_enumerate_new(handle) }
        defer { udev_enumerate_unref(enumerate) }
        _ = try negativeErrnoCall("udev_enumerate_add_match_subsystem", on: "input") { udev_enumerate_add_match_subsystem(enumerate, "input") }
        _ = try negativeErrnoCall("udev_enumerate_scan_devices", on: "input") { udev_enumerate_scan_devices(enumerate) }
        var nodes: [UdevInputNode] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            if let syspath = udev_list_entry_get_name(current),
                let device = udev_device_new_from_syspath(handle, syspath)
            {
                if let node = Self.eventNode(device) { nodes.append(node) }
                udev_device_unref(device)
            }
            entry = udev_list_entry_get_next(current)
        }
        return nodes.sorted { $0.node.localizedStandardLess($1.node) }
    }

    static func eventNode(_ device: OpaquePointer) -> UdevInputNode? {
        guard let cNode = udev_device_get_devnode(device) else { return nil }
        let node = String(cString: cNode)
        guard node.hasPrefix("/dev/input/event") else { return nil }
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = udev_list_entry_get_name(current), let value = udev_list_entry_get_value(current) {
                properties[String(cString: name)] = String(cString: value)
            }
            entry = udev_list_entry_get_next(current)
        }
        return UdevInputNode(node: node, properties: properties)
    }
}

extension String {
    /// event2 before event10.
    func localizedStandardLess(_ other: String) -> Bool {
        let a = Int(filter(\.isNumber)) ?? 0, b = Int(other.filter(\.isNumber)) ?? 0
        return a != b ? a < b : self < other
    }
}

/// Hot-plug: input devices added and removed, from a udev monitor. Listens to the udev daemon's
/// messages when one runs (they carry its properties), else to the kernel's own uevents.
public final class UdevMonitor {
    private let udev: Udev
    private let monitor: OpaquePointer
    /// Readable when a change is waiting: poll it with the devices.
    public let fd: Int32

    public enum Change: Equatable, Sendable {
        case added(UdevInputNode)
        case removed(node: String)
    }

    public init(udev: Udev) throws(SystemCallError) {
        self.udev = udev
        let source = access("/run/udev/control", F_OK) == 0 ? "udev" : "kernel"
        let monitor = try pointerCall("udev_monitor_new_from_netlink", on: "\(source) events") { udev_monitor_new_from_netlink(udev.handle, source) }
        do {
            _ = try negativeErrnoCall("udev_monitor_filter_add_match_subsystem_devtype", on: "\(source) events") {
                udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
            }
            _ = try negativeErrnoCall("udev_monitor_enable_receiving", on: "\(source) events") { udev_monitor_enable_receiving(monitor) }
        } catch {
            udev_monitor_unref(monitor)
            throw error
        }
        self.monitor = monitor
        fd = udev_monitor_get_fd(monitor)
    }

    deinit { udev_monitor_unref(monitor) }

    /// Every change waiting now (the monitor's socket is non-blocking).
    public func receive() -> [Change] {
        var changes: [Change] = []
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            guard let cAction = udev_device_get_action(device) else { continue }
            let action = String(cString: cAction)
            if action == "remove", let node = udev_device_get_devnode(device).map({ String(cString: $0) }),
                node.hasPrefix("/dev/input/event")
            {
                changes.append(.removed(node: node))
            } else if action == "add", let node = Udev.eventNode(device) {
                changes.append(.added(node))
            }
        }
        return changes
    }
}
