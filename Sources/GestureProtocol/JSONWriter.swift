/// Writes one JSON object per line, keys in the order given ("type" first), straight into bytes: events are
/// written once per frame and shared by every subscriber, so this path avoids Foundation's encoder.
///
/// Keys are literals (`StaticString`): plain names written as they are, with nothing to scan or escape. A key
/// that is data, a custom recognizer's value name, goes through `field(named:_:)`.
///
/// Each piece is stored through a pointer into room made for it at once: appending to an array byte by byte
/// (a uniqueness and a capacity check each) and formatting numbers with `Double.description` were most of a
/// frame's instructions (callgrind: an event line took 19,000; docs/daemon.md).
public struct JSONWriter {
    /// The line so far is `storage[0..<count]`; the rest is room.
    private var storage: [UInt8]
    private var count = 0
    /// One bit a nesting level, set once that level has a value (the next one needs a comma): no array to
    /// allocate per line. Lines are written by code, never nested from input, so 64 levels are plenty.
    private var needsComma: UInt64 = 0
    private var depth = 0

    public init(capacity: Int = 256) { storage = [UInt8](repeating: 0, count: capacity) }

    public mutating func beginObject(_ key: StaticString? = nil) {
        if let key { writeKey(key) } else { separate() }
        put(UInt8(ascii: "{"))
        open()
    }

    public mutating func endObject() {
        put(UInt8(ascii: "}"))
        depth -= 1
    }

    public mutating func beginArray(_ key: StaticString? = nil) {
        if let key { writeKey(key) } else { separate() }
        put(UInt8(ascii: "["))
        open()
    }

    public mutating func endArray() {
        put(UInt8(ascii: "]"))
        depth -= 1
    }

    public mutating func field(_ key: StaticString, _ value: String) {
        writeKey(key)
        writeString(value)
    }

    public mutating func field(_ key: StaticString, _ value: Int) {
        writeKey(key)
        writeInteger(Int64(value))
    }

    public mutating func field(_ key: StaticString, _ value: Double) {
        writeKey(key)
        writeNumber(value)
    }

    /// A number rounded to `decimals` places (at most 9), as short as it can be written.
    public mutating func field(_ key: StaticString, _ value: Double, decimals: Int) {
        writeKey(key)
        writeFixed(value, decimals: decimals)
    }

    /// Seconds to the microsecond (a timestamp), exact.
    public mutating func field(_ key: StaticString, microseconds: Int64) {
        writeKey(key)
        writeDecimal(microseconds, decimals: 6)
    }

    /// A field whose key is data, escaped like any string.
    public mutating func field(named key: String, _ value: Double) {
        separate()
        writeString(key)
        put(UInt8(ascii: ":"))
        writeNumber(value)
    }

    public mutating func field(_ key: StaticString, _ value: Bool) {
        writeKey(key)
        put(value ? "true" : "false")
    }

    public mutating func fieldNull(_ key: StaticString) {
        writeKey(key)
        put("null")
    }

    /// `"key":[a,b]`, for points and sizes.
    public mutating func field(_ key: StaticString, _ a: Double, _ b: Double) {
        beginArray(key)
        element(a)
        element(b)
        endArray()
    }

    /// `"key":[a,b]`, each rounded to `decimals` places.
    public mutating func field(_ key: StaticString, _ a: Double, _ b: Double, decimals: Int) {
        beginArray(key)
        separate()
        writeFixed(a, decimals: decimals)
        separate()
        writeFixed(b, decimals: decimals)
        endArray()
    }

    public mutating func field(_ key: StaticString, strings: [String]) {
        beginArray(key)
        for s in strings { element(s) }
        endArray()
    }

    public mutating func element(_ value: Double) {
        separate()
        writeNumber(value)
    }

    public mutating func element(_ value: String) {
        separate()
        writeString(value)
    }

    /// An already encoded JSON value.
    public mutating func field(_ key: StaticString, raw: [UInt8]) {
        writeKey(key)
        raw.withUnsafeBufferPointer { put($0) }
    }

    // MARK: Lines of a fixed shape

    // An event line has the same keys in the same order every time: it is written as fixed pieces of JSON text
    // (its keys and punctuation, and the names encoded once per device), with its values between them. These
    // keep no count of values or levels: the caller writes the line whole, from its opening brace to its end.

    /// JSON text as it is.
    public mutating func raw(_ text: StaticString) { put(text) }

    /// Text encoded before, as it is.
    public mutating func raw(_ encoded: EncodedFields) { encoded.bytes.withUnsafeBufferPointer { put($0) } }

    /// A number rounded to `decimals` places (at most 9), as short as it can be written.
    public mutating func fixed(_ d: Double, decimals: Int) { writeFixed(d, decimals: decimals) }

    public mutating func integer(_ n: Int) { writeInteger(Int64(n)) }

    /// Seconds to the microsecond (a timestamp), exact.
    public mutating func seconds(microseconds: Int64) { writeDecimal(microseconds, decimals: 6) }

    public mutating func number(_ d: Double) { writeNumber(d) }

    /// A string, quoted and escaped.
    public mutating func string(_ s: String) { writeString(s) }

