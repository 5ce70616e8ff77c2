import Foundation
import GestureClient
import GestureConfig

/// What an actions file makes of each gesture event and of time passing (docs/actions.md): the commands to run,
/// the keys and buttons to type, hold and release, the pointer motion and wheel detents, in order. No I/O and no
/// clock here: `gesturectl actions` gives each event the time it came (its own monotonic clock, in seconds), asks
/// for the steps due at `nextDeadline`, and carries the effects out.
public struct ActionRunner {
    public enum Effect: Equatable, Sendable {
        /// A command for `/bin/sh -c`, and the variables to add to its environment.
        case command(String, environment: [String: String])
        /// Keys (and buttons) pressed together in this order, then released in the reverse one.
        case keys([UInt16])
        /// Keys (and buttons) pressed in this order and held.
        case press([UInt16])
        /// Held keys (and buttons) released, in this order.
        case release([UInt16])
        /// Relative pointer motion, in counts.
        case pointer(dx: Int32, dy: Int32)
        /// Wheel detents: up and right positive.
        case wheel(vertical: Int32, horizontal: Int32)
    }

    public private(set) var actions: ActionsFile

    /// This connection's name as the owner of what it added (`client N`): its own recognizers' events are the
    /// file's, as the configured ones' are; nil while not connected.
    public private(set) var owner: String?

    /// For each action (by its index) whose gesture is under way: what it holds and how far it has stepped.
    private var underway: [Int: Underway] = [:]

    /// For each pan under way (by its recognizer's name), the way it began: a pan's `direction` for the actions
    /// that name one, so one movement makes the actions of one way, as Touchégg's swipe takes its direction once.
    private var panWays: [String: String] = [:]

    /// What the desktop said of its windows as a gesture began: the names (app id, X11 class and instance) of the
    /// application in front and of the window under the pointer; nil where it could not tell.
    public struct Windows: Sendable, Equatable {
        public var front: [String]?
        public var underPointer: [String]?

        public init(front: [String]? = nil, underPointer: [String]? = nil) {
            self.front = front
            self.underPointer = underPointer
        }
    }

    private struct Underway {
        /// Whether the action is for this gesture: its application rules met, or it has none and no action with
        /// rules that are met takes its place.
        var applies = true
        /// Keys and buttons held since the gesture's first event.
        var held: [UInt16] = []
        /// The gesture's value at its first event, and the latest: steps are counted from the first.
        var origin: Double?
        var value: Double?
        /// Steps by distance taken so far (negative: back).
        var steps = 0
        /// When the next step by time is due.
        var nextTick: Double?
        /// The translation the pointer has followed so far, and the fraction of a count not yet moved.
        var followed: Pair?
        var remainder = Pair(0, 0)
        /// The latest event, whose values a step by time gives its command.
        var event: GestureEvent?
    }

    public init(actions: ActionsFile) { self.actions = actions }

    /// Takes other actions; what the old ones held is released.
    public mutating func replace(_ actions: ActionsFile) -> [Effect] {
        let released = releaseAll()
        self.actions = actions
        return released
    }

    /// A connection is set up (its owner name) or gone (nil); what was held is released.
    public mutating func connection(owner: String?) -> [Effect] {
        let released = releaseAll()
        self.owner = owner
        return released
    }

    /// Every held key and button released, every gesture under way forgotten.
    public mutating func releaseAll() -> [Effect] {
        let held = underway.keys.sorted().flatMap { underway[$0]!.held }
        underway.removeAll()
        panWays.removeAll()
        return held.isEmpty ? [] : [.release(held.reversed())]
    }

    /// When the next step by time is due, if any is.
    public var nextDeadline: Double? { underway.values.compactMap(\.nextTick).min() }

    /// Which of the desktop's windows an event's rules look at: the application in front, the window under the
    /// pointer, or both.
    public struct WindowQuestion: Sendable, Equatable {
        public var front = false
        public var underPointer = false

        public init(front: Bool = false, underPointer: Bool = false) {
            self.front = front
            self.underPointer = underPointer
        }
    }

    /// What `effects(of:)` needs to know of the desktop's windows for this event, nil for nothing: the rules of the
    /// actions for its gesture, as the gesture begins for them (they are asked once a gesture).
    public func windowQuestion(for event: GestureEvent) -> WindowQuestion? {
        guard event.owner == nil || event.owner == owner else { return nil }
        var question = WindowQuestion()
        for (i, a) in actions.actions.enumerated() where a.gesture == event.recognizer && underway[i] == nil {
            question.front = question.front || a.application != nil
            question.underPointer = question.underPointer || a.applicationUnderPointer != nil
        }
        return question.front || question.underPointer ? question : nil
    }

