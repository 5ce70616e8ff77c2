/// Recognizes drawn shapes by their examples: the shape whose example is nearest to a drawing, and how near
/// (issue 33; docs/shapes.md). Made once from the templates, which it normalizes and indexes then, and asked
/// about many drawings; an answer allocates only a few arrays of the drawing's 32 points.
///
/// The score is `max(0, 1 - d / scoreReach)`, d the root of the mean squared distance between the matched
/// points of the drawing and of its nearest example, both normalized to a root-mean-square radius of 1 (for
/// clouds, the mean weighs each match as `CloudDistance` does and includes the difference in turning,
/// `NormalizedPoint.turn`). d measures how far apart the points lie as a share of the drawing's own size,
/// whatever the shape, so one threshold serves every shape.
public final class ShapeMatcher: Sendable {
    public let options: ShapeMatchOptions
    /// The most strokes any example has: a drawing with more can match nothing well.
    public let mostStrokes: Int
    private let names: [String]
    private let examples: [PreparedExample]

    /// Points each drawing is resampled to ($Q's 32; 64 was no more accurate on the $1 unistroke logs).
    static let pointCount = 32
    /// The distance d, in root-mean-square radii, at which the score reaches 0: 0.25 radii scores 0.8. On the $1
    /// unistroke logs with five examples per shape, drawings of a shape fall further than 0.25 from their own
    /// examples as often (4%) as drawings of other shapes come nearer.
    public static let scoreReach = 1.25

    /// Examples that do not move `options.minimumLength` (`NormalizedDrawing`) are left out: no drawing could
    /// be told from them.
    public init(templates: [ShapeTemplate], options: ShapeMatchOptions = ShapeMatchOptions()) {
        self.options = options
        names = templates.map(\.name)
        mostStrokes = templates.flatMap(\.examples).map(\.strokes.count).max() ?? 0
        var examples: [PreparedExample] = []
        for (shape, template) in templates.enumerated() {
            for example in template.examples {
                guard let drawing = Self.normalized(example.strokes, options) else { continue }
                examples.append(PreparedExample(shape: shape, fingers: template.fingers, drawing: drawing, options: options))
            }
        }
        self.examples = examples
    }

    /// The shape nearest to `strokes` among the templates drawn with `fingers` fingers (any, when nil), when it
    /// scores at least `minimumScore`. Nil when none does, or none comes within `scoreReach` at all; and when
    /// the strokes do not move `options.minimumLength` together. Give the score the caller will require: the
    /// search stops early at whatever cannot reach it, which makes a drawing like no shape (a scribble) quick to
    /// refuse: 0.1 ms rather than 2 against 16 shapes of 10 examples.
    public func best(_ strokes: [[ShapePoint]], fingers: Int? = nil, minimumScore: Double = 0) -> ShapeMatch? {
        guard let drawing = Self.normalized(strokes, options) else { return nil }
        // The search goes as far as the mean square at which the score is the minimum, and a hair beyond, so that
        // rounding cannot lose a match scoring exactly the minimum; the score itself decides.
        let reach = (1 - min(max(minimumScore, 0), 1)) * Self.scoreReach
        let limit = reach * reach * (1 + 1e-9) + Double.leastNormalMagnitude
        let found =
            options.orderInvariant ? nearestCloud(drawing, fingers, below: limit) : nearestPath(drawing, fingers, below: limit)
        guard let nearest = found else { return nil }
        let match = ShapeMatch(name: names[nearest.shape], score: max(0, 1 - nearest.meanSquare.squareRoot() / Self.scoreReach))
        return match.score >= minimumScore ? match : nil
    }

    private static func normalized(_ strokes: [[ShapePoint]], _ options: ShapeMatchOptions) -> NormalizedDrawing? {
        NormalizedDrawing(strokes, count: pointCount, minimumLength: options.minimumLength)
    }

    /// The nearest example's shape, and the mean squared distance to it.
    private typealias Nearest = (shape: Int, meanSquare: Double)

    private func nearestPath(_ drawing: NormalizedDrawing, _ fingers: Int?, below limit: Double) -> Nearest? {
        var least = limit * Double(Self.pointCount), shape: Int?
        drawing.points.withUnsafeBufferPointer { points in
            for example in examples where fingers == nil || example.fingers == fingers {
                let d = PathDistance.distance(points, example.cloud.points, rotationInvariant: options.rotationInvariant)
                if d < least {
                    least = d
                    shape = example.shape
                }
            }
        }
        return shape.map { ($0, least / Double(Self.pointCount)) }
    }

    private func nearestCloud(_ drawing: NormalizedDrawing, _ fingers: Int?, below limit: Double) -> Nearest? {
        var least = limit * CloudDistance.totalWeight(Self.pointCount), shape: Int?
        CloudDistance.with(n: Self.pointCount) { cloud in
            withUnsafeTemporaryAllocation(of: (bound: Double, example: Int).self, capacity: examples.count) { order in
                for points in orientations(drawing) {
                    let candidate = PointCloud(points)
                    var count = 0
                    for (i, example) in examples.enumerated() where fingers == nil || example.fingers == fingers {
                        order.initializeElement(at: count, to: (cloud.bound(candidate, example.cloud), i))
                        count += 1
                    }
                    var ranked = UnsafeMutableBufferPointer(rebasing: order[0..<count])
                    ranked.sort { $0.bound < $1.bound }
                    // Nearest bounds first: once a bound reaches the best distance, no example after it can beat it.
                    for (bound, i) in ranked {
                        guard bound < least else { break }
                        let d = cloud.distance(candidate, examples[i].cloud, below: least)
                        if d < least {
                            least = d
                            shape = examples[i].shape
                        }
                    }
                }
            }
        }
        return shape.map { ($0, least / CloudDistance.totalWeight(Self.pointCount)) }
    }

    /// The drawing's points as clouds compare them: as drawn; or, when rotation does not matter, turned so that
    /// each end of each stroke in turn lies due east, since any of them may be where its example began.
    private func orientations(_ drawing: NormalizedDrawing) -> [[NormalizedPoint]] {
        guard options.rotationInvariant else { return [drawing.points] }
        var seen: Set<Int> = []
        return drawing.strokeEnds.filter { seen.insert($0).inserted }.map { end in
            NormalizedDrawing.rotated(drawing.points, by: -NormalizedDrawing.indicativeAngle(of: drawing.points[end]))
        }
    }
}
