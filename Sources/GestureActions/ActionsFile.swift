import ConfigLanguage
import ConfigSchema
import GestureConfig
import GestureEngine
import GestureProtocol

/// A user's gesture actions (`gesturectl actions`, docs/actions.md): which recognizer's events run a command or
/// type a key combination, once or every step of a continuous gesture, and the user's own recognizers, which the
/// client adds over the socket. Checked like the daemon's configuration, every problem with its line and column.
public struct ActionsFile: Sendable {
    public var file: String
    public var actions: [Action]
    /// The file's own recognizers (`[[recognizer]]`), in the file's order.
    public var recognizers: [OwnRecognizer] = []
    /// Whose shortcuts `shortcut` names (`desktop`: one of ShortcutPresets.desktops), nil for the desktop running;
    /// and where it is written.
    public var desktop: String?
    public var desktopAt: SourcePosition?

    /// One `[[action]]`.
    public struct Action: Sendable, Equatable {
        /// The recognizer whose events it acts on, by name.
        public var gesture: String
        /// The states it acts on: `ended` by default; `changed` when it repeats.
        public var states: Set<String>
        /// Only when the gesture's `direction` (a swipe's), `edge` (an edge pan's) or first way (a pan's) is this;
        /// where it is written.
        public var direction: String?
        public var directionAt: SourcePosition?
        /// A command for `/bin/sh -c`, with the gesture's values in its environment.
        public var command: String?
        /// Key codes pressed together, modifiers first (released in the reverse order).
        public var keys: [UInt16]?
        /// Every this much of the gesture's value (millimetres of a pan's translation along its main axis, a
        /// pinch's scale, a rotation's radians), while it changes: forward steps run `command`/`keys`,
        /// backward ones `commandBack`/`keysBack`.
        public var repeatEvery: Double?
        public var commandBack: String?
        public var keysBack: [UInt16]?
        /// Every this many seconds while the gesture goes on, from its first event: a step forward, or back when
        /// the gesture's value is below where it began (a pan gone left, a pinch closed).
        public var repeatInterval: Double?
        /// Keys (and mouse buttons) held down from the gesture's first event until it ends or is cancelled.
        public var hold: [UInt16]?
        /// Commands for the gesture's began, changed, ended and cancelled events, whatever `on` says.
        public var begin: String?
        public var update: String?
        public var end: String?
        public var cancel: String?
        /// Whether the pointer follows the gesture's translation, `pointerSpeed` counts a millimetre.
        public var pointer = false
        public var pointerSpeed = 5.0
        /// Wheel detents for each step (`wheelBack`: each step back).
        public var wheel: Wheel?
        public var wheelBack: Wheel?
        /// Only for these applications: in front, and under the pointer (where the desktop can tell).
        public var application: ApplicationRule?
        public var applicationUnderPointer: ApplicationRule?
        /// Only on these desktops (ShortcutPresets.desktops); nil: on any.
        public var desktops: Set<String>?
        /// A desktop's shortcut by name (ShortcutPresets), for `keys` or `command`, and for a step back; where written.
        public var shortcut: String?
        public var shortcutBack: String?
        public var shortcutAt: SourcePosition?
        public var shortcutBackAt: SourcePosition?
        /// Only when the shape drawn (a shape recognizer's `shape` value) is this.
        public var shape: String?
        /// Where `gesture` and `shape` are written, for the errors of names checked later.
        public var gestureAt = SourcePosition(line: 1, column: 1)
        public var shapeAt: SourcePosition?
    }

    /// A wheel detent's way.
    public enum Wheel: String, Sendable, CaseIterable {
        case up, down, left, right
    }

    /// One `[[recognizer]]` of the file: a recognizer of the user's connection, with the keys and checks of the
    /// daemon's own (config/README.md). A shape recognizer's `shapes` are files beside the actions file.
    public struct OwnRecognizer: Sendable {
        public var name: String
        public var kind: String
        /// The shapes its files hold, added (add_shape) before it.
        public var shapes: [ShapeTemplate]
        /// The table as add_recognizer takes it, `shapes` by name.
        public var request: JSONValue
        /// Where its table is, for the daemon's refusals.
        public var at: SourcePosition
        /// The recognizers it names, by key (`require_to_fail`, `simultaneous_with`, `cannot_prevent`,
        /// `cannot_be_prevented_by`, `should_begin.unless_active`): the file's own ones are added before it.
        public var relations: [String: [String]] = [:]
    }

