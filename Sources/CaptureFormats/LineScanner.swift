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

    /// The high bit of each byte of `word` that is a space or a tab, exactly: a byte is zero after the xor with
    /// its blank, and its low seven bits plus 0x7f carry into its high bit, without reaching the next byte, unless
    /// it is zero.
    @inline(__always)
    private static func blanks(in word: UInt64) -> UInt64 {
        let spaces = word ^ 0x2020_2020_2020_2020, tabs = word ^ 0x0909_0909_0909_0909
        let nonSpace = ((spaces & 0x7f7f_7f7f_7f7f_7f7f) &+ 0x7f7f_7f7f_7f7f_7f7f) | spaces
        let nonTab = ((tabs & 0x7f7f_7f7f_7f7f_7f7f) &+ 0x7f7f_7f7f_7f7f_7f7f) | tabs
        return ~(nonSpace & nonTab) & 0x8080_8080_8080_8080
    }

    /// Moves past a run of spaces, eight bytes at a time; how many there were.
    @inline(__always)
    mutating func skipSpaces() -> Int {
        let start = position
        position = spacesEnd(from: start)
        return position - start
    }

    /// Where the spaces from `start` end: the first byte of a word that is not a space, found by its lowest set
    /// bit once the spaces are made zero bytes.
    @inline(__always)
    private func spacesEnd(from start: Int) -> Int {
        var i = start
        if let base = bytes.baseAddress {
            while end &- i >= 8 {
                let word = word(base, at: i) ^ 0x2020_2020_2020_2020
                if word != 0 { return i &+ word.trailingZeroBitCount &>> 3 }
                i &+= 8
            }
        }
        while i < end, bytes[i] == UInt8(ascii: " ") { i &+= 1 }
        return i
    }

    /// Eight bytes from `offset`, the first the lowest.
    @inline(__always)
    private func word(_ base: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// The next byte, if the line goes on.
    var next: UInt8? { position < end ? bytes[position] : nil }

    /// Where the line starts in the text's bytes.
    var lineStart: Int { start }

    /// Whether every byte from here to the end is printable ASCII or a tab: no byte another reader (libyaml) could
    /// take for a line break or refuse. Eight bytes at a time; bytes below 0x20, from 0x7f or at 0x80 and above (the
    /// test also catches some others) have the text looked at byte by byte.
    func restIsPlainText() -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let start = position, end = self.end
        guard end &- start >= 8 else { return (start..<end).allSatisfy { isPlain(base[$0]) } }
        // Whole words, the last one overlapping the one before it where the length is not a multiple of eight; the
        // high bits gathered over all of them and looked at once.
        var odd: UInt64 = 0
        var at = start
        while at &+ 8 < end {
            let word = word(base, at: at)
            odd |= (word &- 0x2020_2020_2020_2020) | word | (word &+ 0x0101_0101_0101_0101)
            at &+= 8
        }
        let last = word(base, at: end &- 8)
        odd |= (last &- 0x2020_2020_2020_2020) | last | (last &+ 0x0101_0101_0101_0101)
        return odd & 0x8080_8080_8080_8080 == 0 || (start..<end).allSatisfy { isPlain(base[$0]) }
    }

    private func isPlain(_ byte: UInt8) -> Bool { (0x20..<0x7f).contains(byte) || byte == UInt8(ascii: "\t") }

    /// The bytes up to the next blank or the end, moved past.
    @inline(__always)
    mutating func word() -> UnsafeBufferPointer<UInt8> {
        let start = position, end = self.end
        guard let base = bytes.baseAddress else { return UnsafeBufferPointer(rebasing: bytes[start..<start]) }
        var i = start
        while end &- i >= 8 {
            let blanks = Self.blanks(in: word(base, at: i))
            if blanks != 0 {
                i &+= blanks.trailingZeroBitCount &>> 3
                position = i
                return UnsafeBufferPointer(start: base + start, count: i &- start)
            }
            i &+= 8
        }
        while i < end, !isBlank(base[i]) { i &+= 1 }
        position = i
        return UnsafeBufferPointer(start: base + start, count: i &- start)
    }

    /// Back to where it was (a `position` read before): for a reader that tried a field one way and reads it
    /// another.
    mutating func move(to earlier: Int) {
        precondition(earlier >= start && earlier <= position, "a scanner only moves back within its line")
        position = earlier
    }

    /// The value of the next word in `table`, moved past; nil, and nowhere, for a word it does not have.
    @inline(__always)
    mutating func name<Value>(in table: ByteNames<Value>) -> Value? {
        let begin = position
        guard let value = table[word()] else {
            position = begin
            return nil
        }
        return value
    }

    /// Moves past `path` and a colon after it that ends a word (getevent's device path, as the last line had it),
    /// if the line continues with them: compared in place, eight bytes at a time.
    @inline(__always)
    mutating func take(path: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = path.count, at = position
        guard let base = bytes.baseAddress, let pathBase = path.baseAddress, end &- at > count,
            base[at &+ count] == UInt8(ascii: ":"), at &+ count &+ 1 == end || isBlank(base[at &+ count &+ 1]),
            bytesEqual(base + at, pathBase, count: count)
        else { return false }
        position = at &+ count &+ 1
        return true
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
        guard bytesEqual(base + start, literal.utf8Start, count: count) else { return false }
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

    /// A field of a list: spaces, decimal digits with an optional sign, spaces and `separator`, moved past; nil (and
    /// somewhere in the field) otherwise, or for more than 18 digits, which no field of an event needs. Inlined, so
    /// that the five fields of libinput record's event lines (nearly all of a file) are read with their indices in
    /// registers; the separator right after the digits, as the tool writes it, is found in the word they were in.
    @inline(__always)
    mutating func listField(then separator: UInt8) -> Int64? {
        guard let base = bytes.baseAddress else { return nil }
        var i = spacesEnd(from: position)
        guard i < end else { return nil }
        let negative = base[i] == UInt8(ascii: "-")
        if negative || base[i] == UInt8(ascii: "+") { i &+= 1 }
        guard let (value, count, next) = digits(base, from: i), count <= 18 else { return nil }
        i &+= count
        if next != separator {
            i = spacesEnd(from: i)
            guard i < end, base[i] == separator else { return nil }
        }
        position = i &+ 1
        return negative ? 0 &- value : value
    }

    /// The decimal digits from `start`, as a number, how many, and the byte after them (0 at the line's end); nil
    /// without a digit. Up to seven at once where eight bytes are left: each byte less '0', the first that is not a
    /// digit found by the high bits of the bytes below '0' or above '9' (`number(ofDigits:)`); more digits, or
    /// fewer bytes left, one at a time. Apart from `decimalDigits` (the same scan for times and numbers): it leaves
    /// the position alone and hands back the byte after the digits, which it has in hand; `listField` through
    /// `decimalDigits` cost libinput record 57 instructions more a line.
    @inline(__always)
    private func digits(_ base: UnsafePointer<UInt8>, from start: Int) -> (Int64, count: Int, next: UInt8)? {
        if end &- start >= 8 {
            let bytes = word(base, at: start)
            let values = bytes &- 0x3030_3030_3030_3030
            // A byte's value from 10 up gets its high bit from the addition; one below '0' has it already (a byte
            // borrowed from is after the first such byte, and so not looked at).
            let others = (values | (values &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080
            let count = others.trailingZeroBitCount &>> 3
            if count == 0 { return nil }
            if count < 8 {
                return (Int64(Self.number(ofDigits: values, count: count)), count, UInt8(truncatingIfNeeded: bytes &>> UInt64(count &* 8)))
            }
        }
        var i = start, value: Int64 = 0
        while i < end {
            let digit = base[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int64(digit)
            i &+= 1
        }
        return i > start ? (value, i &- start, i < end ? base[i] : 0) : nil
    }

    /// The first `count` (1 to 8) of a word's bytes, each a digit's value, as a number: moved to the word's top
    /// (zeros before them are leading zeros) and summed in pairs, fours and eights, three multiplications.
    @inline(__always)
    private static func number(ofDigits values: UInt64, count: Int) -> UInt64 {
        var v = values &<< UInt64((8 &- count) &* 8)
        v = ((v &* 10) &+ (v &>> 8)) & 0x00FF_00FF_00FF_00FF
        v = ((v &* 100) &+ (v &>> 16)) & 0x0000_FFFF_0000_FFFF
        return ((v &* 10_000) &+ (v &>> 32)) & 0x0000_0000_FFFF_FFFF
    }

    /// Each byte of `word` as a hex digit's value, and how many of its first bytes are hex digits (either case).
    /// A byte's place in a range is told by adding to its low seven bits what carries a byte at the range's start
    /// into the high bit (no carry leaves a byte); the letters are compared lowercased, the digits as they are (an
    /// uppercased control byte would pass for a digit), and bytes from 0x80 are none.
    @inline(__always)
    private static func hexValues(_ word: UInt64) -> (values: UInt64, count: Int) {
        let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
        let low = word & 0x7f7f_7f7f_7f7f_7f7f, lower = low | 0x2020_2020_2020_2020
        let digits = (low &+ 0x50 &* ones) & ~(low &+ 0x46 &* ones)
        let letters = (lower &+ 0x1f &* ones) & ~(lower &+ 0x19 &* ones)
        let hex = (digits | letters) & ~word & high
        let count = (~hex & high).trailingZeroBitCount &>> 3
        return ((word & 0x0f0f_0f0f_0f0f_0f0f) &+ ((letters & high) &>> 7) &* 9, count)
    }

    /// The first `count` (1 to 8) of a word's bytes, each a hex digit's value, as a number: `number(ofDigits:)` in
    /// base 16.
    @inline(__always)
    private static func number(ofHexDigits values: UInt64, count: Int) -> UInt64 {
        var v = values &<< UInt64((8 &- count) &* 8)
        v = ((v &<< 4) &+ (v &>> 8)) & 0x00FF_00FF_00FF_00FF
        v = ((v &<< 8) &+ (v &>> 16)) & 0x0000_FFFF_0000_FFFF
        return ((v &<< 16) &+ (v &>> 32)) & 0x0000_0000_FFFF_FFFF
    }

    /// Hexadecimal digits (either case), without sign or 0x, as evemu writes types and codes and getevent every
    /// number; nil (and nowhere) without a digit or beyond `T`.
    @inline(__always)
    mutating func hex<T: FixedWidthInteger>(_: T.Type = T.self) -> T? {
        let begin = position
        guard let magnitude = hexDigits(T.self), let value = T(exactly: magnitude) else {
            position = begin
            return nil
        }
        return value
    }

    /// `hex`, where the digits are a whole word (a blank or the end after them); nil, and nowhere, otherwise.
    @inline(__always)
    mutating func hexWord<T: FixedWidthInteger>(_: T.Type = T.self) -> T? {
        let begin = position
        guard let value = hex(T.self) else { return nil }
        guard position == end || isBlank(bytes[position]) else {
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
    private mutating func hexDigits<T: FixedWidthInteger>(_: T.Type) -> UInt64? {
        let bytes = self.bytes, end = self.end, start = position
        // Numbers wider than a code (getevent's values have eight digits) up to eight digits at once, when the number
        // ends within the word or just after it; a longer one goes on one digit at a time from the start. Codes
        // (four digits, mostly zeros) go one digit at a time: that costs less than the word arithmetic.
        if T.bitWidth > 16, end &- start >= 8, let base = bytes.baseAddress {
            let (values, count) = Self.hexValues(word(base, at: start))
            if count == 0 { return nil }
            if count < 8 || start &+ 8 == end || hexDigit(base[start &+ 8]) == nil {
                position = start &+ count
                return Self.number(ofHexDigits: values, count: count)
            }
        }
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
    /// leading zeros, which fit in 64 bits. The first eight at once where eight bytes are left (a getevent time's
    /// seconds have ten digits), the rest one at a time.
    @inline(__always)
    private mutating func decimalDigits() -> (value: UInt64, count: Int)? {
        guard let base = bytes.baseAddress else { return nil }
        let end = self.end, start = position
        var i = start
        var value: UInt64 = 0
        var more = true
        if end &- i >= 8 {
            let values = word(base, at: i) &- 0x3030_3030_3030_3030
            let count = ((values | (values &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080).trailingZeroBitCount &>> 3
            if count > 0 { value = Self.number(ofDigits: values, count: count) }
            i &+= count
            more = count == 8
        }
        while more, i < end {
            let digit = base[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            i &+= 1
        }
        position = i
        guard i > start else { return nil }
        if i &- start > 19 {
            // Beyond 64 bits unless enough of them are leading zeros.
            var significant = start
            while significant < i, base[significant] == UInt8(ascii: "0") { significant &+= 1 }
            guard i &- significant <= 19 else { return nil }
        }
        return (value, i &- start)
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

/// Whether `count` bytes at `a` and `b` are the same: eight at a time, the last eight (overlapping the ones
/// before) for what is left of a name of eight bytes or more; the first and last four of four to seven; one at a
/// time below that. Inlined: the words are short
/// (a literal, a name, a device's path), and memcmp's call cost more than the comparing.
@inline(__always)
func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
    let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
    guard count >= 8 else {
        if count >= 4 {
            return ra.loadUnaligned(as: UInt32.self) == rb.loadUnaligned(as: UInt32.self)
                && ra.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self) == rb.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        }
        var i = 0
        while i < count {
            guard a[i] == b[i] else { return false }
            i &+= 1
        }
        return true
    }
    var i = 0
    while count &- i > 8 {
        guard ra.loadUnaligned(fromByteOffset: i, as: UInt64.self) == rb.loadUnaligned(fromByteOffset: i, as: UInt64.self) else { return false }
        i &+= 8
    }
    return ra.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == rb.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
}

/// The index of the next `\n` in `bytes` from `start`, or `bytes.count`: memchr, which reads many bytes at a time.
func nextNewline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard start < bytes.count, let base = bytes.baseAddress,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
    else { return bytes.count }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
}

/// The lines of a text's bytes, as `lines(of:)` splits them: at `\n`, with a `\r` before it left out of the line.
/// Each comes with its number (from 1) and where its line break is (the end of the bytes for a last line that has
/// none).
struct Lines {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var lineStart = 0
    private var number = 0
    private var done = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    @inline(__always)
    mutating func next() -> (line: LineScanner, number: Int, newline: Int)? {
        guard !done else { return nil }
        let newline = nextNewline(in: bytes, from: lineStart)
        let lineEnd = newline < bytes.count && newline > lineStart && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
        let line = LineScanner(bytes, lineStart..<lineEnd)
        number += 1
        if newline < bytes.count { lineStart = newline + 1 } else { done = true }
        return (line, number, newline)
    }
}

/// Calls `body` with each line of `text` and its number (from 1), as `Lines` splits them. Inlined, so that each
/// reader's body is compiled into the loop.
@inline(__always)
func forEachLine(
    of text: String, _ body: (inout LineScanner, Int) throws(RecordingError) -> Void
) throws(RecordingError) {
    var text = text
    var failure: RecordingError?
    text.withUTF8 { bytes in
        var lines = Lines(bytes)
        while let (line, number, _) = lines.next() {
            var scanner = line
            do throws(RecordingError) {
                try body(&scanner, number)
            } catch {
                failure = error
                return
            }
            guard !scanner.stopped else { return }
        }
    }
    if let failure { throw failure }
}
