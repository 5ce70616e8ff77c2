/// The bounds an imported file is held to, each far above what a real configuration needs (the tools' own files
/// are a few kilobytes, at most six levels deep), so that no file, however it was written, makes `gesturectl import`
/// slow, large or crash: every reader and walk is then linear in the file's size, and recursion never goes deeper
/// than `nestingLevels` (docs/actions.md; docs/fuzzing.md, Hostile imports).
public enum ImportLimits {
    /// Bytes in a file, checked before any parsing.
    public static let fileBytes = 1 << 20
    /// Mappings, lists or XML elements within each other: Yams's composer, and the importers' walks of what it and
    /// XMLParser read, recurse once a level.
    static let nestingLevels = 64
    /// YAML nodes (keys, values, lists and mappings), and bytes of scalars' text, with each alias (`*name`) counted
    /// as the whole node it names (fusuma's default configuration has 73 nodes): Yams takes 7 µs and 700 bytes a
    /// node, and a few hundred bytes of aliases of aliases stand for billions of nodes (the "billion laughs" file),
    /// which every walk of the tree would visit (YAMLBounds).
    static let yamlNodes = 20_000
    static let yamlTextBytes = 1 << 20

    /// Attributes of an XML element (Touchégg's have at most three): libxml2 compares each with every one before it
    /// (XMLBounds).
    static let xmlAttributes = 64

    /// Refuses a text over `fileBytes` bytes (`bytes`, its size) before anything reads it.
    public static func checkSize(_ bytes: Int, file: String) throws(ImportError) {
        guard bytes > fileBytes else { return }
        throw ImportError(file: file, line: 1, "is larger than 1 MiB (\(bytes) bytes): gesturectl import reads files of at most \(fileBytes) bytes")
    }
}
