import GestureClient
import GestureConfig

/// What an actions file makes of each gesture event (docs/actions.md): the commands to run and the key
/// combinations to type, in order. No I/O here: `gesturectl actions` carries the effects out.
public struct ActionRunner {
    public enum Effect: Equatable, Sendable {
        /// A command for `/bin/sh -c`, and the variables to add to its environment.
        case command(String, environment: [String: String])
        /// Keys pressed together in this order, then released in the reverse one.
        case keys([UInt16])
    }

    public var actions: ActionsFile {
        didSet { progress.removeAll() }
    }

    /// This connection's name as the owner of what it added (`client N`): its own recognizers' events are the
    /// file's, as the configured ones' are; nil while not connected.
    public var owner: String? {
        didSet {
            progress.removeAll()
            origins.removeAll()
        }
    }

    /// For each repeating action (by its index) under way: the steps taken since its gesture began.
    private var progress: [Int: Int] = [:]
    /// Where each recognizer's continuous gesture began: the value steps are counted from.
    private var origins: [String: Double] = [:]

    public init(actions: ActionsFile) { self.actions = actions }

    /// The effects of one event, in the order of the file's actions.
    public mutating func effects(of event: GestureEvent) -> [Effect] {
        // An actions file binds configured recognizers and its own: a recognizer another connection added may carry
        // any name (docs/protocol.md, Who changes what), and its lines say whose it is.
        guard event.owner == nil || event.owner == owner else { return [] }
        var effects: [Effect] = []
        let value = Self.value(of: event)
        if event.state == .began, let value { origins[event.recognizer] = value }
        for (index, action) in actions.actions.enumerated() where action.gesture == event.recognizer {
            if let direction = action.direction, (event.values.direction ?? event.values.edge) != direction { continue }
            if let shape = action.shape, event.values.shape != shape { continue }
            if let step = action.repeatEvery {
                guard event.state == .changed || event.state == .began else {
                    progress[index] = nil
                    continue
                }
                guard action.states.contains(event.state.name), let value, let origin = origins[event.recognizer] else { continue }
                let target = Int(((value - origin) / step).rounded(.towardZero))
                var taken = progress[index] ?? 0
                while taken < target {
                    effects += Self.run(action.command, action.keys, event)
                    taken += 1
                }
                while taken > target {
                    effects += Self.run(action.commandBack, action.keysBack, event)
                    taken -= 1
                }
                progress[index] = taken
            } else if action.states.contains(event.state.name) {
                effects += Self.run(action.command, action.keys, event)
            }
        }
        if event.state == .ended || event.state == .cancelled || event.state == .failed { origins[event.recognizer] = nil }
        return effects
    }

    private static func run(_ command: String?, _ keys: [UInt16]?, _ event: GestureEvent) -> [Effect] {
        var effects: [Effect] = []
        if let command { effects.append(.command(command, environment: environment(of: event))) }
        if let keys { effects.append(.keys(keys)) }
        return effects
    }

    /// The value a repeating action steps through: a pinch's scale, a rotation's radians, else the translation
    /// along the axis it moved most on (a pan's, an edge pan's), in millimetres.
    static func value(of event: GestureEvent) -> Double? {
        if let scale = event.values.scale { return scale }
        if let rotation = event.values.rotation { return rotation }
        guard let translation = event.values.translation else { return nil }
        return abs(translation.x) >= abs(translation.y) ? translation.x : translation.y
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
