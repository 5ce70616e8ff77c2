/// What of Touchégg's XML libxml2 would take long to read, found before it reads the text (measured, release build):
/// - libxml2 2.9 compares each attribute of an element with every one before it: one element of 90,000 attributes
///   (a 1 MB file) took 3.4 s. Touchégg's elements have at most three.
/// - it reads an entity's text again at each reference: a 90 KB entity referred to 20,000 times took 1.4 s, and a 1 MB
///   file can refer to a 500 KB one 100,000 times. Touchégg's configurations declare none.
enum XMLBounds {
    /// Throws at the first start tag with more than `ImportLimits.xmlAttributes` attributes, or the first entity
    /// declaration (`<!ENTITY`). Returns where the comments' texts are (byte offsets, between `<!--` and `-->`), as
    /// this pass finds them past CDATA, processing instructions and quoted attribute values.
    static func check(_ text: String, file: String) throws(ImportError) -> [Range<Int>] {
        var comments: [Range<Int>] = []
        switch firstExcess(text, comments: &comments) {
        case .crowdedTag(let line):
            throw ImportError(
                file: file, line: line, "an element with more than \(ImportLimits.xmlAttributes) attributes: gesturectl import reads no more")
        case .entity(let line):
            throw ImportError(
                file: file, line: line,
                "an entity declaration (<!ENTITY): gesturectl import reads none (a Touchégg configuration needs none)")
        case nil:
            return comments
        }
    }

    private enum Excess {
        case crowdedTag(line: Int)
        case entity(line: Int)
    }

    /// Comments, CDATA sections and processing instructions are passed over as XML reads them, and so are quoted
    /// attribute values, which may hold '>' and '='; in a tag, an attribute is its '='.
    private static func firstExcess(_ text: String, comments: inout [Range<Int>]) -> Excess? {
        var text = text
        return text.withUTF8 { bytes -> Excess? in
            var line = 1
            var i = 0
            /// Moves past the first `end` from `i`, counting lines; to the text's end when there is none.
            func skip(past end: String) {
                let end = Array(end.utf8)
                while i < bytes.count {
                    if bytes[i] == end[0], bytes.count - i >= end.count, bytes[i..<i + end.count].elementsEqual(end) {
                        i += end.count
                        return
                    }
                    if bytes[i] == UInt8(ascii: "\n") { line += 1 }
                    i += 1
                }
            }
            func at(_ prefix: String) -> Bool {
                bytes.count - i >= prefix.utf8.count && bytes[i..<i + prefix.utf8.count].elementsEqual(prefix.utf8)
            }
            /// Moves past a comment from its `<!--`, and keeps where its text is.
            func skipComment() {
                let text = i + 4
                skip(past: "-->")
                comments.append(text..<max(text, i - 3))
            }
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "\n") { line += 1 }
                guard bytes[i] == UInt8(ascii: "<") else {
                    i += 1
                    continue
                }
                if at("<!--") {
                    skipComment()
                } else if at("<![CDATA[") {
                    skip(past: "]]>")
                } else if at("<?") {
                    skip(past: "?>")
                } else if at("<!") {
                    // The DOCTYPE: to its '>', past quoted strings, comments and its internal subset in brackets.
                    var depth = 0
                    i += 2
                    while i < bytes.count {
                        if at("<!ENTITY") { return .entity(line: line) }
                        if at("<!--") {
                            skipComment()
                            continue
                        }
                        let byte = bytes[i]
                        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                            i += 1
                            skip(past: String(UnicodeScalar(byte)))
                            continue
                        }
                        if byte == UInt8(ascii: "\n") { line += 1 }
                        if byte == UInt8(ascii: "[") { depth += 1 }
                        if byte == UInt8(ascii: "]") { depth -= 1 }
                        i += 1
                        if byte == UInt8(ascii: ">") && depth <= 0 { break }
                    }
                } else {
                    // A start tag (or an end tag, which has no '=' outside quotes).
                    let start = line
                    var attributes = 0
                    i += 1
                    while i < bytes.count, bytes[i] != UInt8(ascii: ">") {
                        let byte = bytes[i]
                        i += 1
                        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                            skip(past: String(UnicodeScalar(byte)))
                        } else if byte == UInt8(ascii: "=") {
                            attributes += 1
                            if attributes > ImportLimits.xmlAttributes { return .crowdedTag(line: start) }
                        } else if byte == UInt8(ascii: "\n") {
                            line += 1
                        }
                    }
                    i += 1
                }
            }
            return nil
        }
    }
}
