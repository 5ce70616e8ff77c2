import Foundation
import GestureEngine
import GestureSamples
import Testing

/// The tickle sample: one finger rubbed left and right. Each change of horizontal direction after a leg of
/// at least `minimumDistance` counts; `requiredTickles` of them recognize it, at the move that turns
/// around, without waiting for the lift. Lengths in millimetres (the trace default); defaults 2 tickles, 4 mm.
@Suite struct TickleTests {
    @Test func twoTurnsOfSixMillimetresAreRecognizedAtTheSecondTurn() {
        expectSampleTrace("""
            tickle tickle
            show tickle tickles location
            0.00 down 1 100 100
            0.01 move 1 103 100
            0.02 move 1 106 100
            0.03 move 1 103 100
            0.04 move 1 100 100
            0.05 move 1 103 100
            0.06 move 1 106 100
            0.10 up 1
            """, """
            0.000 surface: touch 1 began
            0.010 surface: touch 1 moved
            0.020 surface: touch 1 moved
            0.030 surface: touch 1 moved
            0.040 surface: touch 1 moved
            0.050 tickle: ended tickles=2 location=(103,100)
            0.050 surface: touch 1 cancelled
            """)
    }

    @Test(arguments: [1, 2, 3, 5])
    func theRequiredNumberOfTicklesDecides(required: Int) {
        // Legs of 6 mm: the n-th turn is at move n + 1 of 0.01 s each (the first leg has no turn before it).
        var script = "tickle tickle tickles=\(required)\nshow tickle tickles\n0.00 down 1 100 100\n"
        for leg in 0...(required + 1) {
            let x = leg % 2 == 0 ? 106 : 100
            script += String(format: "%.2f move 1 %d 100\n", 0.1 * Double(leg + 1), x)
        }
        script += "2.00 up 1\n"
        let expectedTime = 0.1 * Double(required + 1)
        #expect(actionLines(script) == [String(format: "%.3f tickle: ended tickles=%d", expectedTime, required)])
    }

