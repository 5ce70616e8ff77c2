import RealModule

/// Recognizes two fingers turning (UIRotationGestureRecognizer). Continuous.
///
/// The angle of the finger pair is atan2(y1 - y2, x2 - x1) with y down, and rotation = start - current,
/// so positive is clockwise on screen. It is unwrapped across ±π, so full turns count. Before it begins,
/// rotation must dominate the motion (weights below): when pinching or dragging dominates a sample, the
/// start angle follows the fingers. It begins past `baseThreshold + spreadThreshold * sqrt(min(|dd/d0|, 1))`
/// (d0 the starting finger distance, dd its change), which is then taken off. On a touchpad it begins only once
/// the fingers' own motions say pinch, and fails on a scroll (`PairMotion`; docs/engine.md, "Touchpads: a
/// scroll is never a pinch").
public final class RotationGestureRecognizer: GestureRecognizer {
    public var baseThreshold = 5.0 * .pi / 180
    public var spreadThreshold = 5.0 * .pi / 180
    public var rotationWeight = 1.0
    public var pinchWeight = 0.25
    public var translationWeight = 0.25

    // The attempt's state: unchecked for exclusivity (docs/daemon.md, What a frame costs).
    /// Radians since the start, clockwise positive.
    @exclusivity(unchecked) public private(set) var rotation = 0.0
    @exclusivity(unchecked) private var startAngle = 0.0
    /// The pair's angle, unwrapped, and its raw value at the last sample.
    @exclusivity(unchecked) private var angle = 0.0
    @exclusivity(unchecked) private var phase = Phase.waiting
    @exclusivity(unchecked) private var initialDistance = 0.0
    @exclusivity(unchecked) private var rate = SmoothedRate<Double>(newestWeight: 0.25)
    /// Touchpad fingers only: what their motions say, since the pair formed.
    @exclusivity(unchecked) private var motion: PairMotion?

    private enum Phase {
        /// Not two fingers: nothing to measure.
        case waiting
        /// Measuring between the fingers of `pair`: their raw angle, distance and midpoint at the last sample.
        case measuring(pair: (TouchID, TouchID), rawAngle: Double, distance: Double, centroid: Point)
    }

    /// Radians per second, smoothed 0.75 / 0.25.
    public var velocity: Double { rate.rate }

    public override var kind: GestureKind { .rotation }
    public override var detail: GestureDetail { .rotation(rotation: rotation, velocity: velocity) }

    /// Sets the rotation; the start angle moves and velocity is zero until the next sample.
    public func setRotation(_ value: Double) {
        rotation = value
        startAngle = angle + value
        rate.restart(at: now, value: value)
    }

    private static func rawAngle(_ p1: Point, _ p2: Point) -> Double {
        Double.atan2(y: p1.y - p2.y, x: p2.x - p1.x)
    }

    /// A new pair of fingers: measure from here, keeping the rotation so far.
    private func fingersChanged() {
        guard let pair = activePairIDs(), let (p1, p2) = locations(of: pair) else {
            phase = .waiting
            return
        }
        startAngle = angle + rotation
        let distance = p1.distance(to: p2)
        if state == .possible {
            initialDistance = distance
            motion = pairMotion(pair)
        }
        phase = .measuring(pair: pair, rawAngle: Self.rawAngle(p1, p2), distance: distance, centroid: (p1 + p2) / 2)
    }

    /// Rotation as the pair measured so far says, before the fingers change.
    private func follow() {
        guard state.isActive, case .measuring(let pair, let previousRaw, _, _) = phase, let (p1, p2) = locations(of: pair) else {
            return
        }
        angle += Self.wrapped(Self.rawAngle(p1, p2) - previousRaw)
        rotation = startAngle - angle
    }

    public override func touchesBegan(_ touches: [Touch]) {
        follow()
        fingersChanged()
    }

    public override func touchesMoved(_ touches: [Touch]) {
        guard case .measuring(let pair, let previousRaw, let lastDistance, let lastCentroid) = phase,
            let (p1, p2) = locations(of: pair)
        else { return }
        let raw = Self.rawAngle(p1, p2)
        let delta = Self.wrapped(raw - previousRaw)
        angle += delta
        let distance = p1.distance(to: p2)
        let centroid = (p1 + p2) / 2
        phase = .measuring(pair: pair, rawAngle: raw, distance: distance, centroid: centroid)
        if state == .possible {
            let turning = rotationWeight * abs(delta) * distance / 2
            let other = pinchWeight * abs(distance - lastDistance) + translationWeight * centroid.distance(to: lastCentroid)
            if turning < other { startAngle += delta }
            let candidate = startAngle - angle
            let spread = initialDistance > 0 ? min(abs(distance - initialDistance) / initialDistance, 1) : 1
            let threshold = baseThreshold + spreadThreshold * spread.squareRoot()
            let mayBegin = motion == nil || judge(&motion!, p1, p2)
            guard mayBegin, abs(candidate) >= threshold - Tolerance.epsilon else { return }
            startAngle -= candidate < 0 ? -threshold : threshold
            rotation = startAngle - angle
            rate.restart(at: now, value: rotation)
            because("turned \(abs(candidate).degreesText) >= \(threshold.degreesText)")
            state = .began
        } else if state.isActive {
            rotation = startAngle - angle
            rate.sample(at: now, value: rotation)
            state = .changed
        }
    }

    private static func wrapped(_ a: Double) -> Double {
        var a = a
        while a > .pi { a -= 2 * .pi }
        while a <= -.pi { a += 2 * .pi }
        return a
    }

    public override func touchesEnded(_ touches: [Touch]) {
        if !endIfLastFingerLifted() {
            follow()
            fingersChanged()
        }
    }

    public override func touchesCancelled(_ touches: [Touch]) {
        state = state.isActive ? .cancelled : .failed
    }

    public override func reset() {
        rotation = 0
        startAngle = 0
        angle = 0
        phase = .waiting
        initialDistance = 0
        motion = nil
        rate.clear()
    }
}
