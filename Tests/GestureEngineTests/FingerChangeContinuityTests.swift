import Testing

/// Continuous values stay continuous when fingers join or leave (UIKit keeps a pan's translation, a pinch's
/// scale and a rotation's angle where they are): in the frame where the set changes, the fingers that were
/// measured count with their last movement, a finger that lifts at the place it lifted.
@Suite struct FingerChangeContinuityTests {
    private func values(_ lines: [String], of name: String) -> [String] {
        lines.filter { $0.contains(" \(name): ") }
    }

    @Test func aPansTranslationDoesNotJumpWhenAFingerLiftsAsAnotherMoves() {
        // The example: before the fix the lift frame gave (8.1, 10), the centroid of finger 2 alone
        // taken against the origin of both.
        let lines = traceLines("""
            surface 100 70
            pan scroll min=2 max=2 threshold=2
            show scroll translation
            0.00 down 1 20 20
            0.00 down 2 20 40
            0.05 move 1 25 20
            0.05 move 2 25 40
            0.10 move 1 30 20
            0.10 move 2 30 40
            0.15 up 1
            0.15 move 2 30.1 40
            0.20 move 2 31 40
            0.25 up 2
            """)
        #expect(values(lines, of: "scroll") == [
            "0.050 scroll: began translation=(3,0)",
            "0.100 scroll: changed translation=(8,0)",
            "0.150 scroll: changed translation=(8.05,0)",
            "0.200 scroll: changed translation=(8.95,0)",
            "0.250 scroll: ended translation=(8.95,0)",
        ])
    }

    @Test func aPanTakesTheMovementOfTheFrameInWhichAFingerJoins() {
        let lines = traceLines("""
            surface 100 70
            pan p threshold=2
            show p translation
            0.00 down 1 20 20
            0.05 move 1 25 20
            0.10 move 1 30 20
            0.10 down 2 60 60
            0.15 move 1 32 20
            0.15 move 2 62 60
            0.20 up 1
            0.20 up 2
            """)
        // 0.10: finger 1's last 5 mm count, finger 2 landing far away moves nothing; 0.15: both moved 2.
        #expect(values(lines, of: "p") == [
            "0.050 p: began translation=(3,0)",
            "0.100 p: changed translation=(8,0)",
            "0.150 p: changed translation=(10,0)",
            "0.200 p: ended translation=(10,0)",
        ])
    }

    @Test func aPinchKeepsItsScaleWhenItsPairChanges() {
        // Three fingers, then the first of the measured pair lifts as the second moves: the scale goes on
        // from the new pair instead of jumping to the ratio of the new pair's distance to the old one's.
        let lines = traceLines("""
            surface 100 70
            pinch p threshold=2
            show p scale
            0.00 down 1 20 20
            0.00 down 2 40 20
            0.05 move 1 18 20
            0.10 move 1 10 20
            0.15 down 3 80 30
            0.20 up 1
            0.20 move 2 41 20
            0.25 move 2 42 20
            0.30 up 2
            0.30 up 3
            """)
        #expect(values(lines, of: "p") == [
            "0.050 p: began scale=1",
            "0.100 p: changed scale=1.36",
            "0.250 p: changed scale=1.33",
            "0.300 p: ended scale=1.33",
        ])
    }

    @Test func aRotationKeepsItsAngleWhenItsPairChanges() {
        let lines = traceLines("""
            surface 100 100
            rotation r
            show r rotation
            0.00 down 1 40 50
            0.00 down 2 60 50
            0.05 move 1 40 45
            0.05 move 2 60 55
            0.10 move 1 40 40
            0.10 move 2 60 60
            0.15 down 3 50 90
            0.20 up 2
            0.25 move 3 50 91
            0.30 up 1
            0.30 up 3
            """)
        let rotation = values(lines, of: "r")
        #expect(rotation.first?.hasPrefix("0.050 r: began") == true)
        // After the pair changes (2 lifts, 1 and 3 remain), the rotation goes on from where it was: finger 3
        // moving 1 mm turns the new pair by about a degree, not by the 60 degrees between the two pairs.
        let last = rotation.compactMap { line in line.split(separator: "=").last.flatMap { Double($0) } }
        #expect(last.count >= 3)
        if let before = last.dropLast().last, let after = last.last {
            #expect(abs(after - before) < 0.03)
        }
    }
}
