import Glibc
import Logging

/// swift-log to stderr, one line per message. Under systemd (JOURNAL_STREAM set) each line starts with its
/// syslog priority (`<6>`) so the journal files it at the right level and adds its own timestamp; on a
/// terminal it starts with the time and the level.
public struct JournalLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let journal: Bool

    public init(level: Logger.Level) {
        logLevel = level
        journal = getenv("JOURNAL_STREAM") != nil
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line = journal ? "<\(Self.priority(event.level))>" : "\(Self.clock()) \(event.level) "
        line += "\(event.message)"
        let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
        for key in all.keys.sorted() { line += " \(key)=\(all[key]!)" }
        line += "\n"
        // One write(2) per line, so lines from two threads never interleave.
        var bytes = Array(line.utf8)
        _ = Glibc.write(2, &bytes, bytes.count)
    }

    private static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    private static func clock() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        localtime_r(&seconds, &parts)
        let ms = now.tv_nsec / 1_000_000
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(ms < 10 ? "00" : ms < 100 ? "0" : "")\(ms)"
    }
}
