import GestureEngine
import InputCore
import SystemCalls

/// A live touch device: the event device, what kind it is, its size, and the frame builder its events go
/// through.
public final class TouchDevice {
    public let evdev: EvdevDevice
    /// The hub's number for it; its touches are numbered from its block (TouchIDLayout).
    public let id: DeviceID
    public let node: String
    public let kind: DeviceKind
    public let geometry: SurfaceGeometry
    public let udevProperties: [String: String]
    /// Changed by every event, never while another access is open: unchecked (the runtime's check was two
    /// calls an event; docs/daemon.md, What a frame costs).
    @exclusivity(unchecked) private var builder: FrameBuilder
    /// Protocol A devices (no slots) read through mtdev.
    private let protocolA: ProtocolAConverter?

    /// Opens and classifies `node`. Throws SystemCallError when it cannot be opened, InputError when it is not a
    /// touch device gestured can read. `describe` corrects the kernel's description with what the device database knows (docs/devices.md). The
    /// surface is measured from the axes; a size the configuration gives is the core's to apply (DeviceSession).
    public init(node: UdevInputNode, id: DeviceID = DeviceID(0), describe: (DeviceDescription) -> DeviceDescription = { $0 }) throws {
        evdev = try EvdevDevice(path: node.node)
        self.id = id
        self.node = node.node
        udevProperties = node.properties
        kernelDescription = evdev.description
        let description = describe(kernelDescription)
        self.description = description
        kind = DeviceKind.classify(description, udevProperties: node.properties)
        guard let axes = description.positionAxes, kind != .other else {
            throw InputError(device: "\(node.node) (\(description.name))", "not a touchscreen, touchpad or tablet")
        }
        geometry = SurfaceGeometry(x: axes.x, y: axes.y)
        protocolA = ProtocolAConverter(description: description)
        builder = try FrameBuilder(
            description: protocolA?.description ?? description, geometry: geometry, touchType: kind.touchType, firstTouchID: id.firstTouchID)
    }

    /// The device as the kernel describes it, and as gestured takes it (corrected by the device database).
    public let kernelDescription: DeviceDescription
    public let description: DeviceDescription

    /// Reads what is pending; `body` gets each frame. Returns false when the device is gone, after handing
    /// over a last frame that cancels every touch still down.
    public func read(_ body: (TouchFrame) -> Void, events: ((InputEvent) -> Void)? = nil) throws(SystemCallError) -> Bool {
        var last: Timestamp?
        let outcome = try evdev.readPending { event in
            events?(event)
            last = event.time
            if let protocolA {
                protocolA.convert(event) { converted in
                    if let frame = builder.handle(converted) { body(frame) }
                }
            } else if let frame = builder.handle(event) {
                body(frame)
            }
        }
        guard outcome == .gone else { return true }
        if let frame = builder.cancelAll(at: last ?? monotonicNow()) { body(frame) }
        return false
    }

    /// Cancels every touch still down (the device is being dropped), at `time`.
    public func cancelTouches(at time: Timestamp) -> TouchFrame? {
        builder.cancelAll(at: time)
    }
}
