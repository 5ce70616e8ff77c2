import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML element as Touchégg's loader reads one: its name, attributes, its own text and its child elements, and
/// the line its start tag ends on (libxml2, through Foundation's XMLParser, says no more).
struct XMLTree {
    var name: String
    var attributes: [String: String]
    var text = ""
    var children: [XMLTree] = []
    var line: Int

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// The document's element, or the first mistake in the text with its line and column (XML beyond XMLBounds
    /// among them, and elements nested deeper than ImportLimits.nestingLevels).
    static func parse(_ text: String, file: String) throws(ImportError) -> XMLTree {
        var bytes = Array(text.utf8)
        // Touchégg's reader (pugixml, asked for no comments) skips a comment to the first `-->`, where libxml2
        // refuses a `--` inside: each '-' of a comment's text is made a space, so what Touchégg takes is taken
        // here too, at the same lines and columns.
        for comment in try XMLBounds.check(text, file: file) {
            for i in comment where bytes[i] == UInt8(ascii: "-") { bytes[i] = UInt8(ascii: " ") }
        }
        let reader = Reader()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        _ = parser.parse()
        if let line = reader.tooDeep {
            throw ImportError(
                file: file, line: line, "an element nested more than \(ImportLimits.nestingLevels) levels deep: gesturectl import reads no deeper")
        }
        // The first error is the cause; libxml2 reports what follows from it after. An element left open at the
        // end is no error to it (the push parser is never told the text ended).
        if let (code, line, column, open) = reader.error {
            throw ImportError(file: file, line: line, column: column, message(code, open: open))
        }
        if let unclosed = reader.open.last {
            throw ImportError(file: file, line: unclosed.line, "<\(unclosed.name)> is not closed: the file ends before its </\(unclosed.name)>")
        }
        guard let root = reader.root else { throw ImportError(file: file, line: 1, "no XML element: the file is empty") }
        return root
    }

    /// libxml2's error codes (xmlParserErrors) in words, those a hand-edited file meets.
    private static func message(_ code: Int, open: XMLTree?) -> String {
        switch code {
        case 4: "no XML element: the file is empty or starts with text"
        // At the end of the text too, when an element is still open.
        case 5: open.map { "<\($0.name)> (line \($0.line)) is not closed: the file ends before its </\($0.name)>" } ?? "more after the end of the document's element"
        case 9: "a character XML does not allow"
        case 23: "an entity without its ';' (write & as &amp;)"
        case 26: "an unknown entity (write & as &amp;)"
        case 38: "a '<' in an attribute's value (write it as &lt;)"
        case 39, 41: "an attribute without a value in quotes"
        case 40: "an attribute's value is not closed with its quote"
        case 42: "an attribute given twice"
        case 45: "a comment not closed with -->"
        case 68: "a name was expected after '<'"
        case 73: "a tag not closed with '>'"
        case 76: open.map { "an end tag that does not close <\($0.name)> (opened at line \($0.line))" } ?? "an end tag of no open element"
        default: "not well-formed XML (libxml2 error \(code))"
        }
    }

    /// Collects the elements as the parser meets them.
    private final class Reader: NSObject, XMLParserDelegate {
        var open: [XMLTree] = []
        var root: XMLTree?
        /// The first error, and the element open then.
        var error: (code: Int, line: Int, column: Int, open: XMLTree?)?
        /// The line of an element deeper than `ImportLimits.nestingLevels`, where reading stopped: libxml2, as
        /// XMLParser runs it, read 50,000 levels (measured), and a tree of elements is walked, and freed, a call a
        /// level (that file crashed gesturectl import, its stack overflowed).
        var tooDeep: Int?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]
        ) {
            guard open.count < ImportLimits.nestingLevels else {
                if tooDeep == nil { tooDeep = parser.lineNumber }
                return parser.abortParsing()
            }
            open.append(XMLTree(name: name, attributes: attributes, line: parser.lineNumber))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !open.isEmpty { open[open.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            if !open.isEmpty { open[open.count - 1].text += String(decoding: block, as: UTF8.self) }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let element = open.popLast() else { return }
            if open.isEmpty { root = element } else { open[open.count - 1].children.append(element) }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if error == nil { error = ((parseError as NSError).code, parser.lineNumber, parser.columnNumber, open.last) }
        }
    }
}
