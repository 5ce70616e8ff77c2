/// Recognizes fingers held still for a while (UILongPressGestureRecognizer). Continuous: began comes from
/// the timer, with no touch event; each move after that is changed; lifting a tracked finger ends it.
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// Seconds the required fingers must be down; 0 or less begins at touch-down.
    public var minimumPressDuration = 0.5
    /// Millimetres the centroid may move before the press begins.
    public var allowableMovement = Points.mm(10)
    public var numberOfTouchesRequired = 1
    /// Taps before the press (tap-and-a-half with 1). They follow the tap rules below.
    public var numberOfTapsRequired = 0
    public var maximumTapDuration = 0.75
    /// Seconds from a tap's lift to the next touch-down (the next tap, or the press).
    public var maximumIntervalBetweenTaps = 0.35
    /// Millimetres a tap before the press may move, as for a tap.
    public var tapAllowableMovement = Points.mm(45)

    // The attempt's state: unchecked for exclusivity (docs/daemon.md, What a frame costs).
    @exclusivity(unchecked) private var tapsCompleted = 0
    @exclusivity(unchecked) private var phase = Phase.idle
    /// Where the first tap (or the press, without taps) landed: later taps and the press must stay near it.
    @exclusivity(unchecked) private var reference: Point?

    private enum Phase {
        /// Nothing timed: no finger down yet, or fewer than the press needs.
        case idle
        /// A tap before the press, down since `start`.
        case tapping(start: Timestamp)
        /// A tap before the press lifted at `lift`: the next touch-down must come within the interval.
        case betweenTaps(lift: Timestamp)
        /// The required fingers are down since `start`: the press begins once it has lasted long enough.
        case pressing(start: Timestamp)
    }

    public override var kind: GestureKind { .longPress }

    private var isTapping: Bool { tapsCompleted < numberOfTapsRequired }

    public override func touchesBegan(_ touches: [Touch]) {
        if state.isActive {
            for touch in touches { ignore(touch) }  // Extra fingers after began are not the gesture's.
            return
        }
        let down = activeTouchCount
        guard down <= numberOfTouchesRequired else {
            because("\(down) fingers down, \(numberOfTouchesRequired) wanted")
            state = .failed
            return
        }
        if isTapping {
            var start = now
            if case .tapping(let tappedAt) = phase { start = tappedAt }
            phase = .tapping(start: start)
            deadline = start + maximumTapDuration
            guard down == numberOfTouchesRequired, let centroid = centroid(of: trackedTouches) else { return }
            // As for a tap: the first tap sets the reference, a later one landing too far away fails.
            if let reference {
                if centroid.distance(to: reference) > tapAllowableMovement + Tolerance.epsilon {
                    because("landed \(centroid.distance(to: reference).mmText) from the first tap > \(tapAllowableMovement.mmText)")
                    state = .failed
                }
            } else {
                reference = centroid
            }
        } else if down < numberOfTouchesRequired {
            phase = .idle
        } else {
            let centroid = centroid(of: trackedTouches)
            // After taps, the press is one more touch-down: it must land where the taps did.
            if let reference, let centroid, centroid.distance(to: reference) > tapAllowableMovement + Tolerance.epsilon {
                because("pressed \(centroid.distance(to: reference).mmText) from the taps > \(tapAllowableMovement.mmText)")
                state = .failed
                return
            }
            phase = .pressing(start: now)
            reference = centroid
            if minimumPressDuration <= 0 {
                deadline = nil
                because("no minimum duration")
                state = .began
            } else {
                deadline = now + minimumPressDuration
            }
        }
    }

    public override func touchesMoved(_ touches: [Touch]) {
        if state.isActive {
            state = .changed
            return
        }
        guard let reference, let centroid = centroid(of: trackedTouches),
            activeTouchCount == numberOfTouchesRequired
        else { return }
        let limit = isTapping ? tapAllowableMovement : allowableMovement
        if centroid.distance(to: reference) > limit + Tolerance.epsilon {
            because("moved \(centroid.distance(to: reference).mmText) > \(limit.mmText)")
            state = .failed
        }
    }

    public override func touchesEnded(_ touches: [Touch]) {
        if state.isActive {
            state = .ended
            return
        }
        guard isTapping else {
            because("lifted before \(minimumPressDuration.secondsText)")
            state = .failed
            return
        }
        guard activeTouchCount == 0 else { return }
        tapsCompleted += 1
        phase = .betweenTaps(lift: now)
        deadline = now + maximumIntervalBetweenTaps
    }

    public override func touchesCancelled(_ touches: [Touch]) {
        state = state.isActive ? .cancelled : .failed
    }

    public override func deadlineReached() {
        guard state == .possible else { return }
        switch phase {
        case .pressing(let start) where now >= start + minimumPressDuration:
            because("held \(minimumPressDuration.secondsText)")
            state = .began
        case .tapping(let start) where now >= start + maximumTapDuration:
            because("a tap down longer than \(maximumTapDuration.secondsText)")
            state = .failed
        case .betweenTaps(let lift) where now >= lift + maximumIntervalBetweenTaps:
            because("no touch-down within \(maximumIntervalBetweenTaps.secondsText) of the lift")
            state = .failed
        default:
            break
        }
    }

    public override func reset() {
        tapsCompleted = 0
        phase = .idle
        reference = nil
    }
}
