import GestureEngine

/// A custom recognizer written only against the engine's public API: a single finger drawing a checkmark,
/// a stroke down and to the right followed by a longer stroke up and to the right. Discrete; reports the
/// vertex (the lowest point, where the strokes meet) as its location.
///
/// Real strokes wobble: a finger or pen going right may step back a fraction of a millimetre, and a stroke
/// often starts with a small hook. Movements within `jitterTolerance` are not changes of direction, and a
/// hook before the down stroke has any height restarts the down stroke rather than failing it.
public final class CheckmarkGestureRecognizer: GestureRecognizer {
    /// Millimetres each stroke must cover vertically, so a wobble is not a checkmark.
    public var minimumStrokeHeight = 2.0
    /// Millimetres a stroke may step back against its direction without counting as a turn.
    public var jitterTolerance = 0.5
    /// How much taller the up stroke must be than the down stroke: a checkmark's second leg is the long one,
    /// which tells it from a "v" (1 accepts a "v").
    public var upStrokeRatio = 1.2

    private enum Stroke {
        case down(start: Point)
        /// `downStart` is where the down stroke began (y), `top` the highest point of the up stroke so far.
        case up(downStart: Double, top: Double)
    }

    private var stroke: Stroke?
    /// The lowest point so far (largest y, screen coordinates).
    private var vertex: Point?
    /// The rightmost x so far: both strokes head right.
    private var farthestRight = 0.0

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
        farthestRight = touch.location.x
    }

    public override func touchesMoved(_ touches: [Touch]) {
        guard let p = touches.first?.location, let vertex, let stroke else { return }
        guard p.x >= farthestRight - jitterTolerance else {
            state = .failed  // Went back left: not a checkmark.
            return
        }
        farthestRight = max(farthestRight, p.x)
        switch stroke {
        case .down(let start):
            if p.y >= vertex.y {
                self.vertex = p
            } else if p.y < vertex.y - jitterTolerance {
                if vertex.y - start.y >= minimumStrokeHeight - Tolerance.epsilon {
                    self.stroke = .up(downStart: start.y, top: p.y)
                } else {
                    // A hook before the down stroke got going: start the down stroke here.
                    self.stroke = .down(start: p)
                    self.vertex = p
                }
            }
        case .up(let downStart, let top):
            if p.y > top + jitterTolerance {
                state = .failed  // Dipped down again.
            } else {
                self.stroke = .up(downStart: downStart, top: min(top, p.y))
            }
        }
    }

    public override func touchesEnded(_ touches: [Touch]) {
        guard case .up(let downStart, let top) = stroke, let vertex else {
            state = .failed
            return
        }
        let upHeight = vertex.y - min(top, touches.first?.location.y ?? top)
        let downHeight = vertex.y - downStart
        if upHeight >= minimumStrokeHeight - Tolerance.epsilon, upHeight >= downHeight * upStrokeRatio - Tolerance.epsilon {
            state = .recognized
        } else {
            state = .failed
        }
    }

    public override func touchesCancelled(_ touches: [Touch]) {
        state = .failed
    }

    public override func reset() {
        stroke = nil
        vertex = nil
        farthestRight = 0
    }
}
