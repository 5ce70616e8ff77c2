/// Names looked up by their bytes, as a reader finds them on a line, without making a String of each: an
/// open-addressed table at most a quarter full, hashed on a name's length and a few of its bytes, each hit
/// compared eight bytes at a time (`bytesEqual`). Looking up a Substring in a Swift dictionary cost a String and SipHash per word of a
/// getevent line. A class: a reader passes its tables around once a line, and a struct of three arrays was copied
/// (three retains and releases) each time.
final class ByteNames<Value: Sendable>: Sendable {
    /// Every name's bytes, one after another.
    private let bytes: [UInt8]
    /// Each name's place in `bytes`, and its value.
    private let names: [(start: Int, count: Int, value: Value)]
    /// Index into `names`, or -1 for an empty slot.
    private let slots: [Int]
    private let mask: Int

    init(_ table: [Substring: Value]) {
        var size = 8
        while size < table.count * 4 { size *= 2 }
        var bytes: [UInt8] = []
        var names: [(start: Int, count: Int, value: Value)] = []
        var slots = [Int](repeating: -1, count: size)
        for (name, value) in table {
            let utf8 = Array(name.utf8)
            var i = utf8.withUnsafeBufferPointer { Self.hash($0) } & (size - 1)
            while slots[i] >= 0 { i = (i + 1) & (size - 1) }
            slots[i] = names.count
            names.append((bytes.count, utf8.count, value))
            bytes += utf8
        }
        self.bytes = bytes
        self.names = names
        self.slots = slots
        mask = size - 1
    }

    subscript(_ name: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let base = name.baseAddress else { return nil }
        return bytes.withUnsafeBufferPointer { stored in
            var i = Self.hash(name) & mask
            while case let n = slots[i], n >= 0 {
                let entry = names[n]
                if entry.count == name.count, let storedBase = stored.baseAddress,
                    bytesEqual(storedBase + entry.start, base, count: name.count)
                {
                    return entry.value
                }
                i = (i + 1) & mask
            }
            return nil
        }
    }

    /// The length and the first, middle and last bytes: names of one family differ in one of those, or collide
    /// with few.
    private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        let count = name.count
        guard count > 0 else { return 0 }
        let mixed = UInt64(count) | UInt64(name[0]) << 8 | UInt64(name[count / 2]) << 16 | UInt64(name[count - 1]) << 24
            | UInt64(name[count / 3]) << 32
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
