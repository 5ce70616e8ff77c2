import Testing

/// Section F, pan (scenarios 30-42).
@Suite struct PanScenarioTests {
    @Test func f30_beginsAtTheThresholdWithTranslationZero() {
        expectTrace(sceneV + """
            pan pan in V
            show pan translation
            0.00 down 1 100 100
            0.01 move 1 105 100
            0.02 move 1 109.9 100
            0.03 move 1 110 100
            0.04 move 1 130 100
            0.05 up 1
            """, """
            0.000 V: touch 1 began
            0.010 V: touch 1 moved
            0.020 V: touch 1 moved
            0.030 pan: began translation=(0,0)
            0.030 V: touch 1 cancelled
            0.040 pan: changed translation=(20,0)
            0.050 pan: ended translation=(20,0)
            """)
    }

    @Test func f32_theThresholdComesOffEachAxis() {
        let lines = traceLines(sceneV + """
            pan pan in V
            show pan translation
            0.00 down 1 100 100
            0.01 move 1 112 97
            0.05 up 1
            """)
        #expect(lines.contains("0.010 pan: began translation=(2,0)"))
    }

    @Test func f33_movementBeforeTheMinimumFingersDoesNotCount() {
        let lines = traceLines(sceneV + """
            pan pan in V min=2
            show pan translation
            0.00 down 1 100 100
            0.10 move 1 200 100
            0.20 down 2 200 200
            0.30 move 1 212 100
            0.30 move 2 212 200
            0.40 up 1
            0.40 up 2
            """).filter { $0.contains("pan:") }
        #expect(lines == ["0.300 pan: began translation=(2,0)", "0.400 pan: ended translation=(2,0)"])
    }

    @Test func f34_tooManyFingersFail() {
        let lines = traceLines(sceneV + """
            pan pan in V max=1
            0.00 down 1 100 100
            0.00 down 2 200 100
            0.10 move 1 130 100
            0.10 move 2 230 100
            0.20 up 1
            0.20 up 2
            """)
        #expect(!lines.contains { $0.contains("pan:") })
    }

    @Test func f36_settingTranslationMovesTheBaseAndZeroesVelocity() {
        let lines = traceLines(sceneV + """
            pan pan in V
            show pan translation velocity
            0.00 down 1 100 100
            0.10 move 1 130 100
            0.20 move 1 140 100
            0.20 set pan translation 0 0
            0.30 move 1 145 100
            0.40 up 1
            """).filter { $0.contains("pan:") }
        #expect(lines[0] == "0.100 pan: began translation=(20,0) velocity=(300,0)")
        #expect(lines[1] == "0.200 pan: changed translation=(30,0) velocity=(260,0)")
        // The first sample after setting computes velocity afresh from the new base.
        #expect(lines[2] == "0.300 pan: changed translation=(5,0) velocity=(50,0)")
    }

    @Test func f37_steadyMotionGivesItsVelocity() {
        var script = sceneV + "pan pan in V\nshow pan velocity\n0 down 1 100 100\n"
        // 1000 pt/s sampled at 120 Hz for 0.2 s.
        for i in 1...24 {
            let t = Double(i) / 120
            script += "\(t) move 1 \(100 + 1000 * t) 100\n"
        }
        script += "0.25 up 1\n"
        let last = traceLines(script).last { $0.contains("pan: changed") } ?? ""
        let velocityX = Double(last.split(separator: "(")[1].split(separator: ",")[0]) ?? 0
        #expect(abs(velocityX - 1000) <= 50, "velocity.x = \(velocityX)")
    }

    @Test func f38_delaysTouchesBeganHidesARecognizedPan() {
        let lines = traceLines(sceneV + """
            pan pan in V delays-began=yes
            0.00 down 1 100 100
            0.05 move 1 130 100
            0.10 up 1
            """)
        #expect(lines == ["0.050 pan: began", "0.100 pan: ended"])
    }

    @Test func f39_aFailedPanReleasesTheHeldBeganThenEnded() {
        expectTrace(sceneV + """
            pan pan in V delays-began=yes
            0.00 down 1 100 100
            0.05 move 1 105 100
            0.10 up 1
            """, """
            0.100 V: touch 1 began
            0.100 V: touch 1 ended
            """)
    }

    @Test func f40_shouldBeginNoLeavesTheRegionItsTouches() {
        expectTrace(sceneV + """
            pan pan in V
            should-begin pan no
            0.00 down 1 100 100
            0.05 move 1 130 100
            0.10 move 1 160 100
            0.15 up 1
            """, """
            0.000 V: touch 1 began
            0.050 V: touch 1 moved
            0.100 V: touch 1 moved
            0.150 V: touch 1 ended
            """)
    }

    @Test func f41_shouldReceiveNoMeansTheRecognizerNeverSeesTheTouch() {
        expectTrace(sceneV + """
            pan pan in V
            should-receive pan no
            0.00 down 1 100 100
            0.05 move 1 130 100
            0.15 up 1
            """, """
            0.000 V: touch 1 began
            0.050 V: touch 1 moved
            0.150 V: touch 1 ended
            """)
    }

    @Test func f42_disablingDuringChangedCancels() {
        expectTrace(sceneV + """
            pan pan in V
            0.00 down 1 100 100
            0.05 move 1 130 100
            0.10 move 1 160 100
            0.12 disable pan
            0.15 move 1 190 100
            0.20 up 1
            """, """
            0.000 V: touch 1 began
            0.050 pan: began
            0.050 V: touch 1 cancelled
            0.100 pan: changed
            0.120 pan: cancelled
            """)
    }

    @Test func addingAFingerDoesNotMakeTranslationJump() {
        let lines = traceLines(sceneV + """
            pan pan in V
            show pan translation
            0.00 down 1 100 100
            0.05 move 1 130 100
            0.10 down 2 300 300
            0.15 move 1 140 100
            0.15 move 2 310 300
            0.20 up 1
            0.25 move 2 320 300
            0.30 up 2
            """).filter { $0.contains("pan:") }
        #expect(lines == [
            "0.050 pan: began translation=(20,0)",
            "0.150 pan: changed translation=(30,0)",
            "0.250 pan: changed translation=(40,0)",
            "0.300 pan: ended translation=(40,0)",
        ])
    }

    @Test func aPanThatWaitedForAFailureBeginsAtZero() {
        let lines = traceLines(sceneV + """
            pan pan in V
            tap double in V taps=2 movement=100
            require pan fail double
            show pan translation
            0.00 down 1 100 100
            0.10 move 1 120 100
            0.20 move 1 140 100
            0.80 move 1 150 100
            0.90 up 1
            """).filter { $0.contains("pan:") }
        // The double tap fails at 0.75 (too long); the pan waited, so it begins there at zero.
        #expect(lines == ["0.750 pan: began translation=(0,0)", "0.800 pan: changed translation=(10,0)", "0.900 pan: ended translation=(10,0)"])
    }
}
