/// libinput-gestures' gestures made actions, each acting as libinput-gestures does when the fingers lift: swipes
/// by direction, a pinch's two ways (and a rotation's) as one command choosing by the direction, holds as long
/// presses; its `_internal` workspace switcher as the desktops' shortcuts.
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
        if gesture.type == "swipe" && !["up", "down", "left", "right"].contains(gesture.motion) { return document.leaveOut(origin, .diagonalSwipe) }
        let window = gesture.command.first == "_internal" ? Self.internalAction(gesture.command) : nil
        if let window, window.shortcut == nil { return document.leaveOut(origin, .windowAction(window)) }
        let effect = Self.effect(gesture)
        // A shortcut only some desktops have is for those.
        func adding(_ action: ImportedAction, from origin: ActionsDocument.Origin = origin, notes: [ImportNote] = []) {
            var action = action
            let some = window.map { $0.missing.isEmpty ? [] : [ImportNote.shortcutOnSome($0)] } ?? []
            if !some.isEmpty { action.desktops = window?.desktops }
            document.add(action, from: origin, notes: notes + some)
        }
        switch gesture.type {
        case "swipe":
            for count in counts {
                let name = document.declare(style.swipe(fingers: count, vertical: gesture.motion == "up" || gesture.motion == "down"))
                adding(ImportedAction(gesture: name, direction: gesture.motion, effect))
            }
        case "pinch":
            if let (action, notes, what) = twoWay(gesture, effect, origin) { adding(action, from: what, notes: notes) }
        default:
            let delay = Double(gesture.motion.dropFirst(3)) ?? 0
            for count in counts {
                let name = document.declare(style.longPress(fingers: count, duration: delay == 0 ? nil : min(0.5 + delay, 60)))
                adding(ImportedAction(gesture: name, effect), notes: winners.holdMotions[count, default: 0] > 1 ? [.longestHold] : [])
            }
        }
    }

    /// A pinch in or out, or a rotation, with the other way of it: one command when the gesture ends (the same
    /// shortcut both ways, or a command for each), and how it differs; nil when said otherwise.
    private mutating func twoWay(_ gesture: Gesture, _ effect: Effect, _ origin: ActionsDocument.Origin) -> (ImportedAction, notes: [ImportNote], ActionsDocument.Origin)? {
        let kind: TwoWayKind = gesture.motion == "in" || gesture.motion == "out" ? .pinch : .rotation
        if let fingers = gesture.fingers, fingers != 2 {
            document.leaveOut(origin, .fingers(kind, fingers))
            return nil
        }
        if let line = paired[gesture.line] {
            document.remark(origin, "with its other way, at line \(line) above")
            return nil
        }
        let otherMotion = ["in": "out", "out": "in", "clockwise": "anticlockwise", "anticlockwise": "clockwise"][gesture.motion]!
        var what = origin
        var ways = TwoWayEffects(kind: kind)
        let forward = gesture.motion == "out" || gesture.motion == "clockwise"
        var anyFingers = gesture.fingers == nil
        if forward { ways.forward = effect } else { ways.backward = effect }
        if let other = winner("pinch", otherMotion, 2), other.line > gesture.line {
            paired[other.line] = gesture.line
            what.what += "; with line \(other.line), \(other.text)"
            anyFingers = anyFingers || other.fingers == nil
            let otherEffect = other.command.first == "_internal" ? Self.internalAction(other.command).shortcut.map(Effect.shortcut) : Self.effect(other)
            if forward { ways.backward = otherEffect } else { ways.forward = otherEffect }
        }
        // A command at the end chooses by the direction; a shortcut cannot, unless both ways have it.
        guard let action = ways.atEnd(gesture: document.declare(style.twoWay(kind))) else {
            document.leaveOut(what, .oneWay(kind))
            return nil
        }
        return (action, anyFingers ? [.anyFingers(kind)] : [], what)
    }

    /// The command, quoted for /bin/sh (a leading `~` and `$VARIABLES` of its first word expanded, as
    /// libinput-gestures expands them), made keys when it is `xdotool key` and a combination; `_internal`'s shortcut.
    private static func effect(_ gesture: Gesture) -> Effect {
        if gesture.command.first == "_internal", let shortcut = internalAction(gesture.command).shortcut { return .shortcut(shortcut) }
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
