import ConfigSchema
import ShapeFormat

/// The bounds the daemon's configuration is held to beyond every file's (`ConfigLimits`), each far above what a
/// real one needs, so that no configuration can make its check (by `gestured check` or a reload) or the daemon's
/// work with it slow (config/README.md, Limits; docs/fuzzing.md, Configurations that cannot hang it).
enum ConfigurationLimits {
    static let devices = 64
    /// The least width and height of a region, as a share of its surface: a thousandth (0.3 mm of a 300 mm
    /// screen), less than any finger's contact; a region 1e-320 wide passed once.
    static let regionSide = 0.001
    static let regions = 1024
    static let recognizers = 1024
    /// Bytes in a device name glob: matching costs the glob's length times the device name's.
    static let globBytes = 256
    /// Distinct shape files a configuration names, and the points they hold together (ten full files'): each file
    /// is read and checked once, and every shape recognizer's matcher holds its shapes.
    static let shapeFiles = 256
    static let shapePoints = 10 * ShapeFile.maximumPoints
}
