import CGesturedInput
import GestureEngine
import Glibc
import InputCore
import SystemCalls

/// Every touch device of the machine that a selector picks, kept up to date with hot-plug, read together: its
/// descriptors (the devices and the udev monitor) go into the caller's one poll, no busy waiting and no timer.
public final class InputHub {
    public enum Event {
        case added(TouchDevice)
        /// Its touches were cancelled in a last `.frame` before this.
        case removed(TouchDevice)
        case frame(TouchDevice, TouchFrame)
        /// The kernel dropped events of the device `times` times (SYN_DROPPED) since the last read; the frames
        /// before this were already reconciled with the device's real state.
        case dropped(TouchDevice, times: Int)
        /// A device that was not taken, and why (not a touch device, not selected, cannot be opened).
        case skipped(node: String, reason: String)
    }

    private let udev: Udev
    private let monitor: UdevMonitor?
    private let selector: DeviceSelector
    private let describe: (DeviceDescription) -> DeviceDescription
    public private(set) var devices: [String: TouchDevice] = [:]
    /// How many devices were opened: the next one's DeviceID.
    private var opened = 0

    public init(
        selector: DeviceSelector = DeviceSelector(), describe: @escaping (DeviceDescription) -> DeviceDescription = { $0 }, watchHotPlug: Bool = true
    ) throws(SystemCallError) {
        self.describe = describe
        udev = try Udev()
        monitor = watchHotPlug ? try UdevMonitor(udev: udev) : nil
        self.selector = selector
    }

    /// Opens every matching device present now.
    public func scan(_ body: (Event) -> Void) throws(SystemCallError) {
        for node in try udev.inputEventNodes() where devices[node.node] == nil {
            add(node, body)
        }
    }

    private func add(_ node: UdevInputNode, _ body: (Event) -> Void) {
        do {
            let device = try TouchDevice(node: node, id: DeviceID(opened), describe: describe)
            guard !TwinDevice.isTwin(device.description) else {
                body(.skipped(node: node.node, reason: "\(device.description.name) is gestured's own twin of a grabbed device"))
                return
            }
            guard selector.matches(device.description, kind: device.kind) else {
                body(.skipped(node: node.node, reason: "\(device.description.name) (\(device.kind.rawValue)) is not selected"))
                return
            }
            opened += 1
            devices[node.node] = device
            polled.append(device)
            descriptorsVersion += 1
            body(.added(device))
        } catch {
            body(.skipped(node: node.node, reason: "\(error)"))
        }
    }

    private func remove(_ node: String, at time: Timestamp, _ body: (Event) -> Void) {
        guard let device = devices.removeValue(forKey: node) else { return }
        polled.removeAll { $0 === device }
        descriptorsVersion += 1
        if let frame = device.cancelTouches(at: time) { body(.frame(device, frame)) }
        body(.removed(device))
    }

    /// The descriptors to wait on for input and hot-plug: each device's, then the udev monitor's. The caller
    /// polls them with whatever else it waits on and hands them back to `read`, in the same order.
    public func descriptors(into set: inout [pollfd]) {
        for device in polled { set.append(pollfd(fd: device.evdev.fd.rawValue, events: Int16(POLLIN), revents: 0)) }
        if let monitor { set.append(pollfd(fd: monitor.fd, events: Int16(POLLIN), revents: 0)) }
    }

    /// The devices in the order `descriptors` gives theirs: kept as devices come and go, not rebuilt (with a
    /// lookup by node each) every turn. Read twice a turn by the loop's thread alone, never while another access
    /// is open: unchecked for exclusivity (each checked access about 60 instructions).
    @exclusivity(unchecked) private var polled: [TouchDevice] = []
    /// Changes whenever `descriptors` would give another list: the caller keeps its poll set until then.
    @exclusivity(unchecked) public private(set) var descriptorsVersion = 0

    /// Reads what poll found ready among the descriptors `descriptors` gave (`entries` holds them, in order):
    /// each ready device's frames, then hot-plug changes.
    public func read(_ entries: ArraySlice<pollfd>, _ body: (Event) -> Void) {
        // The devices as they were polled: a removal below changes `polled`, not this turn's list.
        let turn = polled
        for (device, entry) in zip(turn, entries) where entry.revents != 0 {
            let node = device.node
            var alive = true
            let drops = device.evdev.drops
            do {
                alive = try device.read { body(.frame(device, $0)) }
            } catch {
                body(.skipped(node: node, reason: "\(error)"))
                alive = false
            }
            if device.evdev.drops > drops { body(.dropped(device, times: device.evdev.drops - drops)) }
            if !alive || entry.revents & Int16(POLLHUP | POLLERR) != 0 {
                remove(node, at: monotonicNow(), body)
            }
        }
        if let monitor, entries.count > turn.count, entries[entries.startIndex + turn.count].revents != 0 {
            for change in monitor.receive() {
                switch change {
                case .added(let node) where devices[node.node] == nil:
                    add(node, body)
                case .removed(let node):
                    remove(node, at: monotonicNow(), body)
                default:
                    break
                }
            }
        }
    }
}
