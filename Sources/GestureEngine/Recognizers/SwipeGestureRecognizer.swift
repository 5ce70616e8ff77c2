/// Recognizes a quick straight stroke of one or more fingers (UISwipeGestureRecognizer). Discrete, and
/// recognized during the movement, not at lift.
///
/// The distance needed along the direction and the sideways allowance both shrink with elapsed time t:
/// `minimumDistance * (1 - min(t, 0.5) * distanceDecay)` and `maximumSidewaysDistance * (1 - min(t, 0.5) *
/// sidewaysDecay)`, as measured on UIKit. Every required finger must qualify, in the same direction.
///
/// With directions on both axes UIKit only swipes horizontally (a pure downward stroke fails with
/// right|down): the horizontal directions take precedence. Configure two recognizers for both axes.
public final class SwipeGestureRecognizer: GestureRecognizer {
    public var direction: SwipeDirections = .right
    public var numberOfTouchesRequired = 1
    /// Seconds from the first touch-down.
    public var maximumDuration = 0.5
    public var minimumDistance = Points.mm(50)
    public var distanceDecay = 0.94
    public var maximumSidewaysDistance = Points.mm(50)
    public var sidewaysDecay = 0.98
    /// Millimetres a finger may go backwards from its start (UIKit: none).
    public var allowedBackwardMovement = 0.0
    /// Millimetres per second along the direction between two samples (decision: 50 pt/s, just under the
    /// most UIKit was measured to need).
    public var minimumSpeed = Points.mm(50)

    // The attempt's state: unchecked for exclusivity (docs/daemon.md, What a frame costs).
    /// The direction recognized.
    @exclusivity(unchecked) public private(set) var recognizedDirection: SwipeDirections = []
    @exclusivity(unchecked) private var phase = Phase.idle
    @exclusivity(unchecked) private var starts: [(id: TouchID, location: Point)] = []
    @exclusivity(unchecked) private var startCentroid: Point?
    @exclusivity(unchecked) private var lastSample: (time: Timestamp, along: Double)?

    public override var kind: GestureKind { .swipe }
    public override var detail: GestureDetail { .swipe(direction: recognizedDirection) }
    /// The centroid where the swipe started.
    public override var location: Point { startCentroid ?? super.location }

    private var isHorizontal: Bool { !direction.intersection(.horizontal).isEmpty }

    private enum Phase {
        /// No finger yet.
        case idle
        /// The first finger landed at `start`: the distance it needs shrinks, and the time runs, from then.
        case tracking(start: Timestamp)
    }

    public override func touchesBegan(_ touches: [Touch]) {
        if case .idle = phase {
            phase = .tracking(start: now)
            deadline = now + maximumDuration
        }
        for touch in touches { starts.append((touch.id, touch.location)) }
        guard activeTouchCount <= numberOfTouchesRequired else {
            because("\(activeTouchCount) fingers down, \(numberOfTouchesRequired) wanted")
            state = .failed
            return
        }
        if activeTouchCount == numberOfTouchesRequired { startCentroid = centroid(of: trackedTouches) }
    }

    public override func touchesMoved(_ touches: [Touch]) {
        guard case .tracking(let startTime) = phase, activeTouchCount == numberOfTouchesRequired else { return }
        let t = min(now - startTime, 0.5)
        let needed = minimumDistance * (1 - t * distanceDecay)
        let sideways = maximumSidewaysDistance * (1 - t * sidewaysDecay)
        var agreed: SwipeDirections?
        var alongSum = 0.0
        for touch in trackedTouches where !touch.phase.isFinal {
            guard let start = starts.first(where: { $0.id == touch.id })?.location else { continue }
            let d = touch.location - start
            let (along, across) = isHorizontal ? (d.x, d.y) : (d.y, d.x)
            alongSum += along
            guard abs(across) <= sideways + Tolerance.epsilon, !isBackwards(along) else {
                because(
                    abs(across) > sideways + Tolerance.epsilon ? "went \(abs(across).mmText) sideways > \(sideways.mmText)"
                        : "went backwards \(abs(along).mmText)")
                state = .failed
                return
            }
            let candidate = qualifyingDirection(along: along, needed: needed)
            if agreed == nil {
                agreed = candidate
            } else if agreed != candidate {
                agreed = []
            }
        }
        let along = alongSum / Double(activeTouchCount)
        if let last = lastSample, now - last.time >= 0.001,
            abs(along - last.along) / (now - last.time) < minimumSpeed - Tolerance.epsilon
        {
            because("slower than \(minimumSpeed.mmText)/s")
            state = .failed
            return
        }
        lastSample = (now, along)
        if let agreed, !agreed.isEmpty {
            recognizedDirection = agreed
            deadline = nil
            because("went \(abs(along).mmText) >= \(needed.mmText) in time")
            state = .recognized
        }
    }

    private func isBackwards(_ along: Double) -> Bool {
        let forward: SwipeDirections = isHorizontal ? .right : .down
        let backward: SwipeDirections = isHorizontal ? .left : .up
        let allowed = allowedBackwardMovement + Tolerance.epsilon
        if direction.contains(forward), !direction.contains(backward) { return along < -allowed }
        if direction.contains(backward), !direction.contains(forward) { return along > allowed }
        return false
    }

    /// The allowed direction this displacement has gone far enough in, or an empty set.
    private func qualifyingDirection(along: Double, needed: Double) -> SwipeDirections {
        let forward: SwipeDirections = isHorizontal ? .right : .down
        let backward: SwipeDirections = isHorizontal ? .left : .up
        if direction.contains(forward), along >= needed - Tolerance.epsilon { return forward }
        if direction.contains(backward), -along >= needed - Tolerance.epsilon { return backward }
        return []
    }

    public override func touchesEnded(_ touches: [Touch]) {
        because("lifted before it went far enough")
        state = .failed
    }

    public override func touchesCancelled(_ touches: [Touch]) {
        state = .failed
    }

    public override func deadlineReached() {
        because("not far enough within \(maximumDuration.secondsText)")
        state = .failed
    }

    public override func reset() {
        recognizedDirection = []
        phase = .idle
        starts.removeAll(keepingCapacity: true)
        startCentroid = nil
        lastSample = nil
    }
}
