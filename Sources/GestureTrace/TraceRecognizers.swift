import GestureEngine
import GestureSamples

/// Builds a recognizer of a kind named in a trace and applies `key=value` parameters to it. Lengths are in
/// the trace's units (`toMillimetres` converts), durations in seconds.
struct TraceRecognizers {
    let toMillimetres: (Double) -> Double

    static let kinds = ["tap", "long-press", "pan", "swipe", "pinch", "rotation", "edge-pan", "checkmark", "tickle"]

    func make(kind: String, name: String) -> GestureRecognizer? {
        switch kind {
        case "tap": TapGestureRecognizer(name: name)
        case "long-press": LongPressGestureRecognizer(name: name)
        case "pan": PanGestureRecognizer(name: name)
        case "swipe": SwipeGestureRecognizer(name: name)
        case "pinch": PinchGestureRecognizer(name: name)
        case "rotation": RotationGestureRecognizer(name: name)
        case "edge-pan": ScreenEdgePanGestureRecognizer(name: name)
        case "checkmark": CheckmarkGestureRecognizer(name: name)
        case "tickle": TickleGestureRecognizer(name: name)
        default: nil
        }
    }

    /// Applies one parameter; the message says what was expected when it cannot.
    func apply(_ key: String, _ value: String, to recognizer: GestureRecognizer) -> String? {
        if let error = applyCommon(key, value, to: recognizer) { return error.isEmpty ? nil : error }
        switch recognizer {
        case let r as TapGestureRecognizer:
            switch key {
            case "taps": return int(value) { r.numberOfTapsRequired = $0 }
            case "touches": return int(value) { r.numberOfTouchesRequired = $0 }
            case "movement": return length(value) { r.allowableMovement = $0 }
            case "duration": return seconds(value) { r.maximumTapDuration = $0 }
            case "interval": return seconds(value) { r.maximumIntervalBetweenTaps = $0 }
            case "window": return seconds(value) { r.touchesDownWindow = $0 }
            default: break
            }
        case let r as LongPressGestureRecognizer:
            switch key {
            case "duration": return seconds(value) { r.minimumPressDuration = $0 }
            case "movement": return length(value) { r.allowableMovement = $0 }
            case "touches": return int(value) { r.numberOfTouchesRequired = $0 }
            case "taps": return int(value) { r.numberOfTapsRequired = $0 }
            default: break
            }
        case let r as ScreenEdgePanGestureRecognizer:
            switch key {
            case "edges": return edges(value) { r.edges = $0 }
            case "width": return length(value) { r.edgeWidth = $0 }
            case "threshold": return length(value) { r.startThreshold = $0 }
            default: break
            }
        case let r as PanGestureRecognizer:
            switch key {
            case "min": return int(value) { r.minimumNumberOfTouches = $0 }
            case "max": return int(value) { r.maximumNumberOfTouches = $0 }
            case "threshold": return length(value) { r.startThreshold = $0 }
            default: break
            }
        case let r as SwipeGestureRecognizer:
            switch key {
            case "direction": return directions(value) { r.direction = $0 }
            case "touches": return int(value) { r.numberOfTouchesRequired = $0 }
            case "duration": return seconds(value) { r.maximumDuration = $0 }
            case "speed": return length(value) { r.minimumSpeed = $0 }
            default: break
            }
        case let r as PinchGestureRecognizer:
            if key == "threshold" { return length(value) { r.startThreshold = $0 } }
        case let r as TickleGestureRecognizer:
            switch key {
            case "tickles": return int(value) { r.requiredTickles = $0 }
            case "distance": return length(value) { r.minimumDistance = $0 }
            default: break
            }
        default:
            break
        }
        return "unknown parameter \(key) for \(recognizer.kind.rawValue) \(recognizer.name)"
    }

    /// nil: not a common key; "": applied; otherwise the error.
    private func applyCommon(_ key: String, _ value: String, to r: GestureRecognizer) -> String? {
        switch key {
        case "cancels": return bool(value) { r.cancelsTouchesInView = $0 } ?? ""
        case "delays-began": return bool(value) { r.delaysTouchesBegan = $0 } ?? ""
        case "delays-ended": return bool(value) { r.delaysTouchesEnded = $0 } ?? ""
        case "exclusive-type": return bool(value) { r.requiresExclusiveTouchType = $0 } ?? ""
        case "enabled": return bool(value) { r.isEnabled = $0 } ?? ""
        case "types":
            var types: TouchTypes = []
            for word in value.split(separator: "|") {
                guard let type = TouchType.allCases.first(where: { $0.description == word }) else {
                    return "expected touch types among direct|indirect|stylus, got \(value)"
                }
                types.insert(TouchTypes(type))
            }
            r.allowedTouchTypes = types
            return ""
        default: return nil
        }
    }

    private func int(_ v: String, _ set: (Int) -> Void) -> String? {
        guard let n = Int(v), n >= 0 else { return "expected a whole number, got \(v)" }
        set(n)
        return nil
    }

    private func seconds(_ v: String, _ set: (Double) -> Void) -> String? {
        guard let s = TraceFormat.number(v) else { return "expected seconds, got \(v)" }
        set(s)
        return nil
    }

    private func length(_ v: String, _ set: (Double) -> Void) -> String? {
        guard let l = TraceFormat.number(v) else { return "expected a length, got \(v)" }
        set(toMillimetres(l))
        return nil
    }

    private func bool(_ v: String, _ set: (Bool) -> Void) -> String? {
        switch v {
        case "yes", "true": set(true)
        case "no", "false": set(false)
        default: return "expected yes or no, got \(v)"
        }
        return nil
    }

    private func directions(_ v: String, _ set: (SwipeDirections) -> Void) -> String? {
        var result: SwipeDirections = []
        for word in v.split(separator: "|") {
            switch word {
            case "right": result.insert(.right)
            case "left": result.insert(.left)
            case "up": result.insert(.up)
            case "down": result.insert(.down)
            default: return "expected directions among right|left|up|down, got \(v)"
            }
        }
        set(result)
        return nil
    }

    private func edges(_ v: String, _ set: (Edges) -> Void) -> String? {
        var result: Edges = []
        for word in v.split(separator: "|") {
            switch word {
            case "top": result.insert(.top)
            case "left": result.insert(.left)
            case "bottom": result.insert(.bottom)
            case "right": result.insert(.right)
            case "none": break
            default: return "expected edges among top|left|bottom|right|none, got \(v)"
            }
        }
        set(result)
        return nil
    }
}
