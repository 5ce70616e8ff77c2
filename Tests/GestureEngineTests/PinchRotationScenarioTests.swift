import Testing

/// Section F, pinch and rotation (scenarios 53-56), with values.
@Suite struct PinchRotationScenarioTests {
    @Test func f53_oneFingerNeverBeginsAPinch() {
        let lines = traceLines(sceneV + """
            pinch pinch in V
            0.00 down 1 100 100
            0.10 move 1 200 200
            0.20 up 1
            """)
        #expect(!lines.contains { $0.contains("pinch:") })
    }

    @Test func f54_liftingOneFingerDoesNotEndAPinch() {
        let lines = traceLines(sceneV + """
            pinch pinch in V
            show pinch scale
            0.00 down 1 100 100
            0.00 down 2 200 100
            0.10 move 2 220 100
            0.20 move 2 300 100
            0.30 up 2
            0.40 move 1 90 100
            0.50 up 1
            """).filter { $0.contains("pinch:") }
        // Began at 20 pt of spread with the reference shifted by 8: 120 / 108.
        #expect(lines == ["0.100 pinch: began scale=1.11", "0.200 pinch: changed scale=1.85", "0.500 pinch: ended scale=1.85"])
    }

    @Test func aNewSecondFingerMovesTheReference() {
        let lines = traceLines(sceneV + """
            pinch pinch in V
            show pinch scale
            0.00 down 1 100 100
            0.00 down 2 200 100
            0.10 move 2 208 100
            0.20 move 2 316 100
            0.30 up 2
            0.40 down 3 150 100
            0.50 move 3 200 100
            0.60 up 1
            0.60 up 3
            """).filter { $0.contains("pinch:") }
        // Scale 2 when the finger lifts; the new pair (50 apart) continues from 2 and doubles with 100 apart.
        #expect(lines == ["0.100 pinch: began scale=1", "0.200 pinch: changed scale=2", "0.500 pinch: changed scale=4", "0.600 pinch: ended scale=4"])
    }

    @Test func f56_pinchThenRotateWithoutRelationOnlyPinches() {
        let lines = traceLines(pinchThenRotate(simultaneous: false))
        #expect(lines.contains { $0.contains("pinch: began") })
        #expect(!lines.contains { $0.contains("rotation:") })
    }

    @Test func f56_withSimultaneousRecognitionBothRecognize() {
        let lines = traceLines(pinchThenRotate(simultaneous: true))
        #expect(lines.contains { $0.contains("pinch: began") })
        #expect(lines.contains { $0.contains("rotation: began") })
        #expect(lines.contains { $0.contains("rotation: ended") })
    }

    /// Two fingers 100 pt apart spread by 20 pt, then turn 30 degrees clockwise about their centre.
    private func pinchThenRotate(simultaneous: Bool) -> String {
        var script = sceneV + "pinch pinch in V\nrotation rotation in V\n"
        if simultaneous { script += "simultaneous pinch rotation\n" }
        script += "0.00 down 1 150 400\n0.00 down 2 250 400\n"
        for step in 1...4 {
            let half = 50 + 2.5 * Double(step)
            script += "0.0\(step) move 1 \(200 - half) 400\n0.0\(step) move 2 \(200 + half) 400\n"
        }
        for step in 1...6 {
            let angle = Double(step) * 5 * Double.pi / 180
            let dx = 60 * cos(angle), dy = 60 * sin(angle)
            let t = 0.1 + Double(step) / 100
            script += "\(t) move 1 \(200 - dx) \(400 - dy)\n\(t) move 2 \(200 + dx) \(400 + dy)\n"
        }
        script += "0.30 up 1\n0.30 up 2\n"
        return script
    }

    @Test func rotationIsClockwisePositiveAndCountsFullTurns() {
        var script = sceneV + "rotation rotation in V\nshow rotation rotation\n"
        script += "0.000 down 1 140 400\n0.000 down 2 260 400\n"
        // Turn one and a quarter turns clockwise (y down) in 10 degree steps.
        for step in 1...45 {
            let angle = Double(step) * 10 * Double.pi / 180
            let t = Double(step) / 100
            script += "\(t) move 1 \(200 - 60 * cos(angle)) \(400 - 60 * sin(angle))\n"
            script += "\(t) move 2 \(200 + 60 * cos(angle)) \(400 + 60 * sin(angle))\n"
        }
        script += "0.50 up 1\n0.50 up 2\n"
        let lines = traceLines(script).filter { $0.contains("rotation:") }
        // Began at 10 degrees with the 5 degree threshold taken off: 0.09 rad.
        #expect(lines.first == "0.010 rotation: began rotation=0.09")
        // 450 degrees less the threshold: 445 degrees = 7.77 rad.
        #expect(lines.last == "0.500 rotation: ended rotation=7.77")
    }

    @Test func aPinchDominatedMotionDoesNotStartARotation() {
        var script = sceneV + "rotation rotation in V\n0.00 down 1 150 400\n0.00 down 2 250 400\n"
        // Spreading fast while turning slightly: 1 degree per step against 20 pt of spread per step.
        for step in 1...8 {
            let angle = Double(step) * Double.pi / 180
            let half = 50 + 10 * Double(step)
            let t = Double(step) / 100
            script += "\(t) move 1 \(200 - half * cos(angle)) \(400 - half * sin(angle))\n"
            script += "\(t) move 2 \(200 + half * cos(angle)) \(400 + half * sin(angle))\n"
        }
        script += "0.10 up 1\n0.10 up 2\n"
        #expect(!traceLines(script).contains { $0.contains("rotation:") })
    }
}

import RealModule

private func cos(_ x: Double) -> Double { Double.cos(x) }
private func sin(_ x: Double) -> Double { Double.sin(x) }
