import GestureEngine

/// A shape recognizer's shapes (kind `shape`, docs/shapes.md): the templates its `shapes` name, read and checked
/// with the configuration, and the matcher made from them once, which every device's recognizer shares.
public struct ShapeSet: Sendable {
    /// The shapes, in the order the entry names them.
    public let templates: [ShapeTemplate]
    public let matcher: ShapeMatcher

    public init(templates: [ShapeTemplate], options: ShapeMatchOptions) {
        self.templates = templates
        matcher = ShapeMatcher(templates: templates, options: options)
    }
}

/// Where a shape recognizer's `shapes` come from.
enum ShapeSource {
    /// Template files, their paths relative to the configuration file's folder.
    case files(relativeTo: String)
    /// A connection's own shapes, by name: a connection never names a file the daemon would read.
    case added([ShapeTemplate])
}
