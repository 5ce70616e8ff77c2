import GestureEngine
import GestureSamples

/// A value a parameter takes, already checked against its range.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
    case count(Int)
    case number(Double)
    case directions(SwipeDirections)
    case edges(Edges)

    public var description: String {
        switch self {
        case .count(let n): "\(n)"
        case .number(let d): "\(d)"
        case .directions(let d): "[\(d.description.split(separator: "|").map { "\"\($0)\"" }.joined(separator: ", "))]"
        case .edges(let e): "[\(e.description.split(separator: "|").map { "\"\($0)\"" }.joined(separator: ", "))]"
        }
    }
}

/// One tunable of a recognizer kind, named as in UIKit (snake case, with the unit when it has one), with the
/// range a configuration may give it, and the short name traces use for it (`taps` for
/// `number_of_taps_required`). Reading the default from a fresh recognizer keeps the reference and the engine in
/// agreement.
public struct RecognizerParameter: Sendable {
    public enum Shape: Sendable {
        case count(ClosedRange<Int>)
        case number(ClosedRange<Double>, unit: String)
        case directions
        case edges
    }

    public let name: String
    /// The trace form's name for it (docs/traces.md), when it has one; the full name works there too.
    public let alias: String?
    public let shape: Shape
    let get: @Sendable (GestureRecognizer) -> ParameterValue
    let set: @Sendable (GestureRecognizer, ParameterValue) -> Void

    public func value(of recognizer: GestureRecognizer) -> ParameterValue { get(recognizer) }
    public func apply(_ value: ParameterValue, to recognizer: GestureRecognizer) { set(recognizer, value) }

    init(
        name: String, alias: String? = nil, shape: Shape, get: @escaping @Sendable (GestureRecognizer) -> ParameterValue,
        set: @escaping @Sendable (GestureRecognizer, ParameterValue) -> Void
    ) {
        self.name = name
        self.alias = alias
        self.shape = shape
        self.get = get
        self.set = set
    }

    static func count<R: GestureRecognizer>(
        _ name: String, _ path: ReferenceWritableKeyPath<R, Int> & Sendable, _ range: ClosedRange<Int>, alias: String? = nil
    ) -> RecognizerParameter {
        RecognizerParameter(
            name: name, alias: alias, shape: .count(range),
            get: { .count(($0 as! R)[keyPath: path]) },
            set: { if case .count(let n) = $1 { ($0 as! R)[keyPath: path] = n } })
    }

    static func number<R: GestureRecognizer>(
        _ name: String, _ path: ReferenceWritableKeyPath<R, Double> & Sendable, _ range: ClosedRange<Double>,
        unit: String, scale: Double = 1, alias: String? = nil
    ) -> RecognizerParameter {
        RecognizerParameter(
            name: name, alias: alias, shape: .number(range, unit: unit),
            get: { .number(($0 as! R)[keyPath: path] / scale) },
            set: { if case .number(let d) = $1 { ($0 as! R)[keyPath: path] = d * scale } })
    }

    static let seconds = 0.0...60.0
    static let millimetres = 0.0...1000.0
    static let fingers = 1...10
    static let degrees = Double.pi / 180

    static let tap: [RecognizerParameter] = [
        count("number_of_taps_required", \TapGestureRecognizer.numberOfTapsRequired, 1...10, alias: "taps"),
        count("number_of_touches_required", \TapGestureRecognizer.numberOfTouchesRequired, fingers, alias: "touches"),
        number("allowable_movement_mm", \TapGestureRecognizer.allowableMovement, millimetres, unit: " mm", alias: "movement"),
        number("maximum_tap_duration", \TapGestureRecognizer.maximumTapDuration, seconds, unit: " s", alias: "duration"),
        number(
            "maximum_interval_between_taps", \TapGestureRecognizer.maximumIntervalBetweenTaps, seconds, unit: " s", alias: "interval"),
        number("touches_down_window", \TapGestureRecognizer.touchesDownWindow, seconds, unit: " s", alias: "window"),
    ]

    static let longPress: [RecognizerParameter] = [
        number("minimum_press_duration", \LongPressGestureRecognizer.minimumPressDuration, seconds, unit: " s", alias: "duration"),
        number("allowable_movement_mm", \LongPressGestureRecognizer.allowableMovement, millimetres, unit: " mm", alias: "movement"),
        count("number_of_touches_required", \LongPressGestureRecognizer.numberOfTouchesRequired, fingers, alias: "touches"),
        count("number_of_taps_required", \LongPressGestureRecognizer.numberOfTapsRequired, 0...10, alias: "taps"),
        number("maximum_tap_duration", \LongPressGestureRecognizer.maximumTapDuration, seconds, unit: " s"),
        number("maximum_interval_between_taps", \LongPressGestureRecognizer.maximumIntervalBetweenTaps, seconds, unit: " s"),
        number("tap_allowable_movement_mm", \LongPressGestureRecognizer.tapAllowableMovement, millimetres, unit: " mm"),
    ]

