/// The values a recognizer reports with each action, by kind. Lengths are millimetres, times seconds,
/// angles radians (clockwise positive on screen).
public enum GestureDetail: Hashable, Sendable {
    case none
    case tap(taps: Int)
    case pan(translation: Point, velocity: Point)
    case swipe(direction: SwipeDirections)
    case pinch(scale: Double, velocity: Double)
    case rotation(rotation: Double, velocity: Double)
    case edgePan(edge: Edges, translation: Point, velocity: Point)
    /// The shape a shape recognizer matched, and how well (0...1).
    case shape(name: String, score: Double)
    /// Values of a custom recognizer, by name.
    case custom([String: Double])
}

/// An action message: a recognizer entered began, changed, ended (recognized) or cancelled. (The one-byte fields
/// last, where they pack into the detail's tail: the action is copied into every event that carries it.)
public struct GestureAction: Hashable, Sendable {
    public var recognizer: String
    public var region: String
    public var time: Timestamp
    /// The gesture's location (usually the centroid of its touches), millimetres.
    public var location: Point
    public var numberOfTouches: Int
    /// The places its attempt's touches have been (`Touch.placesVisited`), the lifted ones' included.
    public var placesVisited: UInt64 = 0
    public var detail: GestureDetail
    public var kind: GestureKind
    public var state: GestureState
}

/// A raw touch event handed to a region's subscribers, after the recognizers had their say (rules V1-V5).
public struct TouchDelivery: Hashable, Sendable {
    public var region: String
    public var touch: Touch
    /// The phase delivered, which can differ from the touch's own (a recognizer cancels it, a held began
    /// arrives late).
    public var phase: TouchPhase
    public var time: Timestamp

    public init(region: String, touch: Touch, phase: TouchPhase, time: Timestamp) {
        self.region = region
        self.touch = touch
        self.phase = phase
        self.time = time
    }
}

/// Everything the engine produces, in order. The engine returns these; it never prints or sends them.
public enum EngineEvent: Hashable, Sendable {
    case action(GestureAction)
    case touch(TouchDelivery)
}
