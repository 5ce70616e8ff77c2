/// The base of every recognizer, built-in or custom (UIGestureRecognizer plus UIGestureRecognizerSubclass).
///
/// A subclass overrides the `touches...` methods, `deadlineReached()` and `reset()`, and sets `state`;
/// the engine coerces each state change (section A, docs/engine.md), arbitrates between recognizers and sends
/// the actions. It asks for a wake-up by setting `deadline`: time is an input, never a sleep.
open class GestureRecognizer {
    /// An identifier for debugging and for clients.
    public let name: String
    /// The region this recognizer is attached to (its "view").
    public internal(set) weak var region: Region? {
        didSet { regionName = region?.name ?? "" }
    }
    /// The region's name, for every action: reading the weak reference cost a load through its side table and a
    /// release on the slow path each time.
    private(set) var regionName = ""
    public weak var delegate: (any GestureRecognizerDelegate)?
    /// Its name's number in the GestureRules it was last decided by, and that numbering's version.
    var rulesNumber = -1
    var rulesVersion: AnyObject?

    /// Cancel the region's touches when this recognizer begins or is recognized.
    public var cancelsTouchesInView = true
    /// Hold touch-began (and moves) from the region while this recognizer is undecided.
    public var delaysTouchesBegan = false
    /// Hold touch-ended from the region while this recognizer is undecided.
    public var delaysTouchesEnded = true
    /// The first touch type seen locks out other types until reset.
    public var requiresExclusiveTouchType = true
    public var allowedTouchTypes: TouchTypes = .all

