/// The pieces of TOML an imported file is written with: values as TOML reads them back exactly, and comments.
enum TOMLText {
    /// A value of a key.
    enum Value {
        case string(String)
        case integer(Int)
        case number(Double)
        case strings([String])
        case boolean(Bool)

        var text: String {
            switch self {
            case .string(let s): TOMLText.string(s)
            case .integer(let n): "\(n)"
            case .number(let d): TOMLText.number(d)
            case .strings(let list): "[" + list.map(TOMLText.string).joined(separator: ", ") + "]"
            case .boolean(let b): b ? "true" : "false"
            }
        }
    }

    /// A string as TOML reads it back: a literal string when it needs no escape and has a quote or backslash to
    /// spare the reader escapes (commands), a multi-line literal one for a command of several lines, else a
    /// basic string with escapes.
    static func string(_ s: String) -> String {
        let controls = s.unicodeScalars.contains { isControl($0) && $0 != "\n" && $0 != "\t" }
        if !controls && s.contains("\n") && !s.contains("'''") && !s.hasSuffix("'") {
            return "'''\n" + s + "'''"
        }
        if !controls && !s.contains("\n") && !s.contains("'") && (s.contains("\"") || s.contains("\\")) {
            return "'" + s + "'"
        }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if isControl(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A number to at most three decimals, always with a point, so TOML reads a float.
    static func number(_ d: Double) -> String {
        let rounded = (d * 1000).rounded() / 1000
        let text = "\(rounded)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    /// Comment lines of at most `width` characters, each "# ...", the text's line breaks kept and other control
    /// characters (which a TOML comment may not hold) made spaces.
    static func comment(_ text: String, width: Int = 112) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let clean =
                paragraph.unicodeScalars.contains(where: isControl)
                ? Substring(String(String.UnicodeScalarView(paragraph.unicodeScalars.map { isControl($0) ? " " : $0 }))) : paragraph
            var line = "#"
            // The line's characters, counted as words are added: counting the line again at each word took two
            // thirds of the time of importing a long file.
            var length = 1
            for word in clean.split(separator: " ") {
                let count = word.count
                if length > 1 && length + 1 + count > width {
                    lines.append(line)
                    line = "#  "
                    length = 3
                }
                line += " " + word
                length += 1 + count
            }
            lines.append(line)
        }
        return lines
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }
}
