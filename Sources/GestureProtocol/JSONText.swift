/// JSON numbers and strings stored at a pointer, for JSONWriter and LineCursor: each function stores at `p`,
/// within the room its bound says, and returns where it stopped. Numbers are formatted by hand (decimals eight
/// digits a word, integers two digits at a time): `Double.description` cost a thousand instructions a number
/// (docs/daemon.md, What a frame costs).
enum JSONText {
    /// Room any number takes: a Double's description is at most 24 bytes, a rounded one 22; `decimal` stores up to
    /// 34 (whole words, the bytes past the number's end overwritten by what comes after it).
    static let numberBytes = 40

    /// Room a string of `count` UTF-8 bytes takes quoted: at most six bytes for each (`\u001f`), and the quotes.
    static func quotedBytes(_ count: Int) -> Int { count * 6 + 2 }

    /// JSON has no NaN or infinity: they are written as null rather than producing a line no parser reads.
    static func number(_ d: Double, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        guard d.isFinite else { return raw("null", at: p) }
        if d == d.rounded(), abs(d) < 1e15 { return integer(Int64(d), at: p) }
        var text = d.description
        return text.withUTF8 { bytes in
            p.update(from: bytes.baseAddress!, count: bytes.count)
            return p + bytes.count
        }
    }

    /// `d` rounded to `decimals` places (at most 9), written without a trailing zero (`12.5`, `3`).
    static func fixed(_ d: Double, decimals: Int, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let scaled = d * powerOfTen(decimals)
        // Beyond 2^53 units a Double has no more digits than its description shows (NaN and infinities fail
        // this too).
        guard abs(scaled) < 9e15 else { return number(d, at: p) }
        // Rounded half away from zero, as `rounded()` does, without its call to libm: below 2^53 the truncated
        // value and what it leaves are both exact.
        var units = Int64(scaled)
        let rest = scaled - Double(units)
        if rest >= 0.5 { units += 1 } else if rest <= -0.5 { units -= 1 }
        guard units.magnitude < 9_000_000_000_000_000 else { return number(d, at: p) }
        return decimal(units, decimals: decimals, at: p)
    }

    /// 10^n (0...16), exact, without a table: a static array is a lazy global, checked on every number. The encoder
    /// scales by it, the line reader (LineScanner) divides by it; always inlined, since called from both it was
    /// called, not inlined, and the daemon's frame cost 71 instructions more (scripts/instructions, 3M capture).
    @inline(__always)
    static func powerOfTen(_ n: Int) -> Double {
        switch n {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        default: 1e16
        }
    }

    /// `units` / 10^`decimals`, trailing fraction zeros dropped. Up to sixteen digits (every timestamp, every
    /// rounded coordinate) are made as two words of eight digits each and stored a word at a time: the leading and
    /// trailing zeros found by counting zero bits, the whole part and the fraction each stored as sixteen bytes
    /// from where they start. Made two at a time, a number cost 145 instructions (docs/daemon.md).
    static func decimal(_ units: Int64, decimals: Int, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let magnitude = units.magnitude
        guard magnitude < 10_000_000_000_000_000, decimals <= 15 else { return decimalByPairs(units, decimals: decimals, at: p) }
        var q = p
        if units < 0 {
            q.pointee = UInt8(ascii: "-")
            q += 1
        }
        let zeros: UInt64 = 0x3030_3030_3030_3030
        // The sixteen digits zero-padded, the first in the lowest byte, then sixteen bytes to copy from; the first
        // eight made only for a number that has more than eight (a timestamp, not a coordinate).
        let long = magnitude >= 100_000_000
        var digits = (long ? eightDigits(magnitude / 100_000_000) : zeros, eightDigits(long ? magnitude % 100_000_000 : magnitude), UInt64(0), UInt64(0))
        let leading = digits.0 != zeros ? (digits.0 ^ zeros).trailingZeroBitCount &>> 3 : 8 &+ (digits.1 ^ zeros).trailingZeroBitCount &>> 3
        let trailing = digits.1 != zeros ? (digits.1 ^ zeros).leadingZeroBitCount &>> 3 : 8 &+ (digits.0 ^ zeros).leadingZeroBitCount &>> 3
        let significant = Swift.max(16 &- leading, 1)
        // The whole part starts at its first significant digit, or at the "0" before the point.
        let wholeStart = 16 &- Swift.max(significant, decimals &+ 1)
        let wholeEnd = 16 &- decimals
        let places = decimals &- Swift.min(trailing, decimals)
        return withUnsafeBytes(of: &digits) { bytes in
            let source = bytes.baseAddress!
            copy16(from: source + wholeStart, to: q)
            q += wholeEnd &- wholeStart
            guard places > 0 else { return q }
            q.pointee = UInt8(ascii: ".")
            copy16(from: source + wholeEnd, to: q + 1)
            return q + 1 + places
        }
    }

