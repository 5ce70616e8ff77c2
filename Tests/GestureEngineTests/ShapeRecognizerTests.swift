import GestureEngine
import Testing

/// The shape recognizer's state machine (docs/engine.md, Shape): when a drawing is complete, what fails it and
/// how early, strokes and fingers. Matching itself is ShapeMatcherTests'.
@Suite struct ShapeRecognizerTests {
    static let shapes = [
        ShapeDrawings.template("circle", [ShapeDrawings.circle()]),
        ShapeDrawings.template("triangle", [ShapeDrawings.triangle]),
        ShapeDrawings.template("line", [ShapeDrawings.line]),
    ]

    /// An engine on a 200 x 200 mm surface with one shape recognizer of `templates`.
    static func harness(_ templates: [ShapeTemplate] = shapes, fingers: Int = 1) -> (EngineHarness, ShapeGestureRecognizer) {
        let h = EngineHarness(width: 200, height: 200)
        let shape = ShapeGestureRecognizer(name: "shape")
        shape.matcher = ShapeMatcher(templates: templates)
        shape.numberOfTouchesRequired = fingers
        h.engine.add(shape)
        return (h, shape)
    }

    /// `stroke` drawn by touch `id` (with `fingers` fingers side by side, 15 mm apart, ids from `id`), from `start`
    /// seconds, a point every 10 ms, lifted 10 ms after its last point. Returns when it lifted.
    @discardableResult
    static func draw(_ h: EngineHarness, _ stroke: [ShapePoint], id: TouchID = 1, fingers: Int = 1, from start: Double = 1) -> Double {
        var t = start
        for (i, p) in stroke.enumerated() {
            let phase: TouchPhase = i == 0 ? .began : .moved
            h.frame(t, (0..<fingers).map { f in (TouchID(id.rawValue + UInt64(f)), phase, p.x + Double(f) * 15, p.y) })
            t += 0.01
        }
        let last = stroke[stroke.count - 1]
        h.frame(t, (0..<fingers).map { f in (TouchID(id.rawValue + UInt64(f)), .ended, last.x + Double(f) * 15, last.y) })
        return t
    }

    static func matches(_ h: EngineHarness) -> [GestureAction] {
        h.events.compactMap { if case .action(let a) = $0, a.recognizer == "shape" { a } else { nil } }
    }

    @Test func aCircleIsRecognizedAsTheFingerLifts() throws {
        let (h, _) = Self.harness()
        let lift = Self.draw(h, ShapeDrawings.circle())
        let action = try #require(Self.matches(h).first)
        #expect(Self.matches(h).count == 1 && action.state == .recognized)
        #expect(action.time == Timestamp(seconds: lift), "decided at the lift: no shape has more strokes")
        #expect(action.detail.shapeName == "circle" && (action.detail.shapeScore ?? 0) > 0.95, "\(action.detail)")
        #expect(abs(action.location.x - 50) < 0.5 && abs(action.location.y - 50) < 0.5, "the middle of the drawing: \(action.location)")
    }

    @Test func eachShapeIsToldFromTheOthersWhereverAndHoweverLargeItIsDrawn() throws {
        for (template, drawing) in zip(Self.shapes, [ShapeDrawings.circle(), ShapeDrawings.triangle, ShapeDrawings.line]) {
            let (h, _) = Self.harness()
            Self.draw(h, ShapeDrawings.transformed([drawing], dx: 40, dy: 30, scale: 1.6)[0])
            #expect(Self.matches(h).first?.detail.shapeName == template.name)
        }
    }

    @Test func aTapIsNoShape() {
        let (h, _) = Self.harness()
        h.frame(1, [(1, .began, 50, 50)])
        h.frame(1.05, [(1, .ended, 50, 50)])
        #expect(Self.matches(h).isEmpty)
        #expect(h.engine.recognizers[0].state == .possible, "failed at the lift, and reset")
    }

