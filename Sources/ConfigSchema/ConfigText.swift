import ConfigLanguage

/// What a configuration's bytes must be before they are read as TOML: at most a mebibyte of UTF-8 without NUL,
/// each refusal in a configuration's words (the reader would refuse a NUL or a byte that is not UTF-8 too, but
/// only inside a string or a comment, and as a syntax error).
package enum ConfigText {
    /// The text of checked bytes.
    package static func decode(_ bytes: [UInt8], file: String) throws(ConfigErrors) -> String {
        try check(bytes, file: file)
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func tooLarge(_ size: Int) -> String {
        "is larger than 1 MiB (\(size) bytes): a configuration is at most \(ConfigLimits.fileBytes) bytes"
    }

    /// Refuses text over `ConfigLimits.fileBytes`, and a NUL byte or bytes that are not UTF-8 at the first such
    /// byte: its line and column (counted in characters, as every other error of the file is) and its offset
    /// from the start of the file, counted from 0 as `xxd` and `hexdump -C` count.
    package static func check(_ bytes: [UInt8], file: String) throws(ConfigErrors) {
        guard bytes.count <= ConfigLimits.fileBytes else {
            throw ConfigErrors([ConfigError(file: file, position: SourcePosition(line: 1, column: 1), tooLarge(bytes.count))])
        }
        var line = 1, column = 1, offset = 0
        while offset < bytes.count {
            // ASCII, nearly every byte of a configuration, is a sequence of one: no slice made for it (a slice a
            // byte made a 1 MB file's check take a second in the debug build).
            let length = bytes[offset] < 0x80 ? 1 : UTF8Sequence.length(bytes[offset...])
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

    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
