@testable import GestureEngine
import Testing

/// Which way strokes go, asked of the two nearest shapes only when clouds cannot tell them apart
/// (docs/shapes.md, Which way a stroke goes).
@Suite struct StrokeDirectionsTests {
    typealias D = ShapeDrawings
    static let rightward = D.polyline([(10, 50), (50, 51), (90, 50)])
    static let leftward = Array(rightward.reversed())

    @Test func eachPointGoesAlongItsStrokeAndADotNowhere() throws {
        let drawing = try #require(NormalizedDrawing([Self.rightward, [ShapePoint(x: 50, y: 80, time: 1)]], count: 32, minimumLength: 5))
        let ways = StrokeDirections.of(drawing)
        #expect(ways.count == 32)
        for way in ways.dropLast() {
            #expect(way.x > 0.49 && abs(way.y) < 0.05, "\(way)")
        }
        #expect(ways.last == Point.zero, "the dot")
    }

    /// Clouds alone cannot tell a line drawn to the left from one drawn to the right; the way the strokes go does.
    @Test func aLineDrawnLeftIsToldFromOneDrawnRight() throws {
        let matcher = ShapeMatcher(templates: [D.template("right", [Self.rightward]), D.template("left", [Self.leftward])])
        for seed: UInt64 in 1...6 {
            let right = try #require(matcher.best(D.jittered([Self.rightward], amount: 1, seed: seed)))
            let left = try #require(matcher.best(D.jittered([Self.leftward], amount: 1, seed: seed)))
            #expect(right.name == "right" && left.name == "left", "seed \(seed): \(right) \(left)")
        }
    }

    /// Shapes whose examples clouds cannot tell apart (a line drawn either way, each drawn loosely three times) are
    /// told apart by which way the strokes go however the two nearest compare as clouds.
    @Test func shapesAlikeAsCloudsAreAlwaysToldByTheirWays() throws {
        let examples = { (line: [ShapePoint]) in (1...3).map { ShapeExample(strokes: D.jittered([line], amount: 2.5, seed: $0)) } }
        let matcher = ShapeMatcher(templates: [ShapeTemplate(name: "right", examples: examples(Self.rightward)), ShapeTemplate(name: "left", examples: examples(Self.leftward))])
        var wrong: [String] = []
        for seed: UInt64 in 10...40 {
            if matcher.best(D.jittered([Self.rightward], amount: 2.5, seed: seed))?.name != "right" { wrong.append("right \(seed)") }
            if matcher.best(D.jittered([Self.leftward], amount: 2.5, seed: seed))?.name != "left" { wrong.append("left \(seed)") }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    /// Where the nearest shape is clearly nearest, which way its strokes go does not matter: a square drawn the
    /// other way round is still a square.
    @Test func aShapeClearlyNearestIsKeptWhicheverWayItIsDrawn() throws {
        let matcher = ShapeMatcher(templates: [D.template("square", [D.square]), D.template("circle", [Array(D.circle().reversed())])])
        let match = try #require(matcher.best([Array(D.square.reversed())]))
        #expect(match.name == "square" && match.score > 0.95, "\(match)")
    }

    /// The two matches of a tie count as one comparison of a search, the worst a search may pass its steps by.
    @Test func aTieCostsNoMoreThanTheWorstComparison() throws {
        let a = try #require(NormalizedDrawing([D.circle()], count: 32, minimumLength: 5))
        let b = try #require(NormalizedDrawing([Self.leftward], count: 32, minimumLength: 5))
        var steps = 0
        let far = StrokeDirections.distance(a.points, StrokeDirections.of(a), b.points, StrokeDirections.of(b), steps: &steps)
        #expect(steps > 32 * 33 / 2 && steps <= StrokeDirections.worstSteps(32), "the first start in full, the others at most: \(steps)")
        var stopped = 0
        let early = StrokeDirections.distance(a.points, StrokeDirections.of(a), b.points, StrokeDirections.of(b), below: far / 10, steps: &stopped)
        #expect(early >= far / 10 && stopped < steps, "stops once past the limit: \(stopped)")
        #expect(StrokeDirections.worstSteps(32) == 7_392 && ShapeMatcher.worstComparison == 2 * 7_392)
    }
}
