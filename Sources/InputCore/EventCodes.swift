/// The kernel's input event codes that gestured reads (linux/input-event-codes.h), as constants for the code
/// that reads them; kept in pure Swift, so that recordings can be parsed and replayed without the kernel headers.
/// Each is the value `KernelEventCodes` (generated from the header) gives its name: `EventCodeTests` holds them to it.
public enum EventType {
    public static let syn: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    public static let rel: UInt16 = 0x02
    public static let abs: UInt16 = 0x03
    public static let msc: UInt16 = 0x04
}

/// Relative axes: what a mouse reports (gesture actions' virtual mouse).
public enum RelCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let horizontalWheel: UInt16 = 0x06
    public static let wheel: UInt16 = 0x08
}

public enum SynCode {
    public static let report: UInt16 = 0
    public static let config: UInt16 = 1
    public static let mtReport: UInt16 = 2
    public static let dropped: UInt16 = 3
}

public enum AbsCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let pressure: UInt16 = 0x18
    public static let mtSlot: UInt16 = 0x2f
    public static let mtTouchMajor: UInt16 = 0x30
    public static let mtTouchMinor: UInt16 = 0x31
    public static let mtWidthMajor: UInt16 = 0x32
    public static let mtWidthMinor: UInt16 = 0x33
    public static let mtOrientation: UInt16 = 0x34
    public static let mtPositionX: UInt16 = 0x35
    public static let mtPositionY: UInt16 = 0x36
    public static let mtToolType: UInt16 = 0x37
    public static let mtBlobID: UInt16 = 0x38
    public static let mtTrackingID: UInt16 = 0x39
    public static let mtPressure: UInt16 = 0x3a
    public static let mtDistance: UInt16 = 0x3b
}

public enum KeyCode {
    public static let buttonLeft: UInt16 = 0x110
    public static let toolPen: UInt16 = 0x140
    public static let toolRubber: UInt16 = 0x141
    public static let toolFinger: UInt16 = 0x145
    public static let toolQuintTap: UInt16 = 0x148
    public static let touch: UInt16 = 0x14a
    public static let stylus: UInt16 = 0x14b
    public static let toolDoubleTap: UInt16 = 0x14d
    public static let toolTripleTap: UInt16 = 0x14e
    public static let toolQuadTap: UInt16 = 0x14f

    /// BTN_TOOL_FINGER ... QUINTTAP and the number of fingers each announces.
    public static let fingerCounts: [(code: UInt16, fingers: Int)] = [
        (toolFinger, 1), (toolDoubleTap, 2), (toolTripleTap, 3), (toolQuadTap, 4), (toolQuintTap, 5),
    ]
}

public enum InputProperty {
    public static let pointer: UInt16 = 0x00
    public static let direct: UInt16 = 0x01
    public static let buttonPad: UInt16 = 0x02
    public static let semiMT: UInt16 = 0x03
}

/// ABS_MT_TOOL_TYPE values.
public enum MTTool {
    public static let finger: Int32 = 0
    public static let pen: Int32 = 1
    public static let palm: Int32 = 2
}

/// Names of event types and codes, for messages and for the comments of evemu files: the kernel's
/// (`KernelEventCodes`), the last of several for one value (BTN_0, not BTN_MISC).
public enum EventNames {
    public static func type(_ type: UInt16) -> String { types[type] ?? "EV_\(type)" }

    public static func code(_ type: UInt16, _ code: UInt16) -> String {
        if let name = codes[type]?[code] { return name }
        return switch type {
        case EventType.abs: "ABS_\(code)"
        case EventType.key: "KEY_\(code)"
        default: "\(code)"
        }
    }

    private static let types = lastNames(KernelEventCodes.types)
    private static let codes: [UInt16: [UInt16: String]] = [
        EventType.syn: lastNames(KernelEventCodes.synchronization), EventType.key: lastNames(KernelEventCodes.keys),
        EventType.rel: lastNames(KernelEventCodes.relativeAxes), EventType.abs: lastNames(KernelEventCodes.absoluteAxes),
        EventType.msc: lastNames(KernelEventCodes.miscellaneous),
    ]

    private static func lastNames(_ table: [(name: String, value: UInt16)]) -> [UInt16: String] {
        Dictionary(table.map { ($0.value, $0.name) }, uniquingKeysWith: { _, last in last })
    }
}

extension KernelEventCodes {
    /// The value `table` gives the kernel's name `name` (`BTN_LEFT` in `keys`); nil for a name it does not have.
    public static func value<Value>(of name: String, in table: [(name: String, value: Value)]) -> Value? {
        table.first { $0.name == name }?.value
    }
}
