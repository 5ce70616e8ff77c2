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

    private var tapsCompleted = 0
    private var tapStart: Timestamp?
    private var lastLift: Timestamp?
    private var pressStart: Timestamp?
    private var reference: Point?

    public override var kind: GestureKind { .longPress }

    private var isTapping: Bool { tapsCompleted < numberOfTapsRequired }

    public override func touchesBegan(_ touches: [Touch]) {
        if state.isActive {
            for touch in touches { ignore(touch) }  // Extra fingers after began are not the gesture's.
            return
        }
        let down = activeTouchCount
        guard down <= numberOfTouchesRequired else {
            state = .failed
            return
        }
        lastLift = nil
        if isTapping {
            if tapStart == nil { tapStart = now }
            deadline = tapStart! + maximumTapDuration
            guard down == numberOfTouchesRequired, let centroid = centroid(of: trackedTouches) else { return }
            // As for a tap: the first tap sets the reference, a later one landing too far away fails.
            if let reference {
                if centroid.distance(to: reference) > tapAllowableMovement + Tolerance.epsilon { state = .failed }
            } else {
                reference = centroid
            }
        } else if down == numberOfTouchesRequired {
            let centroid = centroid(of: trackedTouches)
            // After taps, the press is one more touch-down: it must land where the taps did.
            if let reference, let centroid, centroid.distance(to: reference) > tapAllowableMovement + Tolerance.epsilon {
                state = .failed
                return
            }
            pressStart = now
            reference = centroid
            if minimumPressDuration <= 0 {
                deadline = nil
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
        if centroid.distance(to: reference) > limit + Tolerance.epsilon { state = .failed }
    }

    public override func touchesEnded(_ touches: [Touch]) {
        if state.isActive {
            state = .ended
            return
        }
        guard isTapping else {
            state = .failed  // Lifted before the press lasted long enough.
            return
        }
        guard activeTouchCount == 0 else { return }
        tapsCompleted += 1
        tapStart = nil
        lastLift = now
        deadline = now + maximumIntervalBetweenTaps
    }

    public override func touchesCancelled(_ touches: [Touch]) {
        state = state.isActive ? .cancelled : .failed
    }

    public override func deadlineReached() {
        guard state == .possible else { return }
        if let start = pressStart, now >= start + minimumPressDuration {
            state = .began
        } else if let start = tapStart, now >= start + maximumTapDuration {
            state = .failed
        } else if let lift = lastLift, now >= lift + maximumIntervalBetweenTaps {
            state = .failed
        }
    }

    public override func reset() {
        tapsCompleted = 0
        tapStart = nil
        lastLift = nil
        pressStart = nil
        reference = nil
    }
}
