import Foundation

/// Touchégg's gestures made actions: swipes and taps one by one, a pinch's two ways (IN and OUT) together, a
/// swipe that repeats (or holds a button) as a pan of its fingers, with its other way.
extension ToucheggImport {
    /// Touchégg's taps are touchscreen taps: direct touches.
    private static let tapStyle = RecognizerStyle(touchTypes: ["direct"])

    /// The action types gestured has an equivalent for, or says why not: keys, commands, clicks, window actions.
    private static let actionTypes: Set<String> = [
        "SEND_KEYS", "RUN_COMMAND", "MOUSE_CLICK", "MAXIMIZE_RESTORE_WINDOW", "MINIMIZE_WINDOW", "TILE_WINDOW", "FULLSCREEN_WINDOW",
        "CLOSE_WINDOW", "SHOW_DESKTOP", "CHANGE_DESKTOP",
    ]

    /// The length of a swipe, in millimetres, over which Touchégg's `times` steps of a repeating one go: it measures
    /// it by the device (a part of a touchpad's size), and this is a touchpad's of about 10 cm.
    static let swipeLength = 40.0

    mutating func gesture(_ gesture: Gesture) {
        let origin = ActionsDocument.Origin(line: gesture.element.line, what: gesture.summary)
        if let line = kept[gesture.key], line != gesture.element.line { return document.leaveOut(origin, .replaced(byLine: line)) }
        guard let action = gesture.action else { return document.leaveOut(origin, .ignoredByTool("it has no <action>: Touchégg does nothing")) }
        let type = action["type"] ?? ""
        guard Self.actionTypes.contains(type) else {
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

    /// A swipe: on the swipe recognizer of its fingers and axis; or, when any swipe of these fingers steps or holds
    /// a button (in any application), on the pan of its fingers, as every swipe of them, each action for the way
    /// the pan began (`direction`): Touchégg takes a swipe's direction once, at its start, so one movement acts
    /// in one way, and an application's swipe takes the place of the general one of its direction.
    private mutating func swipe(_ gesture: Gesture, fingers: Int, _ origin: ActionsDocument.Origin) {
        guard ["UP", "DOWN", "LEFT", "RIGHT"].contains(gesture.direction) else {
            return document.leaveOut(origin, .ignoredByTool("a SWIPE without direction UP, DOWN, LEFT or RIGHT never happens in Touchégg"))
        }
        guard fingers >= 2 else { return document.leaveOut(origin, .ignoredByTool("Touchégg recognizes swipes of two fingers or more")) }
        let style = Self.swipeStyle(fingers: fingers)
        let way = gesture.direction.lowercased()
        guard panFingers.contains(fingers) else {
            guard let doing = doing(gesture, origin) else { return }
            let name = document.declare(Self.sayTouchscreens(style.swipe(fingers: fingers, vertical: gesture.direction == "UP" || gesture.direction == "DOWN")))
            var action = ImportedAction(gesture: name, direction: way, doing.effect)
            action.desktops = doing.desktops
            return document.add(action, from: origin, notes: doing.notes + notes(gesture) + once(gesture))
        }
        let pan = Self.sayTouchscreens(style.pan(fingers: fingers))
        if gesture.repeats { return steps(gesture, on: pan, origin) }
        if let button = heldButton(gesture, origin) {
            var action = ImportedAction(gesture: document.declare(pan), direction: way, nil)
            action.hold = button
            return document.add(action, from: origin)
        }
        guard let doing = doing(gesture, origin) else { return }
        let on = ["begin": ["began"], "end": ["ended"], "begin-and-end": ["began", "ended"]][gesture.on]
        var action = ImportedAction(gesture: document.declare(pan), on: on, direction: way, doing.effect)
        action.desktops = doing.desktops
        document.add(action, from: origin, notes: doing.notes + notes(gesture))
    }

    /// Touchégg's swipes of two fingers come from touchscreens only (libinput's touchpad swipes take three fingers
    /// or more, and two fingers on a touchpad scroll): direct touches; the rest take every touch.
    private static func swipeStyle(fingers: Int) -> RecognizerStyle {
        RecognizerStyle(touchTypes: fingers == 2 ? ["direct"] : nil)
    }

    private static func sayTouchscreens(_ recognizer: ImportedRecognizer) -> ImportedRecognizer {
        guard recognizer.fingers == 2 else { return recognizer }
        var said = recognizer
        said.comments = TOMLText.comment("Touchégg has two-finger swipes from touchscreens only: direct touches (on a touchpad, two fingers scroll).")
        return said
    }

    private mutating func tap(_ gesture: Gesture, fingers: Int, _ origin: ActionsDocument.Origin) {
        guard gesture.direction == "UNKNOWN" else {
            return document.leaveOut(origin, .ignoredByTool("Touchégg's taps have no direction: a TAP with one never happens"))
        }
        // A button held from a tap's start to its end is a click.
        guard let doing = heldButton(gesture, origin).map({ Doing(effect: .keys($0)) }) ?? doing(gesture, origin) else { return }
        var recognizer = Self.tapStyle.tap(fingers: fingers)
        recognizer.comments = TOMLText.comment("Touchégg recognizes taps on touchscreens only: direct touches.")
        var action = ImportedAction(gesture: document.declare(recognizer), doing.effect)
        action.desktops = doing.desktops
        document.add(action, from: origin, notes: doing.notes + notes(gesture) + once(gesture))
    }

    /// A pinch and the other way of it, as one action: steps with `repeat` (OUT's keys and IN's decreaseKeys
    /// forward), else one action for both ways.
    private mutating func pinch(_ gesture: Gesture, fingers: Int, _ origin: ActionsDocument.Origin) {
        guard gesture.direction == "IN" || gesture.direction == "OUT" else {
            return document.leaveOut(origin, .ignoredByTool("a PINCH without direction IN or OUT never happens in Touchégg"))
        }
        guard fingers == 2 else { return document.leaveOut(origin, .fingers(.pinch, fingers)) }
        if let line = paired[gesture.element.line] { return document.remark(origin, "with its other way, at line \(line) above") }
        let otherWay = Gesture.key(gesture.applicationKey, "PINCH", "2", gesture.direction == "IN" ? "OUT" : "IN")
        let partner = keptGestures[otherWay]?.first {
            $0.application == gesture.application && $0.element.line > gesture.element.line && $0.repeats == gesture.repeats
                && Self.actionTypes.contains($0.action?["type"] ?? "") && (!gesture.repeats || $0.setting("modifiers") == gesture.setting("modifiers"))
        }
        var what = origin
        if let partner {
            paired[partner.element.line] = gesture.element.line
            what.what += "; with line \(partner.element.line), \(partner.summary)"
        }
        let name = document.declare(style.twoWay(.pinch))
        var notes = notes(gesture) + (partner.map(notes) ?? [])
        if gesture.repeats {
            // Steps: the modifiers held throughout, each way's keys or command a step.
            guard let hold = held(gesture, what) else { return }
            var ways = TwoWayEffects(kind: .pinch)
            for each in [gesture] + (partner.map { [$0] } ?? []) {
                guard has(each, decrease: false) else { return nothing(what) }
                guard let increase = effect(each, what, decrease: false) else { return }
                let decrease = effect(each, what, decrease: true)
                if each.direction == "OUT" {
                    ways.forward = increase
                    ways.backward = ways.backward ?? decrease
                } else {
                    ways.backward = increase
                    ways.forward = ways.forward ?? decrease
                }
            }
            guard var action = ways.steps(every: 1 / Double(gesture.times), gesture: name) else { return document.leaveOut(what, .oneWay(.pinch)) }
            action.hold = hold.isEmpty ? nil : hold
            return document.add(action, from: what, notes: notes)
        }
        var ways = TwoWayEffects(kind: .pinch)
        var desktops: [String]?
        for each in [gesture] + (partner.map { [$0] } ?? []) {
            let button = heldButton(each, what)
            guard let doing = button.map({ Doing(effect: .keys($0)) }) ?? doing(each, what) else { return }
            if each.direction == "OUT" { ways.forward = doing.effect } else { ways.backward = doing.effect }
            desktops = desktops ?? doing.desktops
            notes += doing.notes
        }
        guard var action = ways.atEnd(gesture: name) else { return document.leaveOut(what, .oneWay(.pinch)) }
        action.desktops = desktops
        if ways.forward == ways.backward {
            if heldButton(gesture, what) != nil {
                // A button held while the pinch goes on, either way.
                action.hold = ways.forward.flatMap { if case .keys(let keys, _) = $0 { keys } else { nil } }
                action.effect = nil
                notes.append(.heldAnyWay("the pinch"))
            } else {
                action.on = ["begin": ["began"], "begin-and-end": ["began", "ended"]][gesture.on]
            }
            document.add(action, from: what, notes: notes)
        } else {
            document.add(action, from: what, notes: notes + (gesture.on == "end" ? [] : [.atEnd]))
        }
    }

    /// A repeating swipe as the steps of the pan of its fingers, for the way it began: its keys (or command) a step
    /// further that way, its decreaseKeys a step back, its modifiers held throughout; Touchégg's `times` steps over
    /// a swipe's length.
    private mutating func steps(_ gesture: Gesture, on pan: ImportedRecognizer, _ origin: ActionsDocument.Origin) {
        guard let hold = held(gesture, origin) else { return }
        guard has(gesture, decrease: false) else { return nothing(origin) }
        guard let further = effect(gesture, origin, decrease: false) else { return }
        var back: Effect?
        if has(gesture, decrease: true) {
            guard let decrease = effect(gesture, origin, decrease: true) else { return }
            back = decrease
        }
        // Steps forward go right or down, as the translation grows.
        let positive = gesture.direction == "RIGHT" || gesture.direction == "DOWN"
        let step = Self.swipeLength / Double(gesture.times)
        var action = ImportedAction(
            gesture: document.declare(pan), direction: gesture.direction.lowercased(), positive ? further : back, repeatEvery: step,
            back: positive ? back : further)
        action.hold = hold.isEmpty ? nil : hold
        document.add(action, from: origin, notes: notes(gesture) + [.panSteps(every: TOMLText.number(step) + " mm")])
    }

    /// What a gesture's action does: its effect, the desktops it is for (a shortcut only some have by default), and
    /// how it differs.
    struct Doing {
        var effect: Effect
        var desktops: [String]?
        var notes: [ImportNote] = []
    }

    /// What the gesture's action does once, or nil when it does nothing gestured can do, said in its place.
    private mutating func doing(_ gesture: Gesture, _ origin: ActionsDocument.Origin) -> Doing? {
        if let window = windowAction(gesture) {
            guard let shortcut = window.action.shortcut else {
                document.leaveOut(origin, .windowAction(window.action))
                return nil
            }
            let some = window.action.missing.isEmpty ? [] : [ImportNote.shortcutOnSome(window.action)]
            return Doing(effect: .shortcut(shortcut), desktops: some.isEmpty ? nil : window.action.desktops, notes: window.notes + some)
        }
        if gesture.action?["type"] == "MOUSE_CLICK" {
            let number = Int(gesture.setting("button") ?? "") ?? 1
            if let way = KeyTranslation.wheel(x: number) { return Doing(effect: .wheel(way)) }
            guard let button = KeyTranslation.mouseButton(x: number) else {
                document.leaveOut(origin, .mouseButton(number))
                return nil
            }
            return Doing(effect: .keys(button))
        }
        guard has(gesture, decrease: false) else {
            nothing(origin)
            return nil
        }
        return effect(gesture, origin, decrease: false).map { Doing(effect: $0) }
    }

    /// Keys or a command at a swipe's or tap's start and again at its end: once here.
    private func once(_ gesture: Gesture) -> [ImportNote] {
        gesture.repeatable && gesture.on == "begin-and-end" ? [.once] : []
    }

    /// The button a MOUSE_CLICK holds from the gesture's start to its end (`on` begin-and-end); nil for any other
    /// action, or a button gestured's mouse does not have.
    private func heldButton(_ gesture: Gesture, _ origin: ActionsDocument.Origin) -> String? {
        guard gesture.action?["type"] == "MOUSE_CLICK", gesture.on == "begin-and-end" else { return nil }
        return KeyTranslation.mouseButton(x: Int(gesture.setting("button") ?? "") ?? 1)
    }

    /// Says the action does nothing gestured can do.
    private mutating func nothing(_ origin: ActionsDocument.Origin) {
        document.leaveOut(origin, .ignoredByTool("its action has no keys or command: Touchégg does nothing"))
    }

    /// Whether a SEND_KEYS or RUN_COMMAND action has keys or a command (`decrease`: decreaseKeys or decreaseCommand).
    private func has(_ gesture: Gesture, decrease: Bool) -> Bool {
        let name = gesture.action?["type"] == "RUN_COMMAND" ? (decrease ? "decreaseCommand" : "command") : (decrease ? "decreaseKeys" : "keys")
        return !(gesture.setting(name) ?? "").isEmpty
    }

    /// The keys or command of a SEND_KEYS or RUN_COMMAND action (`decrease`: its decreaseKeys or decreaseCommand),
    /// nil when it has none. A repeating one's keys are without its modifiers, which `held` holds.
    private mutating func effect(_ gesture: Gesture, _ origin: ActionsDocument.Origin, decrease: Bool) -> Effect? {
        if gesture.action?["type"] == "RUN_COMMAND" {
            let command = gesture.setting(decrease ? "decreaseCommand" : "command") ?? ""
            return command.isEmpty ? nil : Effect.command(fromShell: command)
        }
        let keys = gesture.setting(decrease ? "decreaseKeys" : "keys") ?? ""
        guard !keys.isEmpty else { return nil }
        let modifiers = gesture.repeats ? "" : gesture.setting("modifiers") ?? ""
        return translated(modifiers + "+" + keys, origin).map { .keys($0) }
    }

    /// The modifiers a repeating SEND_KEYS holds while its keys step ("" for none, and for a command); nil when one
    /// is no key, said in its place.
    private mutating func held(_ gesture: Gesture, _ origin: ActionsDocument.Origin) -> String? {
        let modifiers = gesture.action?["type"] == "SEND_KEYS" ? gesture.setting("modifiers") ?? "" : ""
        return modifiers.isEmpty ? "" : translated(modifiers, origin)
    }

    /// Keysyms joined by '+' as gestured's keys; nil when one is no key, said in its place.
    private mutating func translated(_ combination: String, _ origin: ActionsDocument.Origin) -> String? {
        switch KeyTranslation.keysyms(combination.split(separator: "+").map(String.init), shiftedCapitals: false) {
        case .keys(let names): return names
        case .unknown(let name):
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
        if gesture.setting("animate") == "true" || ["animation", "color", "borderColor"].contains(where: { gesture.setting($0) != nil }) {
            notes.append(.animation)
        }
        return notes
    }

    /// Touchégg's window actions, by the names its actions have, and how the import differs.
    private func windowAction(_ gesture: Gesture) -> (action: WindowAction, notes: [ImportNote])? {
        switch gesture.action?["type"] ?? "" {
        case "MAXIMIZE_RESTORE_WINDOW": (.maximize, [])
        case "MINIMIZE_WINDOW": (.minimize, [])
        case "TILE_WINDOW": (.tile(left: (gesture.setting("direction") ?? "left") == "left"), [])
        case "FULLSCREEN_WINDOW": (.fullscreen, [])
        case "CLOSE_WINDOW": (.close, [])
        case "SHOW_DESKTOP": (.showDesktop, [])
        case "CHANGE_DESKTOP":
            switch gesture.setting("direction") ?? "auto" {
            case let way where ["previous", "next", "up", "down", "left", "right"].contains(way): (.workspace(way), [])
            // As with natural scrolling: a swipe left or up goes to the next workspace.
            default: (.workspace(["LEFT", "UP"].contains(gesture.direction) ? "next" : "previous"), [.naturalScrolling])
            }
        default: nil
        }
    }
}
