import GestureEngine
import Testing

/// Section F, custom recognizers and arbitration (scenarios 61-71).
@Suite struct ArbitrationScenarioTests {
    @Test func f61_changedFromPossibleArrivesAsBegan() {
        let h = EngineHarness()
        let r = ScriptedRecognizer(name: "c")
        r.onBegan = { $0.state = .changed }
        r.onEnded = { $0.state = .ended }
        h.engine.add(r)
        h.frame(0, [(1, .began, 10, 10)])
        h.frame(0.1, [(1, .ended, 10, 10)])
        #expect(h.actions == ["c began", "c ended"])
    }

    @Test func f62_cancelledFromPossibleIsFailedWithNoAction() {
        let h = EngineHarness()
        let r = ScriptedRecognizer(name: "c")
        r.onBegan = { $0.state = .cancelled }
        h.engine.add(r)
        h.frame(0, [(1, .began, 10, 10)])
        #expect(h.actions.isEmpty)
        #expect(r.resets == 1)
        #expect(h.deliveries == ["began 1"])
    }

    @Test func f63_beganTwiceSendsBeganThenChanged() {
        let h = EngineHarness()
        let r = ScriptedRecognizer(name: "c")
        r.onBegan = {
            $0.state = .began
            $0.state = .began
        }
        h.engine.add(r)
        h.frame(0, [(1, .began, 10, 10)])
        #expect(h.actions == ["c began", "c changed"])
    }

    @Test func f64_aDiscreteRecognizerSendsOneActionThenResets() {
        let h = EngineHarness()
        let r = ScriptedRecognizer(name: "c")
        r.onEnded = { $0.state = .recognized }
        h.engine.add(r)
        h.frame(0, [(1, .began, 10, 10)])
        h.frame(0.1, [(1, .ended, 10, 10)])
        #expect(h.actions == ["c ended"])
        #expect(r.resets == 1)
        #expect(r.state == .possible)
    }

    @Test func f65_settingStateAfterFailedIsIgnoredUntilReset() {
        let h = EngineHarness()
        let r = ScriptedRecognizer(name: "c")
        var seenAfterFailing: GestureState?
        r.onBegan = {
            $0.state = .failed
            $0.state = .began
            seenAfterFailing = $0.state
        }
        h.engine.add(r)
        h.frame(0, [(1, .began, 10, 10)])
        #expect(seenAfterFailing == .failed)
        #expect(h.actions.isEmpty)
        // After reset the next attempt works.
        r.onBegan = { $0.state = .began }
        h.frame(0.1, [(2, .began, 20, 20)])
        #expect(h.actions == ["c began"])
    }

    @Test func f67_requiringItselfToFailIsIgnored() {
        expectTrace(sceneV + """
            tap tap in V
            require tap fail tap
            0.00 down 1 100 100
            0.10 up 1
            """, """
            0.000 V: touch 1 began
            0.100 tap: ended
            0.100 V: touch 1 cancelled
            """)
    }