    /// Disabling fails a possible attempt and cancels a gesture in progress (with its action); the engine
    /// reports it at its next `advance(to:)` or frame.
    public var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled else { return }
            if _state == .possible, isInPlay {
                force(.failed, cause: .disabled)
            } else if _state.isActive {
                force(.cancelled, cause: .disabled)
            }
        }
    }

    open var kind: GestureKind { .custom }

    /// The values reported with each action, besides location and number of touches.
    open var detail: GestureDetail { .none }

    /// The touches this recognizer tracks in the current attempt, ignored ones excluded. A touch that ends
    /// stays here, with phase ended, until the engine has finished the frame that ended it.
    @exclusivity(unchecked) public private(set) var trackedTouches: [Touch] = []

    /// The time of the event being handled (a frame, or a deadline).
    @exclusivity(unchecked) public internal(set) var now: Timestamp = .zero

    /// When this recognizer next wants `deadlineReached()`, with or without a touch event (rule R12).
    @exclusivity(unchecked) public var deadline: Timestamp? {
        // The engine keeps the earliest of its recognizers' deadlines until one changes.
        didSet { engine?.deadlineChanged() }
    }

    public init(name: String) {
        self.name = name
    }

    // MARK: State

    /// The current state. Setting it applies UIKit's coercions; leaving possible asks the delegate's
    /// shouldBegin first.
    public var state: GestureState {
        get { _state }
        set { requestState(newValue) }
    }

    /// Touches being tracked, ignored touches excluded.
    open var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the tracked touches; the last one known once they are gone.
    open var location: Point {
        centroid(of: trackedTouches) ?? lastLocation
    }

    /// The location of a tracked touch; `index` must be below `numberOfTouches`.
    public func location(ofTouch index: Int) -> Point {
        precondition(index < trackedTouches.count, "touch index \(index) out of range (\(trackedTouches.count) touches)")
        return trackedTouches[index].location
    }

    /// Stop tracking `touch`: this recognizer gets no more events for it, the region still gets them, and
    /// the touch is never cancelled because of this recognizer (rule V5).
    public func ignore(_ touch: Touch) {
        trackedTouches.removeAll { $0.id == touch.id }
        attempt.touchIDs.removeAll { $0 == touch.id }
    }

    /// Make this recognizer wait until `other` fails (require-to-fail). Requiring itself is ignored.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0 === other }) else { return }
        failureRequirements.append(other)
    }

    // MARK: To override

    open func touchesBegan(_ touches: [Touch]) {}
    open func touchesMoved(_ touches: [Touch]) {}
    open func touchesEnded(_ touches: [Touch]) {}
    open func touchesCancelled(_ touches: [Touch]) {}

    /// The deadline set earlier has come.
    open func deadlineReached() {}

    /// Back to possible after ended, cancelled or failed: forget the attempt.
    open func reset() {}

    /// Called when this recognizer's first action is finally sent after it waited for others to fail.
    open func didBeginAfterWaiting() {}

    /// Says why the state change that follows happens (`moved 8.1 mm > 7.2`), for the log that explains
    /// recognition (`gestured replay --explain`). The words are built only when someone reads that log.
    public func because(_ reason: @autoclosure () -> String) {
        if engine?.isExplaining == true { pendingReason = reason() }
    }

    /// Whether this recognizer beginning makes `other` fail. One-way; the default asks the delegate.
    open func canPrevent(_ other: GestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, canPrevent: other) ?? true
    }

    /// Whether `other` beginning makes this recognizer fail. One-way; the default asks the delegate.
    open func canBePrevented(by other: GestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, canBePreventedBy: other) ?? true
    }

    // MARK: Helpers for subclasses

    /// The centroid of the touches that are still down, or nil when none is.
    public func centroid(of touches: [Touch]) -> Point? {
        var sum = Point.zero
        var count = 0
        for touch in touches where !touch.phase.isFinal {
            sum += touch.location
            count += 1
        }
        return count == 0 ? nil : sum / Double(count)
    }

    /// The locations of the two tracked touches still down, when exactly two are.
    public func activePair() -> (Point, Point)? {
        guard activeTouchCount == 2 else { return nil }
        var first: Point?
        for touch in trackedTouches where !touch.phase.isFinal {
            if let first { return (first, touch.location) }
            first = touch.location
        }
        return nil
    }

    /// The ids of the two tracked touches still down, when exactly two are, in tracking order.
    public func activePairIDs() -> (TouchID, TouchID)? {
        guard activeTouchCount == 2 else { return nil }
        var first: TouchID?
        for touch in trackedTouches where !touch.phase.isFinal {
            if let first { return (first, touch.id) }
            first = touch.id
        }
        return nil
    }

    /// Where two tracked touches are, a touch that lifted in this frame included (at the place it lifted), so
    /// a value measured on a pair can take the pair's last movement before it changes.
    public func locations(of pair: (TouchID, TouchID)) -> (Point, Point)? {
        var first: Point?
        var second: Point?
        for touch in trackedTouches {
            if touch.id == pair.0 { first = touch.location } else if touch.id == pair.1 { second = touch.location }
        }
        guard let first, let second else { return nil }
        return (first, second)
    }

    /// The centroid of the tracked touches whose ids are in `ids`, those that lifted in this frame included.
    public func centroid(ofIDs ids: [TouchID]) -> Point? {
        var sum = Point.zero
        var count = 0
        for touch in trackedTouches where ids.contains(touch.id) {
            sum += touch.location
            count += 1
        }
        return count == 0 ? nil : sum / Double(count)
    }

    /// The ids of the tracked touches still down.
    public func activeTouchIDs(into ids: inout [TouchID]) {
        ids.removeFewKeepingCapacity()
        for touch in trackedTouches where !touch.phase.isFinal { ids.append(touch.id) }
    }

    /// For continuous gestures that last while any finger is down: when the last tracked finger has lifted,
    /// ends (or fails, if it never began) and returns true.
    public func endIfLastFingerLifted() -> Bool {
        guard activeTouchCount == 0 else { return false }
        because(state.isActive ? "its last finger lifted" : "its fingers lifted before it began")
        state = state.isActive ? .ended : .failed
        return true
    }

    /// Touches tracked and still down.
    public var activeTouchCount: Int {
        var count = 0
        for touch in trackedTouches where !touch.phase.isFinal { count += 1 }
        return count
    }

    // MARK: Engine bookkeeping

    /// Unowned: the engine holds its recognizers and sets this to nil when it lets one go or goes itself, and a
    /// weak reference cost a side-table load and a slow release at every state change.
    unowned(unsafe) var engine: GestureEngine?
    @exclusivity(unchecked) var _state: GestureState = .possible
    @exclusivity(unchecked) var lastLocation = Point.zero
    /// Static requirements (require(toFail:)).
    @exclusivity(unchecked) var failureRequirements: [GestureRecognizer] = []
    /// What the engine has decided and owes for the current attempt.
    @exclusivity(unchecked) var attempt = Attempt()
    /// The words of `because`, for the next state change.
    @exclusivity(unchecked) var pendingReason: String?
    /// Has touches in this frame's dispatch.
    @exclusivity(unchecked) var touchedThisFrame = false
    /// Position in the pass order (R11).
    @exclusivity(unchecked) var order = 0
    /// The engine's mark of the pass whose groups it found (resetFinishedGroups), and this one's index there.
    @exclusivity(unchecked) var groupVisit = 0
    @exclusivity(unchecked) var groupIndex = 0

    /// Something to decide: touches in this attempt, or a state other than possible.
    var isInPlay: Bool { !attempt.touchIDs.isEmpty || _state != .possible }

    /// In play and neither failed nor committed: others wait for it, touches it delays stay held.
    var isUndecided: Bool { isInPlay && !attempt.hasSentActions && _state != .failed }

    func requestState(_ requested: GestureState) {
        let old = _state
        guard var target = StateCoercion.coerce(from: old, to: requested) else { return }
        if old == .possible, target == .began || target == .ended,
            delegate?.gestureRecognizerShouldBegin(self) == false
        {
            target = .failed
            apply(target, cause: .shouldBeginDenied)
            return
        }
        apply(target, cause: .recognizer)
    }

    /// A change the engine imposes (exclusion, failure requirements, disabling): no shouldBegin, and a
    /// recognizer that has sent actions is cancelled rather than failed.
    func force(_ target: GestureState, cause: Transition.Cause) {
        if attempt.hasSentActions {
            guard !_state.isTerminal else { return }
            apply(target == .failed ? .cancelled : target, cause: cause)
        } else {
            // Whatever it reached internally was never announced: it simply fails.
            guard _state != .failed else { return }
            apply(.failed, cause: cause)
        }
    }

    private func apply(_ target: GestureState, cause: Transition.Cause) {
        let old = _state
        let reason = pendingReason
        pendingReason = nil
        _state = target
        switch target {
        case .began: attempt.passedBegan = true
        case .changed: attempt.pendingChanges += 1
        default: break
        }
        if let loc = centroid(of: trackedTouches) { lastLocation = loc }
        engine?.recognizerChanged(self, from: old, to: target, cause: cause, reason: reason)
    }

    func beginTracking(_ touch: Touch) {
        trackedTouches.append(touch)
        attempt.touchIDs.append(touch.id)
        attempt.placesVisited |= touch.placesVisited
        if attempt.lockedTouchType == nil { attempt.lockedTouchType = touch.type }
    }

    /// Takes the new state of every tracked touch that is in `frame` (touches that began in it are already
    /// tracked); true when one of them did more than stay still.
    func refreshTrackedTouches(from frame: [Touch]) -> Bool {
        var changed = false
        for i in trackedTouches.indices where trackedTouches[i].phase != .began {
            let id = trackedTouches[i].id
            for touch in frame where touch.id == id {
                trackedTouches[i] = touch
                attempt.placesVisited |= touch.placesVisited
                if touch.phase != .stationary { changed = true }
                break
            }
        }
        return changed
    }

    /// After a pass: lifted touches go, the rest become stationary until their next move.
    func settleTrackedTouches() {
        guard !trackedTouches.isEmpty else { return }
        if let loc = centroid(of: trackedTouches) { lastLocation = loc }
        var anyLifted = false
        for i in trackedTouches.indices {
            switch trackedTouches[i].phase {
            case .ended, .cancelled: anyLifted = true
            case .began, .moved: trackedTouches[i].phase = .stationary
            case .stationary: break
            }
        }
        if anyLifted { trackedTouches.removeAll { $0.phase.isFinal } }
    }

    func resetAttempt() {
        let old = _state
        reset()
        _state = .possible
        trackedTouches.removeFewKeepingCapacity()
        attempt.clear()
        deadline = nil
        engine?.recognizerChanged(self, from: old, to: .possible, cause: .reset)
    }

    func snapshot(state: GestureState, time: Timestamp) -> GestureAction {
        GestureAction(
            recognizer: name, region: regionName, time: time, location: location, numberOfTouches: numberOfTouches,
            placesVisited: attempt.placesVisited, detail: detail, kind: kind, state: state)
    }
}
