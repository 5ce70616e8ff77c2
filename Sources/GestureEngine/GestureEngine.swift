/// Runs UIKit's gesture recognizer model on touch frames from one device surface.
///
/// Feed it frames with `process(_:into:)` and wake it at `nextDeadline` with `advance(to:into:)`; it
/// appends action messages and raw touch deliveries to the caller's buffer. It keeps no clock of its own
/// and does no I/O, so a run is a pure function of its inputs.
///
/// One frame is one pass: touches go to recognizers (R1), every recognizer updates, arbitration decides
/// (R3-R6), actions are sent, then raw touches are delivered (R2, V1-V5), then finished recognizers reset.
public final class GestureEngine {
    /// The whole surface.
    public let root: Region
    /// Recognizers in pass order: deepest region first, then the order they were added (R11).
    @exclusivity(unchecked) public private(set) var recognizers: [GestureRecognizer] = [] {
        didSet {
            passOrder = recognizers.map { Unmanaged.passUnretained($0) }
            earliestDeadlineKnown = false
        }
    }
    /// `recognizers` unretained, for the walks of a pass (`eachRecognizer`).
    @exclusivity(unchecked) private var passOrder: [Unmanaged<GestureRecognizer>] = []
    /// Receives every recognizer state change, for debug logging.
    @exclusivity(unchecked) public var transitionObserver: ((Transition) -> Void)?

    @exclusivity(unchecked) public private(set) var now: Timestamp = .zero

    /// The shape matching (ShapeWork's steps) all of its shape recognizers may do in one call of `process` or
    /// `advance`, together: a drawing that cannot be decided within what is left fails, saying so. Unbounded unless
    /// the caller bounds it, as the daemon does for each connection's own engines (docs/protocol.md, Shape work):
    /// what one peer's shapes cost a frame is then known however many it added.
    @exclusivity(unchecked) public var shapeWorkPerCall = Int.max
    /// What is left of it in this call.
    @exclusivity(unchecked) var shapeWorkLeft = Int.max

    /// The device reports two fingers as the corners of their bounding box (a semi-multitouch touchpad): each
    /// finger's own motion is unknown, so two touchpad fingers are never a pinch or rotation here
    /// (docs/engine.md, "A scroll is never a pinch").
    public var fingersAreBoxCorners = false

    @exclusivity(unchecked) var records: [TouchRecord] = []
    @exclusivity(unchecked) var output: [EngineEvent] = []
    /// Events that arose between calls (a gesture in progress cancelled by removal), sent with the next.
    @exclusivity(unchecked) private var betweenCalls: [EngineEvent] = []
    private var nextRegionID = 1
    private var additionCounter = 0
    private var additionIndex: [ObjectIdentifier: Int] = [:]
    /// A recognizer changed outside a pass (disabled, removed): the next call runs a pass.
    @exclusivity(unchecked) private var dirty = false
    // Reused per recognizer and phase so that dispatch allocates nothing in steady state.
    @exclusivity(unchecked) private var scratchBegan: [Touch] = []
    @exclusivity(unchecked) private var scratchMoved: [Touch] = []
    @exclusivity(unchecked) private var scratchEnded: [Touch] = []
    @exclusivity(unchecked) private var scratchCancelled: [Touch] = []
    /// What a recognizer is handling while it changes state, for the transition log.
    @exclusivity(unchecked) private var input = Input.none
    private enum Input {
        case none
        case touches(TouchPhase)
        case deadline
    }
    /// The delegates of a new touch's receivers, while their failure requirements are decided (storage kept).
    @exclusivity(unchecked) private var delegates: [(any GestureRecognizerDelegate)?] = []
    // The groups of recognizers linked by failure requirements (resetFinishedGroups), found without allocating:
    // each recognizer's parent in the union-find, by its index in the pass, and whether its group is busy.
    @exclusivity(unchecked) var groupParent: [Int] = []
    @exclusivity(unchecked) var groupBusy: [Bool] = []
    @exclusivity(unchecked) var groupGeneration = 0

