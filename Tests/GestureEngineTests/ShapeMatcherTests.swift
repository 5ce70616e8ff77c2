@testable import GestureEngine
import Testing

/// The shape matcher on drawings made to measure: what it must ignore (position, size; order, direction and
/// number of strokes for clouds; rotation when asked), what it must not (direction and order for paths),
/// shapes told apart, and drawings that are no shape.
@Suite struct ShapeMatcherTests {
    typealias D = ShapeDrawings
    static let shapes = [D.template("circle", [D.circle()]), D.template("triangle", [D.triangle]), D.template("line", [D.line])]
    static let cloud = ShapeMatcher(templates: shapes)
    static let path = ShapeMatcher(templates: shapes, options: ShapeMatchOptions(orderInvariant: false))

    @Test func anExampleItselfScoresOne() throws {
        for matcher in [Self.cloud, Self.path] {
            for template in Self.shapes {
                let match = try #require(matcher.best(template.examples[0].strokes))
                #expect(match.name == template.name)
                #expect(abs(match.score - 1) < 1e-9, "\(template.name): \(match.score)")
            }
        }
    }

    @Test func circleTriangleAndLineToldApartWhenDrawnLoosely() throws {
        // Paths start where the examples start; clouds may start anywhere.
        for (matcher, start) in [(Self.cloud, 1.0), (Self.path, 0)] {
            let drawings: [(String, [[ShapePoint]])] = [
                ("circle", [D.circle(start: start, points: 25)]),
                ("triangle", [D.polyline([(30, 10), (55, 55), (5, 55), (30, 10)], perSide: 4)]),
                ("line", [D.polyline([(10, 12), (40, 10), (70, 13)], perSide: 7)]),
            ]
            for (name, strokes) in drawings {
                for seed: UInt64 in 1...5 {
                    let match = try #require(matcher.best(D.jittered(strokes, amount: 1.5, seed: seed)))
                    #expect(match.name == name, "seed \(seed): \(match)")
                    #expect(match.score >= 0.8, "seed \(seed): \(match)")
                }
            }
        }
    }

    @Test func positionAndSizeDoNotMatter() throws {
        for matcher in [Self.cloud, Self.path] {
            for template in Self.shapes {
                let strokes = template.examples[0].strokes
                let original = try #require(matcher.best(D.jittered(strokes, amount: 2)))
                for (dx, scale) in [(-300.0, 1.0), (0, 0.1), (120, 7.5)] {
                    let drawing = D.transformed(D.jittered(strokes, amount: 2), dx: dx, dy: dx / 2, scale: scale)
                    let moved = try #require(matcher.best(drawing))
                    #expect(moved.name == original.name)
                    #expect(abs(moved.score - original.score) < 1e-9, "\(template.name) moved \(dx), scaled \(scale)")
                }
            }
        }
    }

    @Test func rotationMattersUnlessAsked() throws {
        // Upside down.
        let turned = D.transformed([D.triangle], angle: Double.pi / 3)
        for matcher in [Self.cloud, Self.path] {
            let match = try #require(matcher.best(turned))
            #expect(match.score < 0.8, "\(match)")
        }
        for order in [true, false] {
            let options = ShapeMatchOptions(orderInvariant: order, rotationInvariant: true)
            let matcher = ShapeMatcher(templates: Self.shapes, options: options)
            for angle in [0.3, 2.2, -1.7] {
                let match = try #require(matcher.best(D.transformed([D.triangle], angle: angle)))
                #expect(match.name == "triangle")
                #expect(abs(match.score - 1) < 1e-6, "order invariant \(order), turned \(angle): \(match.score)")
            }
        }
    }

