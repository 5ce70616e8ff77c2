/// A pan that starts at an edge of the surface (UIScreenEdgePanGestureRecognizer). One finger.
///
/// The touch-down point is projected back along the finger's first movement by `projectionTime`, since a
/// fast finger coming in from the bezel is first seen a little inside; the pan begins only if that point
/// lies within `edgeWidth` of one of `edges`. It fails if still undecided `decisionTime` after touch-down.
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// Edges of the surface as the device reports it; the daemon maps the output's rotation onto these.
    public var edges: Edges = []
    /// Millimetres from the edge (UIKit 13 pt; touchscreens differ a lot, so configure it).
    public var edgeWidth = Points.mm(13)
    public var decisionTime = 0.25
    /// Seconds to project the start point back (decision: one 60 Hz frame).
    public var projectionTime = 1.0 / 60.0

    /// The edge the pan started from, once it began.
    public private(set) var edge: Edges = []
    private var touchDown: (time: Timestamp, location: Point)?
    private var firstMotion: Point?

    public override init(name: String) {
        super.init(name: name)
        delaysTouchesBegan = true
        minimumNumberOfTouches = 1
        maximumNumberOfTouches = 1
        startThreshold = Points.mm(15)
    }

    public override var kind: GestureKind { .screenEdgePan }
    public override var detail: GestureDetail { .edgePan(edge: edge, translation: translation, velocity: velocity) }

    public override func touchesBegan(_ touches: [Touch]) {
        guard !edges.isEmpty else {
            state = .failed
            return
        }
        if touchDown == nil, let touch = touches.first {
            touchDown = (now, touch.location)
            deadline = now + decisionTime
        }
        super.touchesBegan(touches)
    }

    public override func touchesMoved(_ touches: [Touch]) {
        if firstMotion == nil, let down = touchDown, let touch = trackedTouches.first, now > down.time {
            firstMotion = (touch.location - down.location) / (now - down.time)
        }
        super.touchesMoved(touches)
        if state != .possible { deadline = nil }
    }

    public override func thresholdReached() -> Bool {
        guard let down = touchDown, let surface = engine?.root.frame else { return false }
        let start = down.location - (firstMotion ?? .zero) * projectionTime
        let distances: [(Edges, Double)] = [
            (.left, start.x - surface.minX), (.right, surface.maxX - start.x),
            (.top, start.y - surface.minY), (.bottom, surface.maxY - start.y),
        ]
        for (candidate, distance) in distances where edges.contains(candidate) && distance <= edgeWidth + Tolerance.epsilon {
            edge = candidate
            return true
        }
        return false
    }

    public override func deadlineReached() {
        if state == .possible { state = .failed }
    }

    public override func reset() {
        super.reset()
        edge = []
        touchDown = nil
        firstMotion = nil
    }
}
