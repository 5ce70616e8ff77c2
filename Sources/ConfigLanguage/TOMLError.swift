/// Why a text is not TOML, or is TOML past the bounds its reader was given, and where: the reader stops at the
/// first, since nothing after a syntax error can be read reliably.
public struct TOMLError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The text breaks the language: what was expected, and what was there.
        case syntax(String)
        /// Keys, arrays and tables within each other past `TOMLReader.Limits.nestingLevels`.
        case nestedTooDeep
        /// A key longer than `TOMLReader.Limits.keyBytes`.
        case keyTooLong
    }

    public var position: SourcePosition
    public var reason: Reason

    public init(_ reason: Reason, at position: SourcePosition) {
        self.reason = reason
        self.position = position
    }

    public var description: String {
        let what =
            switch reason {
            case .syntax(let message): message
            case .nestedTooDeep: "nested too deep"
            case .keyTooLong: "a key too long"
            }
        return "\(position.line):\(position.column): \(what)"
    }
}
