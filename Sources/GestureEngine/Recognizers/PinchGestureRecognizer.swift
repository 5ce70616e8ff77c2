/// Recognizes two fingers moving apart or together (UIPinchGestureRecognizer). Continuous.
///
/// Begins when the finger distance has changed by `startThreshold`; the reference distance is shifted by
/// the threshold so scale is about 1 at began. Updates need exactly two fingers down; lifting one does not
/// end it, lifting both does; a new pair of fingers moves the reference so scale does not jump. Scale is
/// measured on one pair: when the fingers change, it first takes that pair's movement in the frame (a finger
/// that lifts counts where it lifted). On a touchpad it begins only once the fingers' own motions say pinch,
/// and fails on a scroll (`PairMotion`; docs/engine.md, "Touchpads: a scroll is never a pinch").
public final class PinchGestureRecognizer: GestureRecognizer {
    /// Millimetres of change in finger distance.
    public var startThreshold = Points.mm(8)

    // The attempt's state: unchecked for exclusivity (docs/daemon.md, What a frame costs).
    /// Current distance over reference distance.
    @exclusivity(unchecked) public private(set) var scale = 1.0
    @exclusivity(unchecked) private var phase = Phase.waiting

    private enum Phase {
        /// No two fingers yet.
        case waiting
        /// Two fingers `initial` millimetres apart: it begins once their distance has changed by the threshold.
        case measuring(initial: Double)
        /// Began: scale is the fingers' distance over `reference`.
        case scaling(reference: Double)
    }
    /// The fingers the distances are measured between.
    @exclusivity(unchecked) private var pair: (TouchID, TouchID)?
    @exclusivity(unchecked) private var rate = SmoothedRate<Double>(newestWeight: 0.25)
    /// Touchpad fingers only: what their motions say, since the pair formed.
    @exclusivity(unchecked) private var motion: PairMotion?

    /// Scale change per second (smoothed 0.75 previous, 0.25 newest).
    public var velocity: Double { rate.rate }

    public override var kind: GestureKind { .pinch }
    public override var detail: GestureDetail { .pinch(scale: scale, velocity: velocity) }

    /// Sets the scale; the reference moves and velocity is zero until the next sample.
    public func setScale(_ value: Double) {
        scale = value
        if let d = fingerDistance(), value > 0, state.isActive { phase = .scaling(reference: d / value) }
        rate.restart(at: now, value: value)
    }

    private func fingerDistance() -> Double? {
        guard let pair, let (p1, p2) = locations(of: pair) else { return nil }
        return p1.distance(to: p2)
    }

    private func fingersChanged() {
        pair = activePairIDs()
        guard let d = fingerDistance() else { return }
        if state == .possible {
            phase = .measuring(initial: d)
            motion = pair.flatMap { pairMotion($0) }
        } else if scale > 0 {
            phase = .scaling(reference: d / scale)
        }
    }

    /// Scale as the pair measured so far says, before the fingers change.
    private func follow() {
        guard state.isActive, let d = fingerDistance(), case .scaling(let reference) = phase else { return }
        scale = d / reference
    }

    public override func touchesBegan(_ touches: [Touch]) {
        follow()
        fingersChanged()
    }

    public override func touchesMoved(_ touches: [Touch]) {
        guard let d = fingerDistance() else { return }
        if state == .possible {
            guard case .measuring(let d0) = phase, mayBegin() else { return }
            let change = d - d0
            guard abs(change) >= startThreshold - Tolerance.epsilon else { return }
            let reference = d0 + (change < 0 ? -startThreshold : startThreshold)
            guard reference > Tolerance.epsilon else { return }
            phase = .scaling(reference: reference)
            scale = d / reference
            rate.restart(at: now, value: scale)
            because("the fingers' distance changed \(abs(change).mmText) >= \(startThreshold.mmText)")
            state = .began
        } else if state.isActive, case .scaling(let reference) = phase {
            scale = d / reference
            rate.sample(at: now, value: scale)
            state = .changed
        }
    }

    public override func touchesEnded(_ touches: [Touch]) {
        if !endIfLastFingerLifted() {
            follow()
            fingersChanged()
        }
    }

    /// Whether a touchpad's fingers may begin a pinch now; fails it on a scroll that can no longer turn.
    private func mayBegin() -> Bool {
        guard motion != nil, let pair, let (p1, p2) = locations(of: pair) else { return true }
        return judge(&motion!, p1, p2)
    }

    public override func touchesCancelled(_ touches: [Touch]) {
        state = state.isActive ? .cancelled : .failed
    }

    public override func reset() {
        scale = 1
        phase = .waiting
        pair = nil
        motion = nil
        rate.clear()
    }
}
