/// The fields of a gesture line's `values`, each read alone, before `GestureValues` chooses the kind they make:
/// what the tree reader (FieldReader) and the line reader (ServerLineReader) both fill, so that both choose alike.
struct GestureValueFields {
    var taps: Int?
    var direction: String?
    var shape: String?
    var score: Double?
    var edge: String?
    var translation: Pair?
    var velocity: Pair?
    var scale: Double?
    /// A pinch's `velocity`.
    var scaleVelocity: Double?
    var radians: Double?
    var radiansVelocity: Double?
    /// A custom recognizer's numbers: every key not one of `names`.
    var custom = [String: Double]()
    /// How many keys the object has.
    var keys = 0

    static let names: Set<String> = [
        "taps", "direction", "edge", "translation_mm", "velocity_mm_s", "scale", "velocity", "rotation_rad", "velocity_rad_s", "shape", "score",
    ]

    init() {}

    init(_ r: FieldReader) throws(RequestError) {
        taps = r.has("taps") ? try r.integer("taps") : nil
        direction = try r.optionalString("direction")
        shape = try r.optionalString("shape")
        score = try r.optionalNumber("score")
        edge = try r.optionalString("edge")
        translation = try r.optionalPair("translation_mm")
        velocity = try r.optionalPair("velocity_mm_s")
        scale = try r.optionalNumber("scale")
        scaleVelocity = try r.optionalNumber("velocity")
        radians = try r.optionalNumber("rotation_rad")
        radiansVelocity = try r.optionalNumber("velocity_rad_s")
        for key in r.fields.keys where !Self.names.contains(key) { custom[key] = try r.number(key) }
        keys = r.fields.count
    }
}
