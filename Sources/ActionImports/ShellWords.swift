/// Words of commands: split as the tools split them, and quoted for `/bin/sh -c`, which gesturectl actions runs
/// commands with.
enum ShellWords {
    /// Where a command cannot be split: the character (counted from 0) and why.
    struct SplitError: Error {
        var offset: Int
        var message: String
    }

    /// `text` split as Python's `shlex.split` splits it (POSIX mode, what libinput-gestures runs its commands
    /// with): blanks separate words, single quotes keep everything, double quotes keep everything but a backslash
    /// before '"' or '\', and a backslash outside quotes keeps the next character.
    static func split(_ text: String) throws(SplitError) -> [String] {
        var words: [String] = []
        // Appended to in place: a new string a character (`(word ?? "") + String(c)`) made a 1 MB word take 18 s.
        var word: String?
        var quote: (mark: Character, offset: Int)?
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if let open = quote {
                if c == open.mark {
                    quote = nil
                } else if open.mark == "\"" && c == "\\" && i + 1 < characters.count && (characters[i + 1] == "\"" || characters[i + 1] == "\\") {
                    i += 1
                    word!.append(characters[i])
                } else {
                    word!.append(c)
                }
            } else if c == " " || c == "\t" || c == "\n" || c == "\r" {
                if let done = word { words.append(done) }
                word = nil
            } else if c == "'" || c == "\"" {
                quote = (c, i)
                word = word ?? ""
            } else if c == "\\" {
                guard i + 1 < characters.count else { throw SplitError(offset: i, message: "a backslash at the end, with nothing to escape") }
                i += 1
                word = word ?? ""
                word!.append(characters[i])
            } else {
                word = word ?? ""
                word!.append(c)
            }
            i += 1
        }
        if let open = quote { throw SplitError(offset: open.offset, message: "no closing quotation for this \(open.mark)") }
        if let done = word { words.append(done) }
        return words
    }

    /// `word` as one word of a `/bin/sh` command line: as it is when it holds nothing the shell reads
    /// (Python's shlex.quote does the same), else in single quotes.
    static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { isPlain($0) }
        return plain ? word : singleQuoted(word)
    }

    private static func singleQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A command's first word, which libinput-gestures expands as its shell would not quote: a leading `~` is
    /// the home folder and `$NAME` or `${NAME}` a variable, kept for the shell to expand, the rest quoted.
    static func quoteExpanding(_ word: String) -> String {
        var rest = Substring(word)
        var out = ""
        if rest == "~" || rest.hasPrefix("~/") {
            out = "\"$HOME\""
            rest = rest.dropFirst()
        }
        // A first word with '=' would be an assignment to the shell.
        guard rest.contains("$") else { return rest.isEmpty ? out : out + (rest.contains("=") ? singleQuoted(String(rest)) : quote(String(rest))) }
        // Inside double quotes, '$' before a name stays the shell's; every other special character is escaped.
        var quoted = "\""
        var i = rest.startIndex
        while i < rest.endIndex {
            let c = rest[i]
            let next = rest.index(after: i)
            if c == "$", next < rest.endIndex, rest[next] == "{" || rest[next] == "_" || rest[next].isLetter && rest[next].isASCII {
                quoted.append(c)
            } else if c == "$" || c == "\"" || c == "\\" || c == "`" {
                quoted += "\\" + String(c)
            } else {
                quoted.append(c)
            }
            i = next
        }
        return out + quoted + "\""
    }

    /// The words of a shell command that holds nothing but plain words (no quotes, variables, redirections or
    /// separators), so that what it runs is exactly its words; nil otherwise.
    static func plainWords(_ command: String) -> [String]? {
        let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        return words.allSatisfy({ $0.unicodeScalars.allSatisfy(isPlain) }) && !words.isEmpty ? words : nil
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "@", "%", "+", "=", ":", ",", ".", "/", "_", "-": true
        default: false
        }
    }
}
