import GestureEngine

/// A key of a `[device.conditioning]` table: its range, and which part of `TouchConditioning` it sets. `false`
/// turns off the parts that can be off (docs/conditioning.md). The one list of them, for the configuration and
/// the trace form's `conditioning` line alike.
public struct ConditioningKey: Sendable {
    public let name: String
    public let range: ClosedRange<Double>
    public let unit: String
    public let mayBeOff: Bool
    public let apply: @Sendable (inout TouchConditioning, Double?) -> Void

    public static let all: [ConditioningKey] = [
        part("settle_mm", 0...50, " mm") { $0.settleDistance = $1 },
        value("settle_time", 0...5, " s") { $0.settleTime = $1 },
        part("jump_mm", 0.1...1000, " mm") { $0.jumpDistance = $1 },
        value("jump_speed_mm_s", 1...100_000, " mm/s") { $0.jumpSpeed = $1 },
        part("reassign_mm", 0...1000, " mm") { $0.reassignDistance = $1 },
        part("piece_mm", 0...1000, " mm") { $0.pieceDistance = $1 },
        part("palm_pressure", 0...1, "") { $0.palmPressure = $1 },
        part("palm_size_mm", 0.1...1000, " mm") { $0.palmSize = $1 },
        part("palm_reach_mm", 0...1000, " mm") { $0.palmReach = $1 },
        part("palm_edge_mm", 0...500, " mm") { $0.palmEdge = $1 },
        value("palm_edge_time", 0...5, " s") { $0.edgeTime = $1 },
        part("thumb_zone", 0...1, "") { $0.thumbZone = $1 },
        value("thumb_release_mm", 0...1000, " mm") { $0.thumbReleaseDistance = $1 },
        part("click_release_mm", 0...1000, " mm") { $0.clickReleaseDistance = $1 },
        part("overlap_wait", 0...1, " s") { $0.overlapWait = $1 },
        value("landing_window", 0...1, " s") { $0.landingWindow = $1 },
        part("tap_hold", 0...5, " s") { $0.tapHold = $1 },
        part("finger_change_debounce", 0...5, " s") { $0.fingerChangeDebounce = $1 },
    ]

    public static var names: [String] { all.map(\.name) }

    /// A part that `false` turns off.
    private static func part(
        _ name: String, _ range: ClosedRange<Double>, _ unit: String, _ set: @escaping @Sendable (inout TouchConditioning, Double?) -> Void
    ) -> ConditioningKey {
        ConditioningKey(name: name, range: range, unit: unit, mayBeOff: true, apply: set)
    }

    /// A number that shapes a part and cannot be off.
    private static func value(
        _ name: String, _ range: ClosedRange<Double>, _ unit: String, _ set: @escaping @Sendable (inout TouchConditioning, Double) -> Void
    ) -> ConditioningKey {
        ConditioningKey(name: name, range: range, unit: unit, mayBeOff: false) { c, v in if let v { set(&c, v) } }
    }
}
