import GestureEngine

/// The one rule of time (docs/daemon.md, Time), for the daemon's core and the trace form alike: before an input at
/// a time, every deadline due before it fires, each at its own time, earliest first; a frame at exactly a deadline
/// goes first (the engine's rule, UIKit's: the touch that arrives as a timer runs out still counts). Time that
/// comes with no input fires what is due at it too (`inclusive`). A deadline that firing leaves where it was is not
/// fired again at the same time: the loop stops rather than spin.
///
/// Each caller loops over its own deadlines, asking `fires` of the earliest each turn:
///
///     var fired: Timestamp?
///     while let due = nextDeadline, TimeRule.fires(due, through: time, inclusive: inclusive, after: fired) {
///         fire(at: due)
///         fired = due
///     }
///
/// (a loop taking closures, or generic over what has deadlines, cost the daemon's core 30 to 40 instructions a
/// frame, which every frame pays.)
public enum TimeRule {
    /// Whether `deadline`, the earliest there is, fires now: by `time` (before it, unless `inclusive`), and later
    /// than the one just `fired`.
    @inlinable
    public static func fires(_ deadline: Timestamp, through time: Timestamp, inclusive: Bool, after fired: Timestamp?) -> Bool {
        (inclusive ? deadline <= time : deadline < time) && fired.map { deadline > $0 } ?? true
    }

    /// The clock's last moment: every deadline there is comes by it, the never-reached ones too.
    public static let end = Timestamp(nanoseconds: .max)
}
