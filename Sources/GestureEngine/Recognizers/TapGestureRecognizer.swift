/// Recognizes one or more taps of one or more fingers (UITapGestureRecognizer). Discrete.
///
/// Fails when more fingers than required go down, when the centroid moves beyond `allowableMovement` from
/// where the first tap started (which also catches a later tap landing too far away), when a tap lasts
/// longer than `maximumTapDuration`, when the next tap does not start within `maximumIntervalBetweenTaps`
/// of the lift, when a touch is cancelled, or when the required fingers were never down together.
public final class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = 1
    public var numberOfTouchesRequired = 1
    /// Millimetres from the centroid where the first tap started.
    public var allowableMovement = Points.mm(45)
    /// Seconds from each tap's first touch-down to its lift.
    public var maximumTapDuration = 0.75
    /// Seconds from a lift to the next tap's touch-down.
    public var maximumIntervalBetweenTaps = 0.35
    /// With several fingers required, seconds within which all must be down (decision: UIKit's value is
    /// unknown; 0.1 s matches libinput's finger-count debounce and a deliberate two-finger tap).
    public var touchesDownWindow = 0.1

    // The attempt's state: unchecked for exclusivity (docs/daemon.md, What a frame costs).
    @exclusivity(unchecked) public private(set) var tapsCompleted = 0
    @exclusivity(unchecked) private var phase = Phase.idle
    @exclusivity(unchecked) private var firstTapCentroid: Point?

    private enum Phase {
        /// No finger down yet in this attempt.
        case idle
        /// A tap's fingers are down since `start`; `mostDown` of them at most were down together.
        case pressing(start: Timestamp, mostDown: Int)
        /// A tap that was not the last lifted at `lift`: the next must land within the interval.
        case betweenTaps(lift: Timestamp)
    }

    public override var kind: GestureKind { .tap }
    public override var detail: GestureDetail { .tap(taps: tapsCompleted) }
    /// Once recognized, the fingers the tap needed, though they have lifted.
    public override var numberOfTouches: Int {
        state == .recognized ? numberOfTouchesRequired : super.numberOfTouches
    }

    /// The centroid of the first tap.
    public override var location: Point { firstTapCentroid ?? super.location }

    public override func touchesBegan(_ touches: [Touch]) {
        var start = now
        var mostDown = 0
        if case .pressing(let pressedAt, let most) = phase {
            start = pressedAt
            mostDown = most
        }
        let down = activeTouchCount
        guard down <= numberOfTouchesRequired else {
            because("\(down) fingers down, \(numberOfTouchesRequired) wanted")
            state = .failed
            return
        }
        phase = .pressing(start: start, mostDown: max(mostDown, down))
        if down == numberOfTouchesRequired, let centroid = centroid(of: trackedTouches) {
            if let first = firstTapCentroid {
                guard centroid.distance(to: first) <= allowableMovement + Tolerance.epsilon else {
                    because("landed \(centroid.distance(to: first).mmText) from the first tap > \(allowableMovement.mmText)")
                    state = .failed
                    return
                }
            } else {
                firstTapCentroid = centroid
            }
        }
        scheduleDeadline()
    }

    public override func touchesMoved(_ touches: [Touch]) {
        guard activeTouchCount == numberOfTouchesRequired, let first = firstTapCentroid,
            let centroid = centroid(of: trackedTouches)
        else { return }
        if centroid.distance(to: first) > allowableMovement + Tolerance.epsilon {
            because("moved \(centroid.distance(to: first).mmText) > \(allowableMovement.mmText)")
            state = .failed
        }
    }

    public override func touchesEnded(_ touches: [Touch]) {
        guard case .pressing(_, let mostDown) = phase, mostDown == numberOfTouchesRequired else {
            because("lifted before \(numberOfTouchesRequired) fingers were down together")
            state = .failed
            return
        }
        guard activeTouchCount == 0 else { return }
        // A finger cancelled in the frame the others lift in (touch conditioning takes back a finger that came
        // back and lifted at once) is delivered after them; it was never a tap's finger (docs/engine.md).
        guard !trackedTouches.contains(where: { $0.phase == .cancelled }) else {
            because("a touch was cancelled")
            state = .failed
            return
        }
        tapsCompleted += 1
        if tapsCompleted == numberOfTapsRequired {
            phase = .idle
            deadline = nil
            because("tap \(tapsCompleted) of \(numberOfTapsRequired) lifted")
            state = .recognized
        } else {
            phase = .betweenTaps(lift: now)
            scheduleDeadline()
        }
    }

    public override func touchesCancelled(_ touches: [Touch]) {
        because("a touch was cancelled")
        state = .failed
    }

    public override func deadlineReached() {
        switch phase {
        case .pressing(let start, let mostDown):
            let tooLong = now >= start + maximumTapDuration
            let tooFewFingers = mostDown < numberOfTouchesRequired && now >= start + touchesDownWindow
            if tooLong || tooFewFingers {
                because(
                    tooLong ? "down longer than \(maximumTapDuration.secondsText)"
                        : "\(mostDown) of \(numberOfTouchesRequired) fingers down within \(touchesDownWindow.secondsText)")
                state = .failed
                return
            }
        case .betweenTaps(let lift):
            if now >= lift + maximumIntervalBetweenTaps {
                because("no next tap within \(maximumIntervalBetweenTaps.secondsText) of the lift")
                state = .failed
                return
            }
        case .idle:
            break
        }
        scheduleDeadline()
    }

    private func scheduleDeadline() {
        switch phase {
        case .pressing(let start, let mostDown):
            var due = start + maximumTapDuration
            if mostDown < numberOfTouchesRequired {
                let window = start + touchesDownWindow
                if window < due { due = window }
            }
            deadline = due
        case .betweenTaps(let lift):
            deadline = lift + maximumIntervalBetweenTaps
        case .idle:
            break
        }
    }

    public override func reset() {
        tapsCompleted = 0
        phase = .idle
        firstTapCentroid = nil
    }

    /// A tap never prevents a tap that needs more taps, nor a long press that needs at least as many.
    public override func canPrevent(_ other: GestureRecognizer) -> Bool {
        if let tap = other as? TapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired {
            return false
        }
        if let press = other as? LongPressGestureRecognizer, press.numberOfTapsRequired >= numberOfTapsRequired {
            return false
        }
        return super.canPrevent(other)
    }
}
