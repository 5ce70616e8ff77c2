import GestureEngine

/// A rate with a burst: at most `burst` takes at once, and `perSecond` more each second after that. Time is an
/// input (the loop's turn clock), so the bucket is tested on made-up times and never reads a clock.
///
/// Kept as one moment rather than a count of tokens (the generic cell rate algorithm): `full` is when the bucket
/// will be full again if nothing more is taken. Each take moves it one interval later; a take that would put it
/// more than a burst's worth of intervals ahead of now is refused. Integer nanoseconds, so no rounding drifts.
package struct TokenBucket: Equatable {
    package let burst: Int
    /// Nanoseconds a token takes to come back.
    package let interval: Int64
    private var full = Timestamp.zero

    package init(burst: Int, perSecond: Int) {
        precondition(burst > 0 && perSecond > 0, "a bucket needs room and a rate")
        self.burst = burst
        interval = 1_000_000_000 / Int64(perSecond)
    }

    /// Takes one token if there is one at `time`.
    package mutating func take(at time: Timestamp) -> Bool {
        guard hasToken(at: time) else { return false }
        full = Timestamp(nanoseconds: max(full.nanoseconds, time.nanoseconds) + interval)
        return true
    }

    package func hasToken(at time: Timestamp) -> Bool { nextToken <= time }

    /// The first moment a take succeeds.
    package var nextToken: Timestamp { Timestamp(nanoseconds: full.nanoseconds - Int64(burst - 1) * interval) }

    /// Nothing taken lately: forgetting the bucket loses nothing.
    package func isFull(at time: Timestamp) -> Bool { full <= time }
}
