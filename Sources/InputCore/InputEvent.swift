import GestureEngine

/// One kernel input event (struct input_event): its time, type, code and value.
public struct InputEvent: Hashable, Sendable {
    public var time: Timestamp
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: Timestamp, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// From the kernel's seconds and microseconds (seconds below 9e9, as every real clock is).
    public init(seconds: Int64, microseconds: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.init(time: Timestamp(nanoseconds: seconds * 1_000_000_000 + microseconds * 1000), type: type, code: code, value: value)
    }

    public var isSynReport: Bool { type == EventType.syn && code == SynCode.report }
}
