import Foundation

extension ToucheggImport {
    /// A `<gesture>` as Touchégg keys it: its application's names (nil for All), type (DRAG is SWIPE), fingers as
    /// written, direction (UNKNOWN for any it does not know), and its first `<action>`.
    struct Gesture {
        var element: XMLTree
        var application: [String]?
        var type: String
        var fingers: String
        var direction: String
        var action: XMLTree?

        init(_ element: XMLTree, application: [String]?) {
            self.element = element
            self.application = application
            let type = element["type"] ?? ""
            self.type = type == "DRAG" ? "SWIPE" : type
            fingers = element["fingers"] ?? ""
            let direction = element["direction"] ?? ""
            self.direction = ["UP", "DOWN", "LEFT", "RIGHT", "IN", "OUT"].contains(direction) ? direction : "UNKNOWN"
            action = element.children.first { $0.name == "action" }
        }

        /// Touchégg's key for it: a later gesture of the same key replaces it.
        var key: String { Self.key(applicationKey, type, fingers, direction) }

        static func key(_ applicationKey: String, _ type: String, _ fingers: String, _ direction: String) -> String {
            "\(applicationKey) \(type) \(fingers) \(direction)"
        }

        var applicationKey: String { application?.joined(separator: ",") ?? "All" }

        /// The actions that run something each step (`repeat`), as gestured's steps can; window actions never repeat.
        var repeatable: Bool { ["SEND_KEYS", "RUN_COMMAND"].contains(action?["type"] ?? "") }

        /// An action's setting: the text of its element of that name, trimmed.
        func setting(_ name: String) -> String? {
            action?.children.first { $0.name == name }.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        }

        var repeats: Bool { repeatable && setting("repeat") == "true" }

        /// `times`: the steps of a repeating action over the whole gesture, 2 to 15, 10 when not given.
        var times: Int { min(max(Int(setting("times") ?? "") ?? 10, 2), 15) }

        /// `on`: "begin" unless "end" or "begin-and-end".
        var on: String {
            let on = setting("on") ?? ""
            return on == "end" || on == "begin-and-end" ? on : "begin"
        }

        /// "SWIPE 3 UP: SEND_KEYS Super_L+S", for comments.
        var summary: String {
            let name = [element["type"] ?? "?", fingers, element["direction"] ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
            guard let action else { return name }
            let type = action["type"] ?? "?"
            let detail =
                switch type {
                case "SEND_KEYS": ([setting("modifiers"), setting("keys")].compactMap { $0 }.filter { !$0.isEmpty }).joined(separator: "+")
                case "RUN_COMMAND": setting("command") ?? ""
                case "MOUSE_CLICK": "button \(setting("button") ?? "1")"
                default: setting("direction") ?? ""
                }
            return "\(name): \(type)" + (detail.isEmpty ? "" : " \(detail)") + (repeats ? " (repeat)" : "")
        }
    }
}
