import Foundation

/// Touchégg 2's configuration (touchegg.conf, XML): the gestures of `<application name="All">` made recognizers
/// and actions, and those of other applications the same actions for them (`application = [...]`, which gestured
/// runs before the general ones, as Touchégg does), as Touchégg's loader reads the file (the last of two entries
/// for one gesture wins, only the first `<action>` of a gesture counts). Touchégg 1's format is refused with what
/// gives it away.
struct ToucheggImport {
    var document: ActionsDocument
    /// Touchégg reads touchpads and touchscreens alike, so its recognizers take every touch; its taps, which it
    /// recognizes on touchscreens only, say so themselves.
    let style = RecognizerStyle()
    /// The line of the gesture Touchégg keeps for each key (of every application's gestures), and the gestures of
    /// that line by key, in the file's order (more than one when written on one line), where a gesture looks for
    /// its other way: looking through every gesture of the file, 1 MB of applications' pinches took 1.1 s.
    let kept: [String: Int]
    let keptGestures: [String: [Gesture]]
    /// The pinches imported with the other way of their pair, by line: the line of that other way.
    var paired: [Int: Int] = [:]
    /// The fingers whose swipes go on a pan: some swipe of them (in any application) steps or holds a button.
    let panFingers: Set<Int>

    private init(file: String, root: XMLTree) {
        document = ActionsDocument(source: .touchegg, file: file)
        let gestures = root.children.filter { $0.name == "application" }.flatMap { application in
            application.children.filter { $0.name == "gesture" }.map { Gesture($0, application: Self.names(application)) }
        }
        let kept = Dictionary(gestures.map { ($0.key, $0.element.line) }, uniquingKeysWith: { _, later in later })
        self.kept = kept
        let effective = gestures.filter { kept[$0.key] == $0.element.line }
        keptGestures = Dictionary(grouping: effective, by: \.key)
        panFingers = Set(
            effective.filter { $0.type == "SWIPE" && ($0.repeats || ($0.action?["type"] == "MOUSE_CLICK" && $0.on == "begin-and-end")) }
                .compactMap { Int($0.fingers) })
    }

    /// An `<application>`'s names, split at commas; nil when its gestures are for every application (they include All).
    private static func names(_ application: XMLTree) -> [String]? {
        let names = (application["name"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return names.contains { $0.lowercased() == "all" } ? nil : names
    }

    static func convert(_ text: String, file: String) throws(ImportError) -> ImportedActions {
        let root = try XMLTree.parse(text, file: file)
        if let (line, evidence) = legacyFormat(root) {
            throw ImportError(
                file: file, line: line,
                "this is Touchégg 1's format (\(evidence)), which gesturectl import does not read: it reads Touchégg 2's, whose "
                    + "actions hold their settings as elements (<keys>, <command>); write these actions by hand (docs/actions.md)")
        }
        var importer = ToucheggImport(file: file, root: root)
        importer.run(root)
        return try importer.document.finished()
    }

    /// The file's elements in order: the first `<settings>`, the applications' gestures.
    private mutating func run(_ root: XMLTree) {
        var settingsRead = false
        for element in root.children {
            let origin = ActionsDocument.Origin(line: element.line, what: "<\(element.name)>")
            switch element.name {
            case "settings" where !settingsRead:
                settingsRead = true
                settings(element)
            case "settings":
                document.leaveOut(origin, .ignoredByTool("Touchégg reads only the first <settings>"))
            case "application":
                let names = Self.names(element)
                if let names {
                    let what = "<application name=\"\(element["name"] ?? "")\">"
                    guard let patterns = document.applications(names, from: .init(line: element.line, what: what)) else { continue }
                    document.application = patterns
                }
                for child in element.children {
                    if child.name == "gesture" {
                        gesture(Gesture(child, application: names))
                    } else {
                        document.leaveOut(.init(line: child.line, what: "<\(child.name)>"), .ignoredByTool("Touchégg reads only <gesture> here"))
                    }
                }
                document.application = nil
            default:
                document.leaveOut(origin, .ignoredByTool("Touchégg reads only <settings> and <application> here"))
            }
        }
    }

    /// `<property name="...">` settings: animations and the threshold they run at, none of which has an equivalent.
    private mutating func settings(_ settings: XMLTree) {
        for property in settings.children {
            let name = property["name"] ?? ""
            let value = property.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let origin = ActionsDocument.Origin(line: property.line, what: property.name == "property" ? "setting \(name) = \(value)" : "<\(property.name)>")
            switch (property.name, name) {
            case ("property", "animation_delay"), ("property", "color"), ("property", "borderColor"):
                document.leaveOut(origin, .animation)
            case ("property", "action_execute_threshold"):
                document.leaveOut(origin, .threshold)
            default:
                document.leaveOut(origin, .ignoredByTool("Touchégg does not read it"))
            }
        }
    }

    /// Evidence of Touchégg 1's format, which Touchégg 2 reads as nothing: its line and what it is.
    private static func legacyFormat(_ element: XMLTree) -> (Int, String)? {
        switch element.name {
        case "property" where element["name"] == "composed_gestures_time":
            return (element.line, "the setting composed_gestures_time")
        case "gesture" where ["ROTATE", "TAP_AND_HOLD", "DOUBLE_TAP"].contains(element["type"] ?? ""):
            return (element.line, "the gesture type \(element["type"]!)")
        case "gesture" where element["direction"] == "ALL":
            return (element.line, "direction=\"ALL\"")
        case "action" where element["when"] != nil:
            return (element.line, "<action when=\"...\">")
        case "action" where element.children.isEmpty && !element.text.allSatisfy(\.isWhitespace):
            return (element.line, "an action's settings written as its text")
        default:
            return element.children.lazy.compactMap(legacyFormat).first
        }
    }
}
