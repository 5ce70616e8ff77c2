import Foundation
import GestureEngine
import GestureSamples
import Testing

/// The checkmark sample: one finger, a stroke down and to the right, then a stroke up and to the right;
/// recognized when the finger lifts, located at the vertex. Lengths in millimetres (the trace default).
@Suite struct CheckmarkTests {
    /// Vertex at (14,14): 4 mm down, then 5 mm up, always heading right.
    static let check = """
        0.00 down 1 10 10
        0.02 move 1 12 12
        0.04 move 1 14 14
        0.06 move 1 16 12
        0.08 move 1 18 9
        0.10 up 1
        """

    @Test func aCheckmarkIsRecognizedAtLiftAtItsVertex() {
        expectSampleTrace("""
            checkmark check
            show check location vertexX vertexY
            \(Self.check)
            """, """
            0.000 surface: touch 1 began
            0.020 surface: touch 1 moved
            0.040 surface: touch 1 moved
            0.060 surface: touch 1 moved
            0.080 surface: touch 1 moved
            0.100 check: ended location=(14,14) vertexX=14 vertexY=14
            0.100 surface: touch 1 cancelled
            """)
    }

    @Test func theFinishedUpStrokeIsNotEnoughBeforeTheFingerLifts() {
        // Nothing is decided while the finger stays down, however long it stays.
        let lines = sampleTraceLines("""
            checkmark check
            0.00 down 1 10 10
            0.02 move 1 12 12
            0.04 move 1 14 14
            0.06 move 1 16 12
            0.08 move 1 18 9
            2.00 advance
            """)
        #expect(!lines.contains { $0.contains("check:") })
    }

    @Test func theVertexIsTheLowestPointNotTheLastDownwardSample() {
        // A flat stretch at the bottom: the vertex is the last lowest point before the stroke turns up.
        expectSampleTrace("""
            checkmark check
            show check vertexX vertexY
            0.00 down 1 10 10
            0.02 move 1 12 13
            0.04 move 1 13 13
            0.06 move 1 15 10
            0.08 move 1 17 7
            0.10 up 1
            """, """
            0.000 surface: touch 1 began
            0.020 surface: touch 1 moved
            0.040 surface: touch 1 moved
            0.060 surface: touch 1 moved
            0.080 surface: touch 1 moved
            0.100 check: ended vertexX=13 vertexY=13
            0.100 surface: touch 1 cancelled
            """)
    }

