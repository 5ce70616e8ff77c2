import Testing

@testable import CaptureFormats

/// The byte reader of event lines gives what Swift's own parsing of the same text gives, for numbers of every
/// length around its eight-bytes-at-a-time step, followed by anything; and lines split as `lines(of:)` splits them.
struct LineScannerTests {
    /// Digits, then one of the bytes that end or continue a field.
    private static func samples() -> [String] {
        var generator = SystemRandomNumberGenerator()
        let followers = ["", " ", "\t", "#", ",", ".", ":", "/", "a", "é", "9"]
        var out: [String] = []
        for length in 1...24 {
            for _ in 0..<40 {
                let digits = String((0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
                out.append(digits + followers.randomElement(using: &generator)! + "12")
            }
        }
        return out + ["", "-", "+", "-0", "+7", "-9223372036854775808", "9223372036854775807", "18446744073709551615", "x1", "-1", "65535", "65536", "-2147483648", "2147483648",
            String(repeating: "0", count: 25), String(repeating: "0", count: 21) + "12345", "-" + String(repeating: "0", count: 30) + "7"]
    }

    private static func scan<T>(_ text: String, _ read: (inout LineScanner) -> T) -> (T, rest: String) {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = LineScanner(bytes, 0..<bytes.count)
            let value = read(&scanner)
            return (value, String(decoding: UnsafeBufferPointer(rebasing: bytes[scanner.position...]), as: UTF8.self))
        }
    }

    /// The leading run of the text that Swift's parsers are asked about: a sign, then digits.
    private static func numberPrefix(_ text: String) -> Substring {
        let signed = text.first == "-" || text.first == "+"
        let digits = text.dropFirst(signed ? 1 : 0).prefix { $0.isASCII && $0.isNumber }
        return text.prefix((signed ? 1 : 0) + digits.count)
    }

    @Test func decimalNumbersReadAsSwiftReadsThem() {
        for sample in Self.samples() {
            let expected = Int64(Self.numberPrefix(sample))
            let (value, rest) = Self.scan(sample) { $0.decimal(Int64.self) }
            #expect(value == expected, "\(sample)")
            #expect(rest == (expected == nil ? sample : String(sample.dropFirst(Self.numberPrefix(sample).count))), "\(sample)")
            let (small, _) = Self.scan(sample) { $0.decimal(Int32.self) }
            #expect(small == Int32(Self.numberPrefix(sample)), "\(sample)")
            let (code, _) = Self.scan(sample) { $0.decimal(UInt16.self) }
            #expect(code == UInt16(Self.numberPrefix(sample)), "\(sample)")
        }
    }

    @Test func timesReadAsParseTimeReadsThem() {
        var generator = SystemRandomNumberGenerator()
        for whole in 1...12 {
            for fraction in 1...11 {
                let digits = { (n: Int) in String((0..<n).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) }) }
                let text = digits(whole) + "." + digits(fraction)
                let (value, rest) = Self.scan(text + " 0003") { $0.time() }
                let expected = parseTime(Substring(text))
                #expect(value?.0 == expected?.0 && value?.1 == expected?.1, "\(text)")
                #expect(rest == (expected == nil ? text + " 0003" : " 0003"), "\(text)")
            }
        }
    }

    @Test func hexCodesUpToSixteenBits() {
        for (text, expected) in [("0035", UInt16(0x35)), ("ffff", 0xffff), ("FfFf", 0xffff), ("0", 0), ("0000000000000039", 0x39), ("00000000000000001", 1)] {
            #expect(Self.scan(text) { $0.hex(UInt16.self) }.0 == expected, "\(text)")
        }
        for text in ["10000", "g", "", "-1", "10000000000000000"] {
            let (value, rest) = Self.scan(text) { $0.hex(UInt16.self) }
            #expect(value == nil && rest == text, "\(text)")
        }
    }

    /// One field, then another to the end of the list.
    private static func fields(_ text: String) -> (Int64?, rest: String) {
        let (value, rest) = scan(text) { scanner -> Int64? in
            guard scanner.listField(then: UInt8(ascii: ",")) != nil else { return nil }
            return scanner.listField(then: UInt8(ascii: "]"))
        }
        return (value, rest)
    }

    @Test func fieldsOfAListReadAsSwiftReadsThem() {
        for sample in Self.samples() {
            // Spaces around, then the end of the list: the number as Swift reads it, within 18 digits.
            for (before, after) in [("", ""), ("   ", " "), ("         ", "          ")] {
                let field = before + Self.numberPrefix(sample) + after
                let (value, rest) = Self.fields("7 ," + field + "]1")
                let number = Int64(Self.numberPrefix(sample))
                let digits = Self.numberPrefix(sample).drop { $0 == "-" || $0 == "+" }.count
                #expect(value == (digits <= 18 ? number : nil), "\(field)")
                #expect(value == nil || rest == "1", "\(field)")
            }
            // Anything else after the number: not the list's end.
            let (value, _) = Self.fields("0," + sample)
            #expect(value == nil || sample.dropFirst(Self.numberPrefix(sample).count).first == "]", "\(sample)")
        }
        #expect(Self.fields("1,2,]").0 == nil)
        #expect(Self.fields(",2]").0 == nil)
    }

    @Test func spacesAreSkippedEightAtATime() {
        for count in 0...20 {
            for after in ["", "x", "\t", "0"] {
                let (skipped, rest) = Self.scan(String(repeating: " ", count: count) + after) { $0.skipSpaces() }
                #expect(skipped == count && rest == after, "\(count) then \(after)")
            }
        }
    }

    /// Every byte value at every place of lines of up to 20 bytes, against the rule byte by byte.
    @Test func plainTextIsPrintableASCIIOrATab() {
        for length in 1...20 {
            for place in 0..<length {
                for byte in UInt8.min...UInt8.max {
                    var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                    bytes[place] = byte
                    let plain = bytes.withUnsafeBufferPointer { LineScanner($0, 0..<length).restIsPlainText() }
                    #expect(plain == ((0x20..<0x7f).contains(byte) || byte == 9), "byte \(byte) at \(place) of \(length)")
                }
            }
        }
    }

    @Test func linesSplitAsLinesOfSplitsThem() throws {
        for text in ["", "a", "a\n", "a\r\nb", "a\r\r\nb\n\n", "\r", "x\ry", "é\n\u{301}z", "one\ntwo\r\nthree\r"] {
            var lines: [Substring] = []
            try forEachLine(of: text) { (scanner, n) throws(RecordingError) in
                #expect(n == lines.count + 1)
                lines.append(scanner.line)
            }
            #expect(lines == CaptureFormats.lines(of: text), "\(text.debugDescription)")
        }
    }

    /// Hex digits of every length around the eight-at-once step, of either case, followed by anything (other hex
    /// digits among it): what Swift reads, as a whole word or not at all.
    @Test func hexNumbersOfEveryLengthReadAsSwiftReadsThem() {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdefABCDEF")
        let followers = ["", " ", "\t", "g", "G", "/", ":", "@", "`", "\u{10}", "é", "0"]
        for length in 0...20 {
            for _ in 0..<60 {
                let number = String((0..<length).map { _ in digits.randomElement(using: &generator)! })
                let follower = followers.randomElement(using: &generator)!
                let text = number + follower + "   12"
                let prefix = text.prefix { $0.isHexDigit && $0.isASCII }
                let (value, rest) = Self.scan(text) { $0.hex(UInt32.self) }
                #expect(value == UInt32(prefix, radix: 16), "\(text.debugDescription)")
                #expect(rest == (value == nil ? text : String(text.dropFirst(prefix.count))), "\(text.debugDescription)")
                let (word, _) = Self.scan(text) { $0.hexWord(UInt64.self) }
                let blankAfter = text.dropFirst(prefix.count).first.map { $0 == " " || $0 == "\t" } ?? true
                #expect(word == (blankAfter ? UInt64(prefix, radix: 16) : nil), "\(text.debugDescription)")
            }
        }
    }

    /// Bytes compared a word, half a word or a byte at a time: equal runs of every length up to 24, and runs that
    /// differ in one bit at each place.
    @Test func bytesAreEqualWhereEveryByteIs() {
        for count in 1...24 {
            let a = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let copy = Array(a)
            a.withUnsafeBufferPointer { pa in
                #expect(copy.withUnsafeBufferPointer { bytesEqual(pa.baseAddress!, $0.baseAddress!, count: count) }, "\(count) bytes")
                for place in 0..<count {
                    for bit in [0, 7] {
                        var b = a
                        b[place] ^= 1 << bit
                        let equal = b.withUnsafeBufferPointer { bytesEqual(pa.baseAddress!, $0.baseAddress!, count: count) }
                        #expect(!equal, "\(count) bytes, bit \(bit) of byte \(place)")
                    }
                }
            }
        }
    }

    /// Every name of a table is found by its bytes wherever they are, and no other word is: prefixes, longer
    /// words, a changed byte.
    @Test func namesAreFoundByTheirBytes() {
        var table: [Substring: Int] = [:]
        for (i, name) in ["A", "UP", "DOWN", "EV_ABS", "EV_SYN", "EV_FF", "EV_FF_STATUS", "ABS_MT_POSITION_X", "ABS_MT_POSITION_Y",
                          "ABS_MT_TOUCH_MAJOR", "BTN_TOOL_QUINTTAP", "SYN_REPORT", "SYN_MT_REPORT"].enumerated() {
            table[Substring(name)] = i
        }
        let names = ByteNames(table)
        func lookUp(_ word: String) -> Int? {
            // Behind other bytes, as a word is on a line.
            let line = Array("[  1.0] ".utf8) + Array(word.utf8) + Array("   0".utf8)
            return line.withUnsafeBufferPointer { names[UnsafeBufferPointer(rebasing: $0[8..<(8 + word.utf8.count)])] }
        }
        for (name, value) in table {
            #expect(lookUp(String(name)) == value, "\(name)")
            #expect(lookUp(String(name.dropLast())) == table[name.dropLast()], "\(name.dropLast())")
            #expect(lookUp(String(name) + "_") == nil, "\(name)_")
            #expect(lookUp(String(name.dropFirst()) + "Z") == nil, "\(name) changed")
        }
        #expect(lookUp("") == nil)
    }
}

