import ConfigSchema
import GestureActions
import GestureClient
import GestureConfig

/// An actions file's own shapes and recognizers added over a connection, as `gesturectl actions` adds them and
/// `--check` tries them: in the order `ActionsFile.additions` gives, each refusal at its table's line and column.
public enum OwnAdditions {
    public static func add(_ file: ActionsFile, to client: GestureClient) async -> [ConfigError] {
        let (ordered, unordered) = file.additions()
        var refused = unordered
        for recognizer in ordered {
            do {
                for shape in recognizer.shapes {
                    let examples = shape.examples.map { $0.strokes.map { $0.map { (x: $0.x, y: $0.y, t: $0.time) } } }
                    try await client.addShape(name: shape.name, fingers: shape.fingers, examples: examples)
                }
                guard case .object(var keys) = recognizer.request else { continue }
                keys["name"] = nil
                keys["kind"] = nil
                try await client.addRecognizer(name: recognizer.name, kind: recognizer.kind, keys)
            } catch {
                refused.append(
                    ConfigError(file: file.file, position: recognizer.at, "the daemon refused recognizer '\(recognizer.name)': \(error.message)"))
            }
        }
        return refused
    }
}
