import Glibc

/// The strings a stream of lines repeats (recognizers', devices', regions' names), made once each: a line's name is
/// matched against the names made before, first the one last in the same place of a line (`Slot`), and shared,
/// where making one per line cost an allocation, a UTF-8 check and a look at each byte. Bounded: past `capacity`
/// names the oldest is replaced.
struct InternedNames {
    static let capacity = 64

    /// Where in a line a name stands: each remembers the name it last held.
    enum Slot: Int, CaseIterable {
        case recognizer, kind, owner, device, node, region, word, contactClass, customKey
    }

    private var bytes: [[UInt8]] = []
    private var names: [String] = []
    private var oldest = 0
    private var last = [Int](repeating: 0, count: Slot.allCases.count)

    /// The quoted string at the scanner, in `slot`; nil when it is not a string without escapes, or not UTF-8.
    mutating func name(_ s: inout LineScanner, _ slot: Slot) -> String? {
        let hint = last[slot.rawValue]
        if hint < bytes.count, bytes[hint].withUnsafeBufferPointer({ s.take(quoted: $0) }) { return names[hint] }
        guard let span = s.string(), let index = index(span) else { return nil }
        last[slot.rawValue] = index
        return names[index]
    }

    /// The index of the name these bytes spell, made now if new; nil when they are not UTF-8.
    private mutating func index(_ span: UnsafeBufferPointer<UInt8>) -> Int? {
        for i in bytes.indices where bytes[i].count == span.count {
            if span.count == 0 || bytes[i].withUnsafeBufferPointer({ memcmp($0.baseAddress!, span.baseAddress!, span.count) }) == 0 { return i }
        }
        guard let name = String(validating: span, as: UTF8.self) else { return nil }
        if bytes.count < Self.capacity {
            bytes.append(Array(span))
            names.append(name)
            return bytes.count - 1
        }
        let index = oldest
        bytes[index] = Array(span)
        names[index] = name
        oldest = (oldest + 1) % Self.capacity
        return index
    }
}
