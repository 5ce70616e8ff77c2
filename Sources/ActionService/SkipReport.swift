/// What `CommandRunner` says of the commands it skips while `most` are still running: the first at once, then at
/// most a line a second saying how many more, and the last count when a command ends, so that gestures coming
/// faster than their commands end cannot flood the log (100,000 lines in 10 s, one a skip). Time is an input.
struct SkipReport {
    /// Seconds between two lines.
    static let interval = 1.0

    private var lastSaid: Double?
    private var unsaid = 0

    /// A command skipped at `time`: the line to say now, if one is due.
    mutating func skipped(_ command: String, most: Int, at time: Double) -> String? {
        guard let last = lastSaid, time - last < Self.interval else {
            defer { (lastSaid, unsaid) = (time, 0) }
            return unsaid == 0
                ? "actions: \(most) commands are still running; '\(command)' is skipped"
                : "actions: \(most) commands are still running; '\(command)' is skipped, and \(unsaid) more were since the last line"
        }
        unsaid += 1
        return nil
    }

    /// A command ended at `time`: the skips not said yet, if any, once a line is due.
    mutating func commandEnded(at time: Double) -> String? {
        guard unsaid > 0, let last = lastSaid, time - last >= Self.interval else { return nil }
        defer { (lastSaid, unsaid) = (time, 0) }
        return "actions: \(unsaid) more commands were skipped while others were still running"
    }
}