    @Test func turnedCloudsStillIgnoreStrokeOrderAndDirection() throws {
        let templates = [D.template("cross", D.cross), D.template("check", [D.check]), D.template("triangle", [D.triangle])]
        let matcher = ShapeMatcher(templates: templates, options: ShapeMatchOptions(rotationInvariant: true))
        let reordered = [Array(D.cross[1].reversed()), D.cross[0]]
        for angle in [0.4, -2.5] {
            let cross = try #require(matcher.best(D.transformed(reordered, angle: angle)))
            #expect(cross.name == "cross" && cross.score > 0.95, "turned \(angle): \(cross)")
            let check = try #require(matcher.best(D.transformed([Array(D.check.reversed())], angle: angle)))
            #expect(check.name == "check" && abs(check.score - 1) < 1e-6, "turned \(angle): \(check)")
        }
    }

    @Test func cloudsIgnoreStrokeDirectionOrderAndNumberPathsDoNot() throws {
        let templates = [D.template("cross", D.cross), D.template("square", [D.square]), D.template("check", [D.check])]
        let cloud = ShapeMatcher(templates: templates)
        let path = ShapeMatcher(templates: templates, options: ShapeMatchOptions(orderInvariant: false))
        let reversed = [Array(D.check.reversed())]
        let reordered = [Array(D.cross[1].reversed()), D.cross[0]]
        let square = D.square
        let inFourStrokes = (0..<4).map { Array(square[($0 * 10)...($0 * 10 + 10)]) }.reversed().map { $0 }

        let reversedCheck = try #require(cloud.best(reversed))
        #expect(reversedCheck.name == "check" && abs(reversedCheck.score - 1) < 1e-9, "\(reversedCheck)")
        let reorderedCross = try #require(cloud.best(reordered))
        #expect(reorderedCross.name == "cross" && reorderedCross.score > 0.95, "\(reorderedCross)")
        // Not 1: the points fall elsewhere along the sides (0.92 by position alone), and a corner's turn lies on two
        // stroke ends rather than between two points.
        let fourSides = try #require(cloud.best(Array(inFourStrokes)))
        #expect(fourSides.name == "square" && fourSides.score > 0.85, "\(fourSides)")

        // As paths, a check drawn backwards is far from a check, and an X started on its other stroke is far from
        // the X.
        #expect(try #require(path.best([D.check])).score > 0.99)
        #expect((path.best(reversed)?.score ?? 0) < 0.5)
        #expect((path.best(reordered)?.score ?? 0) < 0.5)
    }

    @Test func pathsTellTheWayRoundACircleIsDrawn() throws {
        let templates = [D.template("clockwise", [D.circle()]), D.template("anticlockwise", [D.circle(clockwise: false)])]
        let path = ShapeMatcher(templates: templates, options: ShapeMatchOptions(orderInvariant: false))
        #expect(path.best([D.circle(start: 0.2)])?.name == "clockwise")
        #expect(path.best([D.circle(start: -0.2, clockwise: false)])?.name == "anticlockwise")
    }

    @Test func scoreFallsAsTheDrawingStrays() throws {
        var previous = 1.0
        for amount in [0.5, 2, 4, 8] {
            let score = try #require(Self.cloud.best(D.jittered([D.circle()], amount: amount))).score
            #expect(score < previous, "jitter \(amount) mm: \(score)")
            previous = score
        }
    }

    @Test(arguments: [
        ("nothing", []),
        ("an empty stroke", [[]]),
        ("one point", [[ShapePoint(x: 1, y: 2, time: 0)]]),
        ("a tap: the same point again and again", [Array(repeating: ShapePoint(x: 1, y: 2, time: 0), count: 20)]),
        ("a tap's wobble", [D.polyline([(10, 10), (11, 10.5), (10, 11), (10, 10)])]),
        ("two taps", [[ShapePoint(x: 1, y: 2, time: 0)], [ShapePoint(x: 40, y: 2, time: 0.2)]]),
        ("not a number", [[ShapePoint(x: 0, y: 0, time: 0), ShapePoint(x: .nan, y: 0, time: 0.1)]]),
        ("infinity", [[ShapePoint(x: 0, y: 0, time: 0), ShapePoint(x: .infinity, y: 0, time: 0.1)]]),
    ] as [(String, [[ShapePoint]])])
    func noDrawingMatchesNothing(_ what: String, _ strokes: [[ShapePoint]]) {
        #expect(Self.cloud.best(strokes) == nil, "\(what)")
        #expect(Self.path.best(strokes) == nil, "\(what)")
    }