    @Test func legsOfExactlyTheMinimumDistanceCount() {
        #expect(actionLines("""
            tickle tickle
            0.00 down 1 100 100
            0.01 move 1 104 100
            0.02 move 1 100 100
            0.03 move 1 101 100
            0.10 up 1
            """) == ["0.030 tickle: ended"])
    }

    @Test func legsOfExactlyTheMinimumDistanceCountInPoints() {
        // 25 pt = 4 mm; the conversion does not make a leg of exactly the minimum fall short.
        #expect(actionLines("""
            units pt
            tickle tickle distance=25
            0.00 down 1 100 100
            0.01 move 1 125 100
            0.02 move 1 100 100
            0.03 move 1 104 100
            0.10 up 1
            """) == ["0.030 tickle: ended"])
    }

    @Test func shortWigglesDoNotCount() {
        // Legs of 3 mm, under the 4 mm minimum: no tickle, and lifting fails it.
        expectSampleTrace("""
            tickle tickle
            0.00 down 1 100 100
            0.01 move 1 103 100
            0.02 move 1 100 100
            0.03 move 1 103 100
            0.04 move 1 100 100
            0.05 move 1 103 100
            0.06 move 1 100 100
            0.10 up 1
            """, """
            0.000 surface: touch 1 began
            0.010 surface: touch 1 moved
            0.020 surface: touch 1 moved
            0.030 surface: touch 1 moved
            0.040 surface: touch 1 moved
            0.050 surface: touch 1 moved
            0.060 surface: touch 1 moved
            0.100 surface: touch 1 ended
            """)
    }

    @Test func aShortWiggleBetweenLongLegsIsNotATickle() {
        // Right 6 (turn: tickle 1), a 2 mm wiggle left and back right (turns after short legs: nothing),
        // then left 6 from the wiggle's far end and a turn: tickle 2.
        #expect(actionLines("""
            tickle tickle
            show tickle tickles
            0.00 down 1 100 100
            0.01 move 1 106 100
            0.02 move 1 104 100
            0.03 move 1 106 100
            0.04 move 1 100 100
            0.05 move 1 103 100
            0.10 up 1
            """) == ["0.050 tickle: ended tickles=2"])
    }

    @Test func aTinyJitterInsideALongLegDoesNotCutItShort() {
        // Two legs of 6 mm; the first has a 0.05 mm step back in its middle (sensor noise). The jitter is a
        // short wiggle: it must not count, and it must not make the 6 mm leg count as two short ones either.
        #expect(actionLines("""
            tickle tickle
            show tickle tickles
            0.00 down 1 100 100
            0.01 move 1 103 100
            0.02 move 1 102.95 100
            0.03 move 1 106 100
            0.04 move 1 100 100
            0.05 move 1 103 100
            0.10 up 1
            """) == ["0.050 tickle: ended tickles=2"])
    }

    @Test func aCancelledTouchFails() {
        expectSampleTrace("""
            tickle tickle
            0.00 down 1 100 100
            0.01 move 1 106 100
            0.02 move 1 100 100
            0.03 cancel 1
            """, """
            0.000 surface: touch 1 began
            0.010 surface: touch 1 moved
            0.020 surface: touch 1 moved
            0.030 surface: touch 1 cancelled
            """)
    }

    @Test func verticalMovementIsNotATickle() {
        #expect(actionLines("""
            tickle tickle
            0.00 down 1 100 100
            0.01 move 1 100 110
            0.02 move 1 100 100
            0.03 move 1 100 110
            0.04 move 1 100 100
            0.10 up 1
            """).isEmpty)
    }

    @Test func twoFingersFail() {
        // The second finger fails it at its touch-down; finger 1's tickling afterwards does nothing.
        expectSampleTrace("""
            tickle tickle
            0.00 down 1 100 100
            0.01 down 2 200 100
            0.02 move 1 106 100
            0.03 move 1 100 100
            0.04 move 1 106 100
            0.05 move 1 100 100
            0.10 up 1
            0.10 up 2
            """, """
            0.000 surface: touch 1 began
            0.010 surface: touch 2 began
            0.020 surface: touch 1 moved
            0.030 surface: touch 1 moved
            0.040 surface: touch 1 moved
            0.050 surface: touch 1 moved
            0.100 surface: touch 1 ended
            0.100 surface: touch 2 ended
            """)
    }

    @Test func aSecondFingerMidTickleFails() {
        #expect(actionLines("""
            tickle tickle
            0.00 down 1 100 100
            0.01 move 1 106 100
            0.02 move 1 100 100
            0.025 down 2 200 100
            0.03 move 1 106 100
            0.10 up 1
            0.10 up 2
            """).isEmpty)
    }

    @Test func liftingEarlyFails() {
        // One tickle of two, then the finger lifts: failed, no action; the held ended reaches the region.
        expectSampleTrace("""
            tickle tickle
            0.00 down 1 100 100
            0.01 move 1 106 100
            0.02 move 1 100 100
            0.10 up 1
            """, """
            0.000 surface: touch 1 began
            0.010 surface: touch 1 moved
            0.020 surface: touch 1 moved
            0.100 surface: touch 1 ended
            """)
    }

    @Test func theNextAttemptStartsFromZeroTickles() {
        // The first attempt's tickle is forgotten at reset: the second needs two of its own.
        #expect(actionLines("""
            tickle tickle
            show tickle tickles
            0.00 down 1 100 100
            0.01 move 1 106 100
            0.02 move 1 100 100
            0.10 up 1
            1.00 down 2 100 100
            1.01 move 2 106 100
            1.02 move 2 100 100
            1.03 move 2 106 100
            1.10 up 2
            """) == ["1.030 tickle: ended tickles=2"])
    }

    // MARK: Through the engine API

    @Test func theActionReportsTheTickleCountAndTheRecognizerResets() {
        let driver = FingerDriver()
        let tickle = TickleGestureRecognizer(name: "tickle")
        tickle.requiredTickles = 3
        tickle.minimumDistance = 5
        driver.engine.add(tickle)
        driver.frame(0.00, .down(1, 50, 50))
        driver.frame(0.01, .move(1, 55, 50))
        #expect(tickle.tickles == 0)
        driver.frame(0.02, .move(1, 50, 51))
        #expect(tickle.tickles == 1)
        driver.frame(0.03, .move(1, 55, 52))
        #expect(tickle.tickles == 2)
        #expect(gestureActions(driver.events).isEmpty)
        #expect(tickle.state == .possible)
        let events = driver.frame(0.04, .move(1, 50, 52))
        let actions = gestureActions(events)
        #expect(actions.map(\.state) == [.ended])
        #expect(actions.first?.detail == .custom(["tickles": 3]))
        #expect(actions.first?.location == Point(x: 50, y: 52))
        #expect(deliveries(events) == ["1 cancelled"])
        // Reset after the pass: back to possible with no tickles, and the rest of this touch is ignored.
        #expect(tickle.state == .possible)
        #expect(tickle.tickles == 0)
        driver.frame(0.05, .move(1, 55, 52))
        driver.frame(0.06, .move(1, 50, 52))
        driver.frame(0.07, .move(1, 55, 52))
        driver.frame(0.08, .up(1))
        #expect(gestureActions(driver.events).count == 1)
    }

    @Test func aLegJustUnderTheMinimumDistanceDoesNotCount() {
        let driver = FingerDriver()
        let tickle = TickleGestureRecognizer(name: "tickle")
        driver.engine.add(tickle)
        driver.frame(0.00, .down(1, 50, 50))
        driver.frame(0.01, .move(1, 53.99, 50))
        driver.frame(0.02, .move(1, 50, 50))
        #expect(tickle.tickles == 0)
        // The next leg starts where the short one turned (53.99) and runs to 48: 5.99 mm, it counts.
        driver.frame(0.03, .move(1, 48, 50))
        driver.frame(0.04, .move(1, 52, 50))
        #expect(tickle.tickles == 1)
    }
}
