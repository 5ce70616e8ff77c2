import Glibc

/// A cursor over the bytes of a daemon line written the daemon's way (its keys in their order, no white space,
/// strings without escapes, numbers without exponents of at most 16 digits), reading each piece in place: the
/// reverse of LineCursor. Every method returns nil, or false, on anything else: the caller then reads the line
/// with JSONReader, which reads any JSON and says what is wrong, so a line is never read differently by the two
/// (ServerLineReader).
struct LineScanner {
    private var at: UnsafePointer<UInt8>
    private let end: UnsafePointer<UInt8>

    /// Nil for an empty line.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        at = base
        end = base + bytes.count
    }

    var atEnd: Bool { at == end }

    /// Whether `text` is next, stepping past it. Compared eight bytes at a time: a key's literal is one or two
    /// words, where a call to memcmp cost more than the comparing.
    @inline(__always)
    mutating func take(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard end - at >= count else { return false }
        let raw = UnsafeRawPointer(at)
        let expected = UnsafeRawPointer(text.utf8Start)
        var i = 0
        while count - i >= 8 {
            guard raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) == expected.loadUnaligned(fromByteOffset: i, as: UInt64.self) else { return false }
            i += 8
        }
        while i < count {
            guard at[i] == text.utf8Start[i] else { return false }
            i += 1
        }
        at += count
        return true
    }

    /// Whether `bytes` are next, stepping past them.
    mutating func take(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            guard end - at >= bytes.count, memcmp(at, bytes.baseAddress!, bytes.count) == 0 else { return false }
            at += bytes.count
            return true
        }
    }

    /// Whether `bytes`, quoted, are next, stepping past them: a string known before, found without looking at
    /// each of its bytes.
    mutating func take(quoted bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard end - at >= count + 2, at.pointee == UInt8(ascii: "\""), at[count + 1] == UInt8(ascii: "\""),
            count == 0 || memcmp(at + 1, bytes.baseAddress!, count) == 0
        else { return false }
        at += count + 2
        return true
    }

    /// A string's bytes between its quotes: UTF-8 left to the caller, no escape, no control character.
    mutating func string() -> UnsafeBufferPointer<UInt8>? {
        guard at < end, at.pointee == UInt8(ascii: "\"") else { return nil }
        at += 1
        let from = at
        while at < end {
            let b = at.pointee
            if b == UInt8(ascii: "\"") {
                at += 1
                return UnsafeBufferPointer(start: from, count: at - 1 - from)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
            at += 1
        }
        return nil
    }

    /// An integer without fraction or exponent, within Int64 (at most 18 digits).
    mutating func integer() -> Int? {
        let negative = at < end && at.pointee == UInt8(ascii: "-")
        if negative { at += 1 }
        let from = at
        var value = 0
        let count = digits(into: &value)
        guard count > 0, count <= 18, count == 1 || from.pointee != UInt8(ascii: "0"), !fractionOrExponentNext else { return nil }
        return negative ? -value : value
    }

    /// A number as JSON writes it without an exponent, its digits (at most 16) making at most 2^53: exactly what
    /// JSONReader's strtod makes of it, since both the digits and the power of ten are then exact doubles and one
    /// division rounds once. (A time of day in seconds since 1970 to the microsecond has 16 digits.)
    mutating func number() -> Double? {
        let negative = at < end && at.pointee == UInt8(ascii: "-")
        if negative { at += 1 }
        let from = at
        var mantissa = 0
        let whole = digits(into: &mantissa)
        // JSON's number: digits, a leading 0 only alone, and digits after a point.
        guard whole > 0, whole == 1 || from.pointee != UInt8(ascii: "0") else { return nil }
        guard at < end, at.pointee == UInt8(ascii: ".") else {
            guard whole <= 16, mantissa <= 1 << 53, !exponentNext else { return nil }
            // `-0` is JSONReader's integer 0, a number +0 (`-0.0` is -0, as strtod has it).
            return negative ? 0 - Double(mantissa) : Double(mantissa)
        }
        at += 1
        let decimals = digits(into: &mantissa)
        guard decimals > 0, whole + decimals <= 16, mantissa <= 1 << 53, !fractionOrExponentNext else { return nil }
        let value = Double(mantissa) / JSONText.powerOfTen(decimals)
        return negative ? -value : value
    }

    /// Decimal digits added to `mantissa` (wrapping past 19 digits: the caller counts them), and how many.
    private mutating func digits(into mantissa: inout Int) -> Int {
        // A local cursor: `at`, a property of an inout value, was stored at every digit.
        var p = at
        while p < end, case let digit = p.pointee &- UInt8(ascii: "0"), digit < 10 {
            mantissa = mantissa &* 10 &+ Int(digit)
            p += 1
        }
        defer { at = p }
        return p - at
    }

    /// `[x,y]`.
    mutating func pair() -> Pair? {
        guard take("["), let x = number(), take(","), let y = number(), take("]") else { return nil }
        return Pair(x, y)
    }

    private var fractionOrExponentNext: Bool { at < end && at.pointee == UInt8(ascii: ".") || exponentNext }

    private var exponentNext: Bool { at < end && (at.pointee == UInt8(ascii: "e") || at.pointee == UInt8(ascii: "E")) }
}
