/// A gesture's values (docs/protocol.md, gesture), by what its kind reports. Lengths are millimetres, times
/// seconds, angles radians (clockwise positive on screen). Where the daemon shows a connection no positions, what
/// could tell where the fingers are is left out: a pan's, pinch's, rotation's and custom recognizer's values
/// altogether (the line's values are empty, read back as `none`), an edge pan's motion (its edge stays). A shape's
/// name and score stay, as a swipe's direction does: which of its shapes was drawn, never where.
public enum GestureValues: Sendable, Equatable {
    case none
    case tap(taps: Int)
    /// `translation_mm` from where it began, `velocity_mm_s`.
    case pan(translation: Pair?, velocity: Pair?)
    /// `direction`: `left`, `right`, `up`, `down`.
    case swipe(direction: String)
    /// `scale`, and its `velocity` in scale a second.
    case pinch(scale: Double?, velocity: Double?)
    /// `rotation_rad`, `velocity_rad_s`.
    case rotation(radians: Double?, velocity: Double?)
    /// `edge` (`left`, `right`, `top`, `bottom`), `translation_mm`, `velocity_mm_s`.
    case edgePan(edge: String, translation: Pair?, velocity: Pair?)
    /// `shape`: the name of the shape drawn, `score` how well it matched (0...1).
    case shape(name: String, score: Double)
    /// A custom recognizer's values, by the names it gives them (never one of the names above).
    case custom([String: Double])

    public var taps: Int? { if case .tap(let taps) = self { taps } else { nil } }

    public var direction: String? { if case .swipe(let direction) = self { direction } else { nil } }

    public var edge: String? { if case .edgePan(let edge, _, _) = self { edge } else { nil } }

    public var translation: Pair? {
        switch self {
        case .pan(let translation, _), .edgePan(_, let translation, _): translation
        default: nil
        }
    }

    public var velocity: Pair? {
        switch self {
        case .pan(_, let velocity), .edgePan(_, _, let velocity): velocity
        default: nil
        }
    }

    public var scale: Double? { if case .pinch(let scale, _) = self { scale } else { nil } }

    public var rotation: Double? { if case .rotation(let radians, _) = self { radians } else { nil } }

    public var shape: String? { if case .shape(let name, _) = self { name } else { nil } }

    public var score: Double? { if case .shape(_, let score) = self { score } else { nil } }

    public var custom: [String: Double] { if case .custom(let values) = self { values } else { [:] } }

    /// A value as the line has it.
    public enum Value: Sendable, Equatable {
        case number(Double)
        case pair(Pair)
        case word(String)
    }

    /// Every value under its name on the wire, in the line's order (custom values by name): for whoever shows or
    /// passes them on whatever the kind.
    public var named: [(name: String, value: Value)] {
        func numbers(_ list: [(String, Double?)]) -> [(name: String, value: Value)] { list.compactMap { n in n.1.map { (n.0, .number($0)) } } }
        func motion(_ translation: Pair?, _ velocity: Pair?) -> [(name: String, value: Value)] {
            [("translation_mm", translation), ("velocity_mm_s", velocity)].compactMap { n in n.1.map { (n.0, .pair($0)) } }
        }
        switch self {
        case .none: return []
        case .tap(let taps): return [("taps", .number(Double(taps)))]
        case .pan(let translation, let velocity): return motion(translation, velocity)
        case .swipe(let direction): return [("direction", .word(direction))]
        case .pinch(let scale, let velocity): return numbers([("scale", scale), ("velocity", velocity)])
        case .rotation(let radians, let velocity): return numbers([("rotation_rad", radians), ("velocity_rad_s", velocity)])
        case .edgePan(let edge, let translation, let velocity): return [("edge", .word(edge))] + motion(translation, velocity)
        case .shape(let name, let score): return [("shape", .word(name)), ("score", .number(score))]
        case .custom(let values): return values.keys.sorted().map { ($0, .number(values[$0]!)) }
        }
    }

