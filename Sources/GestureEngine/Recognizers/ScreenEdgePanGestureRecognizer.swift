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

    // The attempt's state: unchecked for exclusivity (docs/daemon.md, What a frame costs).
    /// The edge the pan started from, once it began.
    @exclusivity(unchecked) public private(set) var edge: Edges = []
    @exclusivity(unchecked) private var phase = Phase.idle

    private enum Phase {
        /// No finger yet.
        case idle
        /// The finger landed at `location` at `time` and has not moved since.
        case landed(time: Timestamp, location: Point)
        /// It has moved: its first movement's velocity projects the touch-down point back to where it came from.
        case moving(time: Timestamp, location: Point, firstVelocity: Point)
    }

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
            because("no edges to start from")
            state = .failed
            return
        }
        if case .idle = phase, let touch = touches.first {
            phase = .landed(time: now, location: touch.location)
            deadline = now + decisionTime
        }
        super.touchesBegan(touches)
    }

    public override func touchesMoved(_ touches: [Touch]) {
        if case .landed(let time, let location) = phase, let touch = trackedTouches.first, now > time {
            phase = .moving(time: time, location: location, firstVelocity: (touch.location - location) / (now - time))
        }
        super.touchesMoved(touches)
        if state != .possible { deadline = nil }
    }

    public override func thresholdReached() -> Bool {
        guard let surface = engine?.root.frame else { return false }
        let start: Point
        switch phase {
        case .idle: return false
        case .landed(_, let location): start = location
        case .moving(_, let location, let velocity): start = location - velocity * projectionTime
        }
        let distances: [(Edges, Double)] = [
            (.left, start.x - surface.minX), (.right, surface.maxX - start.x),
            (.top, start.y - surface.minY), (.bottom, surface.maxY - start.y),
        ]
        for (candidate, distance) in distances where edges.contains(candidate) && distance <= edgeWidth + Tolerance.epsilon {
            edge = candidate
            return true
        }
        because(
            "it started \(distances.filter { edges.contains($0.0) }.map(\.1).min()?.mmText ?? "far") from the nearest edge > \(edgeWidth.mmText)")
        return false
    }

    public override func deadlineReached() {
        guard state == .possible else { return }
        because("not begun within \(decisionTime.secondsText)")
        state = .failed
    }

    public override func reset() {
        super.reset()
        edge = []
        phase = .idle
    }
}
