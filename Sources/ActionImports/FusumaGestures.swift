import Yams

/// fusuma's gesture tree (gesture, fingers, direction, then a leaf, or begin, update and end below the fingers
/// or the direction) made actions.
extension FusumaImport {
    /// A level of the tree: a mapping, or a mistake fusuma stops at too. A key with nothing below it (its children
    /// all commented out: YAML's null) is a level of nothing, as fusuma reads it.
    private func level(_ entry: YAMLNodes.Entry, of what: String) throws(ImportError) -> [YAMLNodes.Entry] {
        if entry.value.tag.rawValue == Tag.Name.null.rawValue { return [] }
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

    /// Swipes: one recognizer per axis and fingers, an action per direction; begin, update and end as a pan's.
    mutating func swipe(_ swipe: YAMLNodes.Entry) throws(ImportError) {
        for count in try level(swipe, of: "finger counts") {
            guard let fingers = count.fingers else {
                fingerless(count, "swipe")
                continue
            }
            var events = Events()
            for entry in try level(count, of: "directions") {
                let path = "swipe \(fingers) \(entry.key)"
                switch entry.key {
                case "left", "right", "up", "down":
                    let (leafEntries, directed) = split(try level(entry, of: "what to run"), events: ["begin", "update", "end"])
                    if !leafEntries.isEmpty {
                        let leaf = try leaf(leafEntries, path: path, line: entry.line)
                        let recognizer = style.swipe(fingers: fingers, vertical: entry.key == "up" || entry.key == "down")
                        place(leaf, on: recognizer, notes: thresholdNote(leaf)) { ImportedAction(gesture: $0, direction: entry.key, $1) }
                    }
                    for event in directed {
                        if event.key == "update" {
                            events.ways.append((entry.key, try leaf(try level(event, of: "what to run"), path: "\(path) update", line: event.line)))
                        } else {
                            document.leaveOut(.init(line: event.line, what: "\(path) \(event.key): \(YAMLNodes.describe(event.value))"), .panDirection)
                        }
                    }
                case "begin", "end", "update":
                    events[entry.key] = try leaf(try level(entry, of: "what to run"), path: path, line: entry.line)
                default:
                    document.leaveOut(
                        .init(line: entry.line, what: "\(path): \(YAMLNodes.describe(entry.value))"),
                        .ignoredByTool("a swipe's fingers have left, right, up, down, begin, update or end below them in fusuma"))
                }
            }
            continuous(events, on: style.pan(fingers: fingers), interval: intervals["swipe"])
        }
    }

    /// fusuma's events of a gesture under way: begin, update (any way, and a swipe's by direction) and end.
    struct Events {
        var begin: Leaf?
        var update: Leaf?
        var end: Leaf?
        /// A swipe's `update:` below its directions, in the file's order.
        var ways: [(way: String, leaf: Leaf)] = []

        subscript(event: String) -> Leaf? {
            get { event == "begin" ? begin : event == "end" ? end : update }
            set {
                switch event {
                case "begin": begin = newValue
                case "end": end = newValue
                default: update = newValue
                }
            }
        }
    }

    /// A pan's or pinch's events as its actions: begin and end on its began and ended, or a key or button pressed
    /// at one and released at the other held throughout; update's steps by time (fusuma's pace, 0.1 s times the
    /// interval), forward as a pan goes right or down or a pinch opens, back the other way; or the pointer following
    /// the fingers, where update moves it by fusuma's movement. A swipe's ways are the pan's by the way it began (each
    /// axis's actions for the two ways of that axis, stepping along it), an update without a direction standing in
    /// for the ways without their own, as fusuma runs it for them.
    private mutating func continuous(_ events: Events, on recognizer: ImportedRecognizer, interval: Double?) {
        var hold: (keys: String, origin: ActionsDocument.Origin)?
        if let begin = events.begin, let end = events.end, let keys = Self.pressed(begin, down: true), keys == Self.pressed(end, down: false) {
            hold = (keys, .init(line: begin.origin.line, what: begin.origin.what + "; " + end.origin.what))
        } else {
            for (event, leaf) in [("began", events.begin), ("ended", events.end)] {
                guard let leaf else { continue }
                place(leaf, on: recognizer, notes: thresholdNote(leaf)) { ImportedAction(gesture: $0, on: [event], $1) }
            }
        }
        if let update = events.update, events.ways.isEmpty, update.movesPointer {
            // The pointer following the fingers, the button held by begin and end.
            var action = ImportedAction(gesture: document.declare(recognizer), nil)
            action.pointer = true
            action.hold = hold?.keys
            let origins = [update.origin] + (hold.map { [$0.origin] } ?? [])
            let notes = update.notes.filter { if case .toolVariables = $0 { false } else { true } }
            document.add(action, from: Self.joined(origins)!, notes: notes + [.pointerSpeed])
            for (origin, note) in update.leftOut { document.leaveOut(origin, note) }
            return
        }
        // Without ways, one set of steps whichever way the fingers go; with them, each axis's (the first written first).
        var axes: [(forward: Leaf?, backward: Leaf?, directions: [String?])] = []
        if events.ways.isEmpty {
            axes = [(events.update, events.update, [nil])]
        } else {
            let first = events.ways[0].way
            let written = ["left", "right"].contains(first) ? [("right", "left"), ("down", "up")] : [("down", "up"), ("right", "left")]
            for (forwardWay, backwardWay) in written {
                let forward = events.ways.first { $0.way == forwardWay }?.leaf ?? events.update
                let backward = events.ways.first { $0.way == backwardWay }?.leaf ?? events.update
                if forward != nil || backward != nil { axes.append((forward, backward, [forwardWay, backwardWay])) }
            }
        }
        var held = false
        for axis in axes {
            let steps = [axis.forward, axis.backward].compactMap { $0 }.reduce(into: [Leaf]()) { leaves, leaf in
                if !leaves.contains(where: { $0.origin.line == leaf.origin.line }) { leaves.append(leaf) }
            }
            // The hold goes with the steps of the only set of them; where there are directions, on an action of its own.
            let holding = axis.directions == [nil] ? hold : nil
            guard let origin = Self.joined(steps.map(\.origin) + (holding.map { [$0.origin] } ?? [])),
                !steps.allSatisfy({ $0.effects.isEmpty })
            else { continue }
            for (origin, note) in steps.flatMap(\.leftOut) { document.leaveOut(origin, note) }
            guard let desktops = Self.desktops(steps) else {
                document.leaveOut(origin, .noDesktopForBoth)
                continue
            }
            // fusuma's pace of a leaf's steps, within what repeat_interval takes.
            let pace = { (leaf: Leaf) in min(max(0.1 * (leaf.interval ?? interval ?? 1), 0.01), 60) }
            let seconds = pace(axis.forward ?? axis.backward!)
            let back = axis.forward != nil && axis.backward.map(pace).map { $0 != seconds } == true ? pace(axis.backward!) : nil
            let notes = steps.flatMap(\.notes) + [ImportNote.stepsByTime(every: TOMLText.number(seconds) + " s", back: back.map { TOMLText.number($0) + " s" })]
            for direction in axis.directions {
                for i in 0..<max(axis.forward?.effects.count ?? 0, axis.backward?.effects.count ?? 0) {
                    var action = ImportedAction(
                        gesture: document.declare(recognizer), direction: direction, axis.forward?.effects.dropFirst(i).first,
                        back: axis.backward?.effects.dropFirst(i).first)
                    action.repeatInterval = seconds
                    action.hold = i == 0 ? holding?.keys : nil
                    action.desktops = desktops
                    if action.effect == nil && action.hold == nil {
                        document.leaveOut(origin, .backOnly)
                    } else {
                        document.add(action, from: origin, notes: notes)
                        held = held || action.hold != nil
                    }
                }
            }
        }
        if let hold, !held {
            var action = ImportedAction(gesture: document.declare(recognizer), nil)
            action.hold = hold.keys
            document.add(action, from: hold.origin)
        }
        // update: without a direction, where every way has its own.
        if let update = events.update, !events.ways.isEmpty, Set(events.ways.map(\.way)).count == 4 {
            document.leaveOut(update.origin, .everyWayHasItsOwn)
        }
    }

    /// Origins as one: the first's line, every one's words.
    private static func joined(_ origins: [ActionsDocument.Origin]) -> ActionsDocument.Origin? {
        let sorted = origins.sorted { $0.line < $1.line }
        return sorted.first.map { ActionsDocument.Origin(line: $0.line, what: sorted.map(\.what).joined(separator: "; ")) }
    }

    /// The desktops the effects of all of `leaves` are for (shortcuts only some desktops have): nil for every one;
    /// nil too, when no desktop has them all.
    static func desktops(_ leaves: [Leaf]) -> [String]?? {
        let some = leaves.compactMap(\.desktops)
        guard let first = some.first else { return .some(nil) }
        let all = some.dropFirst().reduce(first) { all, one in all.filter(one.contains) }
        return all.isEmpty ? nil : .some(all)
    }

    /// What a begin's command presses (`down`), or an end's releases: `xdotool keydown` or `mousedown`, `keyup`
    /// or `mouseup`, as gestured's keys; nil for anything else.
    private static func pressed(_ leaf: Leaf, down: Bool) -> String? {
        guard leaf.effects.count == 1, case .command(let command) = leaf.effects[0], let words = ShellWords.plainWords(command) else { return nil }
        return XdotoolKey.pressed(words, down: down)
    }

    /// Pinches and rotations: both ways as one action of a two-finger recognizer, stepping as fusuma acts again
    /// while the fingers go on; begin and end without a direction as its began and ended.
    mutating func twoWay(_ gesture: YAMLNodes.Entry, _ kind: TwoWayKind) throws(ImportError) {
        let ways = kind == .pinch ? pinchWays : ["clockwise", "counterclockwise"]
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
        let ways = kind == .pinch ? pinchWays : ["clockwise", "counterclockwise"]
        if let fingers, fingers != 2 {
            for entry in entries {
                document.leaveOut(.init(line: entry.line, what: "\(path) \(entry.key): \(YAMLNodes.describe(entry.value))"), .fingers(kind, fingers))
            }
            return
        }
        var once: [String: Leaf] = [:]
        var updates: [String: Leaf] = [:]
        var events = Events()
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
            case "begin" where kind == .pinch, "end" where kind == .pinch, "update" where kind == .pinch:
                var leaf = try leaf(try level(entry, of: "what to run"), path: "\(path) \(entry.key)", line: entry.line)
                leaf.notes += fingers == nil ? [.anyFingers(kind)] : []
                events[entry.key] = leaf
            default:
                document.leaveOut(here, .ignoredByTool("fusuma has no '\(entry.key)' here"))
            }
        }
        steps(once, kind, ways: ways, fingers: fingers)
        steps(updates, kind, ways: ways, fingers: fingers)
        continuous(events, on: style.twoWay(kind), interval: intervals[kind == .pinch ? "pinch" : "rotate"])
    }

    /// The two ways of a pinch or rotation as steps (each forward step doing what pinching out or turning
    /// clockwise did), or, when only a backward way has a command, a command at the end.
    private mutating func steps(_ leaves: [String: Leaf], _ kind: TwoWayKind, ways: [String], fingers: Int?) {
        let forward = leaves[ways[0]], backward = leaves[ways[1]]
        let both = [forward, backward].compactMap { $0 }.sorted { $0.origin.line < $1.origin.line }
        let acting = both.filter { !$0.effects.isEmpty }
        if let first = acting.first {
            let origin = ActionsDocument.Origin(line: first.origin.line, what: acting.map(\.origin.what).joined(separator: "; "))
            let notes = acting.flatMap { $0.notes + thresholdNote($0) + ($0.interval == nil ? [] : [.timeInterval]) } + (fingers == nil ? [.anyFingers(kind)] : [])
            let name = document.declare(style.twoWay(kind))
            let step = kind == .pinch ? (0.2, "0.2 of scale") : (0.3, "0.3 radians (17 degrees)")
            let desktops = Self.desktops(acting)
            if desktops == nil { document.leaveOut(origin, .noDesktopForBoth) }
            for i in 0..<(desktops == nil ? 0 : max(forward?.effects.count ?? 0, backward?.effects.count ?? 0)) {
                let effects = TwoWayEffects(kind: kind, forward: forward?.effects.dropFirst(i).first, backward: backward?.effects.dropFirst(i).first)
                if var action = effects.steps(every: step.0, gesture: name) {
                    action.desktops = desktops ?? nil
                    document.add(action, from: origin, notes: notes + [.steps(every: step.1)])
                } else if var action = effects.atEnd(gesture: name) {
                    action.desktops = desktops ?? nil
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
