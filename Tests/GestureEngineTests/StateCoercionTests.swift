import GestureEngine
import Testing

// Section A (docs/engine.md): the state machine, its coercions (rules 1-8) and the base properties, driven by a
// custom recognizer that sets whatever state the test tells it to.

@Suite struct StateCoercionTests {
    static let table: [Row] = [
        // The plain paths.
        Row(name: "possible -> began", steps: [[.began]], actions: [[.began]], readBack: [.began]),
        Row(
            name: "began -> changed -> ended", steps: [[.began], [.changed], [.ended]],
            actions: [[.began], [.changed], [.ended]], readBack: [.ended]),
        Row(
            name: "began -> cancelled", steps: [[.began], [.cancelled]], actions: [[.began], [.cancelled]],
            readBack: [.cancelled]),
        Row(name: "possible -> recognized: ended only", steps: [[.ended]], actions: [[.ended]], readBack: [.ended]),
        Row(name: "possible -> failed: no action", steps: [[.failed]], actions: [[]], readBack: [.failed]),
        // Rule 1.
        Row(name: "1. possible -> changed becomes began", steps: [[.changed]], actions: [[.began]], readBack: [.began]),
        // Rule 2.
        Row(
            name: "2. possible -> cancelled becomes failed", steps: [[.cancelled]], actions: [[]], readBack: [.failed]),
        // Rule 3.
        Row(
            name: "3. began -> began becomes changed", steps: [[.began], [.began]], actions: [[.began], [.changed]],
            readBack: [.changed]),
        Row(
            name: "3. began -> began within one frame", steps: [[.began, .began]], actions: [[.began, .changed]],
            readBack: [.began, .changed]),
        // Rule 4.
        Row(
            name: "4. began -> failed becomes cancelled", steps: [[.began], [.failed]], actions: [[.began], [.cancelled]],
            readBack: [.cancelled]),
        Row(
            name: "4. changed -> failed becomes cancelled", steps: [[.began], [.changed], [.failed]],
            actions: [[.began], [.changed], [.cancelled]], readBack: [.cancelled]),
        // Rule 5. The spec says only "stays changed"; changed -> began is an update (another changed action,
        // like rule 3), changed -> possible is no update (no action), as the engine documents.
        Row(
            name: "5. changed -> possible stays changed", steps: [[.began], [.changed], [.possible]],
            actions: [[.began], [.changed], []], readBack: [.changed]),
        Row(
            name: "5. changed -> began stays changed", steps: [[.began], [.changed], [.began]],
            actions: [[.began], [.changed], [.changed]], readBack: [.changed]),
        // Rule 6.
        Row(
            name: "6. nothing leaves ended", steps: [[.ended, .possible, .began, .changed, .cancelled, .failed]],
            actions: [[.ended]], readBack: Array(repeating: .ended, count: 6)),
        Row(
            name: "6. nothing leaves ended after began", steps: [[.began], [.ended, .changed, .began, .cancelled]],
            actions: [[.began], [.ended]], readBack: Array(repeating: .ended, count: 4)),
        Row(
            name: "6. nothing leaves cancelled",
            steps: [[.began], [.cancelled, .possible, .began, .changed, .ended, .failed]],
            actions: [[.began], [.cancelled]], readBack: Array(repeating: .cancelled, count: 6)),
        Row(
            name: "6. nothing leaves failed", steps: [[.failed, .possible, .began, .changed, .ended, .cancelled]],
            actions: [[]], readBack: Array(repeating: .failed, count: 6)),
        // Rule 7.
        Row(name: "7. possible -> possible is ignored", steps: [[.possible]], actions: [[]], readBack: [.possible]),
        Row(
            name: "7. changed -> changed sends another action", steps: [[.began], [.changed], [.changed, .changed]],
            actions: [[.began], [.changed], [.changed, .changed]], readBack: [.changed, .changed]),
    ]

