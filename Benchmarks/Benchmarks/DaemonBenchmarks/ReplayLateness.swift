/// When a replayed frame was due, from the recording: how late the daemon played it.
///
/// A replay stamps each frame with the time it is played, and when the daemon is late (busy with other clients'
/// requests, or its timer waking late) the replay's clock slips by as much (ReplaySource.due). Latency measured
/// from the stamp therefore leaves out the time a frame waited for the daemon, which a device's kernel timestamp
/// would include. Each played frame should follow the one before by its recorded interval; the lateness is what
/// it took more.
struct ReplaySchedule: Sendable {
    /// Each frame's recorded time after the first, in nanoseconds.
    let offsets: [Int64]
    /// A loop's length: the recording and the replay's pause between loops (ReplaySource.gap, one second).
    let period: Int64
    /// A lateness at least this large cannot be told from the next frame: the shortest recorded interval, less
    /// a margin.
    let limit: Int64

    /// Event times (microseconds) are compared with recorded ones (microseconds) as nanoseconds.
    private static let tolerance: Int64 = 2_000
    /// Frames that cause no event are skipped; more than this many in a row lose the match.
    private static let reach = 6
    /// Times searched together to find where in the recording they are: about a second of frames, enough to
    /// take in a pause between gestures, whose length tells one stretch of frames from another.
    private static let window = 200
    /// Unmatched times in a row after which the match is searched for again.
    private static let lost = 12

    init(offsets: [Int64]) {
        self.offsets = offsets
        period = (offsets.last ?? 0) + 1_000_000_000
        let intervals = zip(offsets, offsets.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }
        limit = (intervals.min() ?? 1_000_000) * 4 / 5
    }

    /// The recorded time of frame `index`, counting on through the loops.
    private func time(_ index: Int) -> Int64 {
        Int64(index / offsets.count) * period + offsets[index % offsets.count]
    }

    /// The lateness of each frame among `times` (the distinct event times a subscriber saw, in nanoseconds, in
    /// order), keyed by its time. Most frames cause events, a few cause none, and a few events (a long press
    /// fired by its timer) carry no frame's time: those are left out. Where the times are in the recording is
    /// found by searching it; after that each time is the latest frame that could have been due by then.
    func lateness(of times: [Int64]) -> [Int64: Int64] {
        var found: [Int64: Int64] = [:]
        var anchor: (time: Int64, index: Int)?
        var misses = 0
        var i = 0
        while i < times.count {
            guard let current = anchor else {
                anchor = search(times[i..<min(times.count, i + Self.window)])
                // A search costs a pass over the recording: after a failed one, the next starts further on.
                i += anchor == nil ? Self.lost : 1
                continue
            }
            if let (index, lateness) = match(times[i], after: current) {
                anchor = (times[i], index)
                found[times[i]] = lateness
                misses = 0
            } else {
                misses += 1
                if misses == Self.lost {
                    // Lost: search again from the first time that did not match.
                    anchor = nil
                    misses = 0
                    i -= Self.lost - 1
                    continue
                }
            }
            i += 1
        }
        return found
    }

    /// The latest frame after `anchor` that was due by `time`, and how late it was, when that is under `limit`.
    private func match(_ time: Int64, after anchor: (time: Int64, index: Int)) -> (index: Int, lateness: Int64)? {
        let base = self.time(anchor.index)
        var best: (Int, Int64)?
        for index in (anchor.index + 1)...(anchor.index + Self.reach) {
            let lateness = time - (anchor.time + self.time(index) - base)
            if lateness < -Self.tolerance { break }
            best = (index, max(0, lateness))
        }
        guard let best, best.1 < limit else { return nil }
        return best
    }

    /// The frame the first of `times` was: the one after which most of the others match, with the least lateness
    /// in all. Nil when no start matches three quarters of them.
    private func search(_ times: ArraySlice<Int64>) -> (time: Int64, index: Int)? {
        guard let first = times.first, times.count > 1 else { return nil }
        var best: (matched: Int, total: Int64, index: Int)?
        for start in offsets.indices {
            var anchor = (time: first, index: start)
            var matched = 0, total: Int64 = 0
            for time in times.dropFirst() {
                guard let (index, lateness) = match(time, after: anchor) else { continue }
                anchor = (time, index)
                matched += 1
                total += lateness
            }
            if let b = best, matched < b.matched || (matched == b.matched && total >= b.total) { continue }
            best = (matched, total, start)
        }
        guard let best, best.matched * 4 >= (times.count - 1) * 3 else { return nil }
        return (first, best.index)
    }
}
