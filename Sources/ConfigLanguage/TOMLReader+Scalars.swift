/// Values written without quotes or brackets: booleans, integers, floats, dates and times.
extension TOMLReader {
    mutating func scalar() throws(TOMLError) -> TOMLNode.Value {
        let at = text.position, start = text.index
        while let b = text.current, Self.isScalarByte(b) { text.advance() }
        // A date and a time apart by a space: `1979-05-27 07:32:00`.
        if Self.isDate(text.bytes[start..<text.index]), text.current == UInt8(ascii: " "),
            let next = text.peek(1), TOMLText.isDigit(next)
        {
            text.advance()
            while let b = text.current, Self.isScalarByte(b) { text.advance() }
        }
        let token = Array(text.bytes[start..<text.index])
        guard !token.isEmpty else {
            throw text.error("expected a value (a string, number, boolean, date, time, array or inline table), saw \(text.sawDescription)")
        }
        func wrong(_ what: String) -> TOMLError {
            TOMLError(.syntax("'\(String(decoding: token, as: UTF8.self))' is \(what)"), at: at)
        }
        switch String(decoding: token, as: UTF8.self) {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        if token.count >= 5, token[4] == UInt8(ascii: "-") || (token.count >= 3 && token[2] == UInt8(ascii: ":")) {
            var brokenAt = 0
            guard let dateTime = Self.dateTime(token, brokenAt: &brokenAt) else {
                // The token is ASCII: a byte is a column.
                let there = brokenAt < token.count ? "'\(Character(Unicode.Scalar(token[brokenAt])))'" : "its end"
                let message = "'\(String(decoding: token, as: UTF8.self))' is no date or time at \(there): write 1979-05-27, 07:32:00, 1979-05-27T07:32:00 or 1979-05-27T07:32:00Z, each part in range"
                throw TOMLError(.syntax(message), at: SourcePosition(line: at.line, column: at.column + brokenAt))
            }
            return .dateTime(dateTime)
        }
        if token.count > 2, token[0] == UInt8(ascii: "0"), let radix = Self.radix(token[1]) {
            guard let n = Self.integer(token[2...], radix: radix) else {
                throw wrong("no integer in base \(radix): digits of that base, '_' only between two, at most 2^63 - 1")
            }
            return .integer(n)
        }
        if token.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            guard let x = Self.float(token) else {
                throw wrong("no number: digits on both sides of '.', '_' only between two digits, no leading 0")
            }
            return .float(x)
        }
        guard let n = Self.decimal(token) else {
            throw wrong("no value: a number is digits, '_' only between two, no leading 0, within 64 bits; a string is quoted")
        }
        return .integer(n)
    }

