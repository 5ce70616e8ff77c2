import GestureEngine
import Testing

@testable import GestureConfig

/// The file name every test configuration is parsed under.
let testFile = "test.toml"

/// Every error a configuration produces, as the user sees them (`file:line:column: message`), in order; empty
/// when it is valid.
func errors(_ text: String) -> [String] {
    do {
        _ = try Configuration.parse(text, file: testFile)
        return []
    } catch {
        return error.errors.map(\.description)
    }
}

/// `errors(text)` with the file name added to each expected `line:column: message`.
func expectErrors(_ text: String, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(errors(text) == expected.map { "\(testFile):\($0)" }, sourceLocation: sourceLocation)
}

/// A configuration that must be valid; records the errors as an issue otherwise.
func valid(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Configuration {
    do {
        return try Configuration.parse(text, file: testFile)
    } catch {
        Issue.record("unexpected errors:\n\(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// The recognizer an entry of a configuration makes, as its concrete class.
func recognizer<R: GestureRecognizer>(_ configuration: Configuration, _ name: String, as type: R.Type = R.self,
    sourceLocation: SourceLocation = #_sourceLocation) throws -> R
{
    let entry = try #require(configuration.recognizers.first { $0.name == name }, sourceLocation: sourceLocation)
    return try #require(entry.makeRecognizer() as? R, sourceLocation: sourceLocation)
}

/// Drives a configured surface with touches in millimetres on the surface the engine sees, keeping resting
/// touches stationary in every frame as the input layer does.
final class SurfaceDriver {
    let surface: ConfiguredSurface
    private var down: [TouchID: Touch] = [:]
    private(set) var events: [EngineEvent] = []

    init(_ surface: ConfiguredSurface) {
        self.surface = surface
    }

    func frame(_ time: Double, _ changes: [(TouchID, TouchPhase, Double, Double)], type: TouchType = .direct) {
        let t = Timestamp(seconds: time)
        var touches: [Touch] = []
        for (id, phase, x, y) in changes {
            let touch = Touch(id: id, phase: phase, location: Point(x: x, y: y), previousLocation: down[id]?.location,
                timestamp: t, type: type)
            touches.append(touch)
            down[id] = phase.isFinal ? nil : touch
        }
        for (id, var resting) in down where !changes.contains(where: { $0.0 == id }) {
            resting.phase = .stationary
            resting.previousLocation = resting.location
            touches.append(resting)
        }
        surface.engine.process(TouchFrame(timestamp: t, touches: touches), into: &events)
    }

    /// A finger that lands at (x, y) at `time` and lifts 0.05 s later without moving.
    func tap(_ id: TouchID, at time: Double, _ x: Double, _ y: Double, type: TouchType = .direct) {
        frame(time, [(id, .began, x, y)], type: type)
        frame(time + 0.05, [(id, .ended, x, y)], type: type)
    }

    func advance(_ time: Double) {
        surface.engine.advance(to: Timestamp(seconds: time), into: &events)
    }

    /// Fires every pending deadline.
    func settle() {
        while let due = surface.engine.nextDeadline { surface.engine.advance(to: due, into: &events) }
    }

    /// "name state" for each action so far.
    var actions: [String] {
        events.compactMap {
            if case .action(let a) = $0 { return "\(a.recognizer) \(a.state)" }
            return nil
        }
    }

    /// The time of each action of `name`, in seconds.
    func times(of name: String) -> [Double] {
        events.compactMap {
            if case .action(let a) = $0, a.recognizer == name { return a.time.seconds }
            return nil
        }
    }

    func clear() { events.removeAll() }

    /// Events from frames the test fed to the engine itself.
    func record(_ more: [EngineEvent]) { events += more }
}

/// A surface for the first device of a configuration.
func surface(_ configuration: Configuration, device: String? = nil, size: Size = Size(width: 100, height: 60)) throws
    -> ConfiguredSurface
{
    let entry = try #require(device.map { d in configuration.devices.first { $0.name == d } } ?? configuration.devices.first)
    return ConfiguredSurface(configuration: configuration, entry: entry, surface: size)
}

/// A frame of kernel-side millimetres on `surface`'s turned surface, as the daemon turns it (SurfaceTransform, in
/// GestureCore, which these tests do not build; GestureDaemonTests' SurfaceTransformTests test it).
func turned(_ frame: TouchFrame, on surface: ConfiguredSurface) -> TouchFrame {
    var turned = frame
    for i in turned.touches.indices {
        turned.touches[i].location = surface.entry.rotation.apply(to: frame.touches[i].location, in: surface.rawSize)
        turned.touches[i].previousLocation = surface.entry.rotation.apply(to: frame.touches[i].previousLocation, in: surface.rawSize)
    }
    return turned
}
