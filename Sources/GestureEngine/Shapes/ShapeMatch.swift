/// How drawings are compared. Position and size never matter.
public struct ShapeMatchOptions: Hashable, Sendable {
    /// Whether the order and direction of the strokes, and how many there are, may differ from the examples'
    /// (point clouds, $Q): a square drawn in one stroke or four, from any corner, either way round. When false,
    /// the points are compared in the order they were drawn (paths, $1 and Protractor): a clockwise circle is not
    /// an anticlockwise one.
    public var orderInvariant = true
    /// Whether a drawing turned any way is the same shape. Clouds are turned so that a stroke's end lies due east
    /// of the centroid (trying each end of each stroke of the drawing against the start of each example); paths
    /// by the angle that fits them best (Protractor's closed form).
    public var rotationInvariant = false
    /// Millimetres the strokes must move together to be a drawing at all: less is a tap, or a finger resting.
    public var minimumLength = 5.0

    public init(orderInvariant: Bool = true, rotationInvariant: Bool = false, minimumLength: Double = 5.0) {
        self.orderInvariant = orderInvariant
        self.rotationInvariant = rotationInvariant
        self.minimumLength = minimumLength
    }

    /// Whether the way strokes go can tell apart shapes the comparison cannot (`StrokeDirections`): clouds that keep
    /// rotation. Paths compare directions already; turned clouds make a line drawn left one drawn right.
    var comparesWays: Bool { orderInvariant && !rotationInvariant }
}

/// A shape and how well a drawing matched it.
public struct ShapeScore: Hashable, Sendable {
    public let name: String
    /// 1 for a drawing identical to an example (after position, size and, when allowed, rotation are taken
    /// out), falling as their points lie further apart, to 0 (`ShapeMatcher` has the formula). 0.8 is where a
    /// drawing stops being the shape.
    public let score: Double

    public init(name: String, score: Double) {
        self.name = name
        self.score = score
    }
}

/// The shape a drawing matched best, how well, and the next best shape.
public struct ShapeMatch: Hashable, Sendable {
    public let name: String
    public let score: Double
    /// The nearest other shape, when one came within the search (`ShapeMatcher.best`).
    public let next: ShapeScore?

    public init(name: String, score: Double, next: ShapeScore? = nil) {
        self.name = name
        self.score = score
        self.next = next
    }

    /// How far ahead of the next shape the best one is: its score less the next's (0 when there is none within the
    /// search, which is then further behind than the search's margin).
    public var margin: Double { score - (next?.score ?? 0) }
}
