import InputCore
import SystemCalls

/// A virtual keyboard through uinput, on which key combinations are typed and keys held: what gesture actions send
/// keys with (`gesturectl actions`). It declares every key it may be asked to press. When it goes (its owner
/// ends, even killed), the kernel removes the device, and the compositor releases whatever it still held.
public final class UinputKeyboard {
    private let device: UinputDevice
    public var node: String { device.node }
    public var name: String { device.name }

    public init(name: String, keys: Set<UInt16>) throws(SystemCallError) {
        device = try UinputDevice(DeviceDescription(name: name, bus: 0x06, codes: [EventType.key: keys]))
    }

    /// A key down or up, in a report of its own, so that applications see each change in order: the modifiers
    /// held when a key goes down.
    public func set(_ key: UInt16, down: Bool) throws(SystemCallError) {
        try device.write([
            InputEvent(time: .zero, type: EventType.key, code: key, value: down ? 1 : 0),
            InputEvent(time: .zero, type: EventType.syn, code: SynCode.report, value: 0),
        ])
    }
}
