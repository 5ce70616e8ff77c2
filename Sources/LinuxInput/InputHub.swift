import CGesturedInput
import GestureEngine
import Glibc
import InputCore

/// Every touch device of the machine that a selector picks, kept up to date with hot-plug, read together:
/// one `poll(2)` over the devices and the udev monitor, no busy waiting and no timer.
public final class InputHub {
    public enum Event {
        case added(TouchDevice)
        /// Its touches were cancelled in a last `.frame` before this.
        case removed(node: String)
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
    private let configuredSize: (DeviceDescription) -> Size?
    public private(set) var devices: [String: TouchDevice] = [:]
    /// Each device numbers its touches from its own block, so ids never collide across devices.
    private var nextTouchBlock: TouchID = 1
    private static let touchBlock: TouchID = 1 << 40
    private var pollSet: [pollfd] = []

    public init(
        selector: DeviceSelector = DeviceSelector(), configuredSize: @escaping (DeviceDescription) -> Size? = { _ in nil },
        watchHotPlug: Bool = true
    ) throws(DeviceError) {
        udev = try Udev()
        monitor = watchHotPlug ? try UdevMonitor(udev: udev) : nil
        self.selector = selector
        self.configuredSize = configuredSize
    }

    /// Opens every matching device present now.
    public func scan(_ body: (Event) -> Void) throws(DeviceError) {
        for node in try udev.inputEventNodes() where devices[node.node] == nil {
            add(node, body)
        }
    }

    private func add(_ node: UdevInputNode, _ body: (Event) -> Void) {
        do {
            let device = try TouchDevice(node: node, sizing: configuredSize, firstTouchID: nextTouchBlock)
            guard selector.matches(device.description, kind: device.kind) else {
                body(.skipped(node: node.node, reason: "\(device.description.name) (\(device.kind.rawValue)) is not selected"))
                return
            }
            nextTouchBlock += Self.touchBlock
            devices[node.node] = device
            body(.added(device))
        } catch {
            body(.skipped(node: node.node, reason: "\(error)"))
        }
    }

    private func remove(_ node: String, at time: Timestamp, _ body: (Event) -> Void) {
        guard let device = devices.removeValue(forKey: node) else { return }
        if let frame = device.cancelTouches(at: time) { body(.frame(device, frame)) }
        body(.removed(node: node))
    }

    /// Waits up to `timeout` nanoseconds (nil: forever) for input or hot-plug and handles what arrived.
    /// Returns false when the wait timed out. `also` are more descriptors to wait on (a signalfd, sockets);
    /// `ready` is called with each of them that poll found ready, after the devices were read.
    @discardableResult
    public func poll(timeout: Int64?, also: [pollfd] = [], ready: (pollfd) -> Void = { _ in }, _ body: (Event) -> Void) throws(DeviceError) -> Bool {
        pollSet.removeAll(keepingCapacity: true)
        let nodes = Array(devices.keys)
        for node in nodes { pollSet.append(pollfd(fd: devices[node]!.evdev.fd, events: Int16(POLLIN), revents: 0)) }
        if let monitor { pollSet.append(pollfd(fd: monitor.fd, events: Int16(POLLIN), revents: 0)) }
        pollSet.append(contentsOf: also)
        let readyCount = gestured_poll_ns(&pollSet, nfds_t(pollSet.count), timeout ?? -1)
        if readyCount < 0 {
            if errno == EINTR { return true }
            throw DeviceError(call: "poll", device: "input devices", code: errno)
        }
        guard readyCount > 0 else { return false }
        for (i, node) in nodes.enumerated() where pollSet[i].revents != 0 {
            guard let device = devices[node] else { continue }
            var alive = true
            let drops = device.evdev.drops
            do {
                alive = try device.read { body(.frame(device, $0)) }
            } catch {
                body(.skipped(node: node, reason: "\(error)"))
                alive = false
            }
            if device.evdev.drops > drops { body(.dropped(device, times: device.evdev.drops - drops)) }
            if !alive || pollSet[i].revents & Int16(POLLHUP | POLLERR) != 0 {
                remove(node, at: monotonicNow(), body)
            }
        }
        if let monitor, pollSet[nodes.count].revents != 0 {
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
        for entry in pollSet.suffix(also.count) where entry.revents != 0 { ready(entry) }
        return true
    }
}
