import GestureEngine
import GestureTrace
import Testing

/// The engine's public API beyond the scenarios: regions, removal, one-sided delegates, touch types.
@Suite struct EngineAPITests {
    /// Says yes to simultaneous recognition for the recognizer it is the delegate of, and nothing else.
    final class SimultaneousYes: GestureRecognizerDelegate {
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            true
        }
    }

    @Test(arguments: [true, false])
    func simultaneousFromEitherSideIsEnough(onFirst: Bool) {
        let h = EngineHarness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        let pan = PanGestureRecognizer(name: "pan")
        let yes = SimultaneousYes()
        (onFirst ? pinch : pan).delegate = yes
        h.engine.add(pinch)
        h.engine.add(pan)
        h.frame(0, [(1, .began, 10, 10), (2, .began, 30, 10)])
        h.frame(0.02, [(1, .moved, 5, 10), (2, .moved, 35, 10)])
        h.frame(0.04, [(1, .moved, 2, 12), (2, .moved, 38, 12)])
        h.frame(0.06, [(1, .ended, 2, 12), (2, .ended, 38, 12)])
        #expect(h.actions.contains("pinch began"))
        #expect(h.actions.contains("pan began"))
    }

    @Test func withoutSimultaneousTheFirstToBeginWins() {
        let h = EngineHarness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        let pan = PanGestureRecognizer(name: "pan")
        h.engine.add(pinch)
        h.engine.add(pan)
        h.frame(0, [(1, .began, 10, 10), (2, .began, 30, 10)])
        h.frame(0.02, [(1, .moved, 5, 10), (2, .moved, 35, 10)])
        h.frame(0.06, [(1, .ended, 5, 10), (2, .ended, 35, 10)])
        #expect(h.actions == ["pinch began", "pinch ended"])
    }

    @Test func aRegionMustLieWithinItsParent() throws {
        let engine = GestureEngine(surface: Size(width: 100, height: 50))
        let left = try engine.addRegion(name: "left", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(throws: RegionError.outsideParent(region: "wide", parent: "left")) {
            try engine.addRegion(name: "wide", frame: Rect(x: 10, y: 0, width: 60, height: 10), parent: left)
        }
        #expect(throws: RegionError.outsideParent(region: "off", parent: "surface")) {
            try engine.addRegion(name: "off", frame: Rect(x: 90, y: 0, width: 20, height: 10))
        }
    }

    @Test func hitTestingFindsTheDeepestFrontMostRegion() throws {
        let engine = GestureEngine(surface: Size(width: 100, height: 100))
        let back = try engine.addRegion(name: "back", frame: Rect(x: 0, y: 0, width: 60, height: 60))
        let front = try engine.addRegion(name: "front", frame: Rect(x: 40, y: 40, width: 60, height: 60))
        let inner = try engine.addRegion(name: "inner", frame: Rect(x: 45, y: 45, width: 10, height: 10), parent: front)
        #expect(engine.root.hitTest(Point(x: 10, y: 10)) === back)
        #expect(engine.root.hitTest(Point(x: 50, y: 50)) === inner)
        #expect(engine.root.hitTest(Point(x: 58, y: 58)) === front)  // Overlap: the later sibling is on top.
        #expect(engine.root.hitTest(Point(x: 90, y: 10)) === engine.root)
        #expect(engine.root.hitTest(Point(x: 100, y: 10)) == nil)  // Far edges are outside.
        #expect(inner.lineage.map(\.name) == ["inner", "front", "surface"])
    }

    @Test func removingAnActiveRecognizerCancelsItAndReleasesWaiters() {
        let h = EngineHarness()
        let pan = h.panInProgress()
        h.engine.remove(pan)
        h.advance(0.06)
        #expect(h.actions == ["pan began", "pan cancelled"])
        #expect(pan.region == nil)
        #expect(h.engine.recognizers.isEmpty)

        // A single tap waiting on a removed double tap stops waiting.
        let h2 = EngineHarness()
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        h2.engine.add(single)
        h2.engine.add(double)
        h2.frame(0, [(1, .began, 10, 10)])
        h2.frame(0.1, [(1, .ended, 10, 10)])
        #expect(h2.actions.isEmpty)
        h2.engine.remove(double)
        h2.advance(0.15)
        #expect(h2.actions == ["single ended"])
    }

    @Test func aRemovalOrDisablingBetweenCallsIsDueAtOnce() {
        let h = EngineHarness()
        let pan = h.panInProgress()
        #expect(h.engine.nextDeadline == nil)
        h.engine.remove(pan)
        // The cancelled action waits for no frame: the daemon wakes the engine now.
        #expect(h.engine.nextDeadline == Timestamp(seconds: 0.05))
        h.advance(0.05)
        #expect(h.actions == ["pan began", "pan cancelled"])
        #expect(h.engine.nextDeadline == nil)

        let other = PanGestureRecognizer(name: "other")
        h.engine.add(other)
        h.frame(0.1, [(2, .began, 30, 30)])
        h.frame(0.15, [(2, .moved, 40, 30)])
        other.isEnabled = false
        #expect(h.engine.nextDeadline == Timestamp(seconds: 0.15))
        h.advance(0.15)
        #expect(h.actions.suffix(2) == ["other began", "other cancelled"])
        #expect(h.engine.nextDeadline == nil)
    }

    @Test func aDeadlineReArmedAtOrBeforeItsMomentIsDroppedNotFiredForever() {
        let h = EngineHarness()
        let r = ScriptedRecognizer(name: "c")
        var fired = 0
        r.onBegan = { $0.deadline = Timestamp(seconds: 0.1) }
        r.onDeadline = {
            fired += 1
            // Later is fine; at the moment it fired, it would fire forever.
            $0.deadline = fired == 1 ? Timestamp(seconds: 0.15) : $0.now
        }
        h.engine.add(r)
        h.frame(0, [(1, .began, 10, 10)])
        h.advance(0.2)
        #expect(fired == 2)
        #expect(r.deadline == nil)
        #expect(h.engine.nextDeadline == nil)
    }

    @Test func removingARegionRemovesItsRecognizersAndChildren() throws {
        let engine = GestureEngine(surface: Size(width: 100, height: 100))
        let outer = try engine.addRegion(name: "outer", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let inner = try engine.addRegion(name: "inner", frame: Rect(x: 0, y: 0, width: 10, height: 10), parent: outer)
        engine.add(TapGestureRecognizer(name: "a"), to: outer)
        engine.add(TapGestureRecognizer(name: "b"), to: inner)
        engine.add(TapGestureRecognizer(name: "c"))
        engine.removeRegion(outer)
        #expect(engine.recognizers.map(\.name) == ["c"])
        #expect(engine.root.children.isEmpty)
    }

    @Test func theExclusiveTypeLockAndAllowedTypes() {
        let lines = traceLines(sceneV + """
            tap pen in V types=stylus
            tap finger in V touches=2 window=0.2
            0.00 down 1 100 100 stylus
            0.10 up 1
            0.50 down 2 100 100 direct
            0.55 down 3 120 100 stylus
            0.60 up 2
            0.60 up 3
            """).filter { !$0.contains("V:") }
        // The pen tap sees only stylus touches (two taps); the two-finger tap locks to the direct touch
        // first and never gets the stylus touch, so it never has two fingers.
        #expect(lines == ["0.100 pen: ended", "0.600 pen: ended"])
    }

    @Test func transitionsCanBeObservedForLogging() {
        let h = EngineHarness()
        let tap = TapGestureRecognizer(name: "tap")
        h.engine.add(tap)
        var seen: [String] = []
        h.engine.transitionObserver = { seen.append($0.description) }
        h.frame(0, [(1, .began, 10, 10)])
        h.frame(0.1, [(1, .ended, 10, 10)])
        #expect(seen == ["tap: possible -> ended, touches ended #1: tap 1 of 1 lifted", "tap: ended -> possible, reset"])
    }

    /// The log says what caused each change: the touches or the deadline, the recognizer's own words, the
    /// recognizer waited for or excluded by, and a touch a recognizer was not given.
    @Test func theExplanationNamesEveryCause() throws {
        let lines = try Trace.run("""
            units mm
            tap single
            tap double taps=2
            require single fail double
            pan pan
            0.00 down 1 10 10
            0.10 up 1
            0.20 down 2 30 10
            0.30 up 2
            1.00 down 3 10 10
            1.05 move 3 20 10
            1.10 up 3
            """, explain: true).filter { !$0.hasSuffix(", reset") && !$0.contains("surface:") }
        #expect(lines == [
            "0.100 # single: possible -> ended, touches ended #1: tap 1 of 1 lifted",
            "0.100 # pan: possible -> failed, touches ended #1: its fingers lifted before it began",
            "0.100 # single: ended, waiting for double to fail",
            "0.200 # single: ended, touch #2 not received: it is ended until its group resets",
            "0.200 # double: possible -> failed, touches began #2: landed 20.0 mm from the first tap > 7.2 mm",
            "0.200 single: ended",
            "0.300 # pan: possible -> failed, touches ended #2: its fingers lifted before it began",
            "1.050 # single: possible -> failed, touches moved #3: moved 10.0 mm > 7.2 mm",
            "1.050 # double: possible -> failed, touches moved #3: moved 10.0 mm > 7.2 mm",
            "1.050 # pan: possible -> began, touches moved #3: moved 10.0 mm >= 1.6 mm along an axis",
            "1.050 pan: began",
            "1.100 # pan: began -> ended, touches ended #3: its last finger lifted",
            "1.100 pan: ended",
        ])

        let double = try Trace.run("""
            tap single
            tap double taps=2
            require single fail double
            0.00 down 1 10 10
            0.10 up 1
            0.20 down 2 10 10
            0.30 up 2
            """, explain: true)
        #expect(double.contains("0.300 # single: ended -> failed, excluded by double"))
    }

    @Test func aTouchFirstSeenMovingBeginsThereAndAnUnknownLiftIsIgnored() {
        let h = EngineHarness()
        h.engine.add(PanGestureRecognizer(name: "pan"))
        var events: [EngineEvent] = []
        let t0 = Timestamp(seconds: 0)
        h.engine.process(TouchFrame(timestamp: t0, touches: [Touch(id: 7, phase: .moved, location: Point(x: 5, y: 5), timestamp: t0)]), into: &events)
        let t1 = Timestamp(seconds: 0.1)
        h.engine.process(TouchFrame(timestamp: t1, touches: [Touch(id: 9, phase: .ended, location: Point(x: 5, y: 5), timestamp: t1)]), into: &events)
        let deliveries = events.compactMap { event -> String? in
            if case .touch(let d) = event { return "\(d.phase) \(d.touch.id)" }
            return nil
        }
        #expect(deliveries == ["began 7"])
    }
}
