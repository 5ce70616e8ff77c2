import GestureEngine

/// A custom recognizer written only against the engine's public API: a finger rubbed left and right.
/// Each change of horizontal direction after covering at least `minimumDistance` counts as a tickle;
/// `requiredTickles` of them recognize it. Discrete.
public final class TickleGestureRecognizer: GestureRecognizer {
    public var requiredTickles = 2
    /// Millimetres of horizontal travel between direction changes.
    public var minimumDistance = 4.0
    /// Millimetres a finger may step back without it counting as a turn.
    public var jitterTolerance = 0.5

    public private(set) var tickles = 0
    private var movingRight: Bool?
    /// Where the current leg started.
    private var legStart: Double?
    private var farthest: Double?

    public override var detail: GestureDetail { .custom(["tickles": Double(tickles)]) }

    public override func touchesBegan(_ touches: [Touch]) {
        guard numberOfTouches == 1, let touch = touches.first else {
            state = .failed
            return
        }
        legStart = touch.location.x
        farthest = touch.location.x
    }

    public override func touchesMoved(_ touches: [Touch]) {
        guard let x = touches.first?.location.x, let start = legStart, let far = farthest else { return }
        guard let right = movingRight else {
            if abs(x - start) > Tolerance.epsilon { movingRight = x > start }
            farthest = x
            return
        }
        let continuing = right ? x >= far : x <= far
        if continuing {
            farthest = x
            return
        }
        // A step back smaller than the jitter tolerance is noise, not a turn.
        guard abs(x - far) >= jitterTolerance else { return }
        // Turned around at `far`: it counts if the leg was long enough.
        if abs(far - start) >= minimumDistance - Tolerance.epsilon {
            tickles += 1
            if tickles >= requiredTickles {
                state = .recognized
                return
            }
        }
        movingRight = !right
        legStart = far
        farthest = x
    }

    public override func touchesEnded(_ touches: [Touch]) {
        state = .failed
    }

    public override func touchesCancelled(_ touches: [Touch]) {
        state = .failed
    }

    public override func reset() {
        tickles = 0
        movingRight = nil
        legStart = nil
        farthest = nil
    }
}