    @Test func aScribbleLikeNoShapeFails() {
        let (h, _) = Self.harness()
        let scribble = ShapeDrawings.polyline([(20, 20), (90, 25), (22, 30), (85, 60), (30, 20), (60, 90), (25, 80)], perSide: 6)
        Self.draw(h, scribble)
        #expect(Self.matches(h).isEmpty)
    }

    /// A drawing halfway between two shapes: taken for the nearer when no margin is asked, refused when the next
    /// shape scores within the margin; `--explain` names the next shape either way.
    @Test func aMinimumMarginRefusesADrawingBetweenTwoShapes() throws {
        let square = ShapeDrawings.template("square", [ShapeDrawings.square])
        let rounded = ShapeDrawings.template("rounded", [ShapeDrawings.circle(points: 8)])
        for margin in [0.0, 0.3] {
            let (h, shape) = Self.harness([square, rounded])
            shape.minimumScore = 0.5
            shape.minimumMargin = margin
            var reasons: [String] = []
            h.engine.transitionObserver = { if $0.recognizer == "shape", let reason = $0.reason { reasons.append(reason) } }
            Self.draw(h, ShapeDrawings.polyline([(20, 20), (60, 20), (60, 60), (20, 60), (20, 20)], perSide: 3))
            let said = reasons.joined(separator: "; ")
            #expect(said.contains(", next "), "\(said)")
            if margin == 0 {
                #expect(Self.matches(h).first?.detail.shapeName == "square", "\(said)")
            } else {
                #expect(Self.matches(h).isEmpty && said.contains("less than 0.3 ahead"), "\(said)")
            }
        }
    }

    @Test func moreFingersThanRequiredFailAtOnce() {
        let (h, shape) = Self.harness()
        var failed = false
        h.engine.transitionObserver = { if $0.recognizer == "shape" && $0.to == .failed { failed = true } }
        h.frame(1, [(1, .began, 50, 50)])
        h.frame(1.01, [(1, .moved, 52, 50), (2, .began, 80, 50)])
        #expect(failed, "failed as the second finger landed")
        #expect(shape.state == .possible || shape.state == .failed)
    }

    @Test func aShapeOfTwoStrokesWaitsForTheSecondAndDecidesAsItLifts() throws {
        let (h, shape) = Self.harness([ShapeDrawings.template("cross", ShapeDrawings.cross), ShapeDrawings.template("line", [ShapeDrawings.line])])
        let first = Self.draw(h, ShapeDrawings.cross[0])
        #expect(Self.matches(h).isEmpty, "one stroke of two: the drawing may go on")
        #expect(shape.deadline == Timestamp(seconds: first + shape.strokePause))
        let second = Self.draw(h, ShapeDrawings.cross[1], id: 2, from: first + 0.2)
        let action = try #require(Self.matches(h).first)
        #expect(action.time == Timestamp(seconds: second), "as many strokes as any shape has: decided at once")
        #expect(action.detail.shapeName == "cross" && (action.detail.shapeScore ?? 0) > 0.9)
    }

    @Test func aDrawingOfFewerStrokesIsDecidedWhenThePauseRunsOut() throws {
        let (h, shape) = Self.harness([ShapeDrawings.template("cross", ShapeDrawings.cross), ShapeDrawings.template("line", [ShapeDrawings.line])])
        let lift = Self.draw(h, ShapeDrawings.line)
        h.advance(lift + shape.strokePause - 0.01)
        #expect(Self.matches(h).isEmpty)
        h.advance(lift + shape.strokePause)
        let action = try #require(Self.matches(h).first)
        #expect(action.detail.shapeName == "line" && action.time == Timestamp(seconds: lift + shape.strokePause))
    }