    /// Sixteen bytes, unaligned at either end.
    @inline(__always)
    private static func copy16(from source: UnsafeRawPointer, to destination: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(destination)
        raw.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
        (raw + 8).storeBytes(of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), as: UInt64.self)
    }

    /// `n` (below 10^8) as eight ASCII digits, zero-padded, the first in the lowest byte: split into halves of four
    /// digits in 32-bit lanes, each into pairs in 16-bit lanes, each into digits in bytes, every lane divided at
    /// once by multiplying with a reciprocal that is exact below the lane's largest value.
    @inline(__always)
    static func eightDigits(_ n: UInt64) -> UInt64 {
        let upper = n / 10_000
        var v = upper | (n &- upper &* 10_000) &<< 32
        let hundreds = ((v &* 10_486) &>> 20) & 0x0000_007F_0000_007F
        v = hundreds | (v &- hundreds &* 100) &<< 16
        let tens = ((v &* 103) &>> 10) & 0x000F_000F_000F_000F
        v = tens | (v &- tens &* 10) &<< 8
        return v | 0x3030_3030_3030_3030
    }

    /// `decimal` for numbers of more than sixteen digits, two digits at a time.
    static func decimalByPairs(_ units: Int64, decimals: Int, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var magnitude = units.magnitude
        var places = decimals
        while places > 0, magnitude % 10 == 0 {
            magnitude /= 10
            places -= 1
        }
        var q = p
        if units < 0 {
            q.pointee = UInt8(ascii: "-")
            q += 1
        }
        // Written backwards from the end: the places, the point, the whole part (at least "0").
        let whole = Swift.max(digitCount(magnitude) - places, 1)
        let end = q + whole + (places > 0 ? places + 1 : 0)
        var rest = magnitude
        if places > 0 {
            rest = store(magnitude, digits: places, endingAt: end)
            end[-places - 1] = UInt8(ascii: ".")
        }
        store(rest, digits: whole, endingAt: q + whole)
        return end
    }

    static func integer(_ n: Int64, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var q = p
        if n < 0 {
            q.pointee = UInt8(ascii: "-")
            q += 1
        }
        let digits = digitCount(n.magnitude)
        store(n.magnitude, digits: digits, endingAt: q + digits)
        return q + digits
    }

    private static func digitCount(_ n: UInt64) -> Int {
        var digits = 1, n = n
        while n >= 10_000 {
            n /= 10_000
            digits += 4
        }
        if n >= 100 { digits += n >= 1000 ? 3 : 2 } else if n >= 10 { digits += 1 }
        return digits
    }

    /// The last `digits` decimal digits of `n` (zero-padded), stored backwards from `end`, two at a time;
    /// returns what is left of `n` before them.
    @discardableResult
    private static func store(_ n: UInt64, digits: Int, endingAt end: UnsafeMutablePointer<UInt8>) -> UInt64 {
        var n = n, p = end, left = digits
        let pairs = digitPairs.utf8Start
        while left >= 2 {
            let pair = Int(n % 100) &* 2
            n /= 100
            p -= 2
            p[0] = pairs[pair]
            p[1] = pairs[pair &+ 1]
            left -= 2
        }
        if left == 1 {
            (p - 1).pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n % 10)
            n /= 10
        }
        return n
    }

    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// The string in quotes, escaped where JSON requires (`quotedBytes` of its UTF-8 count of room).
    static func quoted(_ s: String, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if let end = s.utf8.withContiguousStorageIfAvailable({ quoted($0, at: p) }) { return end }
        var copy = s
        return copy.withUTF8 { quoted($0, at: p) }
    }

    private static func quoted(_ utf8: UnsafeBufferPointer<UInt8>, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var q = p
        q.pointee = UInt8(ascii: "\"")
        q += 1
        for b in utf8 {
            if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") {
                q.pointee = b
                q += 1
                continue
            }
            q.pointee = UInt8(ascii: "\\")
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): q[1] = b
            case UInt8(ascii: "\n"): q[1] = UInt8(ascii: "n")
            case UInt8(ascii: "\r"): q[1] = UInt8(ascii: "r")
            case UInt8(ascii: "\t"): q[1] = UInt8(ascii: "t")
            default:
                let hex: StaticString = "0123456789abcdef"
                q[1] = UInt8(ascii: "u")
                q[2] = UInt8(ascii: "0")
                q[3] = UInt8(ascii: "0")
                q[4] = hex.utf8Start[Int(b >> 4)]
                q[5] = hex.utf8Start[Int(b & 15)]
                q += 4
            }
            q += 2
        }
        q.pointee = UInt8(ascii: "\"")
        return q + 1
    }

    static func raw(_ text: StaticString, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        p.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return p + text.utf8CodeUnitCount
    }
}