    /// The effects of one event that came at `now`, in the order of the file's actions; `windows` as the desktop
    /// told them when asked (`windowQuestion`).
    public mutating func effects(of event: GestureEvent, at now: Double, windows: Windows = Windows()) -> [Effect] {
        // An actions file binds configured recognizers and its own: a recognizer another connection added may carry
        // any name (docs/protocol.md, Who changes what), and its lines say whose it is.
        guard event.owner == nil || event.owner == owner else { return [] }
        var effects: [Effect] = []
        let last = event.state == .ended || event.state == .cancelled || event.state == .failed
        let way = event.values.direction ?? event.values.edge ?? panWay(of: event, last: last)
        let value = Self.value(of: event, way: way)
        let candidates = actions.actions.indices.filter { i in
            let action = actions.actions[i]
            guard action.gesture == event.recognizer else { return false }
            if let direction = action.direction, way != direction { return false }
            if let shape = action.shape, event.values.shape != shape { return false }
            return true
        }
        for index in candidates {
            let action = actions.actions[index]
            let first = underway[index] == nil
            var u = underway[index] ?? Underway()
            if first { u.applies = applies(action, among: candidates, windows) }
            guard u.applies else {
                underway[index] = last ? nil : u
                continue
            }
            if first {
                u.origin = value
                if let hold = action.hold {
                    effects.append(.press(hold))
                    u.held = hold
                }
                if action.repeatInterval != nil, !last {
                    effects += step(action, forward: true, event)
                    u.nextTick = now + action.repeatInterval!
                }
            }
            u.value = value ?? u.value
            u.event = event
            if let command = Self.command(of: action, for: event.state) {
                effects.append(.command(command, environment: Self.environment(of: event)))
            }
            if action.pointer, let translation = event.values.translation { effects += follow(translation, action, &u) }
            if let size = action.repeatEvery {
                if event.state == .changed || event.state == .began, action.states.contains(event.state.name), let value, let origin = u.origin {
                    let target = Int(((value - origin) / Self.step(size, of: event)).rounded(.towardZero))
                    while u.steps < target {
                        effects += step(action, forward: true, event)
                        u.steps += 1
                    }
                    while u.steps > target {
                        effects += step(action, forward: false, event)
                        u.steps -= 1
                    }
                }
            } else if action.repeatInterval == nil, action.states.contains(event.state.name) {
                effects += step(action, forward: true, event)
            }
            if last {
                if !u.held.isEmpty { effects.append(.release(u.held.reversed())) }
                underway[index] = nil
            } else {
                underway[index] = u
            }
        }
        return effects
    }

    /// Whether an action is for this gesture: its rules met by `windows`; or, without rules, unless an action for the
    /// same gesture, direction and shape has rules that are met (the specific before the general, as Touchégg's
    /// applications before its `All`). A rule on what the desktop could not tell is not met.
    private func applies(_ action: ActionsFile.Action, among candidates: [Int], _ windows: Windows) -> Bool {
        func met(_ a: ActionsFile.Action) -> Bool {
            if let rule = a.application, !(windows.front.map(rule.matches) ?? false) { return false }
            if let rule = a.applicationUnderPointer, !(windows.underPointer.map(rule.matches) ?? false) { return false }
            return true
        }
        func hasRules(_ a: ActionsFile.Action) -> Bool { a.application != nil || a.applicationUnderPointer != nil }
        if hasRules(action) { return met(action) }
        return !candidates.map { actions.actions[$0] }.contains { other in
            hasRules(other) && other.direction == action.direction && other.shape == action.shape && met(other)
        }
    }

    /// The steps by time due at `now`: forward while the gesture's value is where it began or beyond, back when
    /// below. A client that was held up takes one step, not every one it missed.
    public mutating func tick(at now: Double) -> [Effect] {
        var effects: [Effect] = []
        for index in underway.keys.sorted() {
            guard var u = underway[index], let due = u.nextTick, due <= now, let interval = actions.actions[index].repeatInterval else { continue }
            let action = actions.actions[index]
            let forward = (u.value ?? 0) >= (u.origin ?? 0)
            effects += run(
                forward ? action.command : action.commandBack, forward ? action.keys : action.keysBack, forward ? action.wheel : action.wheelBack, u.event)
            u.nextTick = due + interval > now ? due + interval : now + interval
            underway[index] = u
        }
        return effects
    }

    /// One step of an action: its command, keys and wheel, or their `_back` forms.
    private func step(_ action: ActionsFile.Action, forward: Bool, _ event: GestureEvent) -> [Effect] {
        forward
            ? run(action.command, action.keys, action.wheel, event) : run(action.commandBack, action.keysBack, action.wheelBack, event)
    }

