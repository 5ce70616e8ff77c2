import Foundation
import GestureEngine
import GestureTrace
import Testing

// MARK: Trace form

/// Runs `script` in the trace form and expects exactly `expected` (one event per line, blank lines and
/// surrounding spaces ignored).
func expectSampleTrace(_ script: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = sampleTraceLines(script, sourceLocation: sourceLocation)
    let wanted = expected.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    #expect(
        lines == wanted,
        "\n got:\n\(lines.joined(separator: "\n"))\n want:\n\(wanted.joined(separator: "\n"))",
        sourceLocation: sourceLocation)
}

/// Every line of a trace run.
func sampleTraceLines(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    do {
        return try Trace.run(script)
    } catch {
        Issue.record("trace failed: \(error)", sourceLocation: sourceLocation)
        return []
    }
}

/// The action lines of a trace run (touch deliveries left out).
func actionLines(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    sampleTraceLines(script, sourceLocation: sourceLocation).filter { !$0.contains(": touch ") }
}

// MARK: Engine API

/// Feeds frames to an engine by touch id: every touch that is down and not changed in a frame is sent as
/// stationary, as a kernel frame would list it.
final class FingerDriver {
    let engine: GestureEngine
    private var down: [Touch] = []
    /// Every event the engine produced, in order.
    private(set) var events: [EngineEvent] = []

    enum Change {
        case down(TouchID, Double, Double)
        case move(TouchID, Double, Double)
        case up(TouchID)
    }

    init(surface: Size = Size(width: 400, height: 800)) {
        engine = GestureEngine(surface: surface)
    }

    /// One frame at `seconds`; returns the events of this frame.
    @discardableResult
    func frame(_ seconds: Double, _ changes: Change...) -> [EngineEvent] {
        frame(seconds, changes)
    }

    @discardableResult
    func frame(_ seconds: Double, _ changes: [Change]) -> [EngineEvent] {
        let time = Timestamp(seconds: seconds)
        var sent: [Touch] = []
        var changed: Set<TouchID> = []
        for change in changes {
            switch change {
            case .down(let id, let x, let y):
                let touch = Touch(id: id, phase: .began, location: Point(x: x, y: y), timestamp: time)
                down.append(touch)
                sent.append(touch)
                changed.insert(id)
            case .move(let id, let x, let y):
                guard let i = down.firstIndex(where: { $0.id == id }) else { preconditionFailure("touch \(id) not down") }
                down[i].previousLocation = down[i].location
                down[i].location = Point(x: x, y: y)
                down[i].phase = .moved
                down[i].timestamp = time
                sent.append(down[i])
                changed.insert(id)
            case .up(let id):
                guard let i = down.firstIndex(where: { $0.id == id }) else { preconditionFailure("touch \(id) not down") }
                var touch = down.remove(at: i)
                touch.previousLocation = touch.location
                touch.phase = .ended
                touch.timestamp = time
                sent.append(touch)
                changed.insert(id)
            }
        }
        for touch in down where !changed.contains(touch.id) {
            var resting = touch
            resting.phase = .stationary
            resting.previousLocation = resting.location
            resting.timestamp = time
            sent.append(resting)
        }
        let out = engine.process(TouchFrame(timestamp: time, touches: sent))
        events += out
        return out
    }
}

/// The action messages among `events`.
func gestureActions(_ events: [EngineEvent]) -> [GestureAction] {
    events.compactMap { event in
        if case .action(let action) = event { return action }
        return nil
    }
}

/// The raw deliveries among `events`, as `ID phase`.
func deliveries(_ events: [EngineEvent]) -> [String] {
    events.compactMap { event in
        if case .touch(let delivery) = event { return "\(delivery.touch.id) \(delivery.phase)" }
        return nil
    }
}

// MARK: The $1 unistroke dataset


/// Timed trace lines with a short name for test reports.
struct Strokes: Sendable, CustomTestStringConvertible {
    var name: String
    var script: String
    init(_ name: String, _ script: String) {
        self.name = name
        self.script = script
    }
    var testDescription: String { name }
}
