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

    /// Rounded to the nanosecond; a time beyond the clock's range (about 292 years) is its first or last moment,
    /// and NaN is zero, so that no parameter or input can make the engine trap.
    public init(seconds: Double) {
        nanoseconds = Self.nanoseconds(seconds)
    }

    public static func seconds(_ s: Double) -> Timestamp { Timestamp(seconds: s) }

    public static let zero = Timestamp(nanoseconds: 0)

    public var seconds: Double { Double(nanoseconds) / 1e9 }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.nanoseconds < b.nanoseconds }

    /// The interval between two moments, in seconds.
    public static func - (a: Timestamp, b: Timestamp) -> Double {
        let (difference, overflow) = a.nanoseconds.subtractingReportingOverflow(b.nanoseconds)
        // Exact in integers; only a clock's ends apart (a deadline never reached) need the Double's range.
        return overflow ? (Double(a.nanoseconds) - Double(b.nanoseconds)) / 1e9 : Double(difference) / 1e9
    }

    /// The moment `seconds` later, rounded to the nanosecond.
    /// A deadline past the clock's end is its end: never reached.
    public static func + (t: Timestamp, seconds: Double) -> Timestamp {
        let (sum, overflow) = t.nanoseconds.addingReportingOverflow(nanoseconds(seconds))
        guard overflow else { return Timestamp(nanoseconds: sum) }
        return Timestamp(nanoseconds: seconds < 0 ? .min : .max)
    }

    private static func nanoseconds(_ seconds: Double) -> Int64 {
        let ns = (seconds * 1e9).rounded()
        // Int64.max is not a Double; the largest Double below 2^63 is.
        if ns.isNaN { return 0 }
        if ns >= 9.223372036854775e18 { return .max }
        if ns <= -9.223372036854775e18 { return .min }
        return Int64(ns)
    }

    public var description: String { "\(seconds)s" }
}