    /// A half-drawn cross (one stroke, a square's example beside it) is no shape when `strokePause` runs out: the
    /// drawing waits until `unfinishedPause` for its second stroke, and fails then if none came.
    @Test func anUnfinishedDrawingWaitsLongerForItsNextStroke() throws {
        let templates = [ShapeDrawings.template("cross", ShapeDrawings.cross), ShapeDrawings.template("square", [ShapeDrawings.square])]
        let (h, shape) = Self.harness(templates)
        var lift = Self.draw(h, ShapeDrawings.cross[0])
        h.advance(lift + shape.strokePause)
        #expect(Self.matches(h).isEmpty && shape.deadline == Timestamp(seconds: lift + shape.unfinishedPause), "\(String(describing: shape.deadline))")
        let second = Self.draw(h, ShapeDrawings.cross[1], id: 2, from: lift + 1.5)
        let action = try #require(Self.matches(h).first)
        #expect(action.detail.shapeName == "cross" && action.time == Timestamp(seconds: second))

        var reasons: [String] = []
        h.engine.transitionObserver = { if $0.recognizer == "shape", let reason = $0.reason { reasons.append(reason) } }
        lift = Self.draw(h, ShapeDrawings.cross[0], id: 3, from: second + 1)
        h.advance(lift + shape.unfinishedPause - 0.01)
        #expect(reasons.isEmpty, "\(reasons)")
        h.advance(lift + shape.unfinishedPause)
        #expect(Self.matches(h).count == 1 && reasons.contains { $0.hasPrefix("no shape") }, "\(reasons)")

        // Not waited for: a tap (no drawing at all), and when unfinishedPause is no longer than strokePause.
        reasons = []
        h.frame(lift + 3, [(5, .began, 50, 50)])
        h.frame(lift + 3.05, [(5, .ended, 50, 50)])
        h.advance(lift + 3.05 + shape.strokePause)
        #expect(reasons.count == 1 && reasons[0].hasPrefix("no shape"), "\(reasons)")
        shape.unfinishedPause = 0.5
        reasons = []
        lift = Self.draw(h, ShapeDrawings.cross[0], id: 6, from: lift + 5)
        h.advance(lift + shape.strokePause)
        #expect(reasons.count == 1 && reasons[0].hasPrefix("no shape"), "\(reasons)")
    }

    /// A drawing that is a shape but also the beginning of a longer one (a lollipop's head is a circle) waits
    /// until `unfinishedPause` for its next stroke; a circle alone is then recognized as a circle.
    @Test func aShapeThatBeginsALongerOneWaitsForItsNextStroke() throws {
        let stick = ShapeDrawings.polyline([(50, 70), (50, 95), (50, 120)])
        let templates = [ShapeDrawings.template("circle", [ShapeDrawings.circle()]), ShapeDrawings.template("lollipop", [ShapeDrawings.circle(), stick])]
        let (h, shape) = Self.harness(templates)
        var lift = Self.draw(h, ShapeDrawings.circle())
        h.advance(lift + shape.strokePause)
        #expect(Self.matches(h).isEmpty && shape.deadline == Timestamp(seconds: lift + shape.unfinishedPause))
        let second = Self.draw(h, stick, id: 2, from: lift + 1.5)
        let lollipop = try #require(Self.matches(h).first)
        #expect(lollipop.detail.shapeName == "lollipop" && lollipop.time == Timestamp(seconds: second), "\(lollipop.detail)")

        lift = Self.draw(h, ShapeDrawings.circle(), id: 3, from: second + 1)
        h.advance(lift + shape.unfinishedPause)
        let circle = try #require(Self.matches(h).last)
        #expect(Self.matches(h).count == 2 && circle.detail.shapeName == "circle" && circle.time == Timestamp(seconds: lift + shape.unfinishedPause))
    }

    /// The next shape may score more than the nearest (its examples give more room): with no margin asked the
    /// nearest is still recognized.
    @Test func noMarginAsksNothingOfAHigherScoringNextShape() throws {
        let drawing = ShapeDrawings.jittered([ShapeDrawings.triangle], amount: 6, seed: 11)[0]
        let loose = ShapeTemplate(name: "loose", examples: (1...4).map { ShapeExample(strokes: ShapeDrawings.jittered([ShapeDrawings.triangle], amount: 12, seed: $0)) })
        let strict = ShapeTemplate(name: "strict", examples: [ShapeExample(strokes: ShapeDrawings.jittered([ShapeDrawings.triangle], amount: 6, seed: 22))])
        let (h, shape) = Self.harness([strict, loose])
        shape.minimumScore = 0.5
        Self.draw(h, drawing)
        let action = try #require(Self.matches(h).first)
        #expect(action.detail.shapeName == "strict", "\(action.detail)")
    }

