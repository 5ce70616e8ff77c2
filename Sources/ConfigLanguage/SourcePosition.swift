/// Where something is in a text, 1-based as editors count: the line, and the character on it (a character is a
/// Unicode scalar, so `é` before a place counts one, and a tab counts one).
public struct SourcePosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}