    /// An engine for a surface of `size` millimetres; the root region is named `rootName`.
    public init(surface size: Size, rootName: String = "surface") {
        root = Region(id: 0, name: rootName, frame: Rect(x: 0, y: 0, width: size.width, height: size.height), parent: nil)
        scratchBegan.reserveCapacity(16)
        scratchMoved.reserveCapacity(16)
        scratchEnded.reserveCapacity(16)
        scratchCancelled.reserveCapacity(16)
        output.reserveCapacity(64)
        groupParent.reserveCapacity(16)
        groupBusy.reserveCapacity(16)
    }

    deinit {
        // Its recognizers hold it unowned: any that outlive it must not reach it.
        for recognizer in recognizers { recognizer.engine = nil }
    }

    // MARK: Configuration

    /// Adds a region inside `parent` (the root by default). Its frame must lie within the parent's.
    @discardableResult
    public func addRegion(name: String, frame: Rect, parent: Region? = nil) throws(RegionError) -> Region {
        let parent = parent ?? root
        guard parent.frame.contains(frame) else {
            throw .outsideParent(region: name, parent: parent.name)
        }
        let region = Region(id: nextRegionID, name: name, frame: frame, parent: parent)
        nextRegionID += 1
        return region
    }

    /// Attaches `recognizer` to `region` (the root by default).
    public func add(_ recognizer: GestureRecognizer, to region: Region? = nil) {
        let region = region ?? root
        precondition(recognizer.engine == nil, "\(recognizer.name) is already attached")
        recognizer.engine = self
        recognizer.region = region
        region.recognizers.append(recognizer)
        additionIndex[ObjectIdentifier(recognizer)] = additionCounter
        additionCounter += 1
        recognizers.append(recognizer)
        sortRecognizers()
    }

    /// Detaches `recognizer`. A gesture in progress is cancelled (its action is sent at the next call);
    /// others stop waiting for it.
    public func remove(_ recognizer: GestureRecognizer) {
        guard recognizer.engine === self else { return }
        if recognizer._state.isActive, recognizer.attempt.hasSentActions {
            betweenCalls.append(.action(recognizer.snapshot(state: .cancelled, time: now)))
        }
        recognizer.resetAttempt()  // Nothing holds its touches any more, and it can be added again.
        recognizers.removeAll { $0 === recognizer }
        recognizer.region?.recognizers.removeAll { $0 === recognizer }
        for other in recognizers {
            other.failureRequirements.removeAll { $0 === recognizer }
            other.attempt.requirements.removeAll { $0 === recognizer }
        }
        for i in records.indices {
            records[i].receivers.removeAll { $0 === recognizer }
        }
        additionIndex[ObjectIdentifier(recognizer)] = nil
        recognizer.engine = nil
        recognizer.region = nil
        dirty = true
    }

    /// Removes a region, its descendants and their recognizers.
    public func removeRegion(_ region: Region) {
        precondition(region !== root, "the root region cannot be removed")
        for child in region.children { removeRegion(child) }
        for recognizer in region.recognizers { remove(recognizer) }
        region.parent?.removeChild(region)
    }

    private func sortRecognizers() {
        recognizers.sort { a, b in
            let da = a.region?.depth ?? 0
            let db = b.region?.depth ?? 0
            if da != db { return da > db }
            return additionIndex[ObjectIdentifier(a)]! < additionIndex[ObjectIdentifier(b)]!
        }
        for (i, recognizer) in recognizers.enumerated() { recognizer.order = i }
    }

    /// Calls `body` with each recognizer in pass order. A pass walks them a dozen times a frame, and a loop over
    /// the array retained and released each one (a body that calls overridable methods and delegates could, as
    /// far as the compiler can tell, free one): here the lists are held for the walk, so that none can go while it
    /// lasts, and each recognizer is lent without counting.
    @inline(__always)
    func eachRecognizer(_ body: (GestureRecognizer) -> Void) {
        let kept = (recognizers, passOrder)
        for recognizer in kept.1 { recognizer._withUnsafeGuaranteedRef(body) }
        withExtendedLifetime(kept) {}
    }

