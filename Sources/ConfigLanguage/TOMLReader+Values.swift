/// Values: strings, arrays and inline tables here; numbers, booleans, dates and times in TOMLReader+Scalars.
extension TOMLReader {
    /// The value that begins here, up to its end.
    mutating func value() throws(TOMLError) -> TOMLNode.Value {
        switch text.current {
        case let quote? where quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"):
            let triple = text.peek(1) == quote && text.peek(2) == quote
            return .string(try quotedString(quote, multiline: triple))
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "{"): return try inlineTable()
        default: return try scalar()
        }
    }

    /// `[a, b, ...]`: values of any types, line breaks and comments between them, a comma after the last allowed.
    private mutating func array() throws(TOMLError) -> TOMLNode.Value {
        try deeper(at: text.position)
        defer { depth -= 1 }
        text.advance()
        var items: [TOMLNode] = []
        while true {
            try text.skipBlanksAndComments(newlines: true)
            if text.current == UInt8(ascii: "]") { break }
            let at = text.position
            items.append(TOMLNode(try value(), at: at))
            try text.skipBlanksAndComments(newlines: true)
            if text.current == UInt8(ascii: ",") {
                text.advance()
            } else if text.current != UInt8(ascii: "]") {
                throw text.error("expected ',' or ']' after an array's value, saw \(text.sawDescription)")
            }
        }
        text.advance()
        return .array(items)
    }

    /// `{ a = 1, b.c = 2 }`, on one line, without a comma after the last: whole as written.
    private mutating func inlineTable() throws(TOMLError) -> TOMLNode.Value {
        try deeper(at: text.position)
        defer { depth -= 1 }
        text.advance()
        let table = TableBuilder(.header)
        text.skipBlanks()
        if text.current == UInt8(ascii: "}") {
            text.advance()
            return table.node().value
        }
        while true {
            try keyValue(in: table)
            text.skipBlanks()
            if text.current == UInt8(ascii: "}") { break }
            guard text.current == UInt8(ascii: ",") else {
                throw text.error("expected ',' or '}' after an inline table's value, saw \(text.sawDescription)")
            }
            text.advance()
        }
        text.advance()
        return table.node().value
    }

    /// A string in `quote`s: `"..."` (basic: escapes read) or `'...'` (literal: as written); tripled, over lines, a
    /// line break right after the opening quotes left out, and in a basic one a line's end after `\` and the blanks
    /// and line breaks after it too.
    mutating func quotedString(_ quote: UInt8, multiline: Bool) throws(TOMLError) -> String {
        let open = text.position
        text.advance(multiline ? 3 : 1)
        if multiline { text.advance(text.lineBreak()) }
        var out: [UInt8] = []
        while true {
            guard let b = text.current else {
                throw TOMLError(.syntax("a string that is never closed: it began here"), at: open)
            }
            if b == quote {
                if !multiline {
                    text.advance()
                    break
                }
                if try closesMultiline(quote: b, into: &out) { break }
                continue
            }
            if b == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                try escape(multiline: multiline, into: &out)
                continue
            }
            try stringCharacter(multiline: multiline, into: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }


    /// At a quote in a multi-line string: three or more end it, the first one or two of five at most being the
    /// string's own (`""""` ends a string with `"` in it); fewer are the string's.
    private mutating func closesMultiline(quote: UInt8, into out: inout [UInt8]) throws(TOMLError) -> Bool {
        var count = 0
        while text.peek(count) == quote { count += 1 }
        if count < 3 {
            out += repeatElement(quote, count: count)
            text.advance(count)
            return false
        }
        guard count <= 5 else {
            text.advance(5)
            throw text.error("more than five quotes in a row end a multi-line string: escape one of them")
        }
        out += repeatElement(quote, count: count - 3)
        text.advance(count)
        return true
    }

    /// One character of a string as it is: a line break only in a multi-line one.
    private mutating func stringCharacter(multiline: Bool, into out: inout [UInt8]) throws(TOMLError) {
        if text.lineBreak() > 0 {
            guard multiline else {
                throw text.error("a line break in a string of one line: write \\n, or use a multi-line string (\"\"\")")
            }
            out.append(UInt8(ascii: "\n"))
            text.advance(text.lineBreak())
            return
        }
        let start = text.index
        try text.character(in: "a string")
        out += text.bytes[start..<text.index]
    }

    /// A backslash and what follows it in a basic string.
    private mutating func escape(multiline: Bool, into out: inout [UInt8]) throws(TOMLError) {
        let at = text.position
        text.advance()
        guard let c = text.current else { throw text.error("a string that ends in a backslash") }
        let simple: UInt8? =
            switch c {
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "t"): 0x09
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): c
            default: nil
            }
        if let simple {
            out.append(simple)
            text.advance()
            return
        }
        if c == UInt8(ascii: "u") || c == UInt8(ascii: "U") {
            text.advance()
            let digits = c == UInt8(ascii: "u") ? 4 : 8
            var value: UInt32 = 0
            for _ in 0..<digits {
                guard let d = text.current, let h = Self.hexValue(d) else {
                    throw text.error("\\\(Character(Unicode.Scalar(c))) takes \(digits) hexadecimal digits, saw \(text.sawDescription)")
                }
                value = value << 4 | UInt32(h)
                text.advance()
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw TOMLError(.syntax("\\\(Character(Unicode.Scalar(c))) names no Unicode scalar value"), at: at)
            }
            out += Array(String(Character(scalar)).utf8)
            return
        }
        if multiline {
            // A backslash that ends a line: it, the line break and every blank and line break after it go.
            var ahead = 0
            while text.peek(ahead) == UInt8(ascii: " ") || text.peek(ahead) == UInt8(ascii: "\t") { ahead += 1 }
            if text.lineBreak(at: ahead) > 0 {
                while text.current == UInt8(ascii: " ") || text.current == UInt8(ascii: "\t") || text.lineBreak() > 0 {
                    text.advance(max(1, text.lineBreak()))
                }
                return
            }
        }
        let escaped = (0x21..<0x7F).contains(c) ? "\\\(Character(Unicode.Scalar(c)))" : "a backslash before \(text.sawDescription)"
        throw TOMLError(.syntax("unknown escape \(escaped): a string knows \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX and \\UXXXXXXXX"), at: at)
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