    /// Reset waits for the whole group linked by failure requirements: the swipe the pan waited on stays
    /// failed, taking no new touch, while the pan goes on; both reset when the pan ends.
    @Test func aRequiredRecognizerStaysFailedUntilItsDependentHasFinished() {
        let lines = traceLines(sceneV + """
            swipe swipe in V direction=up touches=1
            pan pan in V max=1
            require pan fail swipe
            0.00 down 1 100 400
            0.05 move 1 110 400
            0.10 move 1 130 400
            0.20 down 2 300 400
            0.25 move 2 300 300
            0.30 move 2 300 200
            0.35 up 2
            0.45 move 1 160 400
            0.50 up 1
            0.60 down 3 300 400
            0.65 move 3 300 300
            0.70 move 3 300 200
            0.75 up 3
            """).filter { !$0.contains("moved") }
        #expect(lines == [
            "0.000 V: touch 1 began", "0.100 pan: began", "0.100 V: touch 1 cancelled", "0.200 V: touch 2 began", "0.350 V: touch 2 ended", "0.450 pan: changed", "0.500 pan: ended",
            "0.600 V: touch 3 began", "0.650 swipe: ended", "0.650 V: touch 3 cancelled",
        ])
    }

    /// A pan that ended while held back by a failure requirement sends began then ended, both from where it
    /// was allowed to begin: translation and velocity zero, as a pan that waited with its fingers down (R6).
    @Test func aPanThatEndedWhileHeldBeginsAndEndsAtZero() {
        expectTrace(sceneV + """
            tap double in V taps=2
            pan pan in V
            require pan fail double
            show pan translation velocity
            0.00 down 1 100 100
            0.05 move 1 115 100
            0.10 move 1 130 100
            0.15 up 1
            """, """
            0.000 V: touch 1 began
            0.050 V: touch 1 moved
            0.100 V: touch 1 moved
            0.500 pan: began translation=(0,0) velocity=(0,0)
            0.500 pan: ended translation=(0,0) velocity=(0,0)
            0.500 V: touch 1 cancelled
            """)
    }

    /// A finger that lands on a pan already in progress, and that the pan takes, is one of the pan's touches:
    /// the region never gets it (V3). One beyond the pan's maximum is ignored by the pan and is the region's.
    @Test func aTouchJoiningAGestureInProgressIsNotTheRegions() {
        expectTrace(sceneV + """
            pan pan in V max=2
            0.00 down 1 100 100
            0.05 move 1 130 100
            0.10 down 2 200 100
            0.15 move 1 140 100
            0.15 move 2 210 100
            0.20 down 3 300 300
            0.25 up 3
            0.30 up 2
            0.35 up 1
            """, """
            0.000 V: touch 1 began
            0.050 pan: began
            0.050 V: touch 1 cancelled
            0.150 pan: changed
            0.200 V: touch 3 began
            0.250 V: touch 3 ended
            0.350 pan: ended
            """)
    }

    @Test func f68_theChildsPanWinsOverItsParents() {
        let lines = traceLines(sceneV + """
            region C 50 50 200 200 in V
            pan parent in V
            pan child in C
            0.00 down 1 100 100
            0.05 move 1 130 100
            0.10 up 1
            """)
        #expect(lines == ["0.000 C: touch 1 began", "0.050 child: began", "0.050 C: touch 1 cancelled", "0.100 child: ended"])
    }

    @Test func f70_aParentPanThatCannotBePreventedBeginsToo() {
        let lines = traceLines(sceneV + """
            region C 50 50 200 200 in V
            pan parent in V
            pan child in C
            unpreventable parent
            0.00 down 1 100 100
            0.05 move 1 130 100
            0.10 up 1
            """).filter { !$0.contains("C:") }
        #expect(lines == ["0.050 child: began", "0.050 parent: began", "0.100 child: ended", "0.100 parent: ended"])
    }

    @Test func f71_aParentPanExcludesAChildTap() {
        let lines = traceLines(sceneV + """
            region C 50 50 200 200 in V
            pan pan in V
            tap tap in C
            0.00 down 1 100 100
            0.02 move 1 105 100
            0.04 move 1 110 100
            0.06 move 1 130 100
            0.08 up 1
            """)
        #expect(lines == [
            "0.000 C: touch 1 began", "0.020 C: touch 1 moved", "0.040 pan: began", "0.040 C: touch 1 cancelled",
            "0.060 pan: changed", "0.080 pan: ended",
        ])
    }

    @Test func sameDepthRivalsGoByTheOrderAdded() {
        for (first, second) in [("a", "b"), ("b", "a")] {
            let lines = traceLines(sceneV + """
                pan \(first) in V
                pan \(second) in V
                0.00 down 1 100 100
                0.05 move 1 130 100
                0.10 up 1
                """).filter { !$0.contains("V:") }
            #expect(lines == ["0.050 \(first): began", "0.100 \(first): ended"])
        }
    }

    @Test func preventNotIsOneWay() {
        // The pan may not prevent the long press, so both run; the long press may still prevent the pan.
        let both = traceLines(sceneV + """
            pan pan in V
            long-press press in V duration=0.1 movement=100
            prevent-not pan press
            0.00 down 1 100 100
            0.05 move 1 120 100
            0.20 move 1 130 100
            0.30 up 1
            """).filter { !$0.contains("V:") }
        #expect(both == ["0.050 pan: began", "0.100 press: began", "0.200 pan: changed", "0.200 press: changed", "0.300 pan: ended", "0.300 press: ended"])
        let pressFirst = traceLines(sceneV + """
            pan pan in V
            long-press press in V duration=0.1 movement=100
            prevent-not pan press
            0.00 down 1 100 100
            0.15 move 1 120 100
            0.30 up 1
            """).filter { !$0.contains("V:") }
        #expect(pressFirst == ["0.100 press: began", "0.150 press: changed", "0.300 press: ended"])
    }

    @Test func recognizersOnSeparateTouchesDoNotExcludeEachOther() {
        let lines = traceLines(sceneV + """
            region L 0 0 200 800 in V
            region R 200 0 200 800 in V
            pan left in L
            pan right in R
            0.00 down 1 100 100
            0.00 down 2 300 100
            0.05 move 1 130 100
            0.05 move 2 330 100
            0.10 up 1
            0.10 up 2
            """).filter { !$0.contains(" L:") && !$0.contains(" R:") }
        #expect(lines == ["0.050 left: began", "0.050 right: began", "0.100 left: ended", "0.100 right: ended"])
    }

    @Test func idleWithNoDeadlineNeedsNoWakeUp() {
        let h = EngineHarness()
        let tap = TapGestureRecognizer(name: "tap")
        tap.numberOfTapsRequired = 2
        h.engine.add(tap)
        #expect(h.engine.nextDeadline == nil)
        h.frame(0, [(1, .began, 10, 10)])
        #expect(h.engine.nextDeadline == Timestamp(seconds: 0.75))
        h.frame(0.1, [(1, .ended, 10, 10)])
        #expect(h.engine.nextDeadline == Timestamp(seconds: 0.45))
        h.advance(0.45)
        #expect(h.engine.nextDeadline == nil)
        #expect(tap.state == .possible)
    }

    @Test func aVanishingDeviceCancelsTouchesAndGestures() {
        let h = EngineHarness()
        h.panInProgress()
        h.frame(0.10, [(1, .cancelled, 20, 10)])
        #expect(h.actions == ["pan began", "pan cancelled"])
        #expect(h.deliveries == ["began 1", "cancelled 1"])
    }
}