    @Test(arguments: table)
    func coercion(_ row: Row) {
        let r = Scripted(name: "r")
        r.moves = row.steps
        let rig = Rig(r)
        #expect(actionStates(rig.frame(0, .down(1, 10, 10))).isEmpty)
        for (i, wanted) in row.actions.enumerated() {
            let events = rig.frame(0.1 * Double(i + 1), .move(1, 10 + Double(i + 1), 10))
            #expect(actionStates(events) == wanted, "frame \(i + 1)")
        }
        #expect(r.readBack.last == row.readBack)
        if row.finalState.isTerminal {
            // Reset once, at the end of the pass that ended it, with no action for the return to possible.
            #expect(r.state == .possible)
            #expect(r.resetCalls == 1)
            #expect(rig.transitions.last.map { $0.to == .possible && $0.cause == .reset } == true)
        } else {
            #expect(r.state == row.finalState)
            #expect(r.resetCalls == 0)
        }
        // Nothing more comes of the rest of the touch.
        let after = rig.frame(1.0, .move(1, 30, 10))
        #expect(actionStates(after).isEmpty)
    }

    @Test func settingPossibleWhilePossibleRecordsNoTransition() {
        let r = Scripted(name: "r")
        r.moves = [[.possible, .possible]]
        let rig = Rig(r)
        rig.frame(0, .down(1, 10, 10))
        rig.frame(0.1, .move(1, 11, 10))
        #expect(rig.transitions.isEmpty)
        #expect(r.state == .possible)
    }

    @Test func anEndedActionAfterChangedUpdatesIsSentOnceWithEachChangeBeforeIt() {
        // Several requests in one frame: each changed is an update, all sent in order at the end of the pass.
        let r = Scripted(name: "r")
        r.moves = [[.began, .changed, .changed, .ended]]
        let rig = Rig(r)
        rig.frame(0, .down(1, 10, 10))
        #expect(actionStates(rig.frame(0.1, .move(1, 11, 10))) == [.began, .changed, .changed, .ended])
    }

    // MARK: Rule 8: shouldBegin

    @Test(arguments: [GestureState.began, .changed, .ended])
    func shouldBeginNoMakesLeavingPossibleFail(_ requested: GestureState) {
        let r = Scripted(name: "r")
        let delegate = ShouldBegin(answer: false)
        r.delegate = delegate
        r.moves = [[requested]]
        let rig = Rig(r)
        var events = rig.frame(0, .down(1, 10, 10))
        events += rig.frame(0.1, .move(1, 11, 10))
        #expect(actionStates(events).isEmpty)
        #expect(r.readBack == [[.failed]])
        #expect(delegate.asked == 1)
        #expect(rig.transitions.contains { $0.from == .possible && $0.to == .failed && $0.cause == .shouldBeginDenied })
        #expect(r.state == .possible)
        #expect(r.resetCalls == 1)
        // The region gets plain touches: never a cancel (F40).
        events += rig.frame(0.2, .move(1, 12, 10))
        events += rig.frame(0.3, .up(1))
        #expect(regionDeliveries(events) == ["1 began", "1 moved", "1 moved", "1 ended"])
    }

    @Test func shouldBeginYesIsAskedOnceWhenLeavingPossible() {
        let r = Scripted(name: "r")
        let delegate = ShouldBegin(answer: true)
        r.delegate = delegate
        r.moves = [[.began], [.changed], [.began], [.ended]]
        let rig = Rig(r)
        var events = rig.frame(0, .down(1, 10, 10))
        for i in 1...4 { events += rig.frame(0.1 * Double(i), .move(1, 10 + Double(i), 10)) }
        #expect(actionStates(events) == [.began, .changed, .changed, .ended])
        #expect(delegate.asked == 1)
    }

    @Test func shouldBeginYesForADiscreteRecognition() {
        let r = Scripted(name: "r")
        let delegate = ShouldBegin(answer: true)
        r.delegate = delegate
        r.onEnded = [.ended]
        let rig = Rig(r)
        var events = rig.frame(0, .down(1, 10, 10))
        events += rig.frame(0.1, .up(1))
        #expect(actionStates(events) == [.ended])
        #expect(delegate.asked == 1)
    }

    @Test(arguments: [GestureState.failed, .cancelled, .possible])
    func shouldBeginIsNotAskedWhenNotBeginning(_ requested: GestureState) {
        let r = Scripted(name: "r")
        let delegate = ShouldBegin(answer: true)
        r.delegate = delegate
        r.moves = [[requested]]
        let rig = Rig(r)
        rig.frame(0, .down(1, 10, 10))
        rig.frame(0.1, .move(1, 11, 10))
        #expect(delegate.asked == 0)
    }

