/// The bounds every file gestured reads in TOML is held to, each far above what a real one needs, so that no file
/// can make its check slow: every check is then linear, or bounded by these, in the file's size (config/README.md,
/// Limits; docs/fuzzing.md, Configurations that cannot hang it). What one schema bounds besides is its own
/// (`ConfigurationLimits`, the daemon's configuration).
package enum ConfigLimits {
    /// Bytes in a file.
    package static let fileBytes = 1 << 20
    /// Keys, arrays and tables within each other (a configuration needs 7): the reader recurses once per level.
    package static let nestingLevels = 16
    /// Bytes in a key (the longest gestured knows has 29).
    package static let keyBytes = 64
    /// Entries in an array of strings: names in a relation, regions, users and groups, words.
    package static let arrayEntries = 256
    /// Bytes in a string value (names, at most 64, have their own rule).
    package static let stringBytes = 4096
    /// Unknown names and keys that get a "did you mean": each costs an edit distance to every known name.
    package static let suggestions = 16
}