    /// UIKit's unlimited maximum is Int.max; a configuration gives at most 20 fingers.
    static let pan: [RecognizerParameter] = [
        count("minimum_number_of_touches", \PanGestureRecognizer.minimumNumberOfTouches, fingers, alias: "min"),
        RecognizerParameter(
            name: "maximum_number_of_touches", alias: "max", shape: .count(1...20),
            get: { .count(min(($0 as! PanGestureRecognizer).maximumNumberOfTouches, 20)) },
            set: { if case .count(let n) = $1 { ($0 as! PanGestureRecognizer).maximumNumberOfTouches = n } }),
        number("start_threshold_mm", \PanGestureRecognizer.startThreshold, millimetres, unit: " mm", alias: "threshold"),
    ]

    static let edgePan: [RecognizerParameter] = [
        RecognizerParameter(
            name: "edges", alias: "edges", shape: .edges,
            get: { .edges(($0 as! ScreenEdgePanGestureRecognizer).edges) },
            set: { if case .edges(let e) = $1 { ($0 as! ScreenEdgePanGestureRecognizer).edges = e } }),
        number("edge_width_mm", \ScreenEdgePanGestureRecognizer.edgeWidth, millimetres, unit: " mm", alias: "width"),
        number("decision_time", \ScreenEdgePanGestureRecognizer.decisionTime, seconds, unit: " s"),
        number("projection_time", \ScreenEdgePanGestureRecognizer.projectionTime, seconds, unit: " s"),
    ]

    static let swipe: [RecognizerParameter] = [
        RecognizerParameter(
            name: "direction", alias: "direction", shape: .directions,
            get: { .directions(($0 as! SwipeGestureRecognizer).direction) },
            set: { if case .directions(let d) = $1 { ($0 as! SwipeGestureRecognizer).direction = d } }),
        count("number_of_touches_required", \SwipeGestureRecognizer.numberOfTouchesRequired, fingers, alias: "touches"),
        number("maximum_duration", \SwipeGestureRecognizer.maximumDuration, seconds, unit: " s", alias: "duration"),
        number("minimum_distance_mm", \SwipeGestureRecognizer.minimumDistance, millimetres, unit: " mm"),
        number("distance_decay", \SwipeGestureRecognizer.distanceDecay, 0...1, unit: ""),
        number("maximum_sideways_distance_mm", \SwipeGestureRecognizer.maximumSidewaysDistance, millimetres, unit: " mm"),
        number("sideways_decay", \SwipeGestureRecognizer.sidewaysDecay, 0...1, unit: ""),
        number("allowed_backward_movement_mm", \SwipeGestureRecognizer.allowedBackwardMovement, millimetres, unit: " mm"),
        number("minimum_speed_mm_s", \SwipeGestureRecognizer.minimumSpeed, 0...10_000, unit: " mm/s", alias: "speed"),
    ]

    static let pinch: [RecognizerParameter] = [
        number("start_threshold_mm", \PinchGestureRecognizer.startThreshold, millimetres, unit: " mm", alias: "threshold"),
    ]

    static let rotation: [RecognizerParameter] = [
        number("base_threshold_degrees", \RotationGestureRecognizer.baseThreshold, 0...180, unit: " degrees", scale: degrees),
        number("spread_threshold_degrees", \RotationGestureRecognizer.spreadThreshold, 0...180, unit: " degrees", scale: degrees),
        number("rotation_weight", \RotationGestureRecognizer.rotationWeight, 0...100, unit: ""),
        number("pinch_weight", \RotationGestureRecognizer.pinchWeight, 0...100, unit: ""),
        number("translation_weight", \RotationGestureRecognizer.translationWeight, 0...100, unit: ""),
    ]

    /// Its shapes (`shapes`, files) and how they are matched are the configuration's (ShapeSet), not numbers.
    static let shape: [RecognizerParameter] = [
        count("number_of_touches_required", \ShapeGestureRecognizer.numberOfTouchesRequired, fingers, alias: "touches"),
        number("minimum_score", \ShapeGestureRecognizer.minimumScore, 0...1, unit: "", alias: "score"),
        number("minimum_margin", \ShapeGestureRecognizer.minimumMargin, 0...1, unit: "", alias: "margin"),
        number("stroke_pause", \ShapeGestureRecognizer.strokePause, seconds, unit: " s", alias: "pause"),
        number("unfinished_pause", \ShapeGestureRecognizer.unfinishedPause, seconds, unit: " s"),
        number("maximum_duration", \ShapeGestureRecognizer.maximumDuration, seconds, unit: " s", alias: "duration"),
        number("touches_down_window", \ShapeGestureRecognizer.touchesDownWindow, seconds, unit: " s", alias: "window"),
    ]

    static let checkmark: [RecognizerParameter] = [
        number("minimum_stroke_height_mm", \CheckmarkGestureRecognizer.minimumStrokeHeight, millimetres, unit: " mm"),
        number("jitter_tolerance_mm", \CheckmarkGestureRecognizer.jitterTolerance, millimetres, unit: " mm"),
        number("up_stroke_ratio", \CheckmarkGestureRecognizer.upStrokeRatio, 0...100, unit: ""),
    ]

    static let tickle: [RecognizerParameter] = [
        count("required_tickles", \TickleGestureRecognizer.requiredTickles, 1...100, alias: "tickles"),
        number("minimum_distance_mm", \TickleGestureRecognizer.minimumDistance, millimetres, unit: " mm", alias: "distance"),
        number("jitter_tolerance_mm", \TickleGestureRecognizer.jitterTolerance, millimetres, unit: " mm"),
    ]
}