    /// No shape has more strokes than the drawing when its last finger lifts: it is decided then, so a further
    /// stroke is a new drawing.
    @Test func theStrokeAfterTheMostAnyShapeHasBeginsANewDrawing() {
        let (h, _) = Self.harness([ShapeDrawings.template("cross", ShapeDrawings.cross)])
        var t = Self.draw(h, ShapeDrawings.cross[0])
        t = Self.draw(h, ShapeDrawings.cross[1], id: 2, from: t + 0.1)
        t = Self.draw(h, ShapeDrawings.cross[0], id: 3, from: t + 0.1)
        Self.draw(h, ShapeDrawings.cross[1], id: 4, from: t + 0.1)
        #expect(Self.matches(h).map(\.detail.shapeName) == ["cross", "cross"])
    }

    @Test func aRecognizerWithoutShapesFailsAtTheFirstTouch() {
        let (h, _) = Self.harness([])
        var failedAt: Timestamp?
        h.engine.transitionObserver = { if $0.recognizer == "shape" && $0.to == .failed { failedAt = $0.time } }
        h.frame(1, [(1, .began, 50, 50)])
        #expect(failedAt == Timestamp(seconds: 1))
    }

    @Test func aDrawingLongerThanTheMaximumFailsWhileTheFingerIsStillDown() {
        let (h, shape) = Self.harness()
        var failedAt: Timestamp?
        h.engine.transitionObserver = { if $0.recognizer == "shape" && $0.to == .failed { failedAt = $0.time } }
        h.frame(1, [(1, .began, 50, 50)])
        h.frame(1.01, [(1, .moved, 55, 50)])
        h.advance(1 + shape.maximumDuration)
        #expect(failedAt == Timestamp(seconds: 1 + shape.maximumDuration))
    }

    /// A tap that must wait for the shape to fail is held back no longer than the shape needs: with shapes of one
    /// stroke, not at all beyond its lift.
    @Test func aTapWaitingForTheShapeEndsAtItsLift() {
        let (h, shape) = Self.harness()
        let tap = TapGestureRecognizer(name: "tap")
        tap.require(toFail: shape)
        h.engine.add(tap)
        h.frame(1, [(1, .began, 50, 50)])
        h.frame(1.08, [(1, .ended, 50, 50)])
        #expect(h.actions == ["tap ended"], "\(h.actions)")
    }

    @Test func aShapeOfTwoFingersIsDrawnByTheirMiddle() throws {
        let circle = ShapeTemplate(name: "circle", fingers: 2, examples: [ShapeExample(strokes: [ShapeDrawings.circle()])])
        let (h, _) = Self.harness([circle, ShapeTemplate(name: "line", fingers: 2, examples: [ShapeExample(strokes: [ShapeDrawings.line])])], fingers: 2)
        Self.draw(h, ShapeDrawings.circle(), fingers: 2)
        let action = try #require(Self.matches(h).first)
        #expect(action.detail.shapeName == "circle" && action.numberOfTouches == 2)
    }

    @Test func oneFingerDoesNotDrawAShapeOfTwo() {
        let circle = ShapeTemplate(name: "circle", fingers: 2, examples: [ShapeExample(strokes: [ShapeDrawings.circle()])])
        let (h, _) = Self.harness([circle], fingers: 2)
        Self.draw(h, ShapeDrawings.circle())
        #expect(Self.matches(h).isEmpty)
    }
}

extension GestureDetail {
    var shapeName: String? { if case .shape(let name, _) = self { name } else { nil } }
    var shapeScore: Double? { if case .shape(_, let score) = self { score } else { nil } }
}