    /// The finished line, with its newline.
    public mutating func line() -> [UInt8] {
        put(UInt8(ascii: "\n"))
        storage.removeSubrange(count...)
        return storage
    }

    /// Starts a new line in the same storage: a writer kept for every line of a frame allocates nothing.
    public mutating func reset() {
        count = 0
        needsComma = 0
        depth = 0
    }

    /// What was written so far, valid during `body`.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// What was written so far, for `EncodedFields`.
    var written: [UInt8] { Array(storage[..<count]) }

    // MARK: Storing

    /// Makes room for `maximum` more bytes and lets `body` store up to that many after the line so far; keeps as
    /// many as it returns.
    @inline(__always)
    private mutating func put(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if count + maximum > storage.count { storage += repeatElement(0, count: max(maximum, storage.count)) }
        let at = count
        count += storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + at) }
    }

    private mutating func put(_ byte: UInt8) {
        put(maximum: 1) {
            $0.pointee = byte
            return 1
        }
    }

    private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        put(maximum: bytes.count) {
            $0.update(from: source, count: bytes.count)
            return bytes.count
        }
    }

    private mutating func put(_ text: StaticString) { text.withUTF8Buffer { put($0) } }

    private mutating func open() {
        depth += 1
        precondition(depth < 64, "JSONWriter: nested too deeply")
        needsComma &= ~(1 << depth)
    }

    private mutating func separate() {
        let bit: UInt64 = 1 << depth
        if needsComma & bit != 0 { put(UInt8(ascii: ",")) }
        needsComma |= bit
    }

    /// `,"key":` in one store.
    private mutating func writeKey(_ key: StaticString) {
        let bit: UInt64 = 1 << depth
        let comma = needsComma & bit != 0
        needsComma |= bit
        key.withUTF8Buffer { name in
            assert(name.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }, "a key that needs escaping")
            guard let source = name.baseAddress else { return }
            put(maximum: name.count + 4) { p in
                var q = p
                if comma {
                    q.pointee = UInt8(ascii: ",")
                    q += 1
                }
                q.pointee = UInt8(ascii: "\"")
                (q + 1).update(from: source, count: name.count)
                q += name.count + 1
                q[0] = UInt8(ascii: "\"")
                q[1] = UInt8(ascii: ":")
                return q + 2 - p
            }
        }
    }

    // MARK: Numbers

    /// JSON has no NaN or infinity: they are written as null rather than producing a line no parser reads.
    private mutating func writeNumber(_ d: Double) {
        guard d.isFinite else { return put("null") }
        if d == d.rounded(), abs(d) < 1e15 {
            writeInteger(Int64(d))
        } else {
            var text = d.description
            text.withUTF8 { put($0) }
        }
    }

    /// `d` rounded to `decimals` places, written without a trailing zero (`12.5`, `3`).
    private mutating func writeFixed(_ d: Double, decimals: Int) {
        let scaled = (d * Self.scale(decimals)).rounded()
        // Beyond 2^53 units a Double has no more digits than its description shows.
        guard scaled.isFinite, abs(scaled) < 9e15 else { return writeNumber(d) }
        writeDecimal(Int64(scaled), decimals: decimals)
    }

    /// 10^`decimals` (0...9), without a table: a static array is a lazy global, checked on every number.
    private static func scale(_ decimals: Int) -> Double {
        switch decimals {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        default: 1e9
        }
    }

    /// `units` / 10^`decimals`, trailing fraction zeros dropped.
    private mutating func writeDecimal(_ units: Int64, decimals: Int) {
        var magnitude = units.magnitude
        var places = decimals
        while places > 0, magnitude % 10 == 0 {
            magnitude /= 10
            places -= 1
        }
        // Sign, up to 20 digits, point.
        put(maximum: 22) { p in
            var q = p
            if units < 0 {
                q.pointee = UInt8(ascii: "-")
                q += 1
            }
            // Written backwards from the end: the places, the point, the whole part (at least "0").
            let whole = Swift.max(Self.digitCount(magnitude) - places, 1)
            let end = q + whole + (places > 0 ? places + 1 : 0)
            var rest = magnitude
            if places > 0 {
                rest = Self.store(magnitude, digits: places, endingAt: end)
                end[-places - 1] = UInt8(ascii: ".")
            }
            Self.store(rest, digits: whole, endingAt: q + whole)
            return end - p
        }
    }

    private mutating func writeInteger(_ n: Int64) {
        put(maximum: 21) { p in
            var q = p
            if n < 0 {
                q.pointee = UInt8(ascii: "-")
                q += 1
            }
            let digits = Self.digitCount(n.magnitude)
            Self.store(n.magnitude, digits: digits, endingAt: q + digits)
            return q + digits - p
        }
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

    // MARK: Strings

    private mutating func writeString(_ s: String) {
        if s.utf8.withContiguousStorageIfAvailable({ writeQuoted($0) }) == nil {
            var copy = s
            copy.withUTF8 { writeQuoted($0) }
        }
    }

    /// The string in quotes, escaped where JSON requires: at most six bytes for each of its bytes (`\u001f`).
    private mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        put(maximum: utf8.count * 6 + 2) { p in
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
            return q + 1 - p
        }
    }
}
