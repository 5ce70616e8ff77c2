import InputCore
import SystemCalls

/// A virtual keyboard through uinput, on which key combinations are typed: what gesture actions send keys with
/// (`gesturectl actions`). It declares every key it may be asked to press.
public final class UinputKeyboard {
    private let device: UinputDevice
    public var node: String { device.node }
    public var name: String { device.name }

    public init(name: String, keys: Set<UInt16>) throws(SystemCallError) {
        device = try UinputDevice(DeviceDescription(name: name, bus: 0x06, codes: [EventType.key: keys]))
    }

    /// Presses `keys` in order, then releases them in the reverse one: "ctrl+alt+t" as a hand types it, each
    /// step its own report so that applications see the modifiers held when the key goes down.
    public func type(_ keys: [UInt16]) throws(SystemCallError) {
        var events: [InputEvent] = []
        for key in keys { events += Self.report(key, down: true) }
        for key in keys.reversed() { events += Self.report(key, down: false) }
        try device.write(events)
    }

    private static func report(_ key: UInt16, down: Bool) -> [InputEvent] {
        [
            InputEvent(time: .zero, type: EventType.key, code: key, value: down ? 1 : 0),
            InputEvent(time: .zero, type: EventType.syn, code: SynCode.report, value: 0),
        ]
    }
}
