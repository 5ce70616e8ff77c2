/// Names looked up by their bytes, as a reader finds them on a line, without making a String of each: an
/// open-addressed table at most a quarter full, hashed on a name's length and its first and last bytes, each hit
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
    /// A hash's top bits index the slots: a multiplication mixes its high bits best.
    private let shift: UInt64

    init(_ table: [Substring: Value]) {
        var size = 8
        while size < table.count * 4 { size *= 2 }
        let shift = UInt64(64 - size.trailingZeroBitCount)
        var bytes: [UInt8] = []
        var names: [(start: Int, count: Int, value: Value)] = []
        var slots = [Int](repeating: -1, count: size)
        // In the names' order, not the dictionary's (which changes from one run to the next), so that where a name
        // lands, and the instructions a lookup takes, are the same every run.
        for (name, value) in table.sorted(by: { $0.key < $1.key }) {
            let utf8 = Array(name.utf8)
            var i = Int(utf8.withUnsafeBufferPointer { Self.hash($0.baseAddress!, count: $0.count) } &>> shift)
            while slots[i] >= 0 { i = (i + 1) & (size - 1) }
            slots[i] = names.count
            names.append((bytes.count, utf8.count, value))
            bytes += utf8
        }
        self.bytes = bytes
        self.names = names
        self.slots = slots
        self.shift = shift
        mask = size - 1
    }

    /// Inlined into the readers, so that a getevent line's two names are looked up without calls.
    @inline(__always)
    subscript(_ name: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let base = name.baseAddress else { return nil }
        let count = name.count
        return bytes.withUnsafeBufferPointer { stored in
            var i = Int(truncatingIfNeeded: Self.hash(base, count: count) &>> shift)
            while case let n = slots[i], n >= 0 {
                let entry = names[n]
                if entry.count == count, let storedBase = stored.baseAddress, bytesEqual(storedBase + entry.start, base, count: count) {
                    return entry.value
                }
                i = (i &+ 1) & mask
            }
            return nil
        }
    }

    /// The name's first and last eight bytes (four for a shorter name, single bytes below four) and its length:
    /// two loads that tell apart the members of a name family (`ABS_MT_POSITION_X` and `_Y`, `EV_ABS` and `EV_SYN`),
    /// which differ at an end.
    @inline(__always)
    private static func hash(_ base: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(base)
        let first: UInt64, last: UInt64
        if count >= 8 {
            first = raw.loadUnaligned(as: UInt64.self)
            last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            first = UInt64(raw.loadUnaligned(as: UInt32.self))
            last = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
        } else if count > 0 {
            first = UInt64(base[0]) | UInt64(base[count / 2]) &<< 8
            last = UInt64(base[count &- 1])
        } else {
            first = 0
            last = 0
        }
        return (first &* 0x9E37_79B9_7F4A_7C15) ^ ((last &+ UInt64(count)) &* 0xC2B2_AE3D_27D4_EB4F)
    }
}