    @Test func noTemplatesOrOnlyTapsMatchNothing() {
        let tap = ShapeTemplate(name: "tap", examples: [ShapeExample(strokes: [[ShapePoint(x: 1, y: 1, time: 0)]])])
        for templates in [[], [tap]] {
            let matcher = ShapeMatcher(templates: templates)
            #expect(matcher.best([D.check]) == nil)
        }
    }

    /// A dot (a stroke of one point: a finger that touched and lifted) is part of the shape: an exclamation mark
    /// is not a bar, nor an i without its dot, however the strokes are ordered; a drawing of dots alone is a tap.
    @Test func dotsAreStrokes() throws {
        let bar = D.polyline([(30, 10), (30, 50)])
        let dot = [ShapePoint(x: 30, y: 62, time: 0.6)]
        let exclamation = D.template("exclamation", [bar, dot])
        let matcher = ShapeMatcher(templates: [exclamation, D.template("bar", [bar])])
        for seed: UInt64 in 1...5 {
            let withDot = D.jittered([bar, dot], amount: 1, seed: seed)
            #expect(try #require(matcher.best(withDot)).name == "exclamation", "seed \(seed)")
            #expect(try #require(matcher.best(Array(withDot.reversed()))).name == "exclamation", "dot first, seed \(seed)")
            #expect(try #require(matcher.best(D.jittered([bar], amount: 1, seed: seed))).name == "bar", "seed \(seed)")
        }
        #expect(matcher.best([dot, [ShapePoint(x: 5, y: 5, time: 1)]]) == nil)
    }

    @Test func aMinimumScoreRefusesWhatFallsShort() throws {
        let drawing = D.jittered([D.circle()], amount: 3)
        let match = try #require(Self.cloud.best(drawing))
        let atTheMinimum = try #require(Self.cloud.best(drawing, minimumScore: match.score))
        #expect(atTheMinimum.name == match.name && atTheMinimum.score == match.score)
        #expect(Self.cloud.best(drawing, minimumScore: match.score + 0.01) == nil)
        #expect(Self.path.best(drawing, minimumScore: 1) == nil)
    }

    /// The next shape is the one a matcher without the best shape would find, to the last digit, whichever
    /// examples the search skipped; and it is named only down to the score the margin reaches. (Unless clouds
    /// could not tell the two nearest apart, where which way the strokes go decides between them: StrokeDirectionsTests.)
    @Test func theNextShapeIsTheBestOfTheOthers() throws {
        let shapes = Self.shapes + [D.template("square", [D.square]), D.template("check", [D.check])]
        // Every shape has one example, so all reach as far: mean squares are in the ratio of (1 - score)².
        func tied(_ m: ShapeMatch) -> Bool { m.next.map { (1 - m.score) >= ShapeMatcher.tie * (1 - $0.score) } ?? false }
        var checked = 0
        for options in [ShapeMatchOptions(), ShapeMatchOptions(orderInvariant: false), ShapeMatchOptions(rotationInvariant: true)] {
            let matcher = ShapeMatcher(templates: shapes, options: options)
            for (i, strokes) in [[D.circle()], [D.triangle], [D.check], [D.square], [D.line]].enumerated() {
                for seed: UInt64 in 1...4 {
                    let drawing = D.jittered(strokes, amount: 4, seed: seed)
                    let match = try #require(matcher.best(drawing), "drawing \(i), seed \(seed)")
                    let others = ShapeMatcher(templates: shapes.filter { $0.name != match.name }, options: options)
                    let next = try #require(others.best(drawing))
                    if options == ShapeMatchOptions(), tied(match) || tied(next) { continue }
                    checked += 1
                    #expect(match.next == ShapeScore(name: next.name, score: next.score), "drawing \(i), seed \(seed): \(match)")
                    #expect(match.margin == match.score - next.score)
                    let margin = match.score - next.score
                    let near = matcher.best(drawing, minimumScore: match.score, minimumMargin: margin + 0.001)
                    #expect(near?.next == match.next, "the next shape, within the margin, named")
                    let far = matcher.best(drawing, minimumScore: match.score, minimumMargin: margin - 0.001)
                    #expect(far?.next == nil && far.map { $0.margin >= margin - 0.001 } == true, "beyond the margin, left unnamed")
                }
            }
        }
        #expect(checked >= 40, "\(checked) of 60")
    }

