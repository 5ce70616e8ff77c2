import GestureEngine

/// A custom recognizer written only against the engine's public API: a single finger drawing a checkmark,
/// a stroke down and to the right followed by a stroke up and to the right. Discrete; reports the vertex
/// (the lowest point, where the strokes meet) as its location.
public final class CheckmarkGestureRecognizer: GestureRecognizer {
    /// Millimetres each stroke must cover vertically, so a wobble is not a checkmark.
    public var minimumStrokeHeight = 2.0

    private enum Stroke {
        case notStarted
        case down(start: Point)
        case up(vertex: Point)
    }

    private var stroke = Stroke.notStarted
    /// The lowest point so far (largest y, screen coordinates).
    private var vertex: Point?

    public override var location: Point { vertex ?? super.location }
    public override var detail: GestureDetail {
        guard let vertex else { return .none }
        return .custom(["vertexX": vertex.x, "vertexY": vertex.y])
    }

    public override func touchesBegan(_ touches: [Touch]) {
        guard numberOfTouches == 1, let touch = touches.first else {
            state = .failed
            return
        }
        stroke = .down(start: touch.location)
        vertex = touch.location
    }

    public override func touchesMoved(_ touches: [Touch]) {
        guard let touch = touches.first else { return }
        let p = touch.location
        let previous = touch.previousLocation
        // Both strokes head right; going back left is not a checkmark.
        guard p.x >= previous.x - Tolerance.epsilon else {
            state = .failed
            return
        }
        switch stroke {
        case .notStarted:
            state = .failed
        case .down(let start):
            if p.y >= previous.y {
                vertex = p
            } else if p.y < previous.y, let lowest = vertex, lowest.y - start.y >= minimumStrokeHeight {
                stroke = .up(vertex: lowest)
            } else {
                state = .failed
            }
        case .up:
            if p.y > previous.y + Tolerance.epsilon { state = .failed }
        }
    }

    public override func touchesEnded(_ touches: [Touch]) {
        if case .up(let lowest) = stroke, let touch = touches.first, lowest.y - touch.location.y >= minimumStrokeHeight {
            state = .recognized
        } else {
            state = .failed
        }
    }

    public override func touchesCancelled(_ touches: [Touch]) {
        state = .failed
    }

    public override func reset() {
        stroke = .notStarted
        vertex = nil
    }
}
