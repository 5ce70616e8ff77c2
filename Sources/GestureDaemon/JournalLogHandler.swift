import Glibc
import Logging
import SystemPackage

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
        // One write(2) per line, so lines from two threads never interleave. A line that cannot be written has
        // nowhere to say so.
        let bytes = Array(line(for: event).utf8)
        _ = try? bytes.withUnsafeBytes { try FileDescriptor.standardError.write($0) }
    }

    /// The line for `event`, newline included. Message, keys and values are escaped: a device name or a
    /// client's recognizer name with a newline in it could otherwise start a line of its own, `<0>` and all.
    func line(for event: LogEvent) -> String {
        var line = journal ? "<\(Self.priority(event.level))>" : "\(Self.clock()) \(event.level) "
        line += Self.escaped("\(event.message)")
        let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
        for key in all.keys.sorted() { line += " \(Self.escaped(key))=\(Self.escaped("\(all[key]!)"))" }
        line += "\n"
        return line
    }

    /// Control characters and backslashes as C escapes (`\n`, `\x1b`, `\\`); everything else as it is.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7f || $0 == UInt8(ascii: "\\") }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f:
                let hex = String(scalar.value, radix: 16)
                out += "\\x" + (hex.count < 2 ? "0" : "") + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
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
