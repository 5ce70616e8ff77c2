import GestureCore
import GestureEngine

/// The request rate of each user, over all of its connections: a burst of 256 lines, then 512 a second. A user
/// with many connections gets no more than one with a single connection, and the lines above the rate wait in its
/// sockets, read as the rate allows. Peers that daemon.control allows are not held to it (the server does not
/// ask). Time is an input.
struct RequestRates {
    static let burst = 256
    static let perSecond = 512

    private var buckets: [UInt32: TokenBucket] = [:]

    /// Takes one line's token for `uid` at `time`; false when its rate is spent.
    mutating func take(for uid: UInt32, at time: Timestamp) -> Bool {
        buckets[uid, default: TokenBucket(burst: Self.burst, perSecond: Self.perSecond)].take(at: time)
    }

    /// When `uid` may send its next line.
    func nextToken(for uid: UInt32) -> Timestamp { buckets[uid]?.nextToken ?? .zero }

    /// `uid`'s last connection went: its bucket is forgotten if it is full again. One that is not stays, so that
    /// connecting again does not refill it; there are at most as many as users who may connect.
    mutating func forget(_ uid: UInt32, at time: Timestamp) {
        if buckets[uid]?.isFull(at: time) == true { buckets[uid] = nil }
    }
}