    @Test func fingersChooseAmongTheTemplatesDrawnWithAsMany() throws {
        let matcher = ShapeMatcher(templates: [D.template("one", [D.check]), D.template("two", [D.check], fingers: 2)])
        #expect(matcher.best([D.check], fingers: 1)?.name == "one")
        #expect(matcher.best([D.check], fingers: 2)?.name == "two")
        #expect(matcher.best([D.check], fingers: 3) == nil)
        #expect(matcher.best([D.check]) != nil)
    }

    @Test func mostStrokesIsTheMostOfAnyExample() {
        #expect(ShapeMatcher(templates: []).mostStrokes == 0)
        #expect(Self.cloud.mostStrokes == 1)
        let templates = [
            D.template("cross", D.cross),
            ShapeTemplate(
                name: "square", examples: [ShapeExample(strokes: [D.square]), ShapeExample(strokes: Array(repeating: D.line, count: 4))]),
        ]
        #expect(ShapeMatcher(templates: templates).mostStrokes == 4)
    }
}

/// A search within its work (ShapeWork): the steps it spends, and the answer it gives when they run out.
@Suite struct ShapeWorkTests {
    typealias D = ShapeDrawings

    @Test(arguments: [ShapeMatcherTests.cloud, ShapeMatcherTests.path])
    func aSearchStopsUndecidedOnceItsStepsAreSpent(_ matcher: ShapeMatcher) throws {
        let drawing = [D.circle(start: 1, points: 25)]
        var unbounded = ShapeWork.unbounded
        let answer = try #require(matcher.best(drawing, work: &unbounded))
        #expect(!unbounded.ranOut && unbounded.spent > 0)
        var enough = ShapeWork(allowed: unbounded.spent)
        #expect(matcher.best(drawing, work: &enough) == answer && !enough.ranOut && enough.spent == unbounded.spent)
        var short = ShapeWork(allowed: unbounded.spent / 2)
        #expect(matcher.best(drawing, work: &short) == nil && short.ranOut)
        #expect(short.spent <= short.allowed + ShapeMatcher.worstComparison, "\(short.spent) of \(short.allowed)")
        var none = ShapeWork(allowed: 0)
        #expect(matcher.best(drawing, work: &none) == nil && none.ranOut && none.spent == 0)
    }

    /// However alike the examples are to the drawing (nothing can be skipped), a search spends at most what it was
    /// allowed and one comparison more.
    @Test func examplesAllAlikeCostNoMoreThanAllowed() {
        let circles = (0..<16).map { D.template("c\($0)", [D.circle(start: Double($0) / 16)]) }
        let matcher = ShapeMatcher(templates: circles)
        for allowed in [1, 1_000, 10_000, 50_000] {
            var work = ShapeWork(allowed: allowed)
            _ = matcher.best([D.circle(start: 0.5, points: 40)], work: &work)
            #expect(work.spent <= allowed + ShapeMatcher.worstComparison, "\(work.spent) of \(allowed)")
        }
    }
}
