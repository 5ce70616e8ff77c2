import GestureEngine
import Logging

/// How many lines of one kind that clients cause (connections, refusals, failed accepts) reach the log: a
/// burst, then a few a second, so that a user churning connections cannot flood the journal (10,760 lines a
/// second before this). The lines left out are counted, and the next line let through says how many
/// (`log.dropped`); when none comes, `reportDropped` says it on its own once the budget has room (the owner
/// wakes for that at `reportDue`). Time is an input, as for TokenBucket.
///
///     clientLines.log(at: now, metadata) { logger.info("client connected", metadata: $0) }
///     clientLines.reportDropped(at: now) { logger.info("client connected", metadata: $0) }
package struct LogBudget {
    private var bucket: TokenBucket
    /// Lines refused since the last one let through.
    private(set) package var dropped = 0

    package init(burst: Int = 20, perSecond: Int = 5) {
        bucket = TokenBucket(burst: burst, perSecond: perSecond)
    }

    /// Whether a line may go to the log at `time`; one that may not is counted.
    package mutating func allow(at time: Timestamp) -> Bool {
        if bucket.take(at: time) { return true }
        dropped += 1
        return false
    }

    /// How many lines were refused since the last one let through, forgotten once read: for the line that is.
    package mutating func takeDropped() -> Int {
        defer { dropped = 0 }
        return dropped
    }

    /// When the lines left out can be told of; nil when none were.
    package var reportDue: Timestamp? { dropped > 0 ? bucket.nextToken : nil }

    /// Calls `line` with just `log.dropped` if lines were left out and the budget has room again at `time`: the
    /// count is not kept waiting for a line of the kind that may never come.
    package mutating func reportDropped(at time: Timestamp, _ line: (Logger.Metadata) -> Void) {
        guard dropped > 0, bucket.take(at: time) else { return }
        line(["log.dropped": "\(takeDropped())"])
    }

    /// Calls `line` with `metadata` (and `log.dropped` when lines were left out before it) if the budget allows.
    package mutating func log(at time: Timestamp, _ metadata: Logger.Metadata = [:], _ line: (Logger.Metadata) -> Void) {
        guard allow(at: time) else { return }
        var metadata = metadata
        let left = takeDropped()
        if left > 0 { metadata["log.dropped"] = "\(left)" }
        line(metadata)
    }
}
