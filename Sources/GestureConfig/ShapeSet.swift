import ConfigSchema
import GestureEngine
import ShapeFormat

/// A shape recognizer's shapes (kind `shape`, docs/shapes.md): the templates its `shapes` name, read and checked
/// with the configuration, and the matcher made from them once, which every device's recognizer shares.
public struct ShapeSet: Sendable {
    /// The shapes, in the order the entry names them.
    public let templates: [ShapeTemplate]
    public let matcher: ShapeMatcher

    /// The drawings the matcher holds, about 2.5 KB each: every example, and of each example of several strokes its
    /// beginnings (`ShapeTemplate.heldDrawings`). What the bounds on shape recognizers count (FrameWork; a
    /// connection's, docs/protocol.md, Limits).
    public var examples: Int { templates.reduce(0) { $0 + $1.heldDrawings } }

    public init(templates: [ShapeTemplate], options: ShapeMatchOptions) {
        self.templates = templates
        matcher = ShapeMatcher(templates: templates, options: options)
    }
}

/// Where a shape recognizer's `shapes` come from.
enum ShapeSource {
    /// Template files, their paths relative to the configuration file's folder, each read once a configuration.
    case files(ShapeFiles)
    /// A connection's own shapes, by name: a connection never names a file the daemon would read.
    case added([ShapeTemplate])
}

/// The shape files one configuration names, each read and checked once however many recognizers name it, and
/// held together to `ConfigurationLimits.shapeFiles` files and `ConfigurationLimits.shapePoints` points: 51,200 references to one
/// small file, each read and parsed again, took 9 s to check.
final class ShapeFiles {
    /// What a file gave: its shape, or nil when it could not be read or is wrong (said once, where first named).
    enum Entry {
        case shape(ShapeTemplate)
        case unreadable(String)
        case invalid
    }

    /// The configuration file, whose folder relative paths start from.
    let configuration: String
    private let files: any FileSource
    private var entries: [String: Entry] = [:]
    private var points = 0

    init(relativeTo configuration: String, files: any FileSource) {
        self.configuration = configuration
        self.files = files
    }

    /// The entry for `name` (relative to the configuration's folder), read now if it was not yet: `reader` gets the
    /// file's own mistakes, at their lines, the first time only. A file past the bounds is refused where it is named.
    func entry(_ name: String, reader: ConfigReader) -> (file: String, entry: Entry) {
        let file = name.hasPrefix("/") ? name : Self.folder(of: configuration) + name
        if let known = entries[file] { return (file, known) }
        let entry: Entry
        if entries.count >= ConfigurationLimits.shapeFiles {
            entry = .unreadable("is one shape file too many: a configuration names at most \(ConfigurationLimits.shapeFiles)")
        } else {
            entry = read(file, reader: reader)
        }
        if case .shape(let template) = entry {
            points += template.pointCount
            guard points <= ConfigurationLimits.shapePoints else {
                let refused = Entry.unreadable(
                    "brings the points of the configuration's shape files to \(points), more than the \(ConfigurationLimits.shapePoints) they may hold together")
                entries[file] = refused
                return (file, refused)
            }
        }
        entries[file] = entry
        return (file, entry)
    }

    private func read(_ file: String, reader: ConfigReader) -> Entry {
        let bytes: [UInt8]
        do {
            bytes = try files.bytes(of: file)
        } catch {
            return .unreadable(error.errors.first?.message ?? "cannot be read")
        }
        do {
            return .shape(try ShapeFile.parse(try ConfigText.decode(bytes, file: file), file: file))
        } catch {
            reader.append(error.errors)
            return .invalid
        }
    }

    /// The folder a file is in, with its slash ("" for a bare name).
    private static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[...slash])
    }
}