    /// The states of a recognizer's events.
    static let states = ["began", "changed", "ended", "cancelled"]

    /// The most bytes an actions file may hold (ConfigLimits.fileBytes): `parse` refuses more, and so
    /// `gesturectl import` writes no more.
    public static let maximumBytes = ConfigLimits.fileBytes

    /// Parses and checks an actions file: every problem is reported, each with its line and column. Its
    /// recognizers' shape files are read from `files`, relative to `file`'s folder.
    public static func parse(_ text: String, file: String, files: any FileSource = NoFiles()) throws(ConfigErrors) -> ActionsFile {
        let (parsed, errors) = try parsePartly(text, file: file, files: files)
        guard errors.isEmpty else { throw ConfigErrors(errors) }
        return parsed
    }

    /// An actions file as far as it could be read, and the problems of what could not: what the other checks
    /// (shortcuts, names) look at, so that one report says every mistake. A file that is not TOML is thrown.
    static func parsePartly(_ text: String, file: String, files: any FileSource) throws(ConfigErrors) -> (ActionsFile, [ConfigError]) {
        let root = try ConfigNode.parse(text, file: file)
        let reader = ConfigReader(file: file, root: root)
        var actions: [Action] = []
        var recognizers: [OwnRecognizer] = []
        var desktop: (String, SourcePosition)?
        if let top = reader.table(root, allowed: ["action", "recognizer", "desktop"], what: "the file") {
            if let n = top["desktop"], let name = reader.choice(n, among: ["auto"] + ShortcutPresets.desktops) {
                desktop = name == "auto" ? nil : (name, reader.position(of: n.path))
            }
            if let list = top["recognizer"], let items = reader.array(list, what: "an array of [[recognizer]] tables") {
                let parser = RecognizerTables(reader: reader, relativeTo: file, files: files)
                for item in items {
                    guard let (entry, node) = parser.recognizer(item) else { continue }
                    if let earlier = recognizers.first(where: { $0.name == entry.name }) {
                        reader.error(node.path.key("name"), "recognizer '\(entry.name)' is already declared at line \(earlier.at.line)")
                        continue
                    }
                    recognizers.append(own(entry, node, reader))
                }
            }
            if let list = top["action"], let items = reader.array(list, what: "an array of [[action]] tables") {
                actions = items.compactMap { action($0, reader) }
            }
        }
        return (ActionsFile(file: file, actions: actions, recognizers: recognizers, desktop: desktop?.0, desktopAt: desktop?.1), reader.errors)
    }

    /// A `[[recognizer]]` as the client sends it: the table as JSON, its shape files replaced by their shapes' names.
    private static func own(_ entry: RecognizerEntry, _ node: ConfigNode, _ reader: ConfigReader) -> OwnRecognizer {
        var request = node.json
        let shapes = entry.shapes?.templates ?? []
        if case .object(var fields) = request, !shapes.isEmpty {
            fields["shapes"] = .array(shapes.map { .string($0.name) })
            request = .object(fields)
        }
        return OwnRecognizer(
            name: entry.name, kind: entry.kind.rawValue, shapes: shapes, request: request, at: reader.position(of: node.path),
            relations: Dictionary(uniqueKeysWithValues: entry.namedRecognizers.filter { !$0.names.isEmpty }))
    }

    /// "ctrl+alt+t": key names joined by '+', each one of `KeyNames`.
    static func combination(_ node: ConfigNode, _ reader: ConfigReader) -> [UInt16]? {
        guard let text = reader.string(node) else { return nil }
        var codes: [UInt16] = []
        for part in text.lowercased().split(separator: "+", omittingEmptySubsequences: false).map(String.init) {
            guard let code = KeyNames.code(part) else {
                let known = KeyNames.names
                reader.error(node.path, "'\(part)' in \(node.path.lastKey) = \"\(text)\" is not a key name\(reader.suggestion(for: part, among: known)) (docs/actions.md lists them)")
                return nil
            }
            codes.append(code)
        }
        return codes
    }
}