    private static func isScalarByte(_ b: UInt8) -> Bool {
        TOMLText.isBareKeyByte(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
    }

    private static func radix(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    /// Digits with single `_` between two of them: the digits alone; nil otherwise.
    private static func digits(_ bytes: ArraySlice<UInt8>, radix: Int = 10) -> [UInt8]? {
        guard let first = bytes.first, let last = bytes.last, first != UInt8(ascii: "_"), last != UInt8(ascii: "_") else { return nil }
        var out: [UInt8] = []
        var previous: UInt8 = 0
        for b in bytes {
            if b == UInt8(ascii: "_") {
                guard previous != UInt8(ascii: "_") else { return nil }
            } else {
                guard let v = TOMLReader.hexValue(b), Int(v) < radix else { return nil }
                out.append(b)
            }
            previous = b
        }
        return out
    }

    private static func integer(_ bytes: ArraySlice<UInt8>, radix: Int) -> Int? {
        guard let d = digits(bytes, radix: radix) else { return nil }
        return Int(String(decoding: d, as: UTF8.self), radix: radix)
    }

    /// A decimal integer: a sign or none, then `0` alone or digits that do not begin with 0.
    private static func decimal(_ token: [UInt8]) -> Int? {
        var body = token[...], sign = ""
        if let s = body.first, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") {
            sign = s == UInt8(ascii: "-") ? "-" : ""
            body = body.dropFirst()
        }
        guard let d = digits(body), d.count == 1 || d.first != UInt8(ascii: "0") else { return nil }
        return Int(sign + String(decoding: d, as: UTF8.self))
    }

    /// A decimal integer part, then a fraction of digits, an exponent (`e`, a sign or none, digits), or both.
    private static func float(_ token: [UInt8]) -> Double? {
        var rest = token[...]
        var text = ""
        if let s = rest.first, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") {
            text += s == UInt8(ascii: "-") ? "-" : ""
            rest = rest.dropFirst()
        }
        let exponentAt = rest.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let mantissa = rest[..<(exponentAt ?? rest.endIndex)]
        let dot = mantissa.firstIndex(of: UInt8(ascii: "."))
        guard let whole = digits(mantissa[..<(dot ?? mantissa.endIndex)]), whole.count == 1 || whole.first != UInt8(ascii: "0") else { return nil }
        text += String(decoding: whole, as: UTF8.self)
        if let dot {
            guard let fraction = digits(mantissa[(dot + 1)...]) else { return nil }
            text += "." + String(decoding: fraction, as: UTF8.self)
        }
        if let exponentAt {
            var exponent = rest[(exponentAt + 1)...]
            text += "e"
            if let s = exponent.first, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") {
                text += s == UInt8(ascii: "-") ? "-" : ""
                exponent = exponent.dropFirst()
            }
            guard let e = digits(exponent) else { return nil }
            text += String(decoding: e, as: UTF8.self)
        }
        return Double(text)
    }

    /// `dddd-dd-dd`.
    private static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 10 else { return false }
        return zip("dddd-dd-dd".utf8, bytes).allSatisfy { p, b in p == UInt8(ascii: "d") ? TOMLText.isDigit(b) : b == p }
    }

    /// A date, a time, or a date and time with an offset or without, each part in its range; nil otherwise, with
    /// `brokenAt` the index in `token` of the first character that does not fit (or of the part out of range).
    private static func dateTime(_ token: [UInt8], brokenAt: inout Int) -> TOMLDateTime? {
        var i = 0
        /// Steps over `pattern` (`d` a digit), or says where it breaks.
        func expect(_ pattern: String) -> Bool {
            for p in pattern.utf8 {
                guard i < token.count, p == UInt8(ascii: "d") ? TOMLText.isDigit(token[i]) : token[i] == p else {
                    brokenAt = i
                    return false
                }
                i += 1
            }
            return true
        }
        /// The number of `count` digits at `at`, when below `limit`; else nil, broken there.
        func field(_ at: Int, _ count: Int, below limit: Int) -> Int? {
            let n = token[at..<at + count].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard n < limit else {
                brokenAt = at
                return nil
            }
            return n
        }
        var result = TOMLDateTime()
        if token.count >= 5, token[4] == UInt8(ascii: "-") {
            guard expect("dddd-dd-dd") else { return nil }
            guard let month = field(5, 2, below: 13), month > 0, let day = field(8, 2, below: 32),
                let date = validDate(year: field(0, 4, below: 10_000)!, month: month, day: day)
            else {
                brokenAt = brokenAt < 5 ? 5 : brokenAt
                return nil
            }
            result.date = date
            guard i < token.count else { return result }
            guard token[i] == UInt8(ascii: "T") || token[i] == UInt8(ascii: "t") || token[i] == UInt8(ascii: " ") else {
                brokenAt = i
                return nil
            }
            i += 1
        }
        let clock = i
        guard expect("dd:dd:dd"), let hour = field(clock, 2, below: 24), let minute = field(clock + 3, 2, below: 60),
            let second = field(clock + 6, 2, below: 60)
        else { return nil }
        var time = TOMLDateTime.Time(hour: hour, minute: minute, second: second, fraction: "")
        if i < token.count, token[i] == UInt8(ascii: ".") {
            i += 1
            let digits = token[i...].prefix { TOMLText.isDigit($0) }
            guard !digits.isEmpty else {
                brokenAt = i
                return nil
            }
            time.fraction = String(decoding: digits, as: UTF8.self)
            i += digits.count
        }
        result.time = time
        guard i < token.count else { return result }
        guard result.date != nil else {
            brokenAt = i
            return nil
        }
        if token[i] == UInt8(ascii: "Z") || token[i] == UInt8(ascii: "z") {
            result.offsetMinutes = 0
            i += 1
        } else {
            let sign = token[i]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
                brokenAt = i
                return nil
            }
            i += 1
            let zone = i
            guard expect("dd:dd"), let hours = field(zone, 2, below: 24), let minutes = field(zone + 3, 2, below: 60) else { return nil }
            result.offsetMinutes = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
        }
        guard i == token.count else {
            brokenAt = i
            return nil
        }
        return result
    }

    private static func validDate(year: Int, month: Int, day: Int) -> TOMLDateTime.Date? {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...days[month - 1]).contains(day) else { return nil }
        return TOMLDateTime.Date(year: year, month: month, day: day)
    }
}