    /// The first recognizer in pass order for which `test` holds, walked as `eachRecognizer` walks.
    @inline(__always)
    func firstRecognizer(where test: (GestureRecognizer) -> Bool) -> GestureRecognizer? {
        let kept = (recognizers, passOrder)
        defer { withExtendedLifetime(kept) {} }
        for recognizer in kept.1 where recognizer._withUnsafeGuaranteedRef(test) { return recognizer.takeUnretainedValue() }
        return nil
    }

    // MARK: Time

    /// The earliest moment the engine needs `advance(to:)`, or nil when nothing is pending; `now` while a
    /// change made between calls (a recognizer removed or disabled) has not been handled.
    public var nextDeadline: Timestamp? {
        // A recognizer removed or disabled between calls has an action to send (cancelled) at once.
        if dirty || !betweenCalls.isEmpty { return now }
        return earliestRecognizerDeadline
    }

    /// The earliest of the recognizers' deadlines, kept until one of them changes (`GestureRecognizer.deadline`
    /// says so) or the recognizers do: it is asked before every frame (the engine's and the daemon's deadlines
    /// fire first), and a walk of every recognizer cost 400 instructions a frame with the shipped configuration.
    private var earliestRecognizerDeadline: Timestamp? {
        if earliestDeadlineKnown { return earliestDeadline }
        var earliest: Timestamp?
        eachRecognizer { recognizer in
            if let d = recognizer.deadline, earliest == nil || d < earliest! { earliest = d }
        }
        earliestDeadline = earliest
        earliestDeadlineKnown = true
        return earliest
    }

    @exclusivity(unchecked) private var earliestDeadline: Timestamp?
    @exclusivity(unchecked) private var earliestDeadlineKnown = false

    /// A recognizer's deadline changed: the earliest is found again when next asked.
    func deadlineChanged() { earliestDeadlineKnown = false }

    /// Moves the clock to `time`, firing every deadline up to and including it, each at its own moment.
    public func advance(to time: Timestamp, into events: inout [EngineEvent]) {
        swap(&output, &events)
        shapeWorkLeft = shapeWorkPerCall
        takeEventsBetweenCalls()
        fireDeadlines(through: time, inclusive: true)
        if time > now { now = time }
        if dirty { runPass(at: now) }
        swap(&output, &events)
    }

    /// Handles one frame. Deadlines before the frame's time fire first; a deadline at exactly the frame's
    /// time fires after it, so an event at exactly a limit is still within it.
    public func process(_ frame: TouchFrame, into events: inout [EngineEvent]) {
        swap(&output, &events)
        shapeWorkLeft = shapeWorkPerCall
        takeEventsBetweenCalls()
        fireDeadlines(through: frame.timestamp, inclusive: false)
        if frame.timestamp > now { now = frame.timestamp }
        dispatch(frame)
        runPass(at: now)
        swap(&output, &events)
    }

    /// Convenience for tests and tools: the events of one frame as a new array.
    public func process(_ frame: TouchFrame) -> [EngineEvent] {
        var events: [EngineEvent] = []
        process(frame, into: &events)
        return events
    }

    public func advance(to time: Timestamp) -> [EngineEvent] {
        var events: [EngineEvent] = []
        advance(to: time, into: &events)
        return events
    }

    private func takeEventsBetweenCalls() {
        guard !betweenCalls.isEmpty else { return }
        output.append(contentsOf: betweenCalls)
        betweenCalls.removeAll()
    }

    private func fireDeadlines(through limit: Timestamp, inclusive: Bool) {
        while let due = earliestRecognizerDeadline, inclusive ? due <= limit : due < limit {
            if due > now { now = due }
            eachRecognizer { recognizer in
                guard recognizer.deadline == due else { return }
                recognizer.deadline = nil
                guard !recognizer._state.isTerminal else { return }
                recognizer.now = now
                input = .deadline
                recognizer.deadlineReached()
                input = .none
                // Time does not go back: a deadline re-armed at or before the moment it fired would fire
                // at that moment forever. It is dropped; a deadline fires at most once per moment.
                if let again = recognizer.deadline, again <= due { recognizer.deadline = nil }
            }
            runPass(at: now)
        }
    }

    // MARK: Dispatch (R1)