    // MARK: Enabled

    @Test func disablingDuringPossibleFailsWithNoAction() {
        let r = Scripted(name: "r")
        r.moves = [[], [.began]]
        let rig = Rig(r)
        var events = rig.frame(0, .down(1, 10, 10))
        rig.frame(0.1, .move(1, 11, 10))
        r.isEnabled = false
        let atDisable = rig.advance(0.15)
        #expect(actionStates(atDisable).isEmpty)
        #expect(rig.transitions.contains { $0.from == .possible && $0.to == .failed && $0.cause == .disabled })
        #expect(r.state == .possible)
        #expect(r.resetCalls == 1)
        // It hears nothing more of the touch; the region gets the rest, ended included, never a cancel.
        events += rig.frame(0.2, .move(1, 12, 10))
        events += rig.frame(0.3, .up(1))
        #expect(actionStates(events).isEmpty)
        #expect(r.received == ["began 1", "moved 1"])
        #expect(regionDeliveries(events) == ["1 began", "1 moved", "1 ended"])
        // Disabled, it receives no new touch (R1); enabled again, it does.
        rig.frame(1.0, .down(2, 10, 10))
        rig.frame(1.1, .up(2))
        #expect(r.received == ["began 1", "moved 1"])
        r.isEnabled = true
        rig.frame(2.0, .down(3, 10, 10))
        #expect(r.received == ["began 1", "moved 1", "began 3"])
    }

    @Test(arguments: [GestureState.began, .changed], [false, true])
    func disablingDuringAGestureSendsCancelled(_ during: GestureState, reportedByAFrame: Bool) {
        let r = Scripted(name: "r")
        r.moves = during == .began ? [[.began], [], [.changed]] : [[.began], [.changed], [.changed]]
        let rig = Rig(r)
        rig.frame(0, .down(1, 10, 10))
        #expect(actionStates(rig.frame(0.1, .move(1, 11, 10))) == [.began])
        #expect(actionStates(rig.frame(0.2, .move(1, 12, 10))) == (during == .began ? [] : [.changed]))
        #expect(r.state == during)
        r.isEnabled = false
        let atDisable = reportedByAFrame ? rig.frame(0.25, .move(1, 13, 10)) : rig.advance(0.25)
        #expect(actionStates(atDisable) == [.cancelled])
        #expect(rig.transitions.contains { $0.from == during && $0.to == .cancelled && $0.cause == .disabled })
        #expect(r.state == .possible)
        #expect(r.resetCalls == 1)
        // A disabled recognizer is not told of the frame's move.
        #expect(r.received == ["began 1", "moved 1", "moved 1"])
        // Nothing afterwards (F42).
        var after = rig.frame(0.3, .move(1, 14, 10))
        after += rig.frame(0.4, .up(1))
        #expect(actionStates(after).isEmpty)
    }

    @Test func disablingWhileHeldBackByAFailureRequirementFailsWithNoAction() {
        // It began internally but never sent an action: nothing to cancel, it simply fails.
        let a = Scripted(name: "a")
        let b = Scripted(name: "b")
        a.require(toFail: b)
        a.moves = [[.began]]
        let rig = Rig(a, b)
        rig.frame(0, .down(1, 10, 10))
        #expect(actionStates(rig.frame(0.1, .move(1, 11, 10))).isEmpty)
        #expect(a.state == .began)
        a.isEnabled = false
        #expect(actionStates(rig.advance(0.15)).isEmpty)
        #expect(rig.transitions.contains { $0.recognizer == "a" && $0.to == .failed && $0.cause == .disabled })
    }

    @Test func disablingAnIdleRecognizerChangesNothing() {
        let r = Scripted(name: "r")
        let rig = Rig(r)
        r.isEnabled = false
        #expect(actionStates(rig.advance(0.1)).isEmpty)
        #expect(rig.transitions.isEmpty)
        #expect(r.resetCalls == 0)
    }

    // MARK: Reset

    enum Ending: String, CaseIterable, Sendable {
        case recognized, ended, cancelled, failed, cancelledFailure, shouldBeginDenied, abandoned
    }

