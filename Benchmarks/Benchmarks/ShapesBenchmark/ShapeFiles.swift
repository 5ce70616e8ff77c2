import CaptureFormats
import ConfigFiles
import Foundation
import GestureConfig
import GestureEngine
import LinuxInput
import ShapeFormat
import UnistrokeLogs

/// Shapes made the way a user makes them: each drawing a recording, its strokes collected as `gestured shape learn`
/// collects them (the frames of the recording through StrokeCollector, in the device's millimetres), the template
/// written as a shape file (ShapeFile.write) and read back by the configuration that names it. Only ever in a
/// temporary folder: nothing learned from the $1 logs goes into the repository.
enum ShapeFiles {
    /// One drawing as `gestured shape learn` takes a recording of it: one example.
    static func example(of drawing: UnistrokeDrawing) throws -> ShapeExample {
        let recording = DrawingRecording.recording(of: drawing).slotted()
        var strokes = StrokeCollector(fingers: 1)
        for frame in try Replay.frames(of: recording, source: drawing.file) { strokes.observe(frame) }
        guard !strokes.strokes.isEmpty else { throw ShapesError("\(drawing.file): no stroke of 1 finger") }
        return ShapeExample(strokes: strokes.strokes)
    }

    /// Examples learned once for every drawing, by file: a drawing is an example in many template sets.
    final class Examples: @unchecked Sendable {
        private var byFile: [String: ShapeExample] = [:]
        private let lock = NSLock()

        func example(of drawing: UnistrokeDrawing) throws -> ShapeExample {
            lock.lock()
            let known = byFile[drawing.file]
            lock.unlock()
            if let known { return known }
            let learned = try ShapeFiles.example(of: drawing)
            lock.lock()
            byFile[drawing.file] = learned
            lock.unlock()
            return learned
        }

        /// A shape file's template: `drawings` of the shape named `name`, each one example, in order.
        func template(_ name: String, _ drawings: [UnistrokeDrawing]) throws -> ShapeTemplate {
            ShapeTemplate(name: name, examples: try drawings.map(example))
        }
    }

    /// Writes each template as `NAME.shape` in `folder` and a configuration `name` beside them: `base` (a shipped
    /// configuration's text, or nothing) with a shape recognizer named `recognizer` naming those files, its own
    /// keys `keys` (TOML lines) after them. Returns the configuration as the daemon loads it.
    static func configuration(
        _ templates: [ShapeTemplate], in folder: String, name: String = "shapes.toml", base: String = "", recognizer: String = "drawn",
        keys: [String] = []
    ) throws -> Configuration {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for template in templates {
            try ShapeFile.write(template).write(toFile: folder + "/" + template.name + ".shape", atomically: false, encoding: .utf8)
        }
        let path = folder + "/" + name
        try (base + "\n" + section(templates.map { $0.name + ".shape" }, recognizer: recognizer, keys: keys))
            .write(toFile: path, atomically: false, encoding: .utf8)
        switch Configuration.load(path, files: SystemFiles()) {
        case .success(let configuration): return configuration
        case .failure(let errors): throw ShapesError("\(path): \(errors)")
        }
    }

    /// The `[[recognizer]]` a user adds for their shapes.
    static func section(_ files: [String], recognizer: String, keys: [String] = []) -> String {
        let list = files.map { "\"\($0)\"" }.joined(separator: ", ")
        return (["[[recognizer]]", "name = \"\(recognizer)\"", "kind = \"shape\"", "shapes = [\(list)]"] + keys).joined(separator: "\n") + "\n"
    }
}

struct ShapesError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
