import ConfigSchema
import GestureProtocol

extension ActionsFile {
    /// Every name an action binds that is not there: a recognizer neither the daemon's configuration (`daemon`,
    /// list_recognizers' `configured`) nor the file declares, or a shape its shape recognizer lacks; and a
    /// `direction` its recognizer's kind never has (a tap's), which could never act. Each at its line and column,
    /// with the nearest name. With `daemon` nil (no daemon to ask), only the file's own
    /// recognizers are known, and names the file does not declare are left for when a daemon answers.
    public func unknownNames(daemon: [ConfiguredRecognizer]?) -> [ConfigError] {
        var known: [String: (kind: String, shapes: [String])] = [:]
        for r in daemon ?? [] { known[r.name] = (r.kind, r.shapes) }
        for r in recognizers { known[r.name] = (r.kind, r.shapes.map(\.name)) }
        var errors: [ConfigError] = []
        for action in actions {
            guard let recognizer = known[action.gesture] else {
                guard daemon != nil else { continue }
                errors.append(
                    ConfigError(
                        file: file, position: action.gestureAt,
                        "no recognizer '\(action.gesture)' in the daemon's configuration or this file\(NameSuggestion.didYouMean(action.gesture, among: known.keys.sorted()))"
                    ))
                continue
            }
            if let direction = action.direction, let at = action.directionAt, let error = Self.wayError(direction, of: recognizer.kind) {
                errors.append(ConfigError(file: file, position: at, "'\(action.gesture)' is a \(recognizer.kind) recognizer: \(error)"))
            }
            guard let shape = action.shape, let at = action.shapeAt else { continue }
            if recognizer.kind != "shape" {
                errors.append(ConfigError(file: file, position: at, "'\(action.gesture)' is a \(recognizer.kind) recognizer: shape = \"...\" picks a shape recognizer's shapes"))
            } else if !recognizer.shapes.contains(shape) {
                errors.append(
                    ConfigError(
                        file: file, position: at,
                        "'\(action.gesture)' has no shape '\(shape)'\(NameSuggestion.didYouMean(shape, among: recognizer.shapes)) (its shapes: \(recognizer.shapes.joined(separator: ", ")))"
                    ))
            }
        }
        return errors
    }

    /// Why `direction` can never be the way of a gesture of `kind`; nil when it can.
    static func wayError(_ direction: String, of kind: String) -> String? {
        let ways: [String]
        switch kind {
        case "swipe", "pan": ways = ["left", "right", "up", "down"]
        case "edge-pan": ways = ["left", "right", "top", "bottom"]
        default: return "direction = \"\(direction)\" picks a swipe's direction, a pan's first way or an edge pan's edge, and it has none, so the action would never act"
        }
        guard !ways.contains(direction) else { return nil }
        return "its direction is one of \(ways.joined(separator: ", ")), never '\(direction)'"
    }
}
