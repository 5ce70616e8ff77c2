import Testing

/// Section F, swipe (scenarios 43-50).
@Suite struct SwipeScenarioTests {
    @Test func f43_recognizedOnceDuringTheMovement() {
        expectTrace(sceneV + """
            swipe swipe in V
            show swipe direction location
            0.00 down 1 100 100
            0.01 move 1 112 100
            0.02 move 1 124 100
            0.03 move 1 136 100
            0.04 move 1 148 100
            0.05 move 1 160 100
            0.06 move 1 172 100
            0.07 up 1
            """, """
            0.000 V: touch 1 began
            0.010 V: touch 1 moved
            0.020 V: touch 1 moved
            0.030 V: touch 1 moved
            0.040 V: touch 1 moved
            0.050 swipe: ended direction=right location=(100,100)
            0.050 V: touch 1 cancelled
            """)
    }

    @Test(arguments: [("0.500", true), ("0.501", false)])
    func f44_theMaximumDurationIsInclusive(time: String, recognized: Bool) {
        let lines = traceLines(sceneV + """
            swipe swipe in V
            0 down 1 0 400
            \(time) move 1 100 400
            0.6 up 1
            """)
        #expect(lines.contains { $0.contains("swipe: ended") } == recognized)
    }

    @Test func f45_aDiagonalFails() {
        let lines = traceLines(sceneV + """
            swipe swipe in V
            0.00 down 1 100 100
            0.05 move 1 200 200
            0.10 up 1
            """)
        #expect(!lines.contains { $0.contains("swipe:") })
    }

    @Test(arguments: [(100, 100, true), (100, 50, true), (100, 0, false)])
    func f47_everyRequiredFingerMustQualify(first: Int, second: Int, recognized: Bool) {
        let lines = traceLines(sceneV + """
            swipe swipe in V touches=2
            0.00 down 1 100 100
            0.00 down 2 100 200
            0.05 move 1 \(100 + first) 100
            0.05 move 2 \(100 + second) 200
            0.10 up 1
            0.10 up 2
            """)
        #expect(lines.contains { $0.contains("swipe: ended") } == recognized)
    }

    @Test(arguments: [(2, 1), (1, 2)])
    func f48_theWrongNumberOfFingersFails(required: Int, fingers: Int) {
        var script = sceneV + "swipe swipe in V touches=\(required)\n"
        for f in 1...fingers { script += "0.00 down \(f) 100 \(100 * f)\n" }
        for f in 1...fingers { script += "0.05 move \(f) 200 \(100 * f)\n" }
        for f in 1...fingers { script += "0.10 up \(f)\n" }
        #expect(!traceLines(script).contains { $0.contains("swipe:") })
    }

    @Test func f49_withBothAxesAPureDownStrokeFails() {
        let lines = traceLines(sceneV + """
            swipe swipe in V direction=right|down
            0.00 down 1 100 100
            0.05 move 1 100 200
            0.10 up 1
            """)
        #expect(!lines.contains { $0.contains("swipe:") })
        let right = traceLines(sceneV + """
            swipe swipe in V direction=right|down
            show swipe direction
            0.00 down 1 100 100
            0.05 move 1 200 100
            0.10 up 1
            """)
        #expect(right.contains("0.050 swipe: ended direction=right"))
    }

    @Test func f50_aPanBeatsASwipeToTheTouches() {
        var script = sceneV + "swipe swipe in V\npan pan in V\n0 down 1 100 100\n"
        for i in 1...10 { script += "0.\(i < 10 ? "0" : "")\(i) move 1 \(100 + 10 * i) 100\n" }
        script += "0.11 up 1\n"
        let lines = traceLines(script).filter { $0.contains(":") && !$0.contains("V:") }
        #expect(lines.first == "0.010 pan: began")
        #expect(!lines.contains { $0.contains("swipe:") })
    }

    @Test func leftAndVerticalDirections() {
        let left = traceLines(sceneV + """
            swipe swipe in V direction=left
            show swipe direction
            0.00 down 1 300 100
            0.05 move 1 200 100
            0.10 up 1
            """)
        #expect(left.contains("0.050 swipe: ended direction=left"))
        let up = traceLines(sceneV + """
            swipe swipe in V direction=up|down
            show swipe direction
            0.00 down 1 100 300
            0.05 move 1 100 200
            0.10 up 1
            """)
        #expect(up.contains("0.050 swipe: ended direction=up"))
    }
}
