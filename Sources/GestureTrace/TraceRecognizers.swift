import GestureCatalog
import GestureEngine

/// Builds a recognizer of a kind named in a trace and applies `key=value` parameters to it, from the one
/// catalog the configuration uses too (RecognizerKind): a parameter goes by its short name (`taps`) or its full
/// one (`number_of_taps_required`). Unlike a configuration, a trace may give any finite value, beyond the
/// catalog's ranges too: traces test the engine at and past its limits. Lengths are in the trace's units
/// (`toMillimetres` converts), durations in seconds, angles in degrees.
struct TraceRecognizers {
    let toMillimetres: (Double) -> Double

    static var kinds: [String] { RecognizerKind.allCases.map(\.rawValue) }

    func make(kind: String, name: String) -> (GestureRecognizer, RecognizerKind)? {
        guard let kind = RecognizerKind(rawValue: kind) else { return nil }
        return (kind.make(name: name), kind)
    }

    /// Applies one parameter; the message says what was expected when it cannot.
    func apply(_ key: String, _ value: String, to recognizer: GestureRecognizer, of kind: RecognizerKind) -> String? {
        if let error = applyCommon(key, value, to: recognizer) { return error.isEmpty ? nil : error }
        guard let parameter = kind.parameters.first(where: { $0.alias == key || $0.name == key }) else {
            let names = kind.parameters.map { $0.alias ?? $0.name }.joined(separator: ", ")
            return "unknown parameter \(key) for \(kind.rawValue) \(recognizer.name); it takes \(names)"
        }
        switch parameter.shape {
        case .count:
            guard let n = Int(value), n >= 0 else { return "\(key) is a whole number, got \(value)" }
            parameter.apply(.count(n), to: recognizer)
        case .number(_, let unit):
            guard let number = TraceFormat.number(value) else { return "\(key) is a number, got \(value)" }
            // Lengths (mm, mm/s) are in the trace's units; seconds, degrees and ratios as they are.
            parameter.apply(.number(unit.hasPrefix(" mm") ? toMillimetres(number) : number), to: recognizer)
        case .directions:
            guard let directions = directions(value) else { return "expected directions among right|left|up|down, got \(value)" }
            parameter.apply(.directions(directions), to: recognizer)
        case .edges:
            guard let edges = edges(value) else { return "expected edges among top|left|bottom|right|none, got \(value)" }
            parameter.apply(.edges(edges), to: recognizer)
        }
        return nil
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

    private func bool(_ v: String, _ set: (Bool) -> Void) -> String? {
        switch v {
        case "yes", "true": set(true)
        case "no", "false": set(false)
        default: return "expected yes or no, got \(v)"
        }
        return nil
    }

    private func directions(_ v: String) -> SwipeDirections? {
        var result: SwipeDirections = []
        for word in v.split(separator: "|") {
            switch word {
            case "right": result.insert(.right)
            case "left": result.insert(.left)
            case "up": result.insert(.up)
            case "down": result.insert(.down)
            default: return nil
            }
        }
        return result
    }

    private func edges(_ v: String) -> Edges? {
        var result: Edges = []
        for word in v.split(separator: "|") {
            switch word {
            case "top": result.insert(.top)
            case "left": result.insert(.left)
            case "bottom": result.insert(.bottom)
            case "right": result.insert(.right)
            case "none": break
            default: return nil
            }
        }
        return result
    }
}
