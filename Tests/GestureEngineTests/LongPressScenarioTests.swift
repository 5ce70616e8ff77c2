import Testing

/// Section F, long press (scenarios 20-29).
@Suite struct LongPressScenarioTests {
    @Test func f20_beganComesFromTheTimerAndEndsAtLift() {
        expectTrace(sceneV + """
            long-press press in V
            0.00 down 1 100 100
            0.70 up 1
            """, """
            0.000 V: touch 1 began
            0.500 press: began
            0.500 V: touch 1 cancelled
            0.700 press: ended
            """)
    }

    @Test func f21_liftingBeforeTheDurationFails() {
        expectTrace(sceneV + """
            long-press press in V
            0.00 down 1 100 100
            0.45 up 1
            """, """
            0.000 V: touch 1 began
            0.450 V: touch 1 ended
            """)
    }

    @Test func f23_moving11PointsFails() {
        expectTrace(sceneV + """
            long-press press in V
            0.00 down 1 100 100
            0.20 move 1 111 100
            0.70 up 1
            """, """
            0.000 V: touch 1 began
            0.200 V: touch 1 moved
            0.700 V: touch 1 ended
            """)
    }

    @Test func f24_afterBeganEveryMoveIsChanged() {
        var script = sceneV + """
            long-press press in V
            0.00 down 1 100 100

            """
        for step in 1...10 { script += "0.\(50 + step) move 1 \(100 + step * 20) 100\n" }
        script += "0.70 up 1\n"
        let lines = traceLines(script).filter { $0.contains("press:") }
        #expect(lines.first == "0.500 press: began")
        #expect(lines.filter { $0.hasSuffix("changed") }.count == 10)
        #expect(lines.last == "0.700 press: ended")
        #expect(lines.count == 12)
    }

    @Test func f25_zeroDurationBeginsAtTouchDown() {
        expectTrace(sceneV + """
            long-press press in V duration=0
            0.00 down 1 100 100
            0.30 up 1
            """, """
            0.000 press: began
            0.300 press: ended
            """)
    }

    @Test func f26_twoFingerPressTimesFromTheSecondFinger() {
        let lines = traceLines(sceneV + """
            long-press press in V touches=2
            0.00 down 1 100 100
            0.20 down 2 150 100
            0.90 up 1
            0.90 up 2
            """)
        #expect(lines.filter { $0.contains("press:") } == ["0.700 press: began", "0.900 press: ended"])
    }

    @Test func f27_aSecondFingerFailsASingleFingerPress() {
        let lines = traceLines(sceneV + """
            long-press press in V
            0.00 down 1 100 100
            0.20 down 2 150 100
            0.90 up 1
            0.90 up 2
            """)
        #expect(!lines.contains { $0.contains("press:") })
    }

    @Test func f28_aQuickTapExcludesTheLongPress() {
        expectTrace(sceneV + """
            long-press press in V
            tap tap in V
            0.00 down 1 100 100
            0.10 up 1
            """, """
            0.000 V: touch 1 began
            0.100 tap: ended
            0.100 V: touch 1 cancelled
            """)
    }

    @Test func f29_holdingExcludesTheTap() {
        expectTrace(sceneV + """
            long-press press in V
            tap tap in V
            0.00 down 1 100 100
            0.70 up 1
            """, """
            0.000 V: touch 1 began
            0.500 press: began
            0.500 V: touch 1 cancelled
            0.700 press: ended
            """)
    }

    @Test func tapAndAHalfPressesAfterOneTap() {
        let lines = traceLines(sceneV + """
            long-press press in V taps=1
            0.00 down 1 100 100
            0.10 up 1
            0.30 down 2 100 100
            1.00 up 2
            """)
        #expect(lines.filter { $0.contains("press:") } == ["0.800 press: began", "1.000 press: ended"])
    }

    @Test func tapAndAHalfFailsWhenThePressComesTooLate() {
        let lines = traceLines(sceneV + """
            long-press press in V taps=1
            0.00 down 1 100 100
            0.10 up 1
            0.50 down 2 100 100
            1.20 up 2
            """)
        #expect(!lines.contains { $0.contains("press:") })
    }

    @Test func extraFingersAfterBeganAreIgnoredAndReachTheRegion() {
        expectTrace(sceneV + """
            long-press press in V
            0.00 down 1 100 100
            0.60 down 2 200 200
            0.70 up 2
            0.80 up 1
            """, """
            0.000 V: touch 1 began
            0.500 press: began
            0.500 V: touch 1 cancelled
            0.600 V: touch 2 began
            0.700 V: touch 2 ended
            0.800 press: ended
            """)
    }
}
