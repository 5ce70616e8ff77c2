/// Recognizes drawn shapes by their examples: the shape whose example is nearest to a drawing, and how near
/// (issues 33 and 42; docs/shapes.md). Made once from the templates, which it normalizes, indexes and learns from
/// then (ShapeMatcher+Examples), and asked about many drawings; an answer allocates only a few arrays of the
/// drawing's 32 points.
///
/// The nearest shape is the one with the nearest example, d the root of the mean squared distance between the
/// matched points of the drawing and of that example, both normalized to a root-mean-square radius of 1 (for
/// clouds, the mean weighs each match as `CloudDistance` does and includes the difference in turning,
/// `NormalizedPoint.turn`). Its score is `max(0, 1 - d / reach)`, the reach learned from the shape's own examples
/// (`ShapeTolerance`): 0.8 at the distance its examples allow, whatever the shape.
public final class ShapeMatcher: Sendable {
    public let options: ShapeMatchOptions
    /// The most strokes any example has: a drawing with more can match nothing well.
    public let mostStrokes: Int
    private let names: [String]
    private let examples: [PreparedExample]
    /// Each shape's reach: the distance d at which it scores 0 (`ShapeTolerance.reach`).
    private let reaches: [Double]
    /// The largest of them: no shape scores anything beyond it.
    private let mostReach: Double
    /// Pairs of shapes (a × count + b) whose examples clouds cannot tell apart (`alikeShare`: a line drawn to the
    /// left, a line drawn to the right). Between them, which way the strokes go always decides.
    private let alike: Set<Int>
    /// The first strokes of every example of several, as shapes of their own names (`beginsLongerShape`); nil when
    /// no example has more than one stroke.
    private let beginnings: ShapeMatcher?

    /// The most steps (ShapeWork) one comparison of a drawing with an example takes, or the two matches that break a
    /// tie (`nearerWay`): what a search may take past the steps it was allowed.
    public static let worstComparison = max(CloudDistance.with(n: pointCount) { $0.worstComparison }, 2 * StrokeDirections.worstSteps(pointCount))

    /// Points each drawing is resampled to ($Q's 32; 64 was no more accurate on the $1 unistroke logs).
    static let pointCount = 32

    /// Examples that do not move `options.minimumLength` (`NormalizedDrawing`) are left out: no drawing could
    /// be told from them. Each shape's tolerance is learned here, from up to ten of its examples compared with each
    /// other (`ShapeTolerance`).
    public convenience init(templates: [ShapeTemplate], options: ShapeMatchOptions = ShapeMatchOptions()) {
        self.init(templates: templates, options: options, beginnings: true)
    }

    private init(templates: [ShapeTemplate], options: ShapeMatchOptions, beginnings learnBeginnings: Bool) {
        self.options = options
        names = templates.map(\.name)
        mostStrokes = templates.flatMap(\.examples).map(\.strokes.count).max() ?? 0
        var examples: [PreparedExample] = []
        var drawings: [NormalizedDrawing] = []
        for (shape, template) in templates.enumerated() {
            for example in template.examples {
                guard let drawing = Self.normalized(example.strokes, options) else { continue }
                examples.append(PreparedExample(shape: shape, fingers: template.fingers, drawing: drawing, options: options))
                drawings.append(drawing)
            }
        }
        self.examples = examples
        let chosen = templates.indices.map { shape in
            let own = examples.indices.filter { examples[$0].shape == shape }
            return ShapeTolerance.chosen(own.count).map { own[$0] }
        }
        reaches = Self.reaches(of: chosen, examples, drawings, options)
        mostReach = reaches.max() ?? ShapeTolerance.reach(ShapeTolerance.least)
        // A beginnings matcher is asked only whether any shape scores enough, which a tie-break cannot change.
        alike = options.comparesWays && learnBeginnings ? Self.alikePairs(chosen, examples, drawings, reaches, options) : []
        let starts = learnBeginnings ? Self.beginnings(of: templates) : []
        beginnings = starts.isEmpty ? nil : ShapeMatcher(templates: starts, options: options, beginnings: false)
    }

    /// Whether `strokes`, which match `match`, match the first strokes of an example of more strokes at least as
    /// well: a drawing that may go on (a stick figure's head is a circle). Within `work`, as `best`.
    public func beginsLongerShape(_ strokes: [[ShapePoint]], fingers: Int? = nil, than match: ShapeMatch, work: inout ShapeWork) -> Bool {
        // As well, but for rounding: a beginning drawn exactly as the shape's example scores as it does.
        beginnings?.best(strokes, fingers: fingers, minimumScore: match.score - 1e-9, work: &work) != nil
    }

