import GestureEngine

/// Accepting paused while the process or the system is out of descriptors or memory (EMFILE, ENFILE,
/// ENOBUFS, ENOMEM). The connection stays in the listener's backlog, so the listener stays readable: polling it
/// meanwhile made the loop spin on failing accepts (14,800 log lines a second at 1,082 connections). The pause
/// starts at 50 ms and doubles up to a second while accepts keep failing; one that succeeds ends the episode.
/// Time is an input.
struct AcceptPause {
    /// Until when the listener is not polled; nil: accepting.
    private(set) var until: Timestamp?
    /// Accepts that failed in this episode, and when it started.
    private(set) var failures = 0
    private(set) var since: Timestamp?
    private var delay = Self.first

    static let first: Int64 = 50_000_000
    static let longest: Int64 = 1_000_000_000

    /// An accept failed for want of resources at `time`: accepting pauses. True when this starts an episode.
    mutating func failed(at time: Timestamp) -> Bool {
        failures += 1
        until = Timestamp(nanoseconds: time.nanoseconds + delay)
        delay = min(delay * 2, Self.longest)
        guard since == nil else { return false }
        since = time
        return true
    }

    /// The pause is over at `time`: the listener is polled again (the episode goes on until an accept succeeds).
    mutating func resume(at time: Timestamp) {
        if let until, until <= time { self.until = nil }
    }

    var isPaused: Bool { until != nil }

    /// An accept succeeded: the episode, if there was one, ends; its failures and start, for the log.
    mutating func succeeded() -> (failures: Int, since: Timestamp)? {
        defer {
            failures = 0
            since = nil
            delay = Self.first
        }
        return since.map { (failures, $0) }
    }
}
