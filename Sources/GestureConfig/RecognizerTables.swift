import ConfigSchema

/// `[[recognizer]]` tables read outside the daemon's configuration (an actions file's own recognizers), held to
/// what the configuration holds its own to: their shape files relative to `file`, read from `files`, each once.
package struct RecognizerTables {
    private let parser: ConfigParser

    package init(reader: ConfigReader, relativeTo file: String, files: any FileSource) {
        parser = ConfigParser(reader: reader, shapeSource: .files(ShapeFiles(relativeTo: file, files: files)))
    }

    /// The entry a table describes, and the table; nil, with the errors recorded, when it is wrong.
    package func recognizer(_ node: ConfigNode) -> (RecognizerEntry, ConfigNode)? { parser.recognizer(node) }
}
