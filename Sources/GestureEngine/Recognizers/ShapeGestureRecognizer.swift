/// Recognizes a drawn shape (not in UIKit; docs/engine.md, Shapes): one or more strokes, each drawn by
/// `numberOfTouchesRequired` fingers together, matched against its shapes' examples (ShapeMatcher) once the drawing
/// is complete. Discrete: it ends (recognized) with the best shape whose score reaches `minimumScore` and is
/// `minimumMargin` ahead of the next shape's.
///
/// The drawing is complete when the last finger lifts and no further stroke begins within `strokePause`, at once
/// when the drawing already has as many strokes as any shape. It fails as soon as the drawing cannot be any of its
/// shapes, so that a tap or pan waiting for it waits no longer than needed: more fingers down than required, a
/// stroke whose fingers were never all down together within `touchesDownWindow`, more strokes than any shape has,
/// a drawing longer than `maximumDuration`, a cancelled touch; and at completion, when no shape scores
/// `minimumScore` (a drawing that moved less than the matcher's `minimumLength` matches none: a tap, a wobble), or
/// when the next shape scores within `minimumMargin` of the best.
public final class ShapeGestureRecognizer: GestureRecognizer {
    /// The shapes it tells apart; none: it fails at every drawing.
    public var matcher: ShapeMatcher?
    public var numberOfTouchesRequired = 1
    /// How well the best shape must match, 0...1 (ShapeMatch.score).
    public var minimumScore = 0.8
    /// How far the best shape's score must be ahead of the next shape's (ShapeMatch.margin).
    public var minimumMargin = 0.0
    /// Seconds from a lift within which the next stroke of a shape of several must begin: people pause a median
    /// 0.40 s between the strokes of a shape drawn with a finger, a tenth of the pauses over 0.93 s, and 1 s keeps
    /// 86% of such drawings whole where 0.5 s kept 55% (docs/shapes.md, Pauses between strokes). Only a recognizer
    /// with shapes of several strokes waits it: at a lift no shape can follow, it decides at once.
    public var strokePause = 1.0
    /// Seconds from a lift within which the next stroke must begin when the drawing so far looks unfinished: it
    /// moved but is no shape (none of its shapes allows it), or it matches the first strokes of an example of more
    /// strokes at least as well as its best shape (a stick figure's head is a circle). People who pause longer than
    /// `strokePause` mostly do so inside a shape: LowVision's 1 s kept 86% of finger drawings whole, 2 s 97%
    /// (docs/shapes.md, Pauses between strokes). No longer than `strokePause` when less.
    public var unfinishedPause = 2.0
    /// Seconds from the first finger down to the last lift: the slowest drawings of the $1 unistroke logs take
    /// 7.5 s, but people with low vision drawing with a finger take longer: LowVision's drawings, 3.4% over 10 s,
    /// 1.1% over 15 s and 0.5% over 20 s (docs/shapes.md, How long a drawing takes).
    public var maximumDuration = 20.0
    /// With several fingers a stroke, seconds within which all must be down (as a tap's).
    public var touchesDownWindow = 0.1

    // The attempt's state: unchecked for exclusivity (docs/daemon.md, What a frame costs).
    @exclusivity(unchecked) private var strokes = StrokeCollector(fingers: 1)
    @exclusivity(unchecked) private var phase = Phase.idle
    /// When the drawing's first finger went down, for maximumDuration.
    @exclusivity(unchecked) private var start: Timestamp?
    @exclusivity(unchecked) public private(set) var match: ShapeMatch?

    private enum Phase {
        /// No finger down yet in this attempt.
        case idle
        /// A stroke's first finger went down at `since`; not all of its fingers are down yet.
        case gathering(since: Timestamp)
        /// All of the stroke's fingers are down: their centroid draws it.
        case drawing
        /// The stroke ended (a finger lifted); the others have yet to lift.
        case lifting
        /// Every finger lifted at `lift`: the next stroke may begin until `lift + strokePause`, or, once the drawing
        /// was found unfinished then, until `lift + unfinishedPause`.
        case betweenStrokes(lift: Timestamp, unfinished: Bool)
    }

    public override var kind: GestureKind { .shape }
    public override var detail: GestureDetail {
        guard let match else { return .none }
        return .shape(name: match.name, score: match.score)
    }
    /// Once recognized, the fingers a stroke needed, though they have lifted.
    public override var numberOfTouches: Int {
        state == .recognized ? numberOfTouchesRequired : super.numberOfTouches
    }

    /// The middle of the drawing.
    public override var location: Point {
        guard let bounds = Self.bounds(of: strokes.strokes) else { return super.location }
        return Point(x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2)
    }

    public override func touchesBegan(_ touches: [Touch]) {
        if start == nil { start = now }
        let down = activeTouchCount
        guard down <= numberOfTouchesRequired else {
            because("\(down) fingers down, \(numberOfTouchesRequired) wanted")
            state = .failed
            return
        }
        switch phase {
        case .idle, .betweenStrokes:
            let most = matcher?.mostStrokes ?? 0
            guard strokes.strokes.count < most else {
                because("a stroke after \(strokes.strokes.count): no shape has more than \(most)")
                state = .failed
                return
            }
            if case .idle = phase { strokes = StrokeCollector(fingers: numberOfTouchesRequired) }
            phase = .gathering(since: now)
        case .gathering, .drawing, .lifting:
            break
        }
        observe()
        if case .gathering = phase, strokes.drawing { phase = .drawing }
        scheduleDeadline()
    }

    public override func touchesMoved(_ touches: [Touch]) {
        guard case .drawing = phase else { return }
        observe()
    }

