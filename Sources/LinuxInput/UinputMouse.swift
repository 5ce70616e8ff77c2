import InputCore
import SystemCalls

/// A virtual mouse through uinput: buttons, relative motion and wheel detents, for gesture actions' clicks, drags
/// and scrolling (`gesturectl actions`). Apart from the keyboard, so that a compositor takes it for a pointer and
/// the keyboard for a keyboard, as it would two real devices.
public final class UinputMouse {
    private let device: UinputDevice
    public var node: String { device.node }
    public var name: String { device.name }

    public init(name: String, buttons: Set<UInt16>) throws(SystemCallError) {
        device = try UinputDevice(
            DeviceDescription(
                name: name, bus: 0x06, properties: [InputProperty.pointer],
                codes: [EventType.key: buttons, EventType.rel: [RelCode.x, RelCode.y, RelCode.wheel, RelCode.horizontalWheel]]))
    }

    /// A button down or up, in a report of its own.
    public func set(_ button: UInt16, down: Bool) throws(SystemCallError) {
        try device.write([
            InputEvent(time: .zero, type: EventType.key, code: button, value: down ? 1 : 0),
            InputEvent(time: .zero, type: EventType.syn, code: SynCode.report, value: 0),
        ])
    }

    /// Motion by `dx`, `dy` counts (right and down positive), and wheel detents (up and right positive), in one
    /// report; a zero is left out.
    public func move(dx: Int32 = 0, dy: Int32 = 0, wheel: Int32 = 0, horizontalWheel: Int32 = 0) throws(SystemCallError) {
        var events: [InputEvent] = []
        for (code, value) in [(RelCode.x, dx), (RelCode.y, dy), (RelCode.wheel, wheel), (RelCode.horizontalWheel, horizontalWheel)] where value != 0 {
            events.append(InputEvent(time: .zero, type: EventType.rel, code: code, value: value))
        }
        guard !events.isEmpty else { return }
        try device.write(events + [InputEvent(time: .zero, type: EventType.syn, code: SynCode.report, value: 0)])
    }
}
