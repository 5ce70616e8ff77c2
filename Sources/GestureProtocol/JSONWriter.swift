/// Writes one JSON object per line, keys in the order given ("type" first), straight into bytes: events are
/// written once per frame and shared by every subscriber, so this path avoids Foundation's encoder.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = [false]

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    public mutating func beginObject(_ key: String? = nil) {
        if let key { writeKey(key) } else { separate() }
        bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma.removeLast()
    }

    public mutating func beginArray(_ key: String? = nil) {
        if let key { writeKey(key) } else { separate() }
        bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma.removeLast()
    }

    public mutating func field(_ key: String, _ value: String) {
        writeKey(key)
        writeString(value)
    }

    public mutating func field(_ key: String, _ value: Int) {
        writeKey(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    public mutating func field(_ key: String, _ value: Double) {
        writeKey(key)
        writeNumber(value)
    }

    public mutating func field(_ key: String, _ value: Bool) {
        writeKey(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func fieldNull(_ key: String) {
        writeKey(key)
        bytes.append(contentsOf: "null".utf8)
    }

    /// `"key":[a,b]`, for points and sizes.
    public mutating func field(_ key: String, _ a: Double, _ b: Double) {
        beginArray(key)
        element(a)
        element(b)
        endArray()
    }

    public mutating func field(_ key: String, strings: [String]) {
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
    public mutating func field(_ key: String, raw: [UInt8]) {
        writeKey(key)
        bytes.append(contentsOf: raw)
    }

    /// The finished line, with its newline.
    public mutating func line() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    private mutating func writeKey(_ key: String) {
        separate()
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// JSON has no NaN or infinity: they are written as null rather than producing a line no parser reads.
    private mutating func writeNumber(_ d: Double) {
        guard d.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        if d == d.rounded(), abs(d) < 1e15 {
            bytes.append(contentsOf: String(Int(d)).utf8)
        } else {
            bytes.append(contentsOf: d.description.utf8)
        }
    }

    private mutating func writeString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(b >> 4)], hex[Int(b & 15)]])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
