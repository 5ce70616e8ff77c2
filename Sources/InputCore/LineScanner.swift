import Glibc

/// One line of a recording's text, read as bytes from left to right: how the readers take the numbers off event
/// lines, which are nearly all of a capture. Splitting each line into Substrings by Character and indexing them
/// cost ~30,000 instructions a line (a 29 s capture has 43,000 lines); reading the bytes costs a few hundred
/// (docs/daemon.md, "Reading captures"). Lines that are not the common shape go to each reader's String code.
///
/// Every read checks `position < end` first: the bytes are the text's own, borrowed for the call of
/// `forEachLine`, and nothing here reads outside the line.
struct LineScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    /// One past the line's last byte; a `\r` before the `\n` is not part of the line.
    let end: Int
    private let start: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        self.bytes = bytes
        start = range.lowerBound
        position = range.lowerBound
        end = range.upperBound
    }

    /// The whole line, for the readers' String code.
    var line: Substring { Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)) }

    /// The text from the line's start to its end, for the formats' `startsLine`.
    var fromLineStart: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[start...]) }

    var isAtEnd: Bool { position >= end }

    /// At the end, a blank or a `#` (where evemu's comments start): the end of a field.
    var atFieldEnd: Bool { position >= end || isBlank(bytes[position]) || bytes[position] == UInt8(ascii: "#") }

    mutating func skipBlanks() {
        let bytes = self.bytes, end = self.end
        var i = position
        while i < end, isBlank(bytes[i]) { i += 1 }
        position = i
    }

    /// Moves past `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard position < end, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Moves past `literal` if the line continues with it.
    mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount, bytes = self.bytes, start = position
        guard end - start >= count else { return false }
        let pointer = literal.utf8Start
        for i in 0..<count where bytes[start + i] != pointer[i] { return false }
        position = start + count
        return true
    }

    /// Whether `literal` occurs anywhere from here to the end.
    func contains(_ literal: StaticString) -> Bool {
        var copy = self
        while copy.position < end {
            if copy.take(literal) { return true }
            copy.position += 1
        }
        return false
    }

    /// Moves to the next `byte` (not past it); false, and nowhere, if the line has none.
    mutating func skip(to byte: UInt8) -> Bool {
        var i = position
        while i < end {
            if bytes[i] == byte {
                position = i
                return true
            }
            i += 1
        }
        return false
    }

    /// Decimal digits with an optional sign, as Swift's integer parsing takes them; nil (and nowhere) without a
    /// digit or beyond `T`.
    mutating func decimal<T: FixedWidthInteger>(_: T.Type = T.self) -> T? {
        let begin = position
        let negative = take(UInt8(ascii: "-"))
        if !negative { _ = take(UInt8(ascii: "+")) }
        let value: T?
        switch (decimalDigits()?.value, negative) {
        case (nil, _): value = nil
        case (let magnitude?, false): value = T(exactly: magnitude)
        // Int64.min's magnitude is one more than Int64.max.
        case (let magnitude?, true) where magnitude <= UInt64(Int64.max): value = T(exactly: -Int64(magnitude))
        case (let magnitude?, true): value = magnitude == UInt64(Int64.max) + 1 ? T(exactly: Int64.min) : nil
        }
        guard let value else {
            position = begin
            return nil
        }
        return value
    }

    /// Hexadecimal digits (either case), without sign or 0x, as evemu writes types and codes; nil (and nowhere)
    /// without a digit or beyond 16 bits.
    mutating func hex16() -> UInt16? {
        let begin = position
        guard let magnitude = hexDigits(), let value = UInt16(exactly: magnitude) else {
            position = begin
            return nil
        }
        return value
    }

    /// `SECONDS.FRACTION` as evemu and evtest print it: seconds and microseconds, with `parseTime`'s limits.
    mutating func time() -> (Int64, Int64)? {
        let begin = position
        guard let (seconds, _) = decimalDigits(), seconds < 9_000_000_000, take(UInt8(ascii: ".")),
            var (micros, count) = decimalDigits(), count <= 9
        else {
            position = begin
            return nil
        }
        while count < 6 {
            micros *= 10
            count += 1
        }
        while count > 6 {
            micros /= 10
            count -= 1
        }
        return (Int64(seconds), Int64(micros))
    }

    /// Runs of digits as magnitudes: nil without one, or with more than fit in 64 bits after the leading zeros.
    /// Limiting the count spares a check for overflow at each digit. The loops work on local copies of the bytes
    /// and the position, which the compiler keeps in registers.
    @inline(__always)
    private mutating func hexDigits() -> UInt64? {
        let bytes = self.bytes, end = self.end, start = position
        var i = start
        while i < end, bytes[i] == UInt8(ascii: "0") { i += 1 }
        let significant = i
        var value: UInt64 = 0
        while i < end {
            let byte = bytes[i]
            let digit: UInt8
            if byte &- UInt8(ascii: "0") < 10 {
                digit = byte &- UInt8(ascii: "0")
            } else if (byte | 0x20) &- UInt8(ascii: "a") < 6 {
                digit = (byte | 0x20) &- UInt8(ascii: "a") &+ 10
            } else {
                break
            }
            value = value &<< 4 | UInt64(digit)
            i += 1
        }
        position = i
        return i > start && i - significant <= 16 ? value : nil
    }

    /// Decimal digits and how many (leading zeros too, which a fraction's count needs): at most 19 after the
    /// leading zeros, which fit in 64 bits. Eight bytes at a time where the line has them (a capture's times have
    /// 16 digits): which of them are digits, and their value, with a few multiplications instead of a loop; the
    /// rest one at a time.
    @inline(__always)
    private mutating func decimalDigits() -> (value: UInt64, count: Int)? {
        let bytes = self.bytes, end = self.end, start = position
        var i = start
        while i < end, bytes[i] == UInt8(ascii: "0") { i += 1 }
        let significant = i
        var value: UInt64 = 0
        var done = false
        while end - i >= 8, let base = bytes.baseAddress {
            let chunk = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let run = Self.leadingDigits(chunk)
            if run > 0 { value = value &* Self.powerOfTen(run) &+ Self.value(ofDigits: chunk, count: run) }
            i += run
            if run < 8 {
                done = true
                break
            }
        }
        while !done, i < end {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            i += 1
        }
        position = i
        return i > start && i - significant <= 19 ? (value, i - start) : nil
    }

    /// How many of the eight bytes (the first in the lowest) are digits before the first that is not. A byte is a
    /// digit when its high nibble is 3, and still is after adding 6 (0x3a-0x3f become 0x40-0x45). Adding 6 carries
    /// into the next byte only from 0xfa and above, which UTF-8 never has, and only past bytes that are not digits.
    @inline(__always)
    static func leadingDigits(_ chunk: UInt64) -> Int {
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0, threes: UInt64 = 0x3030_3030_3030_3030
        let notDigit = ((chunk & high) ^ threes) | (((chunk &+ 0x0606_0606_0606_0606) & high) ^ threes)
        return notDigit == 0 ? 8 : notDigit.trailingZeroBitCount / 8
    }

    /// The value of the first `count` (1...8) bytes of `chunk`, digits, first the most significant: the bytes after
    /// them are shifted out, which leaves zeros in front, and neighbouring digits are combined in pairs, then
    /// pairs of pairs, then the two halves.
    @inline(__always)
    static func value(ofDigits chunk: UInt64, count: Int) -> UInt64 {
        var v = (chunk & 0x0F0F_0F0F_0F0F_0F0F) &<< UInt64((8 - count) * 8)
        v = (v &* (10 << 8 + 1)) &>> 8 & 0x00FF_00FF_00FF_00FF
        v = (v &* (100 << 16 + 1)) &>> 16 & 0x0000_FFFF_0000_FFFF
        return (v &* (10_000 << 32 + 1)) &>> 32
    }

    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }

    private func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}

/// The index of the next `\n` in `bytes` from `start`, or `bytes.count`: memchr, which reads many bytes at a time.
func nextNewline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard start < bytes.count, let base = bytes.baseAddress,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
    else { return bytes.count }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
}

/// Calls `body` with each line of `text` and its number (from 1), as `lines(of:)` splits them: at `\n`, with a `\r`
/// before it left out of the line. Inlined, so that each reader's body is compiled into the loop.
@inline(__always)
func forEachLine(
    of text: String, _ body: (inout LineScanner, Int) throws(RecordingError) -> Void
) throws(RecordingError) {
    var text = text
    var failure: RecordingError?
    text.withUTF8 { bytes in
        var lineStart = 0
        var number = 1
        while true {
            let newline = nextNewline(in: bytes, from: lineStart)
            let lineEnd = newline < bytes.count && newline > lineStart && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
            var scanner = LineScanner(bytes, lineStart..<lineEnd)
            do throws(RecordingError) {
                try body(&scanner, number)
            } catch {
                failure = error
                return
            }
            guard newline < bytes.count else { return }
            number += 1
            lineStart = newline + 1
        }
    }
    if let failure { throw failure }
}