    @Test(arguments: Ending.allCases)
    func resetIsCalledExactlyOnceThenBackToPossible(_ ending: Ending) {
        let r = Scripted(name: "r")
        var delegate: ShouldBegin?
        switch ending {
        case .recognized: r.moves = [[.ended]]
        case .ended: r.moves = [[.began], [.ended]]
        case .cancelled: r.moves = [[.began], [.cancelled]]
        case .failed: r.moves = [[.failed]]
        case .cancelledFailure: r.moves = [[.began], [.failed]]
        case .shouldBeginDenied:
            delegate = ShouldBegin(answer: false)
            r.delegate = delegate
            r.moves = [[.began]]
        case .abandoned: break  // Still possible when the touch lifts: the engine fails it.
        }
        let rig = Rig(r)
        rig.frame(0, .down(1, 10, 10))
        rig.frame(0.1, .move(1, 11, 10))
        rig.frame(0.2, .move(1, 12, 10))
        if ending == .abandoned {
            #expect(r.resetCalls == 0)
            rig.frame(0.3, .up(1))
            #expect(rig.transitions.contains { $0.to == .failed && $0.cause == .abandoned })
        }
        #expect(r.resetCalls == 1)
        #expect(r.state == .possible)
        #expect(r.numberOfTouches == 0)
        let resets = rig.transitions.filter { $0.cause == .reset }
        #expect(resets.count == 1)
        #expect(resets.first.map { $0.from.isTerminal && $0.to == .possible } == true)
        // The rest of the sequence is ignored by the recognizer (touches down at reset), and resets no more.
        let receivedAtReset = r.received.count
        var after: [EngineEvent] = []
        if ending != .abandoned {
            after += rig.frame(0.4, .move(1, 20, 10))
            after += rig.frame(0.5, .up(1))
        }
        after += rig.advance(1.0)
        #expect(r.received.count == receivedAtReset)
        #expect(actionStates(after).isEmpty)
        #expect(r.resetCalls == 1)
        withExtendedLifetime(delegate) {}  // `delegate` is weak on the recognizer.
    }

    @Test func aResetRecognizerTakesPartInTheNextSequence() {
        let r = Scripted(name: "r")
        r.moves = [[.failed], [.began]]
        let rig = Rig(r)
        var events = rig.frame(0, .down(1, 10, 10))
        events += rig.frame(0.1, .move(1, 11, 10))
        events += rig.frame(0.2, .up(1))
        events += rig.frame(1.0, .down(2, 10, 10))
        events += rig.frame(1.1, .move(2, 11, 10))
        #expect(actionStates(events) == [.began])
        #expect(r.received == ["began 1", "moved 1", "began 2", "moved 2"])
    }

    // MARK: Deadlines and abandoned attempts

    @Test func aStateSetAtADeadlineIsCoercedAndSentThen() {
        // possible -> changed becomes began (rule 1) with no touch event (R12).
        let r = Scripted(name: "r")
        r.deadlineAt = 0.5
        r.onDeadline = [.changed]
        let rig = Rig(r)
        rig.frame(0, .down(1, 10, 10))
        #expect(actionStates(rig.advance(0.4)).isEmpty)
        let atDeadline = rig.advance(0.6)
        #expect(actionNames(atDeadline) == ["r began"])
        #expect(atDeadline.first.map { if case .action(let a) = $0 { a.time == .seconds(0.5) } else { false } } == true)
        #expect(r.state == .began)
    }

    @Test func aPendingDeadlineKeepsAnAttemptWithNoTouchDownAlive() {
        // Not abandoned at the lift: it is recognized at its deadline, and the held ended becomes a cancel.
        let r = Scripted(name: "r")
        r.deadlineAt = 0.5
        r.onDeadline = [.ended]
        let rig = Rig(r)
        var events = rig.frame(0, .down(1, 10, 10))
        events += rig.frame(0.1, .up(1))
        #expect(!rig.transitions.contains { $0.cause == .abandoned })
        #expect(r.state == .possible)
        #expect(r.resetCalls == 0)
        events += rig.advance(1.0)
        #expect(actionNames(events) == ["r ended"])
        #expect(regionDeliveries(events) == ["1 began", "1 cancelled"])
        #expect(r.resetCalls == 1)
    }

