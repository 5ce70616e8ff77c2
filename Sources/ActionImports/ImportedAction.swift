/// An `[[action]]` of the imported file, with the keys `ActionsFile.parse` takes.
struct ImportedAction {
    var gesture: String
    /// `on`: nil for the default (`ended`, or `changed` with `repeatEvery`).
    var on: [String]?
    var direction: String?
    var effect: Effect
    var repeatEvery: Double?
    /// With `repeatEvery`: what a backward step does.
    var back: Effect?

    init(gesture: String, on: [String]? = nil, direction: String? = nil, _ effect: Effect, repeatEvery: Double? = nil, back: Effect? = nil) {
        self.gesture = gesture
        self.on = on
        self.direction = direction
        self.effect = effect
        self.repeatEvery = repeatEvery
        self.back = back
    }

    /// The table's keys, in the order docs/actions.md gives them.
    var keys: [(String, TOMLText.Value)] {
        var keys: [(String, TOMLText.Value)] = [("gesture", .string(gesture))]
        if let on { keys.append(("on", on.count == 1 ? .string(on[0]) : .strings(on))) }
        if let direction { keys.append(("direction", .string(direction))) }
        keys += Self.keys(of: effect, back: false)
        if let repeatEvery { keys.append(("repeat_every", .number(repeatEvery))) }
        if let back { keys += Self.keys(of: back, back: true) }
        return keys
    }

    private static func keys(of effect: Effect, back: Bool) -> [(String, TOMLText.Value)] {
        let suffix = back ? "_back" : ""
        return switch effect {
        case .keys(let keys, _): [("keys" + suffix, .string(keys))]
        case .command(let command): [("command" + suffix, .string(command))]
        }
    }
}
