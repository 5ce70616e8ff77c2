import Foundation
import Testing

@testable import GestureProtocol

/// The writer every event line goes through: numbers written by hand (no `Double.description` on the hot path)
/// must say exactly what the value rounded to its places is, and every line must be JSON any parser reads.
@Suite struct JSONWriterTests {
    private func line(_ write: (inout JSONWriter) -> Void) -> String {
        var w = JSONWriter()
        w.beginObject()
        write(&w)
        w.endObject()
        return String(decoding: w.line(), as: UTF8.self)
    }

    @Test(arguments: [
        (12.5, 3, "12.5"), (3, 3, "3"), (0, 6, "0"), (-0.0, 3, "0"), (-0.0001, 3, "0"), (0.0005, 3, "0.001"),
        (-1.25, 2, "-1.25"), (0.000001, 6, "0.000001"), (0.1234567, 6, "0.123457"), (-7.0000004, 6, "-7"),
        (1_284_881_104.5, 2, "1284881104.5"), (99.9996, 3, "100"), (1e-9, 9, "0.000000001"),
    ])
    func fixedPlacesDropTrailingZeros(value: Double, decimals: Int, written: String) {
        #expect(line { $0.field("v", value, decimals: decimals) } == "{\"v\":\(written)}\n")
    }

    /// Rounding is done without libm's round: halves that are exact in binary go away from zero, as `rounded()`
    /// sends them, up to the largest values a fixed form holds.
    @Test(arguments: [
        (2.5, 0, "3"), (-2.5, 0, "-3"), (0.125, 2, "0.13"), (-0.125, 2, "-0.13"), (1.5, 0, "2"), (0.49999999999999994, 0, "0"),
        (4_503_599_627_370_495.5, 0, "4503599627370496"), (-4_503_599_627_370_495.5, 0, "-4503599627370496"),
    ])
    func halvesRoundAwayFromZero(value: Double, decimals: Int, written: String) {
        #expect(line { $0.field("v", value, decimals: decimals) } == "{\"v\":\(written)}\n")
        #expect(written == String(Int64((value * pow(10, Double(decimals))).rounded())) || decimals > 0)
    }

    @Test func numbersAFixedFormCannotHoldKeepTheirDigits() throws {
        #expect(line { $0.field("v", 1e300, decimals: 3) } == "{\"v\":\(1e300.description)}\n")
        #expect(line { $0.field("v", .nan, decimals: 3) } == "{\"v\":null}\n")
        #expect(line { $0.field("v", -.infinity, decimals: 3) } == "{\"v\":null}\n")
        #expect(line { $0.field("v", 0.1) } == "{\"v\":0.1}\n")
    }

    /// Every rounded value reads back as the Double that rounding to its places gives, the contract of the
    /// lines before the writer formatted numbers itself.
    @Test func fixedNumbersReadBackAsTheRoundedValue() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let decimals = Int.random(in: 0...6, using: &random)
            let magnitude = [1e-7, 1e-3, 1, 1e3, 1e6, 1e9][Int.random(in: 0...5, using: &random)]
            let value = Double.random(in: -magnitude...magnitude, using: &random)
            let scale = (0..<decimals).reduce(1.0) { r, _ in r * 10 }
            let text = line { $0.field("v", value, decimals: decimals) }
            let read = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let number = try #require(read["v"] as? NSNumber, "\(text)")
            #expect(number.doubleValue == (value * scale).rounded() / scale, "\(value) to \(decimals) places: \(text)")
        }
    }

    /// Sixteen digits made a word at a time give the text two at a time gives: every number of places, values
    /// of every length, their neighbours around powers of ten, zero and the largest of sixteen digits.
    @Test func decimalsMadeAWordAtATimeAreThoseMadeTwoAtATime() {
        func text(_ write: (UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>) -> String {
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: JSONText.numberBytes)
            defer { buffer.deallocate() }
            return String(decoding: UnsafeBufferPointer(start: buffer, count: write(buffer) - buffer), as: UTF8.self)
        }
        var random = SystemRandomNumberGenerator()
        var values: [Int64] = [0, 1, 9, 10, 99, 100, 9_999_999_999_999_999, 1_284_881_104_990_116, 10_000_000, 99_999_999, 100_000_000]
        var power: Int64 = 1
        for _ in 0..<16 {
            values += [power - 1, power, power + 1, power * 7]
            power *= 10
        }
        for _ in 0..<5_000 { values.append(Int64.random(in: 0...Int64.power16 - 1, using: &random) >> Int64.random(in: 0...53, using: &random)) }
        for value in values + values.map({ -$0 }) {
            for decimals in 0...9 {
                let byWords = text { JSONText.decimal(value, decimals: decimals, at: $0) }
                #expect(byWords == text { JSONText.decimalByPairs(value, decimals: decimals, at: $0) }, "\(value) to \(decimals) places")
            }
        }
        #expect(text { JSONText.decimal(10_000_000_000_000_000, decimals: 2, at: $0) } == "100000000000000")
    }

    @Test func integersAndTimes() {
        #expect(line { $0.field("n", Int.min) } == "{\"n\":\(Int.min)}\n")
        #expect(line { $0.field("n", 0) } == "{\"n\":0}\n")
        #expect(line { $0.field("t", microseconds: 1_284_881_104_990_116) } == "{\"t\":1284881104.990116}\n")
        #expect(line { $0.field("t", microseconds: 5_000_000) } == "{\"t\":5}\n")
        #expect(line { $0.field("t", microseconds: 1_000_010) } == "{\"t\":1.00001}\n")
        #expect(line { $0.field("t", microseconds: -1_500_000) } == "{\"t\":-1.5}\n")
    }

    @Test func stringsAreEscapedWhereJSONRequires() throws {
        let nasty = "a\"b\\c\nd\re\tf\u{1}g\u{1F}h é 👍 </script>"
        let text = line { $0.field("s", nasty) }
        #expect(text == "{\"s\":\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\\u001fh é 👍 </script>\"}\n")
        let read = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(read["s"] as? String == nasty)
        // A string without contiguous UTF-8 (bridged or lazily built) takes the copying path.
        let bridged = String(NSString(string: "naïve \"quoted\""))
        #expect(line { $0.field("s", bridged) } == "{\"s\":\"naïve \\\"quoted\\\"\"}\n")
        #expect(line { $0.field(named: bridged, 1) } == "{\"naïve \\\"quoted\\\"\":1}\n")
    }

    @Test func nestingPutsCommasOnlyBetweenValues() {
        let text = line { w in
            w.field("a", 1)
            w.beginObject("o")
            w.beginArray("e")
            w.endArray()
            w.field("p", 1.5, 2, decimals: 3)
            w.beginArray("l")
            w.element("x")
            w.element(2.5)
            w.endArray()
            w.endObject()
            w.fieldNull("z")
        }
        #expect(text == "{\"a\":1,\"o\":{\"e\":[],\"p\":[1.5,2],\"l\":[\"x\",2.5]},\"z\":null}\n")
    }
}

extension Int64 {
    fileprivate static let power16: Int64 = 10_000_000_000_000_000
}
