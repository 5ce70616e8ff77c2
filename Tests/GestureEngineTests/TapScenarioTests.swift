import Testing

/// Section F, taps (scenarios 1-19).
@Suite struct TapScenarioTests {
    @Test func f01_singleTapIsRecognizedAtLiftAndCancelsTheTouch() {
        expectTrace(sceneV + """
            tap tap in V
            0.00 down 1 100 100
            0.10 up 1
            """, """
            0.000 V: touch 1 began
            0.100 tap: ended
            0.100 V: touch 1 cancelled
            """)
    }

    @Test func f02_withoutCancelsTouchesInViewTheRegionGetsEnded() {
        expectTrace(sceneV + """
            tap tap in V cancels=no
            0.00 down 1 100 100
            0.10 up 1
            """, """
            0.000 V: touch 1 began
            0.100 tap: ended
            0.100 V: touch 1 ended
            """)
    }

    @Test func f03_delaysTouchesBeganHidesARecognizedTap() {
        expectTrace(sceneV + """
            tap tap in V delays-began=yes
            0.00 down 1 100 100
            0.10 up 1
            """, """
            0.100 tap: ended
            """)
    }

    @Test func f04_holdingPastTheTapDurationFailsAt075() {
        expectTrace(sceneV + """
            tap tap in V
            0.00 down 1 100 100
            0.80 up 1
            """, """
            0.000 V: touch 1 began
            0.800 V: touch 1 ended
            """)
        // The failure itself happens at 0.75, with no touch event: the held-back state is decided then.
        let lines = traceLines(sceneV + """
            tap tap in V
            0.00 down 1 100 100
            0.75 advance
            """)
        #expect(lines == ["0.000 V: touch 1 began"])
    }

    @Test func f05_holdingJustUnderTheDurationStillTaps() {
        expectTrace(sceneV + """
            tap tap in V
            0.00 down 1 100 100
            0.70 up 1
            """, """
            0.000 V: touch 1 began
            0.700 tap: ended
            0.700 V: touch 1 cancelled
            """)
    }

    @Test func f07_movingBeyond45PointsFailsTheTap() {
        expectTrace(sceneV + """
            tap tap in V
            0.00 down 1 100 100
            0.05 move 1 146 100
            0.10 up 1
            """, """
            0.000 V: touch 1 began
            0.050 V: touch 1 moved
            0.100 V: touch 1 ended
            """)
    }

    @Test func f08_doubleTapHoldsTheFirstEndedAndCancelsBoth() {
        expectTrace(sceneV + """
            tap double in V taps=2
            0.00 down 1 100 100
            0.10 up 1
            0.40 down 2 100 100
            0.50 up 2
            """, """
            0.000 V: touch 1 began
            0.400 V: touch 2 began
            0.500 double: ended
            0.500 V: touch 1 cancelled
            0.500 V: touch 2 cancelled
            """)
    }

    @Test func f10_doubleTapWithoutDelaysTouchesEnded() {
        expectTrace(sceneV + """
            tap double in V taps=2 delays-ended=no
            0.00 down 1 100 100
            0.10 up 1
            0.40 down 2 100 100
            0.50 up 2
            """, """
            0.000 V: touch 1 began
            0.100 V: touch 1 ended
            0.400 V: touch 2 began
            0.500 double: ended
            0.500 V: touch 2 cancelled
            """)
    }

    @Test func f11_aSecondTapTooFarAwayFailsAtItsTouchDown() {
        expectTrace(sceneV + """
            tap double in V taps=2
            0.00 down 1 100 100
            0.10 up 1
            0.40 down 2 150 100
            0.50 up 2
            """, """
            0.000 V: touch 1 began
            0.400 V: touch 1 ended
            0.400 V: touch 2 began
            0.500 V: touch 2 ended
            """)
    }

    @Test func f12_singleAndDoubleWithoutRelationBothFireOnce() {
        expectTrace(sceneV + """
            tap single in V
            tap double in V taps=2
            0.00 down 1 100 100
            0.10 up 1
            0.40 down 2 100 100
            0.50 up 2
            """, """
            0.000 V: touch 1 began
            0.100 single: ended
            0.100 V: touch 1 cancelled
            0.400 V: touch 2 began
            0.500 double: ended
            0.500 V: touch 2 cancelled
            """)
    }

