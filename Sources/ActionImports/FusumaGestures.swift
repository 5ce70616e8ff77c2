/// fusuma's gesture tree (gesture, fingers, direction, then a leaf, or begin, update and end below the fingers
/// or the direction) made actions.
extension FusumaImport {
    /// A level of the tree: a mapping, or a mistake fusuma stops at too.
    private func level(_ entry: YAMLNodes.Entry, of what: String) throws(ImportError) -> [YAMLNodes.Entry] {
        guard let entries = YAMLNodes.entries(entry.value) else { throw error(entry, "must be a mapping of \(what)") }
        return entries
    }

    /// A finger count fusuma never matches.
    private mutating func fingerless(_ entry: YAMLNodes.Entry, _ path: String) {
        document.leaveOut(
            .init(line: entry.line, what: "\(path) \(entry.key): \(YAMLNodes.describe(entry.value))"),
            .ignoredByTool("'\(entry.key)' is no number of fingers from 1 to 10 (fusuma matches numbers without quotes)"))
    }

    /// The leaf below a direction or the fingers, and the events (begin, update, ...) beside it.
    private func split(_ entries: [YAMLNodes.Entry], events: Set<String>) -> (leaf: [YAMLNodes.Entry], events: [YAMLNodes.Entry]) {
        (entries.filter { !events.contains($0.key) }, entries.filter { events.contains($0.key) })
    }

    private func thresholdNote(_ leaf: Leaf) -> [ImportNote] {
        leaf.threshold == nil ? [] : [.threshold]
    }

    /// Swipes: one recognizer per axis and fingers, an action per direction; begin and end as a pan's.
    mutating func swipe(_ swipe: YAMLNodes.Entry) throws(ImportError) {
        for count in try level(swipe, of: "finger counts") {
            guard let fingers = count.fingers else {
                fingerless(count, "swipe")
                continue
            }
            for entry in try level(count, of: "directions") {
                let path = "swipe \(fingers) \(entry.key)"
                switch entry.key {
                case "left", "right", "up", "down":
                    let (leafEntries, events) = split(try level(entry, of: "what to run"), events: ["begin", "update", "end"])
                    if !leafEntries.isEmpty {
                        let leaf = try leaf(leafEntries, path: path, line: entry.line)
                        let recognizer = style.swipe(fingers: fingers, vertical: entry.key == "up" || entry.key == "down")
                        place(leaf, on: recognizer, notes: thresholdNote(leaf)) { ImportedAction(gesture: $0, direction: entry.key, $1) }
                    }
                    for event in events {
                        document.leaveOut(.init(line: event.line, what: "\(path) \(event.key): \(YAMLNodes.describe(event.value))"), .panDirection)
                    }
                case "begin", "end":
                    let leaf = try leaf(try level(entry, of: "what to run"), path: path, line: entry.line)
                    place(leaf, on: style.pan(fingers: fingers), notes: thresholdNote(leaf)) {
                        ImportedAction(gesture: $0, on: [entry.key == "begin" ? "began" : "ended"], $1)
                    }
                case "update":
                    document.leaveOut(.init(line: entry.line, what: "\(path): \(YAMLNodes.describe(entry.value))"), .timeInterval)
                default:
                    document.leaveOut(
                        .init(line: entry.line, what: "\(path): \(YAMLNodes.describe(entry.value))"),
                        .ignoredByTool("a swipe's fingers have left, right, up, down, begin, update or end below them in fusuma"))
                }
            }
        }
    }

    /// Pinches and rotations: both ways as one action of a two-finger recognizer, stepping as fusuma acts again
    /// while the fingers go on; begin and end without a direction as its began and ended.
    mutating func twoWay(_ gesture: YAMLNodes.Entry, _ kind: TwoWayKind) throws(ImportError) {
        let ways = kind == .pinch ? ["out", "in"] : ["clockwise", "counterclockwise"]
        let entries = try level(gesture, of: "finger counts or directions")
        // Without the finger level (`pinch: in:`), fusuma acts on any number of fingers, but for those with a level
        // of their own for that way: it looks a gesture up with its fingers first.
        var two: [YAMLNodes.Entry] = []
        if let level = entries.first(where: { $0.fingers == 2 }) { two = try self.level(level, of: "directions") }
        let direct = entries.filter { entry in ways.contains(entry.key) && !two.contains { $0.key == entry.key } }
        for entry in entries {
            if let fingers = entry.fingers {
                try twoWay(kind, fingers: fingers, entries: try level(entry, of: "directions"), path: "\(gesture.key) \(fingers)")
            } else if let replacing = ways.contains(entry.key) ? two.first(where: { $0.key == entry.key }) : nil {
                document.leaveOut(
                    .init(line: entry.line, what: "\(gesture.key) \(entry.key): \(YAMLNodes.describe(entry.value))"),
                    .ignoredByTool("for two fingers, fusuma runs the one at line \(replacing.line); the engine's \(kind.name) takes no other number"))
            } else if ways.contains(entry.key) {
                if entry.line == direct.first?.line { try twoWay(kind, fingers: nil, entries: direct, path: gesture.key) }
            } else {
                fingerless(entry, gesture.key)
            }
        }
    }