    @Test func anAttemptWithNoTouchDownIsAbandonedOnceItsDeadlineHasPassed() {
        let r = Scripted(name: "r")
        r.deadlineAt = 0.5
        let rig = Rig(r)
        var events = rig.frame(0, .down(1, 10, 10))
        events += rig.frame(0.1, .up(1))
        events += rig.advance(1.0)
        #expect(actionStates(events).isEmpty)
        #expect(rig.transitions.contains { $0.to == .failed && $0.cause == .abandoned && $0.time == .seconds(0.5) })
        #expect(regionDeliveries(events) == ["1 began", "1 ended"])
        #expect(r.resetCalls == 1)
    }

    // MARK: The synthetic began

    @Test func aContinuousGestureEndedWhileHeldBackSendsASyntheticBeganFirst() {
        let a = Scripted(name: "a")
        let b = Scripted(name: "b")
        a.require(toFail: b)
        a.moves = [[.began], [.changed], [.ended]]
        b.moves = [[], [], [], [.failed]]
        let rig = Rig(a, b)
        rig.frame(0, .down(1, 10, 10))
        #expect(actionNames(rig.frame(0.1, .move(1, 11, 10))).isEmpty)
        #expect(actionNames(rig.frame(0.2, .move(1, 12, 10))).isEmpty)
        #expect(actionNames(rig.frame(0.3, .move(1, 13, 10))).isEmpty)
        #expect(a.resetCalls == 0)  // Reset waits for b to decide.
        #expect(actionNames(rig.frame(0.4, .move(1, 14, 10))) == ["a began", "a ended"])
        #expect(a.resetCalls == 1)
        #expect(b.resetCalls == 1)
    }

    // MARK: ignore(touch)

    @Test func anIgnoredTouchIsNotCountedAndTheRegionKeepsIt() {
        let r = Scripted(name: "r")
        r.beganHook = { recognizer, touches in
            for touch in touches where touch.id == 2 { recognizer.ignore(touch) }
        }
        r.moves = [[], [.began]]
        r.onEnded = [.ended]
        let rig = Rig(r)
        var events = rig.frame(0, .down(1, 10, 10))
        events += rig.frame(0.05, .down(2, 30, 10))
        #expect(r.numberOfTouches == 1)
        events += rig.frame(0.1, .move(1, 11, 10), .move(2, 31, 10))
        let atBegan = rig.frame(0.15, .move(1, 12, 10))
        let began = atBegan.compactMap { event -> GestureAction? in
            if case .action(let action) = event { return action }
            return nil
        }
        #expect(began.map(\.state) == [.began])
        #expect(began.first?.numberOfTouches == 1)
        #expect(began.first?.location == Point(x: 12, y: 10))
        #expect(regionDeliveries(atBegan) == ["1 cancelled"])  // Only the tracked touch is cancelled.
        events += atBegan
        events += rig.frame(0.2, .move(2, 32, 10))
        events += rig.frame(0.25, .up(2))
        events += rig.frame(0.3, .up(1))
        #expect(actionStates(events) == [.began, .ended])
        #expect(r.received == ["began 1", "began 2", "moved 1", "moved 1", "ended 1"])
        #expect(regionDeliveries(events).filter { $0.hasPrefix("2 ") } == ["2 began", "2 moved", "2 moved", "2 ended"])
    }

    @Test func anIgnoredTouchsEndIsNotHeldByAnUndecidedRecognizer() {
        // delaysTouchesEnded holds the ended of tracked touches only (V2, V5).
        let r = Scripted(name: "r")
        r.beganHook = { recognizer, touches in
            for touch in touches where touch.id == 2 { recognizer.ignore(touch) }
        }
        let rig = Rig(r)
        rig.frame(0, .down(1, 10, 10))
        rig.frame(0.05, .down(2, 30, 10))
        #expect(regionDeliveries(rig.frame(0.1, .up(2))) == ["2 ended"])
        #expect(r.state == .possible)
        #expect(r.numberOfTouches == 1)
    }

    // MARK: Touch types

    @Test func aTouchTypeThatIsNotAllowedIsNeverDelivered() {
        let r = Scripted(name: "r")
        r.allowedTouchTypes = .direct
        let rig = Rig(r)
        let events = rig.frame(0, .down(1, 10, 10, .stylus))
        #expect(r.received.isEmpty)
        #expect(r.numberOfTouches == 0)
        #expect(regionDeliveries(events) == ["1 began"])
        rig.frame(0.1, .up(1))
        rig.frame(1.0, .down(2, 10, 10, .direct))
        #expect(r.received == ["began 2"])
    }

