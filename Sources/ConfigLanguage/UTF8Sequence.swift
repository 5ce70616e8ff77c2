/// Well-formed UTF-8, a sequence at a time: what a TOML document must be, and what a configuration's bytes are
/// checked to be before they are read (ConfigSchema's ConfigText), one rule for both.
public enum UTF8Sequence {
    /// The length of the well-formed UTF-8 sequence `bytes` starts with (The Unicode Standard, table 3-7), or minus
    /// the number of bytes of the ill-formed one: up to and with the first that does not fit. 0 for no bytes.
    public static func length(_ bytes: ArraySlice<UInt8>) -> Int {
        var i = bytes.makeIterator()
        guard let lead = i.next() else { return 0 }
        let (length, second): (Int, ClosedRange<UInt8>) =
            switch lead {
            case 0x00...0x7F: (1, 0x80...0xBF)
            case 0xC2...0xDF: (2, 0x80...0xBF)
            case 0xE0: (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
            case 0xED: (3, 0x80...0x9F)
            case 0xF0: (4, 0x90...0xBF)
            case 0xF1...0xF3: (4, 0x80...0xBF)
            case 0xF4: (4, 0x80...0x8F)
            default: (-1, 0x80...0xBF)
            }
        guard length > 1 else { return length }
        for n in 1..<length {
            guard let b = i.next() else { return -n }
            guard (n == 1 ? second : 0x80...0xBF).contains(b) else { return -(n + 1) }
        }
        return length
    }
}
