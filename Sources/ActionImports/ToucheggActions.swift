import Foundation

/// Touchégg's gestures made actions: swipes and taps one by one, a pinch's two ways (IN and OUT) together.
extension ToucheggImport {
    /// Touchégg's taps are touchscreen taps: direct touches.
    private static let tapStyle = RecognizerStyle(touchTypes: ["direct"])

    mutating func gesture(_ gesture: Gesture) {
        let origin = ActionsDocument.Origin(line: gesture.element.line, what: gesture.summary)
        if let line = kept[gesture.key], line != gesture.element.line { return document.leaveOut(origin, .replaced(byLine: line)) }
        guard let action = gesture.action else { return document.leaveOut(origin, .ignoredByTool("it has no <action>: Touchégg does nothing")) }
        let type = action["type"] ?? ""
        if let window = Self.windowAction(type, gesture) { return document.leaveOut(origin, .windowAction(window)) }
        if type == "MOUSE_CLICK" { return document.leaveOut(origin, .mouseClick(button: Int(gesture.setting("button") ?? "") ?? 1)) }
        guard type == "SEND_KEYS" || type == "RUN_COMMAND" else {
            return document.leaveOut(origin, .ignoredByTool("Touchégg has no action \(type.isEmpty ? "without a type" : type)"))
        }
        guard let fingers = Int(gesture.fingers), "\(fingers)" == gesture.fingers, (1...10).contains(fingers) else {
            return document.leaveOut(origin, .ignoredByTool("fingers=\"\(gesture.fingers)\" is no number of fingers from 1 to 10"))
        }
        switch gesture.type {
        case "SWIPE": swipe(gesture, fingers: fingers, origin)
        case "PINCH": pinch(gesture, fingers: fingers, origin)
        case "TAP": tap(gesture, fingers: fingers, origin)
        default: document.leaveOut(origin, .ignoredByTool("Touchégg has no gesture type \(gesture.type.isEmpty ? "without a type" : gesture.type)"))
        }
    }

    private mutating func swipe(_ gesture: Gesture, fingers: Int, _ origin: ActionsDocument.Origin) {
        guard ["UP", "DOWN", "LEFT", "RIGHT"].contains(gesture.direction) else {
            return document.leaveOut(origin, .ignoredByTool("a SWIPE without direction UP, DOWN, LEFT or RIGHT never happens in Touchégg"))
        }
        guard !gesture.repeats else { return document.leaveOut(origin, .panDirection) }
        guard let effect = effect(gesture, origin) else { return }
        let name = document.declare(style.swipe(fingers: fingers, vertical: gesture.direction == "UP" || gesture.direction == "DOWN"))
        document.add(
            ImportedAction(gesture: name, direction: gesture.direction.lowercased(), effect), from: origin,
            notes: notes(gesture) + (gesture.on == "begin-and-end" ? [.once] : []))
    }

    private mutating func tap(_ gesture: Gesture, fingers: Int, _ origin: ActionsDocument.Origin) {
        guard gesture.direction == "UNKNOWN" else {
            return document.leaveOut(origin, .ignoredByTool("Touchégg's taps have no direction: a TAP with one never happens"))
        }
        guard let effect = effect(gesture, origin) else { return }
        var recognizer = Self.tapStyle.tap(fingers: fingers)
        recognizer.comments = TOMLText.comment("Touchégg recognizes taps on touchscreens only: direct touches.")
        let name = document.declare(recognizer)
        document.add(ImportedAction(gesture: name, effect), from: origin, notes: notes(gesture) + (gesture.on == "begin-and-end" ? [.once] : []))
    }