    @Test func aStylusAfterADirectTouchIsNotDelivered() {
        let r = Scripted(name: "r")
        #expect(r.requiresExclusiveTouchType)  // The default.
        r.moves = [[.began]]
        let rig = Rig(r)
        rig.frame(0, .down(1, 10, 10, .direct))
        let stylusDown = rig.frame(0.05, .down(2, 30, 10, .stylus))
        #expect(regionDeliveries(stylusDown) == ["2 began"])
        #expect(r.received == ["began 1"])
        #expect(r.numberOfTouches == 1)
        // Beginning cancels only its own touch; the stylus goes on as a plain touch.
        let atBegan = rig.frame(0.1, .move(1, 11, 10), .move(2, 31, 10))
        #expect(actionStates(atBegan) == [.began])
        #expect(regionDeliveries(atBegan) == ["1 cancelled", "2 moved"])
        #expect(r.received == ["began 1", "moved 1"])
    }

    @Test func withoutExclusiveTouchTypeTheStylusIsDelivered() {
        let r = Scripted(name: "r")
        r.requiresExclusiveTouchType = false
        let rig = Rig(r)
        rig.frame(0, .down(1, 10, 10, .direct))
        rig.frame(0.05, .down(2, 30, 10, .stylus))
        #expect(r.received == ["began 1", "began 2"])
        #expect(r.numberOfTouches == 2)
    }

    @Test func theTouchTypeLockEndsWithTheAttempt() {
        let r = Scripted(name: "r")
        let rig = Rig(r)
        rig.frame(0, .down(1, 10, 10, .direct))
        rig.frame(0.1, .up(1))  // Abandoned, failed, reset.
        rig.frame(1.0, .down(2, 10, 10, .stylus))
        rig.frame(1.05, .down(3, 30, 10, .direct))
        #expect(r.received == ["began 1", "ended 1", "began 2"])
        #expect(r.numberOfTouches == 1)
    }

    // MARK: locationOfTouch

    @Test func locationOfTouchForEachValidIndex() {
        let r = Scripted(name: "r")
        let rig = Rig(r)
        rig.frame(0, .down(1, 10, 20), .down(2, 30, 40))
        #expect(r.numberOfTouches == 2)
        #expect(r.location(ofTouch: 0) == Point(x: 10, y: 20))
        #expect(r.location(ofTouch: 1) == Point(x: 30, y: 40))
        #expect(r.location == Point(x: 20, y: 30))
        rig.frame(0.1, .move(2, 50, 40))
        #expect(r.location(ofTouch: 1) == Point(x: 50, y: 40))
        #expect(r.location == Point(x: 30, y: 30))
    }
}

// MARK: Helpers (nested, so that they cannot clash with other test files of this module)

extension StateCoercionTests {
    /// A custom recognizer that requests states on cue: `onBegan` at each touchesBegan, `moves[n]` at the
    /// n-th touchesMoved call, `onEnded` at each touchesEnded. It reads its state back after every request.
    final class Scripted: GestureRecognizer {
        var onBegan: [GestureState] = []
        var moves: [[GestureState]] = []
        var onEnded: [GestureState] = []
        /// Runs at touchesBegan before `onBegan` (to ignore a touch, say).
        var beganHook: ((Scripted, [Touch]) -> Void)?
        /// A wake-up asked for at the first touchesBegan, in seconds, and the states requested then.
        var deadlineAt: Double?
        var onDeadline: [GestureState] = []

        /// The state read back after each request, grouped by callback.
        private(set) var readBack: [[GestureState]] = []
        /// Every callback with the ids it carried: "began 1", "moved 1 2", "ended 2".
        private(set) var received: [String] = []
        private(set) var resetCalls = 0
        private var movedCalls = 0

        func request(_ states: [GestureState]) {
            guard !states.isEmpty else { return }
            var seen: [GestureState] = []
            for s in states {
                state = s
                seen.append(state)
            }
            readBack.append(seen)
        }

        private func log(_ phase: String, _ touches: [Touch]) {
            received.append(([phase] + touches.map { $0.id.description }).joined(separator: " "))
        }

