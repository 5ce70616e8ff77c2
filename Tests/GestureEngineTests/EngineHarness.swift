import GestureEngine

/// Drives a GestureEngine directly, for tests that need custom recognizers in code. Lengths in mm.
final class EngineHarness {
    let engine: GestureEngine
    private var down: [TouchID: Touch] = [:]
    private(set) var events: [EngineEvent] = []
    /// The type of the touches `frame` makes.
    var touchType = TouchType.direct

    init(width: Double = 64, height: Double = 128) {
        engine = GestureEngine(surface: Size(width: width, height: height), rootName: "V")
    }

    func frame(_ time: Double, _ changes: [(TouchID, TouchPhase, Double, Double)]) {
        let t = Timestamp(seconds: time)
        var touches: [Touch] = []
        for (id, phase, x, y) in changes {
            let previous = down[id]?.location
            let touch = Touch(id: id, phase: phase, location: Point(x: x, y: y), previousLocation: previous, timestamp: t, type: touchType)
            touches.append(touch)
            down[id] = phase.isFinal ? nil : touch
        }
        for (id, var resting) in down where !changes.contains(where: { $0.0 == id }) {
            resting.phase = .stationary
            resting.previousLocation = resting.location
            touches.append(resting)
        }
        engine.process(TouchFrame(timestamp: t, touches: touches), into: &events)
    }

    /// A pan that has begun: one finger down at 0 s and moved 10 mm at 0.05 s.
    @discardableResult
    func panInProgress(named name: String = "pan") -> PanGestureRecognizer {
        let pan = PanGestureRecognizer(name: name)
        engine.add(pan)
        frame(0, [(1, .began, 10, 10)])
        frame(0.05, [(1, .moved, 20, 10)])
        return pan
    }

    func advance(_ time: Double) {
        engine.advance(to: Timestamp(seconds: time), into: &events)
    }

    /// "name state" for each action so far.
    var actions: [String] {
        events.compactMap {
            if case .action(let a) = $0 { return "\(a.recognizer) \(a.state)" }
            return nil
        }
    }

    /// "phase id" for each delivery so far.
    var deliveries: [String] {
        events.compactMap {
            if case .touch(let d) = $0 { return "\(d.phase) \(d.touch.id)" }
            return nil
        }
    }
}

/// A custom recognizer whose callbacks run closures, to drive the state machine from tests.
final class ScriptedRecognizer: GestureRecognizer {
    var onBegan: (ScriptedRecognizer) -> Void = { _ in }
    var onMoved: (ScriptedRecognizer) -> Void = { _ in }
    var onEnded: (ScriptedRecognizer) -> Void = { _ in }
    var onDeadline: (ScriptedRecognizer) -> Void = { _ in }
    private(set) var resets = 0

    override func touchesBegan(_ touches: [Touch]) { onBegan(self) }
    override func touchesMoved(_ touches: [Touch]) { onMoved(self) }
    override func touchesEnded(_ touches: [Touch]) { onEnded(self) }
    override func deadlineReached() { onDeadline(self) }
    override func reset() { resets += 1 }
}