    public override func touchesEnded(_ touches: [Touch]) {
        switch phase {
        case .gathering:
            because("lifted before \(numberOfTouchesRequired) fingers were down together")
            state = .failed
            return
        case .drawing:
            phase = .lifting
            observe()
        case .idle, .lifting, .betweenStrokes:
            break
        }
        guard activeTouchCount == 0 else { return }
        if strokes.strokes.count >= matcher?.mostStrokes ?? 0 {
            decide()
        } else {
            phase = .betweenStrokes(lift: now, unfinished: false)
            scheduleDeadline()
        }
    }

    public override func touchesCancelled(_ touches: [Touch]) {
        because("a touch was cancelled")
        state = .failed
    }

    public override func deadlineReached() {
        if let start, now >= start + maximumDuration {
            because("drawing for longer than \(maximumDuration.secondsText)")
            state = .failed
            return
        }
        switch phase {
        case .gathering(let since) where now >= since + touchesDownWindow:
            because("fewer than \(numberOfTouchesRequired) fingers down within \(touchesDownWindow.secondsText)")
            state = .failed
            return
        case .betweenStrokes(let lift, let unfinished) where now >= lift + pause(unfinished: unfinished):
            guard case .searched(let found) = search() else { return }
            if !unfinished, unfinishedPause > strokePause {
                guard case .searched(let goesOn) = mayGoOn(found) else { return }
                if goesOn {
                    phase = .betweenStrokes(lift: lift, unfinished: true)
                    break
                }
            }
            conclude(found)
            return
        default:
            break
        }
        scheduleDeadline()
    }

    public override func reset() {
        strokes.reset()
        phase = .idle
        start = nil
        match = nil
    }

    /// The stroke as the fingers down draw it (StrokeCollector: the same rule as the examples').
    private func observe() {
        strokes.observe(down: activeTouchCount, centroid: activeTouchCount > 0 ? centroid(of: trackedTouches) : nil, at: now)
    }

    /// The drawing is complete: the best shape, if one matches well enough and better than any other.
    private func decide() {
        guard case .searched(let found) = search() else { return }
        conclude(found)
    }

    private enum Search<Answer> {
        /// The answer: the best shape, nil when none matches well enough; or whether the drawing may go on.
        case searched(Answer)
        /// The shape work left to the engine's step ran out first: failed.
        case ranOut
    }

    /// The drawing's best shape, within the shape work left to the engine's step.
    private func search() -> Search<ShapeMatch?> {
        deadline = nil
        var work = ShapeWork(allowed: engine?.shapeWorkLeft ?? .max)
        let found = matcher?.best(
            strokes.strokes, fingers: numberOfTouchesRequired, minimumScore: minimumScore, minimumMargin: minimumMargin, work: &work)
        return spend(work) ? .searched(found) : .ranOut
    }

    /// Takes `work` from what the engine's step may do; fails the attempt, false, when it ran out.
    private func spend(_ work: ShapeWork) -> Bool {
        engine?.shapeWorkLeft -= work.spent
        guard !work.ranOut else {
            because("not decided within the shape work its engine may do in a step (\(engine?.shapeWorkPerCall ?? 0) steps, after \(work.spent))")
            state = .failed
            return false
        }
        return true
    }

    /// Whether the drawing so far, whose best shape is `found`, looks unfinished: it moved but is no shape, or it
    /// matches the first strokes of a shape of more at least as well as `found` (searched within the work left).
    private func mayGoOn(_ found: ShapeMatch?) -> Search<Bool> {
        guard let matcher else { return .searched(false) }
        guard let found else { return .searched(matcher.isDrawing(strokes.strokes)) }
        var work = ShapeWork(allowed: engine?.shapeWorkLeft ?? .max)
        let goesOn = matcher.beginsLongerShape(strokes.strokes, fingers: numberOfTouchesRequired, than: found, work: &work)
        return spend(work) ? .searched(goesOn) : .ranOut
    }

    /// Ends the attempt with `found`, the drawing's best shape: recognized, or failed when there is none.
    private func conclude(_ found: ShapeMatch?) {
        guard let best = found else {
            because(
                "no shape of \(numberOfTouchesRequired) finger(s) scores \(minimumScore.scoreText), or the strokes moved less than \((matcher?.options.minimumLength ?? 0).mmText)")
            state = .failed
            return
        }
        let next = best.next.map { ", next \($0.name) \($0.score.scoreText)" } ?? ""
        // The next shape may score more than the nearest (its examples allow more): no margin asks nothing of it.
        guard minimumMargin == 0 || best.margin >= minimumMargin else {
            because("\(best.name) scores \(best.score.scoreText)\(next): less than \(minimumMargin.scoreText) ahead")
            state = .failed
            return
        }
        match = best
        because("\(best.name) scored \(best.score.scoreText) over \(strokes.strokes.count) stroke(s)\(next)")
        state = .recognized
    }

    /// How long after a lift the next stroke may begin.
    private func pause(unfinished: Bool) -> Double { unfinished ? max(unfinishedPause, strokePause) : strokePause }

    private func scheduleDeadline() {
        var due = start.map { $0 + maximumDuration }
        switch phase {
        case .gathering(let since): due = min(due ?? since + touchesDownWindow, since + touchesDownWindow)
        case .betweenStrokes(let lift, let unfinished):
            let next = lift + pause(unfinished: unfinished)
            due = min(due ?? next, next)
        case .idle, .drawing, .lifting: break
        }
        deadline = due
    }

    private static func bounds(of strokes: [[ShapePoint]]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var result: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        for stroke in strokes {
            for p in stroke {
                guard let r = result else {
                    result = (p.x, p.y, p.x, p.y)
                    continue
                }
                result = (min(r.minX, p.x), min(r.minY, p.y), max(r.maxX, p.x), max(r.maxY, p.y))
            }
        }
        return result
    }
}
