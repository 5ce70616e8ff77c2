import Yams

/// The leaves of fusuma's gesture tree: what runs when a gesture is found (`command`, sendkey's `sendkey`,
/// wmctrl's `workspace` and `window`), and the settings beside it.
extension FusumaImport {
    /// What a leaf runs, in gestured's terms, how it differs, and what of it has no equivalent (said after its
    /// actions, in the file's order).
    struct Leaf {
        var origin: ActionsDocument.Origin
        /// One each, in order: sendkey's list of combinations is typed one after another. None when it runs
        /// nothing gestured can run.
        var effects: [Effect] = []
        var notes: [ImportNote] = []
        var leftOut: [(ActionsDocument.Origin, ImportNote)] = []
        /// Its own `threshold`, which scales a hold's time.
        var threshold: Double?
        /// Its own `interval`, which paces its steps by time (or its repeats, when it acts once).
        var interval: Double?
        /// The desktops its effects are for (a shortcut only some desktops have by default); nil for every one.
        var desktops: [String]?
        /// Its command moves the pointer by fusuma's movement (`xdotool mousemove_relative -- $move_x $move_y`).
        var movesPointer = false
    }

    /// The keys of a leaf; any other key of a mapping is a deeper level of the tree.
    static let leafKeys: Set<String> = [
        "command", "sendkey", "clearmodifiers", "keypress", "workspace", "window", "threshold", "interval", "accel", "shortcut",
    ]

    /// fusuma's variables in a command's environment: each event's movement.
    private static let variables = ["move_x", "move_y", "unaccelerated_x", "unaccelerated_y", "zoom", "rotate"]

    /// The leaf of `entries` at `path` ("swipe 3 left"). Throws at a value of the wrong type.
    func leaf(_ entries: [YAMLNodes.Entry], path: String, line: Int) throws(ImportError) -> Leaf {
        let executors = ["command", "sendkey", "workspace", "window", "shortcut"]
        let ran = entries.filter { executors.contains($0.key) }.map { "\($0.key) \(YAMLNodes.describe($0.value))" }
        let origin = ActionsDocument.Origin(line: entries.first?.line ?? line, what: path + (ran.isEmpty ? "" : ": " + ran.joined(separator: "; ")))
        var leaf = Leaf(origin: origin)
        var executor: String?
        var refused = false
        // Something said already why the leaf runs nothing (keypress's chords, shortcut).
        var explained = false
        for entry in entries {
            let here = ActionsDocument.Origin(line: entry.line, what: "\(path) \(entry.key): \(YAMLNodes.describe(entry.value))")
            switch entry.key {
            case "shortcut" where entries.contains { $0.key == "command" }:
                leaf.leftOut.append((here, .ignoredByTool("fusuma 0.x ran its command instead, and later ones have no shortcut")))
            case "command", "sendkey", "workspace", "window", "shortcut":
                if let executor {
                    leaf.leftOut.append((here, .ignoredByTool("fusuma runs one of command, sendkey, workspace and window: here \(executor)")))
                    continue
                }
                executor = entry.key
                if let note = try run(entry, into: &leaf) {
                    leaf.leftOut.insert((origin, note), at: 0)
                    refused = true
                }
            case "clearmodifiers":
                leaf.notes.append(.clearModifiers)
            case "keypress":
                explained = true
                for chord in YAMLNodes.entries(entry.value) ?? [] {
                    leaf.leftOut.append((.init(line: chord.line, what: "\(path) keypress \(chord.key): \(YAMLNodes.describe(chord.value))"), .keyCondition))
                }
            case "threshold":
                guard let value = entry.value.float, value > 0 else { throw error(entry, "must be a number above 0") }
                leaf.threshold = value
            case "interval":
                // 0 too: fusuma then acts at every event, with no pause.
                guard let value = entry.value.float, value >= 0 else { throw error(entry, "must be a number, 0 or above") }
                leaf.interval = value
            case "accel":
                leaf.notes.append(.ignoredByTool("accel scales fusuma's movement variables, which gesturectl actions does not set"))
            default:
                leaf.leftOut.append((here, .ignoredByTool("fusuma has no '\(entry.key)' here")))
            }
        }
        if executor == nil && !explained { leaf.leftOut.insert((origin, .ignoredByTool("nothing for fusuma to run")), at: 0) }
        if refused { leaf.effects = [] }
        return leaf
    }

