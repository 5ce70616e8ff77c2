import ConfigLanguage

/// What a configuration's bytes must be before they are read as TOML: at most a mebibyte of UTF-8 without NUL,
/// each refusal in a configuration's words (the reader would refuse a NUL or a byte that is not UTF-8 too, but
/// only inside a string or a comment, and as a syntax error).
enum ConfigText {
    /// The text of checked bytes.
    static func decode(_ bytes: [UInt8], file: String) throws(ConfigErrors) -> String {
        try check(bytes, file: file)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func tooLarge(_ size: Int) -> String {
        "is larger than 1 MiB (\(size) bytes): a configuration is at most \(ConfigLimits.fileBytes) bytes"
    }

    /// Refuses text over `ConfigLimits.fileBytes`, and a NUL byte or bytes that are not UTF-8 at the first such
    /// byte: its line and column (counted in characters, as every other error of the file is) and its offset
    /// from the start of the file, counted from 0 as `xxd` and `hexdump -C` count.
    static func check(_ bytes: [UInt8], file: String) throws(ConfigErrors) {
        guard bytes.count <= ConfigLimits.fileBytes else {
            throw ConfigErrors([ConfigError(file: file, position: SourcePosition(line: 1, column: 1), tooLarge(bytes.count))])
        }
        var line = 1, column = 1, offset = 0
        while offset < bytes.count {
            // ASCII, nearly every byte of a configuration, is a sequence of one: no slice made for it (a slice a
            // byte made a 1 MB file's check take a second in the debug build).
            let length = bytes[offset] < 0x80 ? 1 : sequenceLength(bytes[offset...])
            guard bytes[offset] != 0, length > 0 else {
                let message =
                    bytes[offset] == 0
                    ? "a NUL byte (0x00) at byte offset \(offset): a configuration is UTF-8 text"
                    : "not UTF-8 at byte offset \(offset) (\(hex(bytes[offset..<offset - length]))): a configuration is UTF-8 text"
                throw ConfigErrors([ConfigError(file: file, position: SourcePosition(line: line, column: column), message)])
            }
            if bytes[offset] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
            offset += length
        }
    }

    /// The length of the well-formed UTF-8 sequence `bytes` starts with (The Unicode Standard, table 3-7), or
    /// minus the number of bytes of the ill-formed one: up to and with the first that does not fit.
    private static func sequenceLength(_ bytes: ArraySlice<UInt8>) -> Int {
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

    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
