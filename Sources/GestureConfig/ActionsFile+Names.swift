import GestureProtocol

extension ActionsFile {
    /// Every name an action binds that is not there: a recognizer neither the daemon's configuration (`daemon`,
    /// list_recognizers' `configured`) nor the file declares, or a shape its shape recognizer lacks; each at its
    /// line and column, with the nearest name. With `daemon` nil (no daemon to ask), only the file's own
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
}
