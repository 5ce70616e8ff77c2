import ConfigLanguage

/// One problem in a configuration: the file, the place and what was expected there.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var position: SourcePosition
    public var message: String

    public init(file: String, position: SourcePosition, _ message: String) {
        self.file = file
        self.position = position
        self.message = message
    }

    public var description: String { "\(file):\(position.line):\(position.column): \(message)" }
}

/// Every problem found in one file, in the order they appear in it: a configuration is refused as a whole,
/// and the user sees everything to fix at once, up to `shown` of them. Past that, one more error says how many
/// were left out: a megabyte of mistakes made 50,000 errors, which a refused reload logged one by one on the
/// daemon's loop and sent in one `config_rejected` line of about 4 MB, over a subscriber's queue, so that every
/// subscriber was disconnected.
public struct ConfigErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [ConfigError]

    public static let shown = 100

    public init(_ errors: [ConfigError]) {
        let sorted = errors.sorted { ($0.position, $0.message) < ($1.position, $1.message) }
        guard sorted.count > Self.shown else {
            self.errors = sorted
            return
        }
        let next = sorted[Self.shown]
        self.errors = Array(sorted.prefix(Self.shown)) + [
            ConfigError(
                file: next.file, position: next.position,
                "and \(sorted.count - Self.shown) more errors from here on (the first \(Self.shown) are said): mend those and check again")
        ]
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
