@testable import GestureEngine
import Testing

/// A shape's tolerance learned from its examples (docs/shapes.md, The score): room for a shape people draw
/// differently each time, none for one drawn alike, never past the most.
@Suite struct ShapeToleranceTests {
    typealias D = ShapeDrawings

    @Test func twiceTheMedianDistanceHeldBetweenTheLeastAndTheMost() {
        #expect(ShapeTolerance.tolerance(nearestOther: []) == ShapeTolerance.least)
        #expect(ShapeTolerance.tolerance(nearestOther: [0.01, 0.02, 0.0]) == ShapeTolerance.least)
        #expect(abs(ShapeTolerance.tolerance(nearestOther: [0.5, 0.15, 0.2]) - 0.4) < 1e-12)
        // An even count: the middle two's mean.
        #expect(abs(ShapeTolerance.tolerance(nearestOther: [0.15, 0.2]) - 0.35) < 1e-12)
        #expect(ShapeTolerance.tolerance(nearestOther: [0.9, 1.2]) == ShapeTolerance.most)
        // At its tolerance a shape scores the shipped minimum.
        #expect(abs(1 - 0.4 / ShapeTolerance.reach(0.4) - ShapeTolerance.score) < 1e-12)
    }

    @Test func atMostTenExamplesTakenEvenly() {
        #expect(ShapeTolerance.chosen(3) == [0, 1, 2])
        #expect(ShapeTolerance.chosen(10) == Array(0..<10))
        #expect(ShapeTolerance.chosen(25) == [0, 2, 5, 7, 10, 12, 15, 17, 20, 22])
    }

    @Test func examplesAlikeScoreAsOneExample() throws {
        let drawing = D.jittered([D.triangle], amount: 4, seed: 7)
        let one = ShapeMatcher(templates: [D.template("triangle", [D.triangle])])
        let twice = ShapeMatcher(templates: [ShapeTemplate(name: "triangle", examples: [ShapeExample(strokes: [D.triangle]), ShapeExample(strokes: [D.triangle])])])
        let a = try #require(one.best(drawing)), b = try #require(twice.best(drawing))
        #expect(abs(a.score - b.score) < 1e-12, "\(a.score) \(b.score)")
    }

    /// Examples drawn loosely give room that one clean example does not: the same loose drawing is refused by
    /// the one and recognized by the other.
    @Test func looseExamplesGiveRoom() throws {
        let loose = ShapeTemplate(name: "triangle", examples: (1...4).map { ShapeExample(strokes: D.jittered([D.triangle], amount: 6, seed: $0)) })
        let clean = D.template("triangle", [D.triangle])
        let drawing = D.jittered([D.triangle], amount: 6, seed: 11)
        let strict = try #require(ShapeMatcher(templates: [clean]).best(drawing))
        let roomy = try #require(ShapeMatcher(templates: [loose]).best(drawing))
        #expect(strict.score < 0.8, "\(strict)")
        #expect(roomy.score >= 0.8, "\(roomy)")
        #expect(ShapeMatcher(templates: [clean]).best(drawing, minimumScore: 0.8) == nil)
        #expect(ShapeMatcher(templates: [loose]).best(drawing, minimumScore: 0.8)?.name == "triangle")
    }

    /// A name given unlike drawings (a circle and a line) learns the most room and no more: twice the reach of
    /// a shape of one example, so a drawing's distance from its nearest example costs half as much score.
    @Test func unlikeExamplesGiveNoMoreThanTheMost() throws {
        let mixed = ShapeTemplate(name: "mixed", examples: [ShapeExample(strokes: [D.circle()]), ShapeExample(strokes: [D.line])])
        let drawing = D.jittered([D.circle()], amount: 5, seed: 3)
        let one = try #require(ShapeMatcher(templates: [D.template("circle", [D.circle()])]).best(drawing))
        let both = try #require(ShapeMatcher(templates: [mixed]).best(drawing))
        #expect(one.score > 0 && one.score < 1)
        #expect(abs((1 - both.score) - (1 - one.score) / 2) < 1e-9, "\(one.score) \(both.score)")
    }

    /// The nearest of the shapes a drawing is near enough to be: a shape nearer but drawn strictly does not hide
    /// one that gives the drawing room.
    /// The nearest of the shapes a drawing is near enough to be: a shape nearer but learned from one drawing does
    /// not hide one whose loose examples give the drawing room.
    @Test func theNearestOfTheShapesThatAllowIt() throws {
        let drawing = D.jittered([D.triangle], amount: 6, seed: 11)
        let loose = ShapeTemplate(name: "loose", examples: (1...4).map { ShapeExample(strokes: D.jittered([D.triangle], amount: 12, seed: $0)) })
        let strict = ShapeTemplate(name: "strict", examples: [ShapeExample(strokes: D.jittered([D.triangle], amount: 6, seed: 22))])
        let matcher = ShapeMatcher(templates: [strict, loose])
        let nearest = try #require(matcher.best(drawing))
        #expect(nearest.name == "strict" && nearest.score < 0.8, "nearer, with every score kept: \(nearest)")
        // The next shape scores more than the nearest: its examples allow more.
        #expect(nearest.margin < 0, "\(nearest)")
        let match = try #require(matcher.best(drawing, minimumScore: 0.8))
        #expect(match.name == "loose" && match.score >= 0.8, "\(match)")
    }
}

/// What a matcher holds for a shape of several strokes: each example whole and its beginnings, counted by strokes
/// (what a connection's shape limits count).
@Suite struct ShapeBeginningsTests {
    typealias D = ShapeDrawings

    @Test func anExampleOfSeveralStrokesIsHeldOncePerStroke() {
        let cross = ShapeTemplate(name: "cross", examples: [ShapeExample(strokes: D.cross), ShapeExample(strokes: [D.line])])
        #expect(cross.heldDrawings == 3)
        let beginnings = ShapeMatcher.beginnings(of: [cross, D.template("line", [D.line])])
        #expect(beginnings.map(\.name) == ["cross"], "a shape of one stroke has no beginnings")
        #expect(beginnings[0].examples == [ShapeExample(strokes: [D.cross[0]])])
    }
}
