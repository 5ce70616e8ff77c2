/// Reads a TOML 1.0 document (toml.io/en/v1.0.0) from its bytes: every value with where it was written, or the
/// first place the text breaks the language, with what was expected there. Measured against the language's own
/// test suite (docs/toml.md).
///
/// It never recurses deeper than `Limits.nestingLevels`, reads each byte a bounded number of times, and keeps no
/// more than the document it returns: a reader given any bytes returns, without trapping, in time linear in
/// their length.
public struct TOMLReader {
    /// Bounds beyond the language's own: a reader of configurations, say, holds text to what one can need.
    public struct Limits: Sendable {
        /// Keys, arrays and tables within each other: each part of a header's or a dotted key, each `[` and `{`
        /// of a value, and the `[[` of an array of tables count one.
        public var nestingLevels: Int
        /// Bytes in one part of a key.
        public var keyBytes: Int

        public init(nestingLevels: Int, keyBytes: Int) {
            self.nestingLevels = nestingLevels
            self.keyBytes = keyBytes
        }

        /// As deep and as long as the text likes, to the recursion a thread's stack takes with room to spare.
        public static let language = Limits(nestingLevels: 256, keyBytes: .max)
    }

    /// The document's root table.
    public static func read(_ bytes: [UInt8], limits: Limits = .language) throws(TOMLError) -> TOMLNode {
        var reader = TOMLReader(bytes, limits)
        return try reader.document()
    }

    var text: TOMLText
    let limits: Limits
    /// Levels open around the current place (`Limits.nestingLevels`).
    var depth = 0

    private init(_ bytes: [UInt8], _ limits: Limits) {
        text = TOMLText(bytes)
        self.limits = limits
    }

    private mutating func document() throws(TOMLError) -> TOMLNode {
        let root = TableBuilder(.header)
        var table = root
        while true {
            try text.skipBlanksAndComments(newlines: true)
            guard let c = text.current else { break }
            if c == UInt8(ascii: "[") {
                table = try header(in: root)
            } else {
                depth = table.headerDepth
                try keyValue(in: table)
                try endOfLine()
            }
        }
        return root.node()
    }

    /// After a header or a key's value: blanks, a comment, then a line break or the end.
    mutating func endOfLine() throws(TOMLError) {
        try text.skipBlanksAndComments(newlines: false)
        guard text.current != nil else { return }
        guard text.lineBreak() > 0 else { throw text.error("expected the end of the line, saw \(text.sawDescription)") }
        text.advance(text.lineBreak())
    }

    /// `[a.b]` or `[[a.b]]`, and the line's end: the table the key/values below it go in.
    private mutating func header(in root: TableBuilder) throws(TOMLError) -> TableBuilder {
        let at = text.position
        let isArray = text.peek(1) == UInt8(ascii: "[")
        text.advance(isArray ? 2 : 1)
        depth = isArray ? 1 : 0
        let key = try self.key()
        text.skipBlanks()
        for _ in 0..<(isArray ? 2 : 1) {
            guard text.current == UInt8(ascii: "]") else {
                throw text.error("expected '\(isArray ? "]]" : "]")' to end the table header, saw \(text.sawDescription)")
            }
            text.advance()
        }
        let table = try isArray ? root.appendTable(at: key, position: at) : root.defineTable(at: key, position: at)
        table.headerDepth = depth
        try endOfLine()
        return table
    }

    /// `key = value` in `table`, up to the value's end.
    mutating func keyValue(in table: TableBuilder) throws(TOMLError) {
        text.skipBlanks()
        let at = text.position
        let outer = depth
        defer { depth = outer }
        let key = try self.key()
        text.skipBlanks()
        guard text.current == UInt8(ascii: "=") else {
            throw text.error("expected '=' after a key, saw \(text.sawDescription)")
        }
        text.advance()
        text.skipBlanks()
        let valueAt = text.position
        let value = try self.value()
        try table.assign(value, at: key, keyPosition: at, valuePosition: valueAt)
    }

    /// A key of one part or several joined by dots, each bare or quoted, with blanks around the dots.
    mutating func key() throws(TOMLError) -> [KeyPart] {
        var parts: [KeyPart] = []
        while true {
            text.skipBlanks()
            let at = text.position, start = text.index
            let name: String
            switch text.current {
            case let quote? where quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"):
                name = try quotedString(quote, multiline: false)
            case let c? where TOMLText.isBareKeyByte(c):
                while let b = text.current, TOMLText.isBareKeyByte(b) { text.advance() }
                name = text.string(from: start)
            default:
                throw text.error("expected a key (letters, digits, '_', '-', or a quoted string), saw \(text.sawDescription)")
            }
            if name.utf8.count > limits.keyBytes { throw TOMLError(.keyTooLong, at: at) }
            try deeper(at: at)
            parts.append(KeyPart(name: name, position: at))
            text.skipBlanks()
            guard text.current == UInt8(ascii: ".") else { return parts }
            text.advance()
        }
    }

    /// One level more (`Limits.nestingLevels`), beginning at `at`.
    mutating func deeper(at: SourcePosition) throws(TOMLError) {
        depth += 1
        if depth > limits.nestingLevels { throw TOMLError(.nestedTooDeep, at: at) }
    }
}

/// A part of a dotted key, and where it was written.
struct KeyPart {
    var name: String
    var position: SourcePosition
}
