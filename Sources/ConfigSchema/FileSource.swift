import ConfigLanguage

/// Where the files a TOML file names come from (a configuration's shape files, the device database's folders,
/// the actions presets): the schemas ask for bytes by path and never make a system call, so that whatever checks a
/// file links nothing that can reach one. The programs pass `SystemFiles` (ConfigFiles); a fuzzer or a test passes
/// its own.
public protocol FileSource: Sendable {
    /// The bytes of a regular file of at most `ConfigLimits.fileBytes`, or one error at its start that says what
    /// the path is instead.
    func bytes(of path: String) throws(ConfigErrors) -> [UInt8]
    /// The names of a folder's `*.toml` files that are not hidden, sorted; none for a folder that does not exist.
    func tomlFiles(in folder: String) -> [String]
}

extension FileSource {
    /// A file's text, held to what a configuration's bytes must be (`ConfigText`).
    package func text(of path: String) throws(ConfigErrors) -> String {
        try ConfigText.decode(try bytes(of: path), file: path)
    }
}

/// No files: what a text checked on its own reads (a configuration given as text, the fuzzers), each path refused
/// in words that say so.
public struct NoFiles: FileSource {
    public init() {}

    public func bytes(of path: String) throws(ConfigErrors) -> [UInt8] {
        throw ConfigErrors([ConfigError(file: path, position: SourcePosition(line: 1, column: 1), "is not read: the text was checked on its own")])
    }

    public func tomlFiles(in folder: String) -> [String] { [] }
}
