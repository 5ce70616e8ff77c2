/// A moment on the engine's clock, in nanoseconds. The engine never reads a clock: frames carry their time
/// (the kernel's event time for live devices, the recording's for replays) and `advance(to:)` moves it.
///
/// Integer nanoseconds keep deadlines exact: a tap that lifts exactly at its 0.75 s limit is decided the
/// same way on every machine.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public init(seconds: Double) {
        nanoseconds = Int64((seconds * 1e9).rounded())
    }

    public static func seconds(_ s: Double) -> Timestamp { Timestamp(seconds: s) }

    public static let zero = Timestamp(nanoseconds: 0)

    public var seconds: Double { Double(nanoseconds) / 1e9 }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.nanoseconds < b.nanoseconds }

    /// The interval between two moments, in seconds.
    public static func - (a: Timestamp, b: Timestamp) -> Double { Double(a.nanoseconds - b.nanoseconds) / 1e9 }

    /// The moment `seconds` later, rounded to the nanosecond.
    public static func + (t: Timestamp, seconds: Double) -> Timestamp {
        Timestamp(nanoseconds: t.nanoseconds + Int64((seconds * 1e9).rounded()))
    }

    public var description: String { "\(seconds)s" }
}
