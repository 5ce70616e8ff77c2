import Testing

@testable import InputCore

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
        return out + ["", "-", "+", "-0", "+7", "-9223372036854775808", "9223372036854775807", "18446744073709551615", "x1", "-1", "65535", "65536", "-2147483648", "2147483648"]
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

    @Test func linesSplitAsLinesOfSplitsThem() throws {
        for text in ["", "a", "a\n", "a\r\nb", "a\r\r\nb\n\n", "\r", "x\ry", "é\n\u{301}z", "one\ntwo\r\nthree\r"] {
            var lines: [Substring] = []
            try forEachLine(of: text) { (scanner, n) throws(RecordingError) in
                #expect(n == lines.count + 1)
                lines.append(scanner.line)
            }
            #expect(lines == InputCore.lines(of: text), "\(text.debugDescription)")
        }
    }
}