    /// The nearest to `strokes` of the shapes drawn with `fingers` fingers (any, when nil) that score at least
    /// `minimumScore - minimumMargin`, when it scores at least `minimumScore`, with the nearest other such shape (one
    /// scoring less is left unnamed: it is at least `minimumMargin` behind). Nil when there is none, and when the
    /// strokes do not move `options.minimumLength` together. The next shape may score more than the nearest, its
    /// examples allowing more room (the margin is then below 0). Give the score and margin the caller will require:
    /// the search stops early at whatever cannot reach them, which makes a drawing like no shape (a scribble) quick
    /// to refuse: 0.2 ms rather than 2 against 16 shapes of 10 examples.
    public func best(_ strokes: [[ShapePoint]], fingers: Int? = nil, minimumScore: Double = 0, minimumMargin: Double = 0) -> ShapeMatch? {
        var work = ShapeWork.unbounded
        return best(strokes, fingers: fingers, minimumScore: minimumScore, minimumMargin: minimumMargin, work: &work)
    }

    /// As `best`, within `work`: nil too when the search ran out of steps before it was done (`work.ranOut`).
    public func best(
        _ strokes: [[ShapePoint]], fingers: Int? = nil, minimumScore: Double = 0, minimumMargin: Double = 0, work: inout ShapeWork
    ) -> ShapeMatch? {
        guard let drawing = Self.normalized(strokes, options) else { return nil }
        let wanted = min(max(minimumScore, 0), 1)
        let lowest = max(wanted - max(minimumMargin, 0), 0)
        let limit = Self.meanSquare(at: lowest, reach: mostReach)
        let nearest = withUnsafeTemporaryAllocation(of: Double.self, capacity: names.count) { least in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: names.count) { closest in
                for shape in reaches.indices { least.initializeElement(at: shape, to: Self.meanSquare(at: lowest, reach: reaches[shape])) }
                closest.initialize(repeating: -1)
                if options.orderInvariant {
                    nearestClouds(drawing, fingers, least, closest, below: limit, work: &work)
                } else {
                    nearestPaths(drawing, fingers, least, work: &work)
                }
                var two = twoNearest(least, scoring: lowest)
                if let first = two.first, let second = two.second, options.comparesWays,
                    first.meanSquare >= Self.tie * Self.tie * second.meanSquare || alike.contains(first.shape * names.count + second.shape),
                    nearerWay(drawing, than: closest[first.shape], closest[second.shape], work: &work)
                {
                    two = (second, first)
                }
                return two
            }
        }
        guard !work.ranOut, let first = nearest.first else { return nil }
        let next = nearest.second.map { ShapeScore(name: names[$0.shape], score: score(of: $0)) }
        let match = ShapeMatch(name: names[first.shape], score: score(of: first), next: next)
        return match.score >= wanted ? match : nil
    }

    /// Whether `strokes` move `options.minimumLength` together: a drawing, not a tap, dots or a finger resting.
    public func isDrawing(_ strokes: [[ShapePoint]]) -> Bool { NormalizedDrawing.length(of: strokes) >= options.minimumLength }

    /// Two shapes whose nearest examples lie this close (the nearer's distance at least this share of the other's)
    /// are told apart by which way their strokes go (`StrokeDirections`): clouds cannot tell a line drawn to the
    /// left from one drawn to the right. Chosen beside 0.7 and 0.5 on the $1 logs and LowVision's same-person
    /// split, and checked on the other splits (docs/shapes.md, Which way a stroke goes).
    static let tie = 0.9
    /// Two shapes are alike as clouds when the first example of one lies within this share of the smaller tolerance
    /// of the other's nearest of its first three examples: half a tolerance is the distance a shape's own examples
    /// typically lie from each other. Measured beside 0.75 and 1 (docs/shapes.md, Which way a stroke goes).
    static let alikeShare = 0.5

    /// Whether `drawing` lies nearer the example `other` than the example `nearest` once the way each stroke goes
    /// counts too. The two matches count as one comparison of the search (ShapeWork, `worstComparison`).
    private func nearerWay(_ drawing: NormalizedDrawing, than nearest: Int, _ other: Int, work: inout ShapeWork) -> Bool {
        guard nearest >= 0, other >= 0, work.mayCompare() else { return false }
        let ways = StrokeDirections.of(drawing)
        let a = examples[nearest], b = examples[other]
        let first = StrokeDirections.distance(drawing.points, ways, a.cloud.points, a.ways, steps: &work.spent)
        return StrokeDirections.distance(drawing.points, ways, b.cloud.points, b.ways, below: first, steps: &work.spent) < first
    }

    /// A shape's score at a mean squared distance from the drawing.
    private func score(of nearest: Nearest) -> Double { max(0, 1 - nearest.meanSquare.squareRoot() / reaches[nearest.shape]) }

    /// The mean squared distance at which a shape of `reach` scores `score`, and a hair beyond, so that rounding
    /// cannot lose a match scoring exactly that; the score itself decides.
    private static func meanSquare(at score: Double, reach: Double) -> Double {
        let distance = (1 - score) * reach
        return distance * distance * (1 + 1e-9) + Double.leastNormalMagnitude
    }


    private static func normalized(_ strokes: [[ShapePoint]], _ options: ShapeMatchOptions) -> NormalizedDrawing? {
        NormalizedDrawing(strokes, count: pointCount, minimumLength: options.minimumLength)
    }

    /// A shape's index and the mean squared distance to its nearest example.
    private typealias Nearest = (shape: Int, meanSquare: Double)

    /// The nearest shape and the nearest other one, of those that score at least `score`.
    private func twoNearest(_ least: UnsafeMutableBufferPointer<Double>, scoring score: Double) -> (first: Nearest?, second: Nearest?) {
        var first: Nearest?, second: Nearest?
        for (shape, d) in least.enumerated() where d < Self.meanSquare(at: score, reach: reaches[shape]) {
            if d < first?.meanSquare ?? .infinity {
                second = first
                first = (shape, d)
            } else if d < second?.meanSquare ?? .infinity {
                second = (shape, d)
            }
        }
        return (first, second)
    }

    /// Lowers each shape's mean squared distance in `least` to that of its nearest example, where nearer.
    private func nearestPaths(_ drawing: NormalizedDrawing, _ fingers: Int?, _ least: UnsafeMutableBufferPointer<Double>, work: inout ShapeWork) {
        let n = Double(Self.pointCount)
        drawing.points.withUnsafeBufferPointer { points in
            for example in examples where fingers == nil || example.fingers == fingers {
                guard work.mayCompare() else { return }
                work.spent += Self.pointCount
                let d = PathDistance.distance(points, example.cloud.points, rotationInvariant: options.rotationInvariant) / n
                least[example.shape] = min(least[example.shape], d)
            }
        }
    }

    /// As `nearestPaths`, but only as far as the two nearest shapes need: an example farther than both the
    /// nearest shape and the nearest other one changes neither, nor does one farther than its shape allows (`least`
    /// begins at each shape's limit, `limit` the largest of them).
    private func nearestClouds(
        _ drawing: NormalizedDrawing, _ fingers: Int?, _ least: UnsafeMutableBufferPointer<Double>, _ closest: UnsafeMutableBufferPointer<Int>,
        below limit: Double, work: inout ShapeWork
    ) {
        let weight = CloudDistance.totalWeight(Self.pointCount)
        var first = -1, firstSum = Double.infinity, secondSum = limit * weight
        CloudDistance.with(n: Self.pointCount) { cloud in
            withUnsafeTemporaryAllocation(of: (bound: Double, example: Int).self, capacity: examples.count) { order in
                for points in Self.orientations(drawing, options) {
                    let candidate = PointCloud(points)
                    var count = 0
                    for (i, example) in examples.enumerated() where fingers == nil || example.fingers == fingers {
                        guard work.mayCompare() else { return }
                        order.initializeElement(at: count, to: (cloud.bound(candidate, example.cloud, steps: &work.spent), i))
                        count += 1
                    }
                    var ranked = UnsafeMutableBufferPointer(rebasing: order[0..<count])
                    ranked.sort { $0.bound < $1.bound }
                    // Nearest bounds first: once a bound reaches the second nearest shape's sum, no example after it
                    // can change either of the two; one of the nearest shape's own changes it only by coming nearer.
                    for (bound, i) in ranked {
                        guard bound < secondSum else { break }
                        guard work.mayCompare() else { return }
                        let shape = examples[i].shape
                        let below = shape == first ? firstSum : min(secondSum, least[shape] * weight)
                        guard bound < below else { continue }
                        let d = cloud.distance(candidate, examples[i].cloud, below: below, steps: &work.spent)
                        guard d < below else { continue }
                        least[shape] = d / weight
                        closest[shape] = i
                        if shape == first {
                            firstSum = d
                        } else if d < firstSum {
                            (first, firstSum, secondSum) = (shape, d, first < 0 ? secondSum : firstSum)
                        } else {
                            secondSum = d
                        }
                    }
                }
            }
        }
    }

    /// The drawing's points as clouds compare them: as drawn; or, when rotation does not matter, turned so that
    /// each end of each stroke in turn lies due east, since any of them may be where its example began.
    static func orientations(_ drawing: NormalizedDrawing, _ options: ShapeMatchOptions) -> [[NormalizedPoint]] {
        guard options.rotationInvariant else { return [drawing.points] }
        var seen: Set<Int> = []
        return drawing.strokeEnds.filter { seen.insert($0).inserted }.map { end in
            NormalizedDrawing.rotated(drawing.points, by: -NormalizedDrawing.indicativeAngle(of: drawing.points[end]))
        }
    }
}