        override func touchesBegan(_ touches: [Touch]) {
            log("began", touches)
            if let deadlineAt, received.count == 1 { deadline = Timestamp(seconds: deadlineAt) }
            beganHook?(self, touches)
            request(onBegan)
        }

        override func deadlineReached() {
            received.append("deadline")
            request(onDeadline)
        }

        override func touchesMoved(_ touches: [Touch]) {
            log("moved", touches)
            if movedCalls < moves.count { request(moves[movedCalls]) }
            movedCalls += 1
        }

        override func touchesEnded(_ touches: [Touch]) {
            log("ended", touches)
            request(onEnded)
        }

        override func touchesCancelled(_ touches: [Touch]) {
            log("cancelled", touches)
        }

        override func reset() {
            resetCalls += 1
        }
    }

    /// Answers shouldBegin and counts the questions.
    final class ShouldBegin: GestureRecognizerDelegate {
        let answer: Bool
        private(set) var asked = 0
        init(answer: Bool) { self.answer = answer }
        func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
            asked += 1
            return answer
        }
    }

    /// An engine on a 100 x 100 mm surface with recognizers on its root region, fed frame by frame.
    final class Rig {
        let engine = GestureEngine(surface: Size(width: 100, height: 100))
        private(set) var transitions: [Transition] = []
        private var down: [Touch] = []

        enum Change {
            case down(TouchID, Double, Double, TouchType = .direct)
            case move(TouchID, Double, Double)
            case up(TouchID)
        }

        init(_ recognizers: GestureRecognizer...) {
            for r in recognizers { engine.add(r) }
            engine.transitionObserver = { [weak self] in self?.transitions.append($0) }
        }

        /// One frame at `seconds`: the touches changed as listed, every other touch down sent as stationary.
        @discardableResult
        func frame(_ seconds: Double, _ changes: Change...) -> [EngineEvent] {
            let time = Timestamp(seconds: seconds)
            var sent: [Touch] = []
            for change in changes {
                switch change {
                case .down(let id, let x, let y, let type):
                    let touch = Touch(id: id, phase: .began, location: Point(x: x, y: y), timestamp: time, type: type)
                    down.append(touch)
                    sent.append(touch)
                case .move(let id, let x, let y):
                    let i = down.firstIndex { $0.id == id }!
                    down[i].previousLocation = down[i].location
                    down[i].location = Point(x: x, y: y)
                    down[i].phase = .moved
                    down[i].timestamp = time
                    sent.append(down[i])
                case .up(let id):
                    var touch = down.remove(at: down.firstIndex { $0.id == id }!)
                    touch.previousLocation = touch.location
                    touch.phase = .ended
                    touch.timestamp = time
                    sent.append(touch)
                }
            }
            for touch in down where !sent.contains(where: { $0.id == touch.id }) {
                var resting = touch
                resting.phase = .stationary
                resting.previousLocation = resting.location
                resting.timestamp = time
                sent.append(resting)
            }
            return engine.process(TouchFrame(timestamp: time, touches: sent))
        }

        func advance(_ seconds: Double) -> [EngineEvent] {
            engine.advance(to: Timestamp(seconds: seconds))
        }
    }

    /// The action states among `events`, optionally of one recognizer.
    func actionStates(_ events: [EngineEvent], of name: String? = nil) -> [GestureState] {
        events.compactMap { event in
            guard case .action(let action) = event, name == nil || action.recognizer == name else { return nil }
            return action.state
        }
    }

    /// Action messages as `name state`, in order.
    func actionNames(_ events: [EngineEvent]) -> [String] {
        events.compactMap { event in
            guard case .action(let action) = event else { return nil }
            return "\(action.recognizer) \(action.state)"
        }
    }

    /// Raw deliveries to regions as `ID phase`, in order.
    func regionDeliveries(_ events: [EngineEvent]) -> [String] {
        events.compactMap { event in
            guard case .touch(let delivery) = event else { return nil }
            return "\(delivery.touch.id) \(delivery.phase)"
        }
    }

    /// One row of the coercion table: the states requested at each move (one move per frame, 0.1 s apart,
    /// after a touch-down at 0), the actions each frame sends, and what the state reads right after the last
    /// frame's requests.
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var steps: [[GestureState]]
        var actions: [[GestureState]]
        var readBack: [GestureState]

        var testDescription: String { name }
        var finalState: GestureState { readBack.last! }
    }
}
