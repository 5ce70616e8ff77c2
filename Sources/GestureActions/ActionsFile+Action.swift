import ConfigSchema
extension ActionsFile {
    /// The keys of an `[[action]]`.
    static let actionKeys = [
        "gesture", "on", "direction", "shape", "command", "keys", "repeat_every", "repeat_interval", "command_back", "keys_back",
        "hold", "begin", "update", "end", "cancel", "pointer", "pointer_speed", "wheel", "wheel_back", "shortcut", "shortcut_back",
        "desktop", "application", "application_under_pointer",
    ]

    /// One `[[action]]`, checked: what it binds, when it acts and what it does.
    static func action(_ node: ConfigNode, _ reader: ConfigReader) -> Action? {
        guard let t = reader.table(node, allowed: actionKeys, what: "[[action]]") else { return nil }
        guard let gestureNode = t["gesture"] else {
            reader.error(node.path, "[[action]] needs gesture = \"RECOGNIZER\": the name of the recognizer whose events it acts on")
            return nil
        }
        guard let gesture = reader.name(gestureNode) else { return nil }
        var action = Action(gesture: gesture, states: ["ended"])
        action.gestureAt = reader.position(of: gestureNode.path)
        if let n = t["shape"], let shape = reader.name(n) {
            action.shape = shape
            action.shapeAt = reader.position(of: n.path)
        }
        if let n = t["repeat_every"], let step = reader.number(n, in: 0.001...10_000) {
            action.repeatEvery = step
            action.states = ["changed"]
        }
        if let n = t["repeat_interval"], let seconds = reader.number(n, in: 0.01...60, unit: " s") { action.repeatInterval = seconds }
        if let n = t["on"] {
            if case .string = n.value {
                if let state = reader.choice(n, among: states) { action.states = [state] }
            } else if let list = reader.strings(n, element: { reader.choice($0, among: states) }) {
                action.states = Set(list)
            }
        }
        if let n = t["direction"] {
            action.direction = reader.choice(n, among: ["left", "right", "up", "down", "top", "bottom"])
            action.directionAt = reader.position(of: n.path)
        }
        action.command = t["command"].flatMap(reader.string)
        action.commandBack = t["command_back"].flatMap(reader.string)
        action.keys = t["keys"].flatMap { combination($0, reader) }
        action.keysBack = t["keys_back"].flatMap { combination($0, reader) }
        action.hold = t["hold"].flatMap { combination($0, reader) }
        action.application = t["application"].flatMap { ApplicationRule($0, reader) }
        action.applicationUnderPointer = t["application_under_pointer"].flatMap { ApplicationRule($0, reader) }
        if let n = t["desktop"] {
            let one = { (node: ConfigNode) in reader.choice(node, among: ShortcutPresets.desktops) }
            if case .string = n.value { action.desktops = one(n).map { [$0] } } else { action.desktops = reader.strings(n, element: one).map(Set.init) }
        }
        if let n = t["shortcut"], let name = reader.name(n) {
            action.shortcut = name
            action.shortcutAt = reader.position(of: n.path)
        }
        if let n = t["shortcut_back"], let name = reader.name(n) {
            action.shortcutBack = name
            action.shortcutBackAt = reader.position(of: n.path)
        }
        action.begin = t["begin"].flatMap(reader.string)
        action.update = t["update"].flatMap(reader.string)
        action.end = t["end"].flatMap(reader.string)
        action.cancel = t["cancel"].flatMap(reader.string)
        if let n = t["pointer"], let b = reader.bool(n) { action.pointer = b }
        if let n = t["pointer_speed"], let speed = reader.number(n, in: 0.01...1000, unit: " counts/mm") {
            action.pointerSpeed = speed
            if !action.pointer { reader.error(n.path, atKey: true, "pointer_speed is how fast the pointer follows: it needs pointer = true") }
        }
        let wheels = Wheel.allCases.map(\.rawValue)
        action.wheel = t["wheel"].flatMap { reader.choice($0, among: wheels) }.flatMap(Wheel.init)
        action.wheelBack = t["wheel_back"].flatMap { reader.choice($0, among: wheels) }.flatMap(Wheel.init)
        check(action, t, node, reader)
        return action
    }

    /// What only the whole action shows: that it does something, and that its keys fit together.
    private static func check(_ action: Action, _ t: [String: ConfigNode], _ node: ConfigNode, _ reader: ConfigReader) {
        let doing = [
            "command", "keys", "shortcut", "hold", "begin", "update", "end", "cancel", "pointer", "wheel", "command_back", "keys_back",
            "shortcut_back", "wheel_back",
        ]
        if !doing.contains(where: { t[$0] != nil }) {
            reader.error(
                node.path,
                "[[action]] for '\(action.gesture)' does nothing: give it command, keys, shortcut, hold, begin/update/end/cancel, pointer or wheel")
        }
        for (shortcut, others) in [("shortcut", ["keys", "command"]), ("shortcut_back", ["keys_back", "command_back"])] where t[shortcut] != nil {
            for other in others where t[other] != nil {
                reader.error(t[other]!.path, atKey: true, "\(shortcut) stands for keys or a command of the desktop's: leave out \(other)")
            }
        }
        if action.repeatEvery != nil, let n = t["repeat_interval"] {
            reader.error(n.path, atKey: true, "an action steps by distance (repeat_every) or by time (repeat_interval), not both")
        }
        if action.repeatEvery == nil && action.repeatInterval == nil {
            for key in ["command_back", "keys_back", "wheel_back", "shortcut_back"] where t[key] != nil {
                reader.error(t[key]!.path, atKey: true, "\(key) runs on a backward step: it needs repeat_every or repeat_interval")
            }
        }
        if action.repeatEvery != nil, !action.states.isSubset(of: ["began", "changed"]) || !action.states.contains("changed") {
            reader.error(t["on"]?.path ?? node.path, "an action with repeat_every acts while the gesture changes: on must be \"changed\"")
        }
        if action.repeatInterval != nil, let n = t["on"] {
            reader.error(n.path, atKey: true, "an action with repeat_interval steps with time while the gesture goes on: leave out on")
        }
    }
}