    private func dispatch(_ frame: TouchFrame) {
        for touch in frame.touches {
            if let index = recordIndex(of: touch.id) {
                updateRecord(at: index, with: touch)
            } else if !touch.phase.isFinal {
                // A touch first seen moving (a recording that starts mid-gesture) is taken as beginning here.
                var began = touch
                began.phase = .began
                began.previousLocation = touch.location
                startRecord(for: began)
            }
        }
        // Recognizers pick their touches out of the frame: only the few still tracking any do work, and
        // none of it walks a touch's list of receivers.
        eachRecognizer { recognizer in
            guard !recognizer.trackedTouches.isEmpty else { return }
            if recognizer.refreshTrackedTouches(from: frame.touches) { recognizer.touchedThisFrame = true }
            guard recognizer.touchedThisFrame else { return }
            recognizer.touchedThisFrame = false
            recognizer.now = now
            deliverPhases(to: recognizer)
        }
    }

    private func startRecord(for touch: Touch) {
        let region = root.hitTest(touch.location) ?? root
        let index = newRecord(touch: touch, region: region)
        var node: Region? = region
        while let current = node {
            for recognizer in current.recognizers {
                if let refused = refusal(recognizer, touch) {
                    if isExplaining, let why = refused.reason { note(recognizer, .touchNotReceived(touch.id), reason: why) }
                    continue
                }
                records[index].receivers.append(recognizer)
                recognizer.beginTracking(touch)
                recognizer.touchedThisFrame = true
            }
            node = current.parent
        }
        addAttemptRequirements(among: records[index].receivers)
    }

    /// Why a recognizer is not given a touch that lands in its region or below (R1).
    private enum Refusal {
        case disabled
        case finished(GestureState)
        case typeNotAllowed(TouchType)
        case typeLocked(TouchType)
        case delegate

        /// For the transition log; nil for a recognizer switched off, which has nothing to explain.
        var reason: String? {
            switch self {
            case .disabled: nil
            case .finished(let state): "it is \(state) until its group resets"
            case .typeNotAllowed(let type): "\(type) touches are not allowed"
            case .typeLocked(let locked): "it tracks \(locked) touches in this attempt"
            case .delegate: "its delegate said no"
            }
        }
    }

