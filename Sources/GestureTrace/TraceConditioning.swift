import Conditioning
import GestureEngine
import InputCore

/// A trace's `conditioning KIND [key=value ...]` line (docs/traces.md): its touches go through touch conditioning
/// before the engine (docs/conditioning.md), with the defaults of a device of that kind and the trace's surface,
/// and the configuration's conditioning keys over them (`settle_mm=4`, `palm_edge_mm=false`). As a
/// recognizer's parameters may, a value may lie beyond the configuration's range: traces test past the limits.
/// `box-corners`: the pad is semi-multitouch (`TouchConditioning.boxCorners`).
struct TraceConditioning {
    var kind: DeviceKind
    var keys: [(key: ConditioningKey, value: Double?)] = []
    var boxCorners = false

    init(_ words: [String]) throws(TraceSession.Message) {
        guard words.count >= 2, let kind = DeviceKind(rawValue: words[1]), kind == .touchpad || kind == .touchscreen else {
            throw TraceSession.Message("expected conditioning touchpad|touchscreen [box-corners] [key=value ...]")
        }
        self.kind = kind
        for assignment in words.dropFirst(2) {
            if assignment == "box-corners" {
                boxCorners = true
                continue
            }
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw TraceSession.Message("expected key=value, got \(assignment)") }
            guard let key = ConditioningKey.all.first(where: { $0.name == parts[0] }) else {
                throw TraceSession.Message("conditioning has no key \(parts[0]); the keys are \(ConditioningKey.names.joined(separator: ", "))")
            }
            if parts[1] == "false" {
                guard key.mayBeOff else { throw TraceSession.Message("\(key.name) cannot be off: give a number") }
                keys.append((key, nil))
            } else {
                guard let value = TraceFormat.number(parts[1]) else { throw TraceSession.Message("\(key.name) must be a number or false, got \(parts[1])") }
                keys.append((key, value))
            }
        }
    }

    /// The stage for a surface of this size, in millimetres.
    func conditioner(surface: Size) -> TouchConditioner {
        var settings = TouchConditioning.defaults(for: kind, surface: surface)
        for (key, value) in keys { key.apply(&settings, value) }
        settings.boxCorners = boxCorners
        return TouchConditioner(settings: settings, surface: surface)
    }

    /// A touchpad's touches are indirect; a trace says otherwise on its `down` lines.
    var touchType: TouchType { kind == .touchpad ? .indirect : .direct }
}
