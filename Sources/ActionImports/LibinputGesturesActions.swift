/// libinput-gestures' gestures made actions, each acting as libinput-gestures does when the fingers lift: swipes
/// by direction, a pinch's two ways (and a rotation's) as one command choosing by the direction, holds as long
/// presses.
extension LibinputGesturesImport {
    typealias Gesture = LibinputGesturesLine.Gesture

    mutating func gesture(_ gesture: Gesture) {
        let origin = ActionsDocument.Origin(line: gesture.line, what: gesture.text)
        let counts = counts(gesture)
        guard !counts.isEmpty else {
            let replacing = (gesture.fingers.map { [$0] } ?? Self.counts[gesture.type]!).compactMap { winner(gesture.type, gesture.motion, $0)?.line }
            return document.leaveOut(origin, .replaced(byLine: replacing.first ?? gesture.line))
        }
        let least = ["swipe": 3, "pinch": 2, "hold": 1][gesture.type]!
        if let fingers = gesture.fingers, fingers < least {
            return document.leaveOut(origin, .ignoredByTool("libinput reports no \(gesture.type) of \(fingers) fingers (\(least) or more)"))
        }
        guard let effect = Self.effect(gesture) else { return document.leaveOut(origin, .windowAction(Self.internalAction(gesture.command))) }
        switch gesture.type {
        case "swipe":
            guard ["up", "down", "left", "right"].contains(gesture.motion) else { return document.leaveOut(origin, .diagonalSwipe) }
            for count in counts {
                let name = document.declare(style.swipe(fingers: count, vertical: gesture.motion == "up" || gesture.motion == "down"))
                document.add(ImportedAction(gesture: name, direction: gesture.motion, effect), from: origin)
            }
        case "pinch":
            twoWay(gesture, effect, origin)
        default:
            let delay = Double(gesture.motion.dropFirst(3)) ?? 0
            for count in counts {
                let name = document.declare(style.longPress(fingers: count, duration: delay == 0 ? nil : min(0.5 + delay, 60)))
                let holds = Set(gestures.filter { $0.type == "hold" }.compactMap { winner("hold", $0.motion, count)?.motion })
                document.add(ImportedAction(gesture: name, effect), from: origin, notes: holds.count > 1 ? [.longestHold] : [])
            }
        }
    }

    /// A pinch in or out, or a rotation, with the other way of it: one command when the gesture ends.
    private mutating func twoWay(_ gesture: Gesture, _ effect: Effect, _ origin: ActionsDocument.Origin) {
        let kind: TwoWayKind = gesture.motion == "in" || gesture.motion == "out" ? .pinch : .rotation
        if let fingers = gesture.fingers, fingers != 2 { return document.leaveOut(origin, .fingers(kind, fingers)) }
        if let line = paired[gesture.line] { return document.remark(origin, "with its other way, at line \(line) above") }
        let otherMotion = ["in": "out", "out": "in", "clockwise": "anticlockwise", "anticlockwise": "clockwise"][gesture.motion]!
        var what = origin
        var ways = TwoWayEffects(kind: kind)
        let forward = gesture.motion == "out" || gesture.motion == "clockwise"
        var anyFingers = gesture.fingers == nil
        if forward { ways.forward = effect } else { ways.backward = effect }
        if let other = winner("pinch", otherMotion, 2), other.line > gesture.line, let otherEffect = Self.effect(other) {
            paired[other.line] = gesture.line
            what.what += "; with line \(other.line), \(other.text)"
            anyFingers = anyFingers || other.fingers == nil
            if forward { ways.backward = otherEffect } else { ways.forward = otherEffect }
        }
        // Every effect here has its command, so a command at the end always does.
        guard let action = ways.atEnd(gesture: document.declare(style.twoWay(kind))) else { return }
        document.add(action, from: what, notes: anyFingers ? [.anyFingers(kind)] : [])
    }

    /// The command, quoted for /bin/sh (a leading `~` and `$VARIABLES` of its first word expanded, as
    /// libinput-gestures expands them), made keys when it is `xdotool key` and a combination; nil for `_internal`.
    private static func effect(_ gesture: Gesture) -> Effect? {
        guard gesture.command.first != "_internal" else { return nil }
        let words = gesture.command.enumerated().map { $0.offset == 0 ? ShellWords.quoteExpanding($0.element) : ShellWords.quote($0.element) }
        return Effect.command(fromShell: words.joined(separator: " "))
    }

    /// `_internal`'s workspace moves, named after the swipe: ws_up goes to the next workspace (the row below, in a
    /// grid of --cols columns), ws_left to the next one as well (the column to the right).
    private static func internalAction(_ words: [String]) -> WindowAction {
        let grid = words.contains { $0 == "-c" || $0 == "--cols" || $0.hasPrefix("--cols=") }
        switch words.first(where: { $0.hasPrefix("ws_") }) ?? "" {
        case "ws_up": return .workspace(grid ? "down" : "next")
        case "ws_down": return .workspace(grid ? "up" : "previous")
        case "ws_left": return .workspace(grid ? "right" : "next")
        case "ws_right": return .workspace(grid ? "left" : "previous")
        case let move: return .workspace("libinput-gestures' \(move.isEmpty ? "_internal" : move) in a grid of workspaces")
        }
    }
}
