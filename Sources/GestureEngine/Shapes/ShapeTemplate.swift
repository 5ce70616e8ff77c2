/// A point of a drawn stroke: where the finger (or the centroid of the fingers drawing together) was, in
/// millimetres on the surface, and when, in seconds from any origin.
public struct ShapePoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var time: Double

    public init(x: Double, y: Double, time: Double) {
        self.x = x
        self.y = y
        self.time = time
    }
}

/// One drawing of a shape: its strokes in the order they were drawn, each its points in order.
public struct ShapeExample: Hashable, Sendable {
    public var strokes: [[ShapePoint]]

    public init(strokes: [[ShapePoint]]) {
        self.strokes = strokes
    }
}

/// A shape the matcher knows, by its examples: the more ways people draw it that it has seen, the better it
/// recognizes them.
public struct ShapeTemplate: Hashable, Sendable {
    public let name: String
    /// How many fingers draw it together (each stroke's points are their centroid).
    public let fingers: Int
    public var examples: [ShapeExample]

    public init(name: String, fingers: Int = 1, examples: [ShapeExample]) {
        self.name = name
        self.fingers = fingers
        self.examples = examples
    }

    /// The drawings a matcher holds for it: each example whole, and each example of several strokes cut after each
    /// of its strokes but the last (what a drawing may be the beginning of): an example's strokes, counted.
    public var heldDrawings: Int { examples.reduce(0) { $0 + max($1.strokes.count, 1) } }

    /// The points of all its examples: what a connection's shapes are bounded by.
    public var pointCount: Int { examples.reduce(0) { $0 + $1.strokes.reduce(0) { $0 + $1.count } } }
}
