/// The bytes a reader walks, with the line and column of the current one: blanks, comments and line breaks as
/// TOML has them, and errors placed where the reader is.
struct TOMLText {
    let bytes: [UInt8]
    private(set) var index = 0
    private(set) var line = 1
    /// Characters since the line began: a UTF-8 continuation byte does not count.
    private(set) var column = 1

    /// A byte order mark at the start is no part of the text, and takes no column (editors do not show it).
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    var position: SourcePosition { SourcePosition(line: line, column: column) }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }
    func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    /// The bytes of the line break `offset` bytes ahead: 1 for LF, 2 for CR LF, 0 for none (a CR alone is none).
    func lineBreak(at offset: Int = 0) -> Int {
        switch peek(offset) {
        case UInt8(ascii: "\n"): 1
        case UInt8(ascii: "\r") where peek(offset + 1) == UInt8(ascii: "\n"): 2
        default: 0
        }
    }

    mutating func advance(_ n: Int = 1) {
        for _ in 0..<n where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
    }

    /// The text from `start` to here.
    func string(from start: Int) -> String { String(decoding: bytes[start..<index], as: UTF8.self) }

    func error(_ message: String) -> TOMLError { TOMLError(.syntax(message), at: position) }

    /// The current character as a message shows it: `'x'`, `'\n'`, a byte's value, or the end of the text.
    var sawDescription: String {
        guard let b = current else { return "the end of the text" }
        switch b {
        case UInt8(ascii: "\n"): return "'\\n'"
        case UInt8(ascii: "\r"): return "'\\r'"
        case UInt8(ascii: "\t"): return "'\\t'"
        case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(b)))'"
        case 0x80...:
            let length = Self.sequenceLength(bytes, at: index)
            return length > 0 ? "'\(String(decoding: bytes[index..<index + length], as: UTF8.self))'" : "a byte that is not UTF-8"
        default: return "the control character 0x\(String(b, radix: 16, uppercase: true))"
        }
    }

    /// Spaces and tabs.
    mutating func skipBlanks() {
        while let b = current, b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") { advance() }
    }

    /// Spaces, tabs and comments; and line breaks too when `newlines`.
    mutating func skipBlanksAndComments(newlines: Bool) throws(TOMLError) {
        while let b = current {
            if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") {
                advance()
            } else if b == UInt8(ascii: "#") {
                try comment()
            } else if newlines && lineBreak() > 0 {
                advance(lineBreak())
            } else {
                return
            }
        }
    }

    /// `#` to the line's end: any character but a control character other than a tab.
    private mutating func comment() throws(TOMLError) {
        advance()
        while current != nil, lineBreak() == 0 {
            try character(in: "a comment")
        }
    }

    /// Steps over one character of a comment or a string: UTF-8, and no control character but a tab.
    mutating func character(in what: String) throws(TOMLError) {
        let b = bytes[index]
        if b < 0x80 {
            guard b >= 0x20 && b != 0x7F || b == UInt8(ascii: "\t") else {
                throw error("\(sawDescription) in \(what): write it as an escape in a basic string")
            }
            advance()
            return
        }
        let length = Self.sequenceLength(bytes, at: index)
        guard length > 0 else { throw error("a byte that is not UTF-8 (0x\(String(b, radix: 16, uppercase: true))) in \(what)") }
        advance(length)
    }

    static func isBareKeyByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || isDigit(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// The length of the well-formed UTF-8 sequence at `i`, or 0 for an ill-formed one.
    static func sequenceLength(_ bytes: [UInt8], at i: Int) -> Int { max(0, UTF8Sequence.length(bytes[i...])) }
}
