/// Recognizes fingers dragging (UIPanGestureRecognizer). Continuous.
///
/// Begins once at least `minimumNumberOfTouches` are down and the centroid has moved `startThreshold` on
/// either axis (decision: per axis, as UIKit measures, not straight-line); the threshold is then taken off
/// each axis so translation starts near zero. Translation follows the centroid of the fingers it was measured
/// with; when fingers join or leave it first takes their movement in that frame (a finger that lifts counts at
/// the place it lifted), then measures on from the new set, so it never jumps. Two touchpad fingers begin it only
/// once their own motions say scroll (`PairMotion`; docs/engine.md, "A pinch is never a scroll").
open class PanGestureRecognizer: GestureRecognizer {
    public var minimumNumberOfTouches = 1
    public var maximumNumberOfTouches = Int.max
    /// Millimetres per axis.
    public var startThreshold = Points.mm(10)

    // The attempt's state: unchecked for exclusivity (docs/daemon.md, What a frame costs).
    /// Cumulative since began, in millimetres.
    @exclusivity(unchecked) public private(set) var translation = Point.zero
    @exclusivity(unchecked) private var phase = Phase.idle
    /// The touches the origin was measured with.
    @exclusivity(unchecked) private var members: [TouchID] = []
    @exclusivity(unchecked) private var rate = SmoothedRate<Point>(newestWeight: 0.2)
    /// Two touchpad fingers: what their own motions say since the pair formed. A pan of two begins only on a
    /// scroll verdict (docs/engine.md, "A pinch is never a scroll").
    @exclusivity(unchecked) private var motion: PairMotion?

    private enum Phase {
        /// No finger has given it a place to measure from.
        case idle
        /// Translation is the centroid of `members` less `origin`.
        case measuring(origin: Point)
    }

    private var origin: Point? {
        if case .measuring(let origin) = phase { return origin }
        return nil
    }

    /// Millimetres per second, smoothed (0.2 newest, 0.8 previous; decision).
    public var velocity: Point { rate.rate }

    open override var kind: GestureKind { .pan }
    open override var detail: GestureDetail { .pan(translation: translation, velocity: velocity) }

    /// Sets the translation; the base moves and velocity is zero until the next sample.
    public func setTranslation(_ value: Point) {
        translation = value
        if let centroid = centroid(of: trackedTouches) {
            phase = .measuring(origin: centroid - value)
            activeTouchIDs(into: &members)
        }
        rate.restart(at: now, value: value)
    }

    /// Asked when the movement reaches the threshold; false makes the pan fail instead of beginning.
    open func thresholdReached() -> Bool { true }

    open override func touchesBegan(_ touches: [Touch]) {
        if state.isActive {
            for touch in touches where activeTouchCount > maximumNumberOfTouches { ignore(touch) }
        } else if activeTouchCount > maximumNumberOfTouches {
            because("\(activeTouchCount) fingers down, at most \(maximumNumberOfTouches)")
            state = .failed
            return
        }
        follow()
        rebase()
        formPair()
    }

    /// The pair's judge when exactly two touchpad fingers are down and the pan has not begun.
    private func formPair() {
        motion = nil
        guard state == .possible, let pair = activePairIDs() else { return }
        motion = pairMotion(pair, cornersAreFingers: true)
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard let centroid = centroid(of: trackedTouches) else { return }
        if state == .possible, activeTouchCount < minimumNumberOfTouches {
            // Not enough fingers yet: movement so far does not count.
            phase = .measuring(origin: centroid)
            activeTouchIDs(into: &members)
            translation = .zero
            rate.restart(at: now, value: translation)
            return
        }
        if origin == nil { rebase() }
        follow()
        guard let origin else { return }
        rate.sample(at: now, value: translation)
        if state == .possible {
            let reachedX = abs(translation.x) >= startThreshold - Tolerance.epsilon
            let reachedY = abs(translation.y) >= startThreshold - Tolerance.epsilon
            guard reachedX || reachedY else { return }
            // Touchpad fingers going different ways, or hardly moving, are no scroll yet.
            if motion != nil, let pair = activePairIDs(), let (p1, p2) = locations(of: pair), motion!.judge(p1, p2, at: now) != .scroll { return }
            guard thresholdReached() else {
                if pendingReason == nil { because("the threshold was reached but thresholdReached() said no") }
                state = .failed
                return
            }
            let shift = Point(x: clampedShift(translation.x), y: clampedShift(translation.y))
            phase = .measuring(origin: origin + shift)
            translation = translation - shift
            rate.shift(by: shift)
            because("moved \(max(abs(translation.x + shift.x), abs(translation.y + shift.y)).mmText) >= \(startThreshold.mmText) along an axis")
            state = .began
        } else if state.isActive {
            state = .changed
        }
    }

    private func clampedShift(_ d: Double) -> Double {
        let magnitude = min(abs(d), startThreshold)
        return d < 0 ? -magnitude : magnitude
    }

    open override func touchesEnded(_ touches: [Touch]) {
        if !endIfLastFingerLifted() {
            follow()
            rebase()
            formPair()
        }
    }

    open override func touchesCancelled(_ touches: [Touch]) {
        state = state.isActive ? .cancelled : .failed
    }

    /// Translation as the fingers it was measured with say, before the set changes.
    private func follow() {
        guard let origin, let centroid = centroid(ofIDs: members) else { return }
        translation = centroid - origin
    }

    /// Measures on from the fingers down now, keeping translation where it is.
    private func rebase() {
        guard let centroid = centroid(of: trackedTouches) else { return }
        if case .idle = phase { rate.restart(at: now, value: .zero) }
        phase = .measuring(origin: centroid - translation)
        activeTouchIDs(into: &members)
    }

    /// UIKit: a pan that waited for another recognizer to fail begins with translation zero.
    open override func didBeginAfterWaiting() {
        setTranslation(.zero)
    }

    open override func reset() {
        translation = .zero
        phase = .idle
        members.removeAll(keepingCapacity: true)
        rate.clear()
        motion = nil
    }
}