    /// A pinch and the other way of it, as one action: steps with `repeat` (OUT's keys and IN's decreaseKeys
    /// forward), else one action for both ways.
    private mutating func pinch(_ gesture: Gesture, fingers: Int, _ origin: ActionsDocument.Origin) {
        guard gesture.direction == "IN" || gesture.direction == "OUT" else {
            return document.leaveOut(origin, .ignoredByTool("a PINCH without direction IN or OUT never happens in Touchégg"))
        }
        guard fingers == 2 else { return document.leaveOut(origin, .fingers(.pinch, fingers)) }
        if let line = paired[gesture.element.line] { return document.remark(origin, "with its other way, at line \(line) above") }
        let partner = gestures.first {
            $0.type == "PINCH" && $0.fingers == "2" && $0.direction != gesture.direction && ["IN", "OUT"].contains($0.direction)
                && kept[$0.key] == $0.element.line && $0.element.line > gesture.element.line && $0.repeats == gesture.repeats
                && ["SEND_KEYS", "RUN_COMMAND"].contains($0.action?["type"] ?? "")
        }
        var what = origin
        if let partner {
            paired[partner.element.line] = gesture.element.line
            what.what += "; with line \(partner.element.line), \(partner.summary)"
        }
        var ways = TwoWayEffects(kind: .pinch)
        for each in [gesture] + (partner.map { [$0] } ?? []) {
            guard let effect = effect(each, what) else { return }
            let decrease = gesture.repeats ? self.effect(each, what, decrease: true) : nil
            if each.direction == "OUT" {
                ways.forward = effect
                ways.backward = ways.backward ?? decrease
            } else {
                ways.backward = effect
                ways.forward = ways.forward ?? decrease
            }
        }
        let name = document.declare(style.twoWay(.pinch))
        let notes = notes(gesture) + (partner.map(notes) ?? [])
        if gesture.repeats {
            guard let action = ways.steps(every: 1 / Double(gesture.times), gesture: name) else { return document.leaveOut(what, .oneWay(.pinch)) }
            return document.add(action, from: what, notes: notes)
        }
        guard var action = ways.atEnd(gesture: name) else { return document.leaveOut(what, .oneWay(.pinch)) }
        if ways.forward == ways.backward {
            action.on = ["begin": ["began"], "begin-and-end": ["began", "ended"]][gesture.on]
            document.add(action, from: what, notes: notes)
        } else {
            document.add(action, from: what, notes: notes + (gesture.on == "end" ? [] : [.atEnd]))
        }
    }

    /// What the action does (`decrease`: its decreaseKeys or decreaseCommand, nil when it has none), or nil when
    /// it has nothing gestured can do, said in its place.
    private mutating func effect(_ gesture: Gesture, _ origin: ActionsDocument.Origin) -> Effect? {
        guard let effect = effect(gesture, origin, decrease: false) else {
            document.leaveOut(origin, .ignoredByTool("its action has no keys or command: Touchégg does nothing"))
            return nil
        }
        return effect
    }

    private mutating func effect(_ gesture: Gesture, _ origin: ActionsDocument.Origin, decrease: Bool) -> Effect? {
        if gesture.action?["type"] == "RUN_COMMAND" {
            let command = gesture.setting(decrease ? "decreaseCommand" : "command") ?? ""
            return command.isEmpty ? nil : Effect.command(fromShell: command)
        }
        let keys = gesture.setting(decrease ? "decreaseKeys" : "keys") ?? ""
        guard !keys.isEmpty else { return nil }
        let combination = ((gesture.setting("modifiers") ?? "") + "+" + keys).split(separator: "+").map(String.init)
        switch KeyTranslation.keysyms(combination, shiftedCapitals: false) {
        case .keys(let names): return .keys(names)
        case .unknown(let name), .mouseButton(let name):
            document.leaveOut(origin, .unknownKey(name))
            return nil
        }
    }

    /// What an imported action does otherwise than in Touchégg.
    private func notes(_ gesture: Gesture) -> [ImportNote] {
        var notes: [ImportNote] = []
        let commands = [gesture.setting("command"), gesture.setting("decreaseCommand")].compactMap { $0 }.joined(separator: "\n")
        let variables = ["TOUCHEGG_DEVICE_TYPE", "TOUCHEGG_GESTURE_ON"].filter { commands.contains($0) }
        if !variables.isEmpty {
            notes.append(.toolVariables(variables, nearest: "$GESTURE_DEVICE (the device's name) and $GESTURE_STATE (began, changed, ended)"))
        }
        if gesture.repeats, !(gesture.setting("modifiers") ?? "").isEmpty { notes.append(.holdKeys) }
        if gesture.setting("animate") == "true" || ["animation", "color", "borderColor"].contains(where: { gesture.setting($0) != nil }) {
            notes.append(.animation)
        }
        return notes
    }

    /// Touchégg's window actions, by the names its actions have.
    private static func windowAction(_ type: String, _ gesture: Gesture) -> WindowAction? {
        switch type {
        case "MAXIMIZE_RESTORE_WINDOW": .maximize
        case "MINIMIZE_WINDOW": .minimize
        case "TILE_WINDOW": .tile(left: (gesture.setting("direction") ?? "left") == "left")
        case "FULLSCREEN_WINDOW": .fullscreen
        case "CLOSE_WINDOW": .close
        case "SHOW_DESKTOP": .showDesktop
        case "CHANGE_DESKTOP":
            switch gesture.setting("direction") ?? "auto" {
            case let way where ["previous", "next", "up", "down", "left", "right"].contains(way): .workspace(way)
            default: .workspace("next or previous, as the swipe's direction and natural scrolling chose")
            }
        default: nil
        }
    }
}