    /// Room for what `write` puts beyond its numbers (four at most, counted by the line): the strings it quotes.
    var room: Int {
        switch self {
        case .swipe(let word), .edgePan(let word, _, _), .shape(let word, _): JSONText.quotedBytes(word.utf8.count)
        case .custom(let values): values.keys.reduce(0) { $0 + JSONText.quotedBytes($1.utf8.count) + JSONText.numberBytes + 2 }
        default: 0
        }
    }

    /// The fields inside "values"; without `positions`, only those that give no position away.
    func write(positions: Bool, into c: inout LineCursor) {
        switch self {
        case .none:
            break
        case .tap(let taps):
            c.raw("\"taps\":")
            c.integer(taps)
        case .pan(let translation, let velocity):
            if positions { Self.motion(translation, velocity, into: &c, comma: false) }
        case .swipe(let direction):
            c.raw("\"direction\":")
            c.string(direction)
        case .pinch(let scale, let velocity):
            guard positions else { break }
            Self.numbers(("\"scale\":", scale), ("\"velocity\":", velocity), into: &c)
        case .rotation(let radians, let velocity):
            guard positions else { break }
            Self.numbers(("\"rotation_rad\":", radians), ("\"velocity_rad_s\":", velocity), into: &c)
        case .edgePan(let edge, let translation, let velocity):
            c.raw("\"edge\":")
            c.string(edge)
            if positions { Self.motion(translation, velocity, into: &c, comma: true) }
        case .shape(let name, let score):
            c.raw("\"shape\":")
            c.string(name)
            c.raw(",\"score\":")
            c.fixed(score, decimals: 6)
        case .custom(let values):
            guard positions else { break }
            for (index, name) in values.keys.sorted().enumerated() {
                if index > 0 { c.raw(",") }
                c.string(name)
                c.raw(":")
                c.number(values[name]!)
            }
        }
    }

    /// `"translation_mm":[x,y],"velocity_mm_s":[x,y]`, to the micrometre, each where there is one.
    private static func motion(_ translation: Pair?, _ velocity: Pair?, into c: inout LineCursor, comma: Bool) {
        var comma = comma
        if let translation {
            c.raw(comma ? ",\"translation_mm\":[" : "\"translation_mm\":[")
            c.pair(translation, decimals: 3)
            c.raw("]")
            comma = true
        }
        if let velocity {
            c.raw(comma ? ",\"velocity_mm_s\":[" : "\"velocity_mm_s\":[")
            c.pair(velocity, decimals: 3)
            c.raw("]")
        }
    }

    /// Two numbers to a millionth, each where there is one.
    private static func numbers(_ a: (StaticString, Double?), _ b: (StaticString, Double?), into c: inout LineCursor) {
        if let value = a.1 {
            c.raw(a.0)
            c.fixed(value, decimals: 6)
        }
        if let value = b.1 {
            if a.1 != nil { c.raw(",") }
            c.raw(b.0)
            c.fixed(value, decimals: 6)
        }
    }

    /// The values a line's fields make, in the order of the kinds' keys (the first kind whose key is there);
    /// nil for a shape without its score.
    init?(_ f: GestureValueFields) {
        if let taps = f.taps {
            self = .tap(taps: taps)
        } else if let direction = f.direction {
            self = .swipe(direction: direction)
        } else if let shape = f.shape {
            guard let score = f.score else { return nil }
            self = .shape(name: shape, score: score)
        } else if let edge = f.edge {
            self = .edgePan(edge: edge, translation: f.translation, velocity: f.velocity)
        } else if f.scale != nil || f.scaleVelocity != nil {
            self = .pinch(scale: f.scale, velocity: f.scaleVelocity)
        } else if f.radians != nil || f.radiansVelocity != nil {
            self = .rotation(radians: f.radians, velocity: f.radiansVelocity)
        } else if f.translation != nil || f.velocity != nil {
            self = .pan(translation: f.translation, velocity: f.velocity)
        } else if f.keys == 0 {
            self = .none
        } else {
            self = .custom(f.custom)
        }
    }

    init(_ r: FieldReader) throws(RequestError) {
        guard let values = GestureValues(try GestureValueFields(r)) else { throw r.malformed("\(r.request) needs score (a number) with its shape") }
        self = values
    }
}