    @Test func f12_theOrderOfConfigurationDoesNotChangeWhoWinsTapTwo() {
        expectTrace(sceneV + """
            tap double in V taps=2
            tap single in V
            0.00 down 1 100 100
            0.10 up 1
            0.40 down 2 100 100
            0.50 up 2
            """, """
            0.000 V: touch 1 began
            0.100 single: ended
            0.100 V: touch 1 cancelled
            0.400 V: touch 2 began
            0.500 double: ended
            0.500 V: touch 2 cancelled
            """)
    }

    @Test func f13_singleRequiringDoubleToFailWaitsForTheInterval() {
        expectTrace(sceneV + """
            tap single in V
            tap double in V taps=2
            require single fail double
            0.00 down 1 100 100
            0.10 up 1
            """, """
            0.000 V: touch 1 began
            0.450 single: ended
            0.450 V: touch 1 cancelled
            """)
    }

    @Test func f14_singleRequiringDoubleToFailLosesToADoubleTap() {
        expectTrace(sceneV + """
            tap single in V
            tap double in V taps=2
            require single fail double
            0.00 down 1 100 100
            0.10 up 1
            0.40 down 2 100 100
            0.50 up 2
            """, """
            0.000 V: touch 1 began
            0.400 V: touch 2 began
            0.500 double: ended
            0.500 V: touch 1 cancelled
            0.500 V: touch 2 cancelled
            """)
    }

    @Test(arguments: ["delegate-require single fail double", "required-by double single"])
    func f15_theRelationDeclaredFromEitherSideIsIdentical(relation: String) {
        let setup = sceneV + """
            tap single in V
            tap double in V taps=2
            \(relation)

            """
        expectTrace(setup + """
            0.00 down 1 100 100
            0.10 up 1
            """, """
            0.000 V: touch 1 began
            0.450 single: ended
            0.450 V: touch 1 cancelled
            """)
        expectTrace(setup + """
            0.00 down 1 100 100
            0.10 up 1
            0.40 down 2 100 100
            0.50 up 2
            """, """
            0.000 V: touch 1 began
            0.400 V: touch 2 began
            0.500 double: ended
            0.500 V: touch 1 cancelled
            0.500 V: touch 2 cancelled
            """)
    }

    @Test func f17_twoFingerTapWithOneFingerDoesNothing() {
        expectTrace(sceneV + """
            tap two in V touches=2
            0.00 down 1 100 100
            0.10 up 1
            """, """
            0.000 V: touch 1 began
            0.100 V: touch 1 ended
            """)
    }

    @Test func f18_aSecondFingerFailsASingleFingerTap() {
        expectTrace(sceneV + """
            tap tap in V
            0.00 down 1 100 100
            0.02 down 2 150 100
            0.10 up 1
            0.10 up 2
            """, """
            0.000 V: touch 1 began
            0.020 V: touch 2 began
            0.100 V: touch 1 ended
            0.100 V: touch 2 ended
            """)
    }

    @Test func f19_tripleTap() {
        let lines = traceLines(sceneV + """
            tap triple in V taps=3
            0.00 down 1 100 100
            0.10 up 1
            0.30 down 2 100 100
            0.40 up 2
            0.60 down 3 100 100
            0.70 up 3
            """)
        #expect(lines.filter { $0.contains("triple") } == ["0.700 triple: ended"])
    }

    @Test func twoFingerTapIsRecognizedWhenBothLandWithinTheWindow() {
        expectTrace(sceneV + """
            tap two in V touches=2
            show two touches location
            0.00 down 1 100 100
            0.05 down 2 200 100
            0.10 up 1
            0.12 up 2
            """, """
            0.000 V: touch 1 began
            0.050 V: touch 2 began
            0.120 two: ended touches=2 location=(150,100)
            0.120 V: touch 1 cancelled
            0.120 V: touch 2 cancelled
            """)
    }

    /// Touch conditioning cancels a finger that came back and lifted at once; when another lifts in the same
    /// frame, the tap hears the ended first (its touches are ended, then cancelled), and the cancelled finger still
    /// makes it fail (docs/engine.md).
    @Test func aFingerCancelledAsTheOtherLiftsMakesNoTap() {
        expectTrace(sceneV + """
            tap two in V touches=2
            0.00 down 1 100 100
            0.05 down 2 200 100
            0.10 up 2
            0.10 cancel 1
            """, """
            0.000 V: touch 1 began
            0.050 V: touch 2 began
            0.100 V: touch 1 cancelled
            0.100 V: touch 2 ended
            """)
    }
}