    private mutating func twoWay(_ kind: TwoWayKind, fingers: Int?, entries: [YAMLNodes.Entry], path: String) throws(ImportError) {
        let ways = kind == .pinch ? ["out", "in"] : ["clockwise", "counterclockwise"]
        if let fingers, fingers != 2 {
            for entry in entries {
                document.leaveOut(.init(line: entry.line, what: "\(path) \(entry.key): \(YAMLNodes.describe(entry.value))"), .fingers(kind, fingers))
            }
            return
        }
        var once: [String: Leaf] = [:]
        var updates: [String: Leaf] = [:]
        for entry in entries {
            let here = ActionsDocument.Origin(line: entry.line, what: "\(path) \(entry.key): \(YAMLNodes.describe(entry.value))")
            switch entry.key {
            case let way where ways.contains(way):
                let (leafEntries, events) = split(try level(entry, of: "what to run"), events: ["begin", "update", "end"])
                if !leafEntries.isEmpty { once[way] = try leaf(leafEntries, path: "\(path) \(way)", line: entry.line) }
                for event in events {
                    let origin = ActionsDocument.Origin(line: event.line, what: "\(path) \(way) \(event.key): \(YAMLNodes.describe(event.value))")
                    if event.key == "update" {
                        updates[way] = try leaf(try level(event, of: "what to run"), path: "\(path) \(way) update", line: event.line)
                    } else {
                        document.leaveOut(origin, .oneWay(kind))
                    }
                }
            case "begin" where kind == .pinch, "end" where kind == .pinch:
                let leaf = try leaf(try level(entry, of: "what to run"), path: "\(path) \(entry.key)", line: entry.line)
                place(leaf, on: style.twoWay(kind), notes: thresholdNote(leaf) + (fingers == nil ? [.anyFingers(kind)] : [])) {
                    ImportedAction(gesture: $0, on: [entry.key == "begin" ? "began" : "ended"], $1)
                }
            case "update" where kind == .pinch:
                document.leaveOut(here, .timeInterval)
            default:
                document.leaveOut(here, .ignoredByTool("fusuma has no '\(entry.key)' here"))
            }
        }
        steps(once, kind, ways: ways, fingers: fingers)
        steps(updates, kind, ways: ways, fingers: fingers)
    }

    /// The two ways of a pinch or rotation as steps (each forward step doing what pinching out or turning
    /// clockwise did), or, when only a backward way has a command, a command at the end.
    private mutating func steps(_ leaves: [String: Leaf], _ kind: TwoWayKind, ways: [String], fingers: Int?) {
        let forward = leaves[ways[0]], backward = leaves[ways[1]]
        let both = [forward, backward].compactMap { $0 }.sorted { $0.origin.line < $1.origin.line }
        let acting = both.filter { !$0.effects.isEmpty }
        if let first = acting.first {
            let origin = ActionsDocument.Origin(line: first.origin.line, what: acting.map(\.origin.what).joined(separator: "; "))
            let notes = acting.flatMap { $0.notes + thresholdNote($0) } + (fingers == nil ? [.anyFingers(kind)] : [])
            let name = document.declare(style.twoWay(kind))
            let step = kind == .pinch ? (0.2, "0.2 of scale") : (0.3, "0.3 radians (17 degrees)")
            for i in 0..<max(forward?.effects.count ?? 0, backward?.effects.count ?? 0) {
                let effects = TwoWayEffects(kind: kind, forward: forward?.effects.dropFirst(i).first, backward: backward?.effects.dropFirst(i).first)
                if let action = effects.steps(every: step.0, gesture: name) {
                    document.add(action, from: origin, notes: notes + [.steps(every: step.1)])
                } else if let action = effects.atEnd(gesture: name) {
                    document.add(action, from: origin, notes: notes + [.atEnd])
                } else {
                    document.leaveOut(origin, .oneWay(kind))
                }
            }
        }
        for (origin, note) in both.flatMap(\.leftOut) { document.leaveOut(origin, note) }
    }

    /// Holds: a long press of fusuma's 0.7 s (times the threshold), acting when it begins; its begin, end and
    /// cancelled as the long press's.
    mutating func hold(_ hold: YAMLNodes.Entry) throws(ImportError) {
        let states = ["begin": "began", "end": "ended", "cancelled": "cancelled"]
        for count in try level(hold, of: "finger counts") {
            guard let fingers = count.fingers else {
                fingerless(count, "hold")
                continue
            }
            let path = "hold \(fingers)"
            let (leafEntries, events) = split(try level(count, of: "what to run"), events: Set(states.keys))
            if !leafEntries.isEmpty {
                let leaf = try leaf(leafEntries, path: path, line: count.line)
                place(leaf, on: style.longPress(fingers: fingers, duration: 0.7 * (leaf.threshold ?? holdThreshold))) {
                    ImportedAction(gesture: $0, on: ["began"], $1)
                }
            }
            for event in events {
                let leaf = try leaf(try level(event, of: "what to run"), path: "\(path) \(event.key)", line: event.line)
                place(leaf, on: style.longPress(fingers: fingers, duration: 0.7 * (leaf.threshold ?? holdThreshold))) {
                    ImportedAction(gesture: $0, on: [states[event.key]!], $1)
                }
            }
        }
    }

    /// The tap plugin's taps, on the touchpad.
    mutating func tap(_ tap: YAMLNodes.Entry) throws(ImportError) {
        for count in try level(tap, of: "finger counts") {
            guard let fingers = count.fingers else {
                fingerless(count, "tap")
                continue
            }
            let leaf = try leaf(try level(count, of: "what to run"), path: "tap \(fingers)", line: count.line)
            place(leaf, on: style.tap(fingers: fingers), notes: thresholdNote(leaf)) { ImportedAction(gesture: $0, $1) }
        }
    }
}
