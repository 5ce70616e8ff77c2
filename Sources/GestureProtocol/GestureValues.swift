/// A gesture's values (docs/protocol.md, gesture): what its kind reports, each field absent where it has none.
/// Lengths are millimetres, times seconds, angles radians (clockwise positive on screen). Written in one order
/// whatever the kind: taps, direction, edge, translation_mm, velocity_mm_s, scale, velocity, rotation_rad,
/// velocity_rad_s, then a custom recognizer's own values by name.
public struct GestureValues: Sendable, Equatable {
    /// A tap's count of taps.
    public var taps: Int?
    /// A swipe's direction: `left`, `right`, `up`, `down`.
    public var direction: String?
    /// An edge pan's edge: `left`, `right`, `top`, `bottom`.
    public var edge: String?
    /// A pan's or edge pan's translation from where it began (`translation_mm`) and velocity (`velocity_mm_s`).
    public var translation: Pair?
    public var velocity: Pair?
    /// A pinch's scale and its velocity, scale a second (`velocity`).
    public var scale: Double?
    public var scaleVelocity: Double?
    /// A rotation's angle (`rotation_rad`) and its velocity (`velocity_rad_s`).
    public var rotation: Double?
    public var rotationVelocity: Double?
    /// A custom recognizer's values, by the names it gives them (never one of the names above).
    public var custom: [String: Double]

    public init(
        taps: Int? = nil, direction: String? = nil, edge: String? = nil, translation: Pair? = nil, velocity: Pair? = nil, scale: Double? = nil,
        scaleVelocity: Double? = nil, rotation: Double? = nil, rotationVelocity: Double? = nil, custom: [String: Double] = [:]
    ) {
        self.taps = taps
        self.direction = direction
        self.edge = edge
        self.translation = translation
        self.velocity = velocity
        self.scale = scale
        self.scaleVelocity = scaleVelocity
        self.rotation = rotation
        self.rotationVelocity = rotationVelocity
        self.custom = custom
    }

    /// What may be shown to a connection that sees no positions (docs/protocol.md, Who sees what): a tap's count,
    /// a swipe's direction, an edge; every length, scale, angle and custom value could tell where the fingers are.
    public var withoutPositions: GestureValues { GestureValues(taps: taps, direction: direction, edge: edge) }

    /// Room for what `write` puts beyond its nine numbers (counted by the line): the strings it quotes.
    var room: Int {
        var bytes = 0
        if let direction { bytes += JSONText.quotedBytes(direction.utf8.count) }
        if let edge { bytes += JSONText.quotedBytes(edge.utf8.count) }
        for key in custom.keys { bytes += JSONText.quotedBytes(key.utf8.count) + JSONText.numberBytes + 2 }
        return bytes
    }

    /// The fields inside "values", commas between them.
    func write(into c: inout LineCursor) {
        var first = true
        func key(_ text: StaticString, _ c: inout LineCursor) {
            if !first { c.raw(",") }
            first = false
            c.raw(text)
        }
        if let taps {
            key("\"taps\":", &c)
            c.integer(taps)
        }
        if let direction {
            key("\"direction\":", &c)
            c.string(direction)
        }
        if let edge {
            key("\"edge\":", &c)
            c.string(edge)
        }
        if let translation {
            key("\"translation_mm\":[", &c)
            c.pair(translation, decimals: 3)
            c.raw("]")
        }
        if let velocity {
            key("\"velocity_mm_s\":[", &c)
            c.pair(velocity, decimals: 3)
            c.raw("]")
        }
        if let scale {
            key("\"scale\":", &c)
            c.fixed(scale, decimals: 6)
        }
        if let scaleVelocity {
            key("\"velocity\":", &c)
            c.fixed(scaleVelocity, decimals: 6)
        }
        if let rotation {
            key("\"rotation_rad\":", &c)
            c.fixed(rotation, decimals: 6)
        }
        if let rotationVelocity {
            key("\"velocity_rad_s\":", &c)
            c.fixed(rotationVelocity, decimals: 6)
        }
        if !custom.isEmpty {
            for name in custom.keys.sorted() {
                if !first { c.raw(",") }
                first = false
                c.string(name)
                c.raw(":")
                c.number(custom[name]!)
            }
        }
    }

    static let names = ["taps", "direction", "edge", "translation_mm", "velocity_mm_s", "scale", "velocity", "rotation_rad", "velocity_rad_s"]

    init(_ r: FieldReader) throws(RequestError) {
        self.init(
            taps: r.has("taps") ? try r.integer("taps") : nil, direction: try r.optionalString("direction"), edge: try r.optionalString("edge"),
            translation: try r.optionalPair("translation_mm"), velocity: try r.optionalPair("velocity_mm_s"),
            scale: try r.optionalNumber("scale"), scaleVelocity: try r.optionalNumber("velocity"), rotation: try r.optionalNumber("rotation_rad"),
            rotationVelocity: try r.optionalNumber("velocity_rad_s"))
        for key in r.fields.keys where !Self.names.contains(key) {
            custom[key] = try r.number(key)
        }
    }
}