    /// Nil when `recognizer` receives `touch`; otherwise why not.
    private func refusal(_ recognizer: GestureRecognizer, _ touch: Touch) -> Refusal? {
        guard recognizer.isEnabled else { return .disabled }
        guard recognizer._state == .possible || recognizer._state.isActive else { return .finished(recognizer._state) }
        guard recognizer.allowedTouchTypes.contains(touch.type) else { return .typeNotAllowed(touch.type) }
        if recognizer.requiresExclusiveTouchType, let locked = recognizer.attempt.lockedTouchType, locked != touch.type {
            return .typeLocked(locked)
        }
        return recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) == false ? .delegate : nil
    }

    /// Receivers of a new touch up to which every pair's delegate is asked (below, a few hundred calls a touch).
    static let pairsAskedAtMost = 16

    /// Delegates decide failure requirements once per attempt, among the recognizers sharing a new touch. Each
    /// delegate is taken once (a weak reference: a side-table load and a slow release every time), not per pair.
    private func addAttemptRequirements(among receivers: [GestureRecognizer]) {
        guard receivers.count > 1 else { return }
        for receiver in receivers { delegates.append(receiver.delegate) }
        defer { delegates.removeAll(keepingCapacity: true) }
        guard delegates.contains(where: { $0 != nil }) else { return }
        // One delegate for all of them (a configured surface has one): asked through one local reference, which the
        // calls then need not retain and release each time (a slow release: a delegate is held weakly); a delegate
        // read from an array is retained around every call.
        if let shared = delegates[0], delegates.allSatisfy({ $0 === shared }) {
            // Many receivers of the configuration's rules: their relations' rows, not every pair, tell the
            // requirements (the same, in the same order).
            if receivers.count > Self.pairsAskedAtMost, let rules = shared as? GestureRules,
                rules.requirements(among: receivers, { i, j in
                    let (a, b) = (receivers[i], receivers[j])
                    if !a.attempt.requirements.contains(where: { $0 === b }) { a.attempt.requirements.append(b) }
                })
            {
                return
            }
            for a in receivers {
                for b in receivers where a !== b && !a.attempt.requirements.contains(where: { $0 === b }) {
                    let asks = shared.gestureRecognizer(a, shouldRequireFailureOf: b)
                    let offered = shared.gestureRecognizer(b, shouldBeRequiredToFailBy: a)
                    if asks || offered { a.attempt.requirements.append(b) }
                }
            }
            return
        }
        for (i, a) in receivers.enumerated() {
            for (j, b) in receivers.enumerated() where a !== b && !a.attempt.requirements.contains(where: { $0 === b }) {
                let asks = delegates[i]?.gestureRecognizer(a, shouldRequireFailureOf: b) ?? false
                let offered = delegates[j]?.gestureRecognizer(b, shouldBeRequiredToFailBy: a) ?? false
                if asks || offered { a.attempt.requirements.append(b) }
            }
        }
    }

    private func updateRecord(at index: Int, with touch: Touch) {
        records[index].touch = touch
        switch touch.phase {
        case .moved: records[index].movedThisFrame = true
        case .ended, .cancelled: records[index].lifted = true
        default: break
        }
    }

    /// UIKit's order within one event: began, moved, ended, cancelled; a recognizer that reaches a final
    /// state gets nothing more from the event.
    private func deliverPhases(to recognizer: GestureRecognizer) {
        // Emptied only when used: most frames bring one phase, and emptying an empty array still costs a call.
        scratchBegan.removeFewKeepingCapacity()
        scratchMoved.removeFewKeepingCapacity()
        scratchEnded.removeFewKeepingCapacity()
        scratchCancelled.removeFewKeepingCapacity()
        for touch in recognizer.trackedTouches {
            switch touch.phase {
            case .began: scratchBegan.append(touch)
            case .moved: scratchMoved.append(touch)
            case .ended: scratchEnded.append(touch)
            case .cancelled: scratchCancelled.append(touch)
            case .stationary: break
            }
        }
        if !scratchBegan.isEmpty {
            input = .touches(.began)
            recognizer.touchesBegan(scratchBegan)
        }
        if !scratchMoved.isEmpty, !recognizer._state.isTerminal {
            input = .touches(.moved)
            recognizer.touchesMoved(scratchMoved)
        }
        if !scratchEnded.isEmpty, !recognizer._state.isTerminal {
            input = .touches(.ended)
            recognizer.touchesEnded(scratchEnded)
        }
        if !scratchCancelled.isEmpty, !recognizer._state.isTerminal {
            input = .touches(.cancelled)
            recognizer.touchesCancelled(scratchCancelled)
        }
        input = .none
    }

    // MARK: Transitions

    func recognizerChanged(
        _ recognizer: GestureRecognizer, from old: GestureState, to new: GestureState, cause: Transition.Cause, reason: String? = nil
    ) {
        if recognizer.engine === self, cause == .disabled { dirty = true }
        guard let transitionObserver else { return }
        var cause = cause
        if cause == .recognizer {
            switch input {
            case .touches(let phase): cause = .touches(phase, touchIDs(in: phase))
            case .deadline: cause = .deadline
            case .none: break
            }
        }
        transitionObserver(Transition(recognizer: recognizer.name, from: old, to: new, cause: cause, reason: reason, time: now))
    }

    /// Whether anyone reads the transition log: recognizers word their reasons only then.
    var isExplaining: Bool { transitionObserver != nil }

    private func touchIDs(in phase: TouchPhase) -> [TouchID] {
        switch phase {
        case .began: scratchBegan.map(\.id)
        case .moved: scratchMoved.map(\.id)
        case .ended: scratchEnded.map(\.id)
        case .cancelled: scratchCancelled.map(\.id)
        case .stationary: []
        }
    }

    func runPass(at time: Timestamp) {
        dirty = false
        arbitrate()
        sendUpdates()
        deliverTouches()
        finishPass()
    }
}

public enum RegionError: Error, Equatable, CustomStringConvertible {
    case outsideParent(region: String, parent: String)

    public var description: String {
        switch self {
        case .outsideParent(let region, let parent): "region \(region) does not lie within its parent \(parent)"
        }
    }
}
