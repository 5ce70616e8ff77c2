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
}

/// The shape a drawing matched best, and how well.
public struct ShapeMatch: Hashable, Sendable {
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
