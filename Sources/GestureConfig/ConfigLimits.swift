/// The bounds a configuration is held to, each far above what a real one needs, so that no file can make its
/// check (by `gestured check` or a reload) or the daemon's work with it slow: every check is then linear, or
/// bounded by these, in the file's size (config/README.md, Limits; docs/fuzzing.md, Configurations that cannot
/// hang it).
enum ConfigLimits {
    /// Bytes in a file.
    static let fileBytes = 1 << 20
    /// Keys, arrays and tables within each other (a configuration needs 7): the reader recurses once per level.
    static let nestingLevels = 16
    /// Bytes in a key (the longest gestured knows has 29).
    static let keyBytes = 64
    static let devices = 64
    /// The least width and height of a region, as a share of its surface: a thousandth (0.3 mm of a 300 mm
    /// screen), less than any finger's contact; a region 1e-320 wide passed once.
    static let regionSide = 0.001
    static let regions = 1024
    static let recognizers = 1024
    /// Entries in an array of strings: names in a relation, regions, users and groups, words.
    static let arrayEntries = 256
    /// Bytes in a string value (names, at most 64, have their own rule).
    static let stringBytes = 4096
    /// Bytes in a device name glob: matching costs the glob's length times the device name's.
    static let globBytes = 256
    /// Distinct shape files a configuration names, and the points they hold together (ten full files'): each file
    /// is read and checked once, and every shape recognizer's matcher holds its shapes.
    static let shapeFiles = 256
    static let shapePoints = 10 * ShapeFile.maximumPoints
    /// Unknown names and keys that get a "did you mean": each costs an edit distance to every known name.
    static let suggestions = 16
}
