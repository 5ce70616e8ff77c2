/// Writes one JSON object per line, keys in the order given ("type" first), straight into bytes: events are
/// written once per frame and shared by every subscriber, so this path avoids Foundation's encoder.
///
/// Keys are literals (`StaticString`): plain names written as they are, with nothing to scan or escape (a
/// key took as long as a short value). A key that is data, a custom recognizer's value name, goes through
/// `field(named:_:)`.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// One bit a nesting level, set once that level has a value (the next one needs a comma): no array to
    /// allocate per line. Lines are written by code, never nested from input, so 64 levels are plenty.
    private var needsComma: UInt64 = 0
    private var depth = 0

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    public mutating func beginObject(_ key: StaticString? = nil) {
        if let key { writeKey(key) } else { separate() }
        bytes.append(UInt8(ascii: "{"))
        open()
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        depth -= 1
    }

    public mutating func beginArray(_ key: StaticString? = nil) {
        if let key { writeKey(key) } else { separate() }
        bytes.append(UInt8(ascii: "["))
        open()
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
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
        bytes.append(UInt8(ascii: ":"))
        writeNumber(value)
    }

    public mutating func field(_ key: StaticString, _ value: Bool) {
        writeKey(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func fieldNull(_ key: StaticString) {
        writeKey(key)
        bytes.append(contentsOf: "null".utf8)
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
        bytes.append(contentsOf: raw)
    }

    /// The finished line, with its newline.
    public mutating func line() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private mutating func open() {
        depth += 1
        precondition(depth < 64, "JSONWriter: nested too deeply")
        needsComma &= ~(1 << depth)
    }

    private mutating func separate() {
        let bit: UInt64 = 1 << depth
        if needsComma & bit != 0 { bytes.append(UInt8(ascii: ",")) }
        needsComma |= bit
    }

    private mutating func writeKey(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { name in
            assert(name.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }, "a key that needs escaping")
            bytes.append(contentsOf: name)
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// JSON has no NaN or infinity: they are written as null rather than producing a line no parser reads.
    private mutating func writeNumber(_ d: Double) {
        guard d.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        if d == d.rounded(), abs(d) < 1e15 {
            writeInteger(Int64(d))
        } else {
            bytes.append(contentsOf: d.description.utf8)
        }
    }

    /// `d` rounded to `decimals` places, written without a trailing zero (`12.5`, `3`). Event lines are mostly
    /// such numbers, and `Double.description` cost a thousand instructions each, the largest part of a frame.
    private mutating func writeFixed(_ d: Double, decimals: Int) {
        let scaled = (d * Self.scales[decimals]).rounded()
        // Beyond 2^53 units a Double has no more digits than its description shows.
        guard scaled.isFinite, abs(scaled) < 9e15 else { return writeNumber(d) }
        writeDecimal(Int64(scaled), decimals: decimals)
    }

    /// `units` / 10^`decimals`, trailing fraction zeros dropped.
    private mutating func writeDecimal(_ units: Int64, decimals: Int) {
        var magnitude = units.magnitude
        if units < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits = decimals
        while digits > 0, magnitude % 10 == 0 {
            magnitude /= 10
            digits -= 1
        }
        let divisor = Self.powers[digits]
        writeDigits(magnitude / divisor, count: nil)
        guard digits > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        writeDigits(magnitude % divisor, count: digits)
    }

    private mutating func writeInteger(_ n: Int64) {
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        writeDigits(n.magnitude, count: nil)
    }

    /// The decimal digits of `n`, zero-padded to `count` when given. Filled from the end in a stack buffer:
    /// reversing them in place in `bytes` copied the array's slice each time.
    private mutating func writeDigits(_ n: UInt64, count: Int?) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var n = n
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n % 10)
                n /= 10
            } while n > 0
            if let count {
                while buffer.count - start < count {
                    start -= 1
                    buffer[start] = UInt8(ascii: "0")
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    private static let scales: [Double] = (0...9).map { pow10($0) }
    private static let powers: [UInt64] = (0...9).map { UInt64(pow10($0)) }
    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1) { r, _ in r * 10 } }

    /// Copies runs that need no escaping at once: a byte-by-byte append was most of a line's cost.
    private mutating func writeString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        if s.utf8.withContiguousStorageIfAvailable({ writeEscaped($0) }) == nil {
            var copy = s
            copy.withUTF8 { writeEscaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard var run = utf8.baseAddress else { return }
        let end = run + utf8.count
        var p = run
        while p < end {
            let b = p.pointee
            if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") {
                p += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: run, count: p - run))
            p += 1
            run = p
            switch b {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(b >> 4)], hex[Int(b & 15)]])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: run, count: end - run))
    }
}