    @Test func strokesOfExactlyTheMinimumHeightAreEnough() {
        // minimumStrokeHeight is 2 mm, and the up stroke 1.2 times the down stroke: 2 down, 2.4 up.
        #expect(actionLines("""
            checkmark check
            0.00 down 1 10 10
            0.02 move 1 11 12
            0.04 move 1 12 9.6
            0.06 up 1
            """) == ["0.060 check: ended"])
    }

    @Test func strokesOfExactlyTheMinimumHeightInPointsAreEnough() {
        // 12.5 pt = 2 mm. Thresholds allow Tolerance.epsilon so that a movement of exactly the threshold
        // counts whatever unit conversion produced it (Geometry.swift); at y = 90 pt the conversion makes
        // 102.5 * 0.16 - 90 * 0.16 = 1.9999999999999996 mm.
        #expect(actionLines("""
            units pt
            checkmark check
            0.00 down 1 100 90
            0.02 move 1 110 102.5
            0.04 move 1 120 87.5
            0.06 up 1
            """) == ["0.060 check: ended"])
    }

    @Test func twoFingersFail() {
        // The second finger fails it at its touch-down; the region then gets plain touches, ended included.
        expectSampleTrace("""
            checkmark check
            0.00 down 1 10 10
            0.01 down 2 50 10
            0.02 move 1 12 12
            0.04 move 1 14 14
            0.06 move 1 16 12
            0.08 move 1 18 9
            0.10 up 1
            0.10 up 2
            """, """
            0.000 surface: touch 1 began
            0.010 surface: touch 2 began
            0.020 surface: touch 1 moved
            0.040 surface: touch 1 moved
            0.060 surface: touch 1 moved
            0.080 surface: touch 1 moved
            0.100 surface: touch 1 ended
            0.100 surface: touch 2 ended
            """)
    }

    @Test func twoFingersLandingTogetherFail() {
        #expect(actionLines("""
            checkmark check
            0.00 down 1 10 10
            0.00 down 2 50 10
            0.02 move 1 12 12
            0.04 move 1 14 14
            0.06 move 1 16 12
            0.08 move 1 18 9
            0.10 up 1
            0.10 up 2
            """).isEmpty)
    }

    @Test(arguments: [
        Strokes("going left on the way down", "0.00 down 1 10 10\n0.02 move 1 9 12\n0.04 move 1 8 14\n0.06 move 1 10 12\n0.08 move 1 12 9\n0.10 up 1"),
        Strokes("going left on the way up", "0.00 down 1 10 10\n0.02 move 1 12 12\n0.04 move 1 14 14\n0.06 move 1 13 12\n0.08 move 1 12 9\n0.10 up 1"),
        Strokes("a checkmark with a leftward tail", "0.00 down 1 10 10\n0.02 move 1 12 12\n0.04 move 1 14 14\n0.06 move 1 16 12\n0.08 move 1 18 9\n0.09 move 1 17 9\n0.10 up 1"),
    ])
    func aStrokeGoingLeftFails(strokes: Strokes) {
        expectNoCheckmark(strokes.script)
    }

    @Test func onlyADownStrokeFails() {
        expectNoCheckmark("0.00 down 1 10 10\n0.02 move 1 12 12\n0.04 move 1 14 14\n0.06 move 1 16 16\n0.10 up 1")
    }

    @Test func anUpStrokeAloneFails() {
        expectNoCheckmark("0.00 down 1 10 14\n0.02 move 1 12 12\n0.04 move 1 14 10\n0.10 up 1")
    }

    @Test func goingDownAgainAfterTheUpStrokeFails() {
        expectNoCheckmark("""
            0.00 down 1 10 10
            0.02 move 1 12 12
            0.04 move 1 14 14
            0.06 move 1 16 12
            0.08 move 1 18 9
            0.09 move 1 19 10
            0.10 up 1
            """)
    }

    @Test(arguments: [
        // Fails when it turns up.
        Strokes("1 mm down, 6 mm up", "0.00 down 1 10 10\n0.02 move 1 11 11\n0.04 move 1 13 8\n0.06 move 1 15 4\n0.10 up 1"),
        // Fails at lift.
        Strokes("4 mm down, 1 mm up", "0.00 down 1 10 10\n0.02 move 1 12 12\n0.04 move 1 14 14\n0.06 move 1 15 13\n0.10 up 1"),
        Strokes("1.9 mm down, 1.95 mm up", "0.00 down 1 10 10\n0.02 move 1 11 11.9\n0.04 move 1 12 9.95\n0.10 up 1"),
    ])
    func aTooShortStrokeFails(strokes: Strokes) {
        expectNoCheckmark(strokes.script)
    }

    /// The region gets plain touches when it fails: began, moved, then ended (held until the lift decides).
    private func expectNoCheckmark(_ strokes: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = sampleTraceLines("checkmark check\n" + strokes, sourceLocation: sourceLocation)
        #expect(!lines.contains { $0.contains("check:") }, "\(lines)", sourceLocation: sourceLocation)
        #expect(lines.last?.hasSuffix("surface: touch 1 ended") == true, "\(lines)", sourceLocation: sourceLocation)
        #expect(!lines.contains { $0.hasSuffix("cancelled") }, "\(lines)", sourceLocation: sourceLocation)
    }

    @Test func aCancelledTouchFails() {
        expectSampleTrace("""
            checkmark check
            0.00 down 1 10 10
            0.02 move 1 12 12
            0.04 move 1 14 14
            0.06 move 1 16 12
            0.08 move 1 18 9
            0.10 cancel 1
            """, """
            0.000 surface: touch 1 began
            0.020 surface: touch 1 moved
            0.040 surface: touch 1 moved
            0.060 surface: touch 1 moved
            0.080 surface: touch 1 moved
            0.100 surface: touch 1 cancelled
            """)
    }

    @Test func aSecondCheckmarkAfterAFailedAttemptIsRecognized() {
        // reset() forgets the first attempt's stroke and vertex.
        #expect(actionLines("""
            checkmark check
            show check vertexX vertexY
            0.00 down 1 10 10
            0.02 move 1 12 12
            0.10 up 1
            1.00 down 2 30 30
            1.02 move 2 32 32
            1.04 move 2 34 35
            1.06 move 2 36 32
            1.08 move 2 38 29
            1.10 up 2
            2.00 down 3 10 10
            2.02 move 3 12 12
            2.04 move 3 14 14
            2.06 move 3 16 12
            2.08 move 3 18 9
            2.10 up 3
            """) == ["1.100 check: ended vertexX=34 vertexY=35", "2.100 check: ended vertexX=14 vertexY=14"])
    }

    // MARK: Through the engine API

    @Test func theActionCarriesTheVertexAsLocationAndDetail() {
        let driver = FingerDriver()
        let check = CheckmarkGestureRecognizer(name: "check")
        driver.engine.add(check)
        driver.frame(0.00, .down(1, 20, 20))
        driver.frame(0.02, .move(1, 22, 23))
        driver.frame(0.04, .move(1, 24, 26))
        driver.frame(0.06, .move(1, 26, 22))
        #expect(gestureActions(driver.events).isEmpty)
        driver.frame(0.08, .move(1, 28, 18))
        let atLift = driver.frame(0.10, .up(1))
        let actions = gestureActions(atLift)
        #expect(actions.count == 1)
        guard let action = actions.first else { return }
        #expect(action.recognizer == "check")
        #expect(action.kind == .custom)
        #expect(action.state == .ended)
        #expect(action.time == .seconds(0.10))
        #expect(action.location == Point(x: 24, y: 26))
        #expect(action.detail == .custom(["vertexX": 24, "vertexY": 26]))
        #expect(deliveries(atLift) == ["1 cancelled"])  // V4: the action first, then the cancel.
        #expect(check.state == .possible)  // Reset after the pass.
    }

    @Test func itFailsAsSoonAsTheStrokeTurnsLeftNotAtLift() {
        let driver = FingerDriver()
        let check = CheckmarkGestureRecognizer(name: "check")
        driver.engine.add(check)
        var transitions: [(GestureState, GestureState, Timestamp)] = []
        driver.engine.transitionObserver = { transitions.append(($0.from, $0.to, $0.time)) }
        driver.frame(0.00, .down(1, 20, 20))
        driver.frame(0.02, .move(1, 22, 23))
        driver.frame(0.04, .move(1, 21.4, 25))  // 0.6 mm back left, beyond the 0.5 mm jitter tolerance.
        #expect(transitions.count == 2)
        #expect(transitions.first.map { $0.0 == .possible && $0.1 == .failed && $0.2 == .seconds(0.04) } == true)
        #expect(transitions.last.map { $0.1 == .possible } == true)
        // The rest of the stroke, a fine checkmark, belongs to the failed attempt: no action.
        driver.frame(0.06, .move(1, 26, 22))
        driver.frame(0.08, .move(1, 28, 18))
        driver.frame(0.10, .up(1))
        #expect(gestureActions(driver.events).isEmpty)
    }

    @Test func aHigherMinimumStrokeHeightRejectsASmallCheckmark() {
        for (height, recognized) in [(2.0, true), (5.0, false)] {
            let driver = FingerDriver()
            let check = CheckmarkGestureRecognizer(name: "check")
            check.minimumStrokeHeight = height
            driver.engine.add(check)
            driver.frame(0.00, .down(1, 20, 20))
            driver.frame(0.02, .move(1, 22, 24))
            driver.frame(0.04, .move(1, 24, 19))
            driver.frame(0.06, .up(1))
            #expect(gestureActions(driver.events).map(\.state) == (recognized ? [.ended] : []), "height \(height)")
        }
    }
}
