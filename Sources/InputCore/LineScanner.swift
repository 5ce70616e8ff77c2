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
    /// Set by `stopReading`: forEachLine calls for no more lines.
    private(set) var stopped = false

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

    /// The lines after this one are not wanted.
    mutating func stopReading() { stopped = true }

    /// At the end, a blank or a `#` (where evemu's comments start): the end of a field.
    var atFieldEnd: Bool { position >= end || isBlank(bytes[position]) || bytes[position] == UInt8(ascii: "#") }

    mutating func skipBlanks() {
        let bytes = self.bytes, end = self.end
        var i = position
        while i < end, isBlank(bytes[i]) { i += 1 }
        position = i
    }

    /// The bytes up to the next blank or the end, moved past.
    mutating func word() -> UnsafeBufferPointer<UInt8> {
        let bytes = self.bytes, end = self.end, start = position
        var i = start
        while i < end, !isBlank(bytes[i]) { i += 1 }
        position = i
        return UnsafeBufferPointer(rebasing: bytes[start..<i])
    }

    /// Moves past `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard position < end, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Moves past `literal` if the line continues with it. Inlined, so that the literal's length is known where
    /// it is compared.
    @inline(__always)
    mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount, start = position
        guard end - start >= count, let base = bytes.baseAddress else { return false }
        let here = UnsafeRawPointer(base + start), pointer = UnsafeRawPointer(literal.utf8Start)
        // Eight bytes at a time, then one at a time.
        var i = 0
        while count - i >= 8 {
            guard here.loadUnaligned(fromByteOffset: i, as: UInt64.self) == pointer.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            else { return false }
            i += 8
        }
        while i < count {
            guard here.load(fromByteOffset: i, as: UInt8.self) == pointer.load(fromByteOffset: i, as: UInt8.self) else { return false }
            i += 1
        }
        position = start + count
        return true
    }

    /// Whether `literal` occurs anywhere from here to the end: memchr finds each place its first byte is.
    func contains(_ literal: StaticString) -> Bool {
        var copy = self
        while copy.skip(to: literal.utf8Start.pointee) {
            if copy.take(literal) { return true }
            copy.position += 1
        }
        return false
    }

    /// Moves to the next `byte` (not past it); false, and nowhere, if the line has none.
    mutating func skip(to byte: UInt8) -> Bool {
        guard position < end, let base = bytes.baseAddress, let found = memchr(base + position, Int32(byte), end - position) else {
            return false
        }
        position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        return true
    }

    /// Decimal digits with an optional sign, as Swift's integer parsing takes them; nil (and nowhere) without a
    /// digit or beyond `T`.
    mutating func decimal<T: FixedWidthInteger>(_: T.Type = T.self) -> T? {
        let begin = position
        var negative = false
        if position < end, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            negative = bytes[position] == UInt8(ascii: "-")
            position += 1
        }
        guard let (magnitude, _) = decimalDigits(),
            negative ? magnitude <= UInt64(T.min.magnitude) : magnitude <= UInt64(T.max)
        else {
            position = begin
            return nil
        }
        // Two's complement: the negation of the magnitude, cut to T's width, is the negative number.
        return T(truncatingIfNeeded: negative ? 0 &- magnitude : magnitude)
    }

    /// Hexadecimal digits (either case), without sign or 0x, as evemu writes types and codes and getevent every
    /// number; nil (and nowhere) without a digit or beyond `T`.
    mutating func hex<T: FixedWidthInteger>(_: T.Type = T.self) -> T? {
        let begin = position
        guard let magnitude = hexDigits(), let value = T(exactly: magnitude) else {
            position = begin
            return nil
        }
        return value
    }

    /// `SECONDS.FRACTION` as evemu and evtest print it: seconds and microseconds, with `parseTime`'s limits.
    mutating func time() -> (Int64, Int64)? {
        let begin = position
        guard let (seconds, _) = decimalDigits(), seconds < 9_000_000_000, take(UInt8(ascii: ".")),
            let (micros, count) = decimalDigits(), count <= 9
        else {
            position = begin
            return nil
        }
        return (Int64(seconds), microseconds(fraction: Int64(micros), digits: count))
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
        while i < end, let digit = hexDigit(bytes[i]) {
            value = value &<< 4 | UInt64(digit)
            i += 1
        }
        position = i
        return i > start && i - significant <= 16 ? value : nil
    }

    /// Decimal digits and how many (leading zeros too, which a fraction's count needs): at most 19 after the
    /// leading zeros, which fit in 64 bits. (Eight digits at a time with word arithmetic was tried: no fewer
    /// instructions on captures, whose numbers are mostly short.)
    @inline(__always)
    private mutating func decimalDigits() -> (value: UInt64, count: Int)? {
        let bytes = self.bytes, end = self.end, start = position
        var i = start
        while i < end, bytes[i] == UInt8(ascii: "0") { i += 1 }
        let significant = i
        var value: UInt64 = 0
        while i < end {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            i += 1
        }
        position = i
        return i > start && i - significant <= 19 ? (value, i - start) : nil
    }

    private func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}

/// A hex digit's value (either case), or nil.
@inline(__always)
func hexDigit(_ byte: UInt8) -> UInt8? {
    if byte &- UInt8(ascii: "0") < 10 { return byte &- UInt8(ascii: "0") }
    if (byte | 0x20) &- UInt8(ascii: "a") < 6 { return (byte | 0x20) &- UInt8(ascii: "a") &+ 10 }
    return nil
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
            guard newline < bytes.count, !scanner.stopped else { return }
            number += 1
            lineStart = newline + 1
        }
    }
    if let failure { throw failure }
}
