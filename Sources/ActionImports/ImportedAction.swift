/// An `[[action]]` of the imported file, with the keys `ActionsFile.parse` takes.
struct ImportedAction {
    var gesture: String
    /// `on`: nil for the default (`ended`, or `changed` with `repeatEvery`).
    var on: [String]?
    var direction: String?
    /// `desktop`: the desktops it is for (a shortcut only some desktops have by default); nil for every one.
    var desktops: [String]?
    /// `application`: the applications it is for (a per-application section of the original); nil for every one.
    var application: [String]?
    /// What each step does: keys, a command or a desktop's shortcut; nil when it only holds.
    var effect: Effect?
    var repeatEvery: Double?
    var repeatInterval: Double?
    /// With `repeatEvery` or `repeatInterval`: what a backward step does.
    var back: Effect?
    /// `hold`: keys (and mouse buttons) held from the gesture's first event until it ends.
    var hold: String?
    /// `pointer`: the pointer follows the gesture's translation.
    var pointer = false

    init(gesture: String, on: [String]? = nil, direction: String? = nil, _ effect: Effect?, repeatEvery: Double? = nil, back: Effect? = nil) {
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
        if let desktops { keys.append(("desktop", desktops.count == 1 ? .string(desktops[0]) : .strings(desktops))) }
        if let application { keys.append(("application", application.count == 1 ? .string(application[0]) : .strings(application))) }
        if let effect { keys += Self.keys(of: effect, back: false) }
        if let repeatEvery { keys.append(("repeat_every", .number(repeatEvery))) }
        if let repeatInterval { keys.append(("repeat_interval", .number(repeatInterval))) }
        if let back { keys += Self.keys(of: back, back: true) }
        if let hold { keys.append(("hold", .string(hold))) }
        if pointer { keys.append(("pointer", .boolean(true))) }
        return keys
    }

    private static func keys(of effect: Effect, back: Bool) -> [(String, TOMLText.Value)] {
        let suffix = back ? "_back" : ""
        return switch effect {
        case .keys(let keys, _): [("keys" + suffix, .string(keys))]
        case .command(let command): [("command" + suffix, .string(command))]
        case .shortcut(let name): [("shortcut" + suffix, .string(name))]
        case .wheel(let way): [("wheel" + suffix, .string(way))]
        }
    }
}