    /// An action of `recognizer` (declared when there is one) for each of `leaf`'s effects, acting once (its
    /// interval, which paced its repeats, said to have no use), then what it left out.
    mutating func place(
        _ leaf: Leaf, on recognizer: ImportedRecognizer, notes: [ImportNote] = [], _ action: (_ name: String, Effect) -> ImportedAction
    ) {
        for effect in leaf.effects {
            var imported = action(document.declare(recognizer), effect)
            imported.desktops = leaf.desktops
            document.add(imported, from: leaf.origin, notes: leaf.notes + notes + (leaf.interval == nil ? [] : [.timeInterval]))
        }
        for (origin, note) in leaf.leftOut { document.leaveOut(origin, note) }
    }

    /// An executor's effects added to `leaf`; the note when it has no equivalent.
    private func run(_ entry: YAMLNodes.Entry, into leaf: inout Leaf) throws(ImportError) -> ImportNote? {
        switch entry.key {
        case "command":
            guard entry.value.scalar != nil, let command = entry.value.string else { throw error(entry, "must be a string") }
            leaf.effects = [Effect.command(fromShell: command)]
            let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" })
            leaf.movesPointer = words.filter { $0 != "--" } == ["xdotool", "mousemove_relative", "$move_x", "$move_y"]
            let used = Self.variables.filter { command.contains("$" + $0) || command.contains("${" + $0) }
            if !used.isEmpty {
                leaf.notes.append(
                    .toolVariables(used, nearest: "$GESTURE_TRANSLATION_MM_X and _Y, $GESTURE_SCALE and $GESTURE_ROTATION_RAD, from the gesture's start"))
            }
        case "shortcut":
            guard entry.value.scalar != nil, let keys = entry.value.string else { throw error(entry, "must be a string") }
            leaf.effects = [Effect.command(fromShell: "xdotool key " + keys)]
            leaf.notes.append(.fusumaShortcut)
        case "sendkey":
            let combinations: [Node] = entry.value.sequence.map(Array.init) ?? [entry.value]
            for combination in combinations {
                guard combination.scalar != nil, let text = combination.string else { throw error(entry, "must be a key combination or a list of them") }
                switch KeyTranslation.linuxNames(text) {
                case .keys(let keys): leaf.effects.append(.keys(keys))
                case .unknown(let name): return .unknownKey(name)
                }
            }
        case "workspace":
            // wmctrl's workspace: next or prev, or left, right, up or down in a grid of them.
            let way = entry.value.scalar != nil ? entry.value.string ?? "" : ""
            guard ["next", "prev", "left", "right", "up", "down"].contains(way) else {
                return .ignoredByTool("fusuma-plugin-wmctrl has no workspace '\(YAMLNodes.describe(entry.value))': fusuma stops at it")
            }
            return window(.workspace(way == "prev" ? "previous" : way), into: &leaf)
        default:
            // wmctrl's window: next, prev (or left, right, up, down) moves it to that workspace; fullscreen and
            // maximized toggle its state, and { fullscreen: toggle, add or remove } and the same of maximized
            // change it; close closes it.
            let way = entry.value.scalar != nil ? entry.value.string ?? "" : ""
            switch way {
            case "next", "prev", "left", "right", "up", "down": return window(.moveWindow(way == "prev" ? "previous" : way), into: &leaf)
            case "fullscreen": return window(.fullscreen, into: &leaf)
            case "maximized": return window(.maximize, into: &leaf)
            case "close": return window(.close, into: &leaf)
            default: break
            }
            let states = YAMLNodes.entries(entry.value) ?? []
            guard let state = states.first(where: { $0.key == "fullscreen" || $0.key == "maximized" }), let method = state.value.string,
                ["toggle", "add", "remove"].contains(method)
            else { return .ignoredByTool("fusuma-plugin-wmctrl has no window '\(YAMLNodes.describe(entry.value))': fusuma stops at it") }
            if method != "toggle" { leaf.notes.append(.shortcutToggles) }
            return window(state.key == "fullscreen" ? .fullscreen : .maximize, into: &leaf)
        }
        return nil
    }

    /// A window manager's action as the desktops' shortcut, for the desktops that have it; the note when none does.
    private func window(_ action: WindowAction, into leaf: inout Leaf) -> ImportNote? {
        guard let shortcut = action.shortcut else { return .windowAction(action) }
        leaf.effects = [.shortcut(shortcut)]
        if !action.missing.isEmpty {
            leaf.desktops = action.desktops
            leaf.notes.append(.shortcutOnSome(action))
        }
        return nil
    }

    func error(_ entry: YAMLNodes.Entry, _ message: String) -> ImportError {
        ImportError(file: document.file, line: entry.line, column: entry.column, "\(entry.key): \(message)")
    }
}
