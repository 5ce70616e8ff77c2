import Logging

/// What a logger said, for tests of the lines the daemon logs: each event's level, message and metadata.
final class CollectedLog: @unchecked Sendable {
    struct Line {
        let level: Logger.Level
        let message: String
        let metadata: Logger.Metadata
    }

    var lines: [Line] = []

    /// A logger whose every event, at every level, comes here.
    var logger: Logger { Logger(label: "test") { _ in Handler(collected: self) } }

    struct Handler: LogHandler {
        let collected: CollectedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            collected.lines.append(Line(level: event.level, message: "\(event.message)", metadata: event.metadata ?? [:]))
        }
    }
}