    private func run(_ command: String?, _ keys: [UInt16]?, _ wheel: ActionsFile.Wheel?, _ event: GestureEvent?) -> [Effect] {
        var effects: [Effect] = []
        if let command { effects.append(.command(command, environment: event.map(Self.environment) ?? [:])) }
        if let keys { effects.append(.keys(keys)) }
        switch wheel {
        case .up?: effects.append(.wheel(vertical: 1, horizontal: 0))
        case .down?: effects.append(.wheel(vertical: -1, horizontal: 0))
        case .right?: effects.append(.wheel(vertical: 0, horizontal: 1))
        case .left?: effects.append(.wheel(vertical: 0, horizontal: -1))
        case nil: break
        }
        return effects
    }

    /// The pointer's motion for the translation's change since the last, in whole counts; the fraction is kept.
    private func follow(_ translation: Pair, _ action: ActionsFile.Action, _ u: inout Underway) -> [Effect] {
        let from = u.followed ?? Pair(0, 0)
        u.followed = translation
        let x = (translation.x - from.x) * action.pointerSpeed + u.remainder.x
        let y = (translation.y - from.y) * action.pointerSpeed + u.remainder.y
        let dx = x.rounded(.towardZero), dy = y.rounded(.towardZero)
        u.remainder = Pair(x - dx, y - dy)
        guard dx != 0 || dy != 0 else { return [] }
        return [.pointer(dx: Int32(dx), dy: Int32(dy))]
    }

    /// An action's own command for an event's state (`begin`, `update`, `end`, `cancel`).
    private static func command(of action: ActionsFile.Action, for state: RecognizerState) -> String? {
        switch state {
        case .began: action.begin
        case .changed: action.update
        case .ended: action.end
        case .cancelled: action.cancel
        default: nil
        }
    }

    /// The way a pan began (`left`, `right`, `up` or `down`: where its translation went most when it was first
    /// not nil and not zero), kept until its last event; nil for what is not a pan or has not moved yet.
    private mutating func panWay(of event: GestureEvent, last: Bool) -> String? {
        defer { if last { panWays[event.recognizer] = nil } }
        if event.state == .began { panWays[event.recognizer] = nil }
        if let way = panWays[event.recognizer] { return way }
        guard let t = event.values.translation, t.x != 0 || t.y != 0 else { return nil }
        let way = abs(t.x) >= abs(t.y) ? (t.x < 0 ? "left" : "right") : (t.y < 0 ? "up" : "down")
        if !last { panWays[event.recognizer] = way }
        return way
    }

    /// A step of `repeat_every` in the value `value(of:)` gives: a pinch steps each time its scale is multiplied
    /// (or divided) by 1 + `size`, so spreading and closing by one factor take as many steps; the rest by `size`.
    static func step(_ size: Double, of event: GestureEvent) -> Double {
        event.values.scale == nil ? size : log1p(size)
    }

    /// The value a repeating action steps through: the logarithm of a pinch's scale, a rotation's radians, else
    /// the translation in millimetres along the axis of `way`, a pan's first (as Touchégg measures a swipe along
    /// the direction it took at its start, so a turn does not step the other axis's actions), or the axis it
    /// moved most on (an edge pan's).
    static func value(of event: GestureEvent, way: String?) -> Double? {
        if let scale = event.values.scale { return log(max(scale, .leastNormalMagnitude)) }
        if let rotation = event.values.rotation { return rotation }
        guard let translation = event.values.translation else { return nil }
        switch way {
        case "left", "right": return translation.x
        case "up", "down": return translation.y
        default: return abs(translation.x) >= abs(translation.y) ? translation.x : translation.y
        }
    }

    /// The event in a command's environment: GESTURE_RECOGNIZER, GESTURE_KIND, GESTURE_STATE, GESTURE_DEVICE,
    /// GESTURE_REGION, GESTURE_TOUCHES, GESTURE_X_MM and GESTURE_Y_MM (where positions are shown), GESTURE_TIME, and each value by its name in
    /// capitals (GESTURE_SCALE, GESTURE_TRANSLATION_MM_X, GESTURE_DIRECTION).
    public static func environment(of event: GestureEvent) -> [String: String] {
        var environment = [
            "GESTURE_RECOGNIZER": event.recognizer, "GESTURE_KIND": event.kind, "GESTURE_STATE": event.state.name,
            "GESTURE_DEVICE": event.device, "GESTURE_REGION": event.region, "GESTURE_TOUCHES": "\(event.touches)", "GESTURE_TIME": "\(event.time.seconds)",
        ]
        // Not where the daemon shows this user no positions.
        if let location = event.location {
            environment["GESTURE_X_MM"] = "\(location.millimetres.x)"
            environment["GESTURE_Y_MM"] = "\(location.millimetres.y)"
        }
        for (name, value) in event.values.named {
            let key = "GESTURE_" + name.uppercased()
            switch value {
            case .number(let d): environment[key] = d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
            case .pair(let p):
                environment[key + "_X"] = "\(p.x)"
                environment[key + "_Y"] = "\(p.y)"
            case .word(let w): environment[key] = w
            }
        }
        return environment
    }
}
