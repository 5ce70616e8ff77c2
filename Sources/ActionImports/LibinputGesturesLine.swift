/// One line of libinput-gestures.conf, read as libinput-gestures reads it: `gesture TYPE MOTION [FINGERS]
/// COMMAND`, `device NAME`, `swipe_threshold N` or `timeout S`, a keyword's trailing ':' allowed (the old format).
/// Blank lines and those starting with '#' are none; a '#' further on is part of the line.
enum LibinputGesturesLine {
    case gesture(Gesture)
    /// A gesture of a type gesturectl import does not read (`drag`, or one a later libinput-gestures adds).
    case otherGesture(type: String)
    case device(String)
    case swipeThreshold(Int)
    case timeout(Double)

    struct Gesture {
        var line: Int
        /// The line as written, for comments.
        var text: String
        /// swipe, pinch or hold.
        var type: String
        /// up, left_up, in, clockwise, on, on+2.5, ... in lower case.
        var motion: String
        var fingers: Int?
        /// The command's words, as libinput-gestures runs them (no shell).
        var command: [String]
    }

    /// A word of a line and the column it starts at.
    private typealias Word = (text: Substring, column: Int)

    static let motions = [
        "swipe": ["up", "down", "left", "right", "left_up", "right_up", "left_down", "right_down"],
        "pinch": ["in", "out", "clockwise", "anticlockwise"],
    ]

    /// The line numbered `number`, nil when blank or a comment; its first mistake, with its column.
    static func parse(_ raw: Substring, number: Int, file: String) throws(ImportError) -> LibinputGesturesLine? {
        func fail(_ column: Int, _ message: String) -> ImportError { ImportError(file: file, line: number, column: column, message) }
        let words = Self.words(raw)
        guard let first = words.first, !first.text.hasPrefix("#") else { return nil }
        let keyword = first.text.hasSuffix(":") ? first.text.dropLast() : first.text
        let valueColumn = words.count > 1 ? words[1].column : first.column + first.text.count
        // The value: the rest of the line after the keyword, as written.
        let value = words.count > 1 ? String(raw[raw.index(raw.startIndex, offsetBy: valueColumn - 1)...]).trimmingBlanks() : ""
        switch keyword {
        case "gesture":
            guard words.count >= 4 else { throw fail(valueColumn, "a gesture needs a type, a motion and a command: gesture swipe left xdotool key alt+Right") }
            let type = words[1].text.lowercased()
            guard type == "swipe" || type == "pinch" || type == "hold" else { return .otherGesture(type: String(words[1].text)) }
            let motion = words[2].text.lowercased()
            if type == "hold" {
                guard motion == "on" || motion.hasPrefix("on+") && Double(motion.dropFirst(3)).map({ $0 >= 0 && $0.isFinite }) == true else {
                    throw fail(words[2].column, "'\(words[2].text)' is no hold motion: on, or on+SECONDS (on+1.5)")
                }
            } else if !motions[type]!.contains(motion) {
                throw fail(words[2].column, "'\(words[2].text)' is no \(type) motion: \(motions[type]!.joined(separator: ", "))")
            }
            var commandWord = 3
            var fingers: Int?
            if words[3].text.count == 1, let digit = Int(words[3].text) {
                fingers = digit
                commandWord = 4
            }
            guard commandWord < words.count else { throw fail(words[3].column + 1, "the gesture has no command") }
            let commandColumn = words[commandWord].column
            let commandText = String(raw[raw.index(raw.startIndex, offsetBy: commandColumn - 1)...]).trimmingBlanks()
            let command: [String]
            do { command = try ShellWords.split(commandText) } catch { throw fail(commandColumn + error.offset, error.message) }
            return .gesture(Gesture(line: number, text: raw.trimmingBlanks(), type: type, motion: motion, fingers: fingers, command: command))
        case "device":
            guard !value.isEmpty else { throw fail(valueColumn, "device needs a device name, a path or all") }
            return .device(value)
        case "swipe_threshold":
            guard let threshold = Int(value), threshold >= 0 else { throw fail(valueColumn, "swipe_threshold needs a whole number of 0 or more") }
            return .swipeThreshold(threshold)
        case "timeout":
            guard let timeout = Double(value), timeout >= 0, timeout.isFinite else { throw fail(valueColumn, "timeout needs a number of seconds, 0 or more") }
            return .timeout(timeout)
        default:
            throw fail(first.column, "'\(first.text)' is no keyword of libinput-gestures: gesture, device, swipe_threshold or timeout")
        }
    }

    /// The words of a line, split at blanks (the shipped file aligns with tabs), with their columns.
    private static func words(_ line: Substring) -> [Word] {
        var words: [Word] = []
        var start: Substring.Index?
        var column = 0, startColumn = 0
        for index in line.indices {
            column += 1
            let blank = line[index] == " " || line[index] == "\t" || line[index] == "\r"
            if blank, let s = start {
                words.append((line[s..<index], startColumn))
                start = nil
            } else if !blank && start == nil {
                start = index
                startColumn = column
            }
        }
        if let s = start { words.append((line[s...], startColumn)) }
        return words
    }
}

extension StringProtocol {
    /// Without the blanks at either end.
    func trimmingBlanks() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
