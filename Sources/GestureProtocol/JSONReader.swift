/// Reads one JSON text (RFC 8259) from bytes into a `JSONValue`, strictly: what a peer sends is hostile until
/// checked (docs/protocol.md, Requests). Stricter than Foundation's JSONSerialization in what a request could
/// otherwise smuggle: a key twice in one object is refused (JSONSerialization took the last, so
/// `{"type":"status","type":"reload"}` was a reload), a number with a fraction or an exponent is a number even
/// when whole (`"version": 1.0` is not the integer 1), nesting is bounded (`maximumDepth`), and the text must be
/// UTF-8 throughout. Every refusal says what and at which byte.
struct JSONReader {
    /// Objects and arrays within each other: more than any request needs, few enough for the stack.
    static let maximumDepth = 64

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var offset: Int
        var description: String { "\(message) at byte \(offset + 1)" }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The value of `text`, which holds it alone (white space around it allowed).
    static func parse(_ text: some Collection<UInt8>) throws(Failure) -> JSONValue {
        let contiguous = Array(text)
        return try contiguous.withUnsafeBufferPointer { buffer throws(Failure) in
            var reader = JSONReader(buffer)
            reader.skipSpace()
            let value = try reader.value()
            reader.skipSpace()
            guard reader.at == buffer.count else { throw reader.failure("more after the value") }
            return value
        }
    }

    private func failure(_ message: String) -> Failure { Failure(message: message, offset: at) }

    private var next: UInt8? { at < bytes.count ? bytes[at] : nil }

    private mutating func skipSpace() {
        while let b = next, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { at += 1 }
    }

    private mutating func value() throws(Failure) -> JSONValue {
        guard let b = next else { throw failure("a value expected, the text ended") }
        switch b {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try word("true", .bool(true))
        case UInt8(ascii: "f"): return try word("false", .bool(false))
        case UInt8(ascii: "n"): return try word("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected '\(Self.shown(b))'")
        }
    }

    private mutating func word(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard at + count <= bytes.count, (0..<count).allSatisfy({ bytes[at + $0] == word.utf8Start[$0] }) else {
            throw failure("unexpected '\(Self.shown(bytes[at]))'")
        }
        at += count
        return value
    }

    private mutating func object() throws(Failure) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        try elements(closedBy: UInt8(ascii: "}"), "'}'") { reader throws(Failure) in
            guard reader.next == UInt8(ascii: "\"") else { throw reader.failure("a key (a string) expected") }
            let keyAt = reader.at
            let key = try reader.string()
            reader.skipSpace()
            guard reader.next == UInt8(ascii: ":") else { throw reader.failure("':' expected after a key") }
            reader.at += 1
            reader.skipSpace()
            guard fields.updateValue(try reader.value(), forKey: key) == nil else {
                throw Failure(message: "key '\(key)' twice in one object", offset: keyAt)
            }
        }
        return .object(fields)
    }

    private mutating func array() throws(Failure) -> JSONValue {
        var values: [JSONValue] = []
        try elements(closedBy: UInt8(ascii: "]"), "']'") { reader throws(Failure) in values.append(try reader.value()) }
        return .array(values)
    }

    /// An object's or an array's elements, from its opening byte to `close`, each read by `element`, with
    /// commas between them.
    private mutating func elements(
        closedBy close: UInt8, _ shown: String, _ element: (inout JSONReader) throws(Failure) -> Void
    ) throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) deep") }
        at += 1
        skipSpace()
        defer { depth -= 1 }
        if next == close {
            at += 1
            return
        }
        while true {
            try element(&self)
            skipSpace()
            switch next {
            case UInt8(ascii: ","):
                at += 1
                skipSpace()
            case close:
                at += 1
                return
            default: throw failure("',' or \(shown) expected")
            }
        }
    }

    /// A number: an integer when written without a fraction or an exponent and within Int, else a Double.
    private mutating func number() throws(Failure) -> JSONValue {
        let start = at
        if next == UInt8(ascii: "-") { at += 1 }
        guard let first = next, Self.isDigit(first) else { throw failure("a digit expected") }
        at += 1
        if first == UInt8(ascii: "0"), let b = next, Self.isDigit(b) { throw failure("a number does not start with 0") }
        while let b = next, Self.isDigit(b) { at += 1 }
        var whole = true
        if next == UInt8(ascii: ".") {
            whole = false
            at += 1
            guard let b = next, Self.isDigit(b) else { throw failure("a digit expected after '.'") }
            while let b = next, Self.isDigit(b) { at += 1 }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            whole = false
            at += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { at += 1 }
            guard let b = next, Self.isDigit(b) else { throw failure("a digit expected in the exponent") }
            while let b = next, Self.isDigit(b) { at += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        if whole, let n = Int(text) { return .integer(n) }
        guard let d = Double(text), d.isFinite else { throw Failure(message: "number \(text) is out of range", offset: start) }
        return .number(d)
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// A string, its escapes undone; its bytes must be UTF-8 and hold no control character.
    private mutating func string() throws(Failure) -> String {
        at += 1
        var scalars = String.UnicodeScalarView()
        var runStart = at
        func flush(_ end: Int) throws(Failure) {
            guard end > runStart else { return }
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<end])
            guard let text = String(validating: run, as: UTF8.self) else {
                throw Failure(message: "not UTF-8 in a string", offset: runStart)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard let b = next else { throw failure("the text ended inside a string") }
            switch b {
            case UInt8(ascii: "\""):
                try flush(at)
                at += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush(at)
                at += 1
                scalars.append(try escape())
                runStart = at
            case 0..<0x20:
                throw failure("a control character (0x\(String(b, radix: 16))) in a string: escape it")
            default:
                at += 1
            }
        }
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let b = next else { throw failure("the text ended inside an escape") }
        at += 1
        switch b {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hex4()
            if (0xD800..<0xDC00).contains(unit) {
                guard next == UInt8(ascii: "\\"), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "u") else {
                    throw failure("a lone high surrogate \\u\(String(unit, radix: 16))")
                }
                at += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a high surrogate not followed by a low one") }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else { throw failure("a lone low surrogate \\u\(String(unit, radix: 16))") }
            return scalar
        default:
            throw failure("unknown escape '\\\(Self.shown(b))'")
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard at + 4 <= bytes.count else { throw failure("four hex digits expected after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[at]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw failure("four hex digits expected after \\u")
            }
            value = value << 4 | digit
            at += 1
        }
        return value
    }

    /// A byte as an error shows it: itself when printable ASCII, else its hex.
    private static func shown(_ b: UInt8) -> String {
        (0x20..<0x7F).contains(b) ? String(UnicodeScalar(b)) : "0x" + String(b, radix: 16)
    }
}
