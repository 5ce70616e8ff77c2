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

    /// `"id":…` when there is one: a request's, echoed in its reply.
    public mutating func field(_ key: StaticString, _ id: RequestID?) {
        switch id {
        case .number(let n)?: field(key, n)
        case .string(let s)?: field(key, s)
        case nil: break
        }
    }

    /// A JSON value as a client gave it (a region's or a recognizer's fields), an object's keys sorted.
    public mutating func field(_ key: StaticString, _ value: JSONValue) {
        writeKey(key)
        writeValue(value)
    }

    /// An already encoded JSON value.
    public mutating func field(_ key: StaticString, raw: [UInt8]) {
        writeKey(key)
        raw.withUnsafeBufferPointer { put($0) }
    }

    /// Room for `maximum` bytes, made at once, and `body` writes into it through a cursor (LineCursor): a line of
    /// a fixed shape, written whole. The writer's count of values and levels is the caller's to keep right.
    public mutating func write(maximum: Int, _ body: (inout LineCursor) -> Void) {
        put(maximum: maximum) { p in
            var cursor = LineCursor(p)
            body(&cursor)
            return cursor.position - p
        }
    }

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

    // MARK: Numbers and strings (JSONText)

    /// JSON has no NaN or infinity: they are written as null rather than producing a line no parser reads.
    private mutating func writeNumber(_ d: Double) { put(maximum: JSONText.numberBytes) { JSONText.number(d, at: $0) - $0 } }

    /// `d` rounded to `decimals` places, written without a trailing zero (`12.5`, `3`).
    private mutating func writeFixed(_ d: Double, decimals: Int) {
        put(maximum: JSONText.numberBytes) { JSONText.fixed(d, decimals: decimals, at: $0) - $0 }
    }

    /// `units` / 10^`decimals`, trailing fraction zeros dropped.
    private mutating func writeDecimal(_ units: Int64, decimals: Int) {
        put(maximum: JSONText.numberBytes) { JSONText.decimal(units, decimals: decimals, at: $0) - $0 }
    }

    private mutating func writeInteger(_ n: Int64) { put(maximum: JSONText.numberBytes) { JSONText.integer(n, at: $0) - $0 } }

    /// Whole, as text: nothing after it needs the writer's count of levels.
    private mutating func writeValue(_ value: JSONValue) {
        switch value {
        case .null: put("null")
        case .bool(let b): put(b ? "true" : "false")
        case .integer(let n): writeInteger(Int64(n))
        case .number(let d): writeNumber(d)
        case .string(let s): writeString(s)
        case .array(let items):
            put(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { put(UInt8(ascii: ",")) }
                writeValue(item)
            }
            put(UInt8(ascii: "]"))
        case .object(let fields):
            put(UInt8(ascii: "{"))
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { put(UInt8(ascii: ",")) }
                writeString(key)
                put(UInt8(ascii: ":"))
                writeValue(fields[key]!)
            }
            put(UInt8(ascii: "}"))
        }
    }

    private mutating func writeString(_ s: String) {
        put(maximum: JSONText.quotedBytes(s.utf8.count)) { JSONText.quoted(s, at: $0) - $0 }
    }
}
