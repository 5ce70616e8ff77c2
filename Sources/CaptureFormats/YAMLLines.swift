/// Lines as libyaml counts them, so that an error at one of its marks can be kept within the text: at the end of a
/// text whose last line has no line break libyaml starts a line of its own, past the text's (found by fuzzing, in
/// libinput record's reader and in `gesturectl import fusuma`, which both read YAML with Yams).
public enum YAMLLines {
    /// The text's lines: \r\n, \r, \n, NEL and the Unicode line and paragraph separators end one.
    public static func count(_ text: String) -> Int {
        var breaks = 0
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            if ["\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) || (scalar == "\n" && previous != "\r") { breaks += 1 }
            previous = scalar
        }
        return breaks + 1
    }
}
