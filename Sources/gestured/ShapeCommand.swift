import ArgumentParser
import CaptureFormats
import GestureConfig
import GestureEngine
import LinuxInput
import ShapeFormat

/// Shapes made from drawings (docs/shapes.md).
struct ShapeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shape",
        abstract: "Make shape files for shape recognizers (see docs/shapes.md).",
        subcommands: [Learn.self]
    )

    /// A shape file from recordings, each one example.
    struct Learn: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a shape file to standard output from recordings, each recording one example of the shape (all its strokes, in order).")

        @Argument(help: "The shape's name: letters, digits, '-', '_' or '.'.")
        var name: String

        @Argument(help: "Recordings of the shape being drawn: evemu-record, evtest, libinput record or getevent -lt output (gestured record makes them).")
        var recordings: [String]

        @Option(name: .long, help: "Fingers that draw each stroke together, 1 to 10.")
        var fingers = 1

        @OptionGroup var device: CaptureDeviceOptions

        func validate() throws {
            guard (1...10).contains(fingers) else { throw ValidationError("--fingers must be from 1 to 10, got \(fingers)") }
            guard !recordings.isEmpty else { throw ValidationError("give at least one recording") }
        }

        func run() throws {
            var examples: [ShapeExample] = []
            do {
                let given = try device.description.map { file in try Recording.deviceDescription(in: try readText(file), source: file) }
                for path in recordings {
                    let recording = try Recording.parse(try readText(path), source: path, description: given).slotted()
                    // Each stroke as a shape recognizer would collect it (StrokeCollector), in the device's millimetres.
                    var strokes = StrokeCollector(fingers: fingers)
                    for frame in try Replay.frames(of: recording, source: path, kind: device.kind) { strokes.observe(frame) }
                    guard !strokes.strokes.isEmpty else {
                        printError("\(path): no stroke of \(fingers) finger(s) together; give --fingers if it was drawn with more")
                        throw ExitCode.failure
                    }
                    examples.append(ShapeFile.example(strokes.strokes))
                }
            } catch let error as ExitCode {
                throw error
            } catch {
                printError("\(error)")
                throw ExitCode.failure
            }
            let text = ShapeFile.write(ShapeTemplate(name: name, fingers: fingers, examples: examples))
            // Read back as a shape recognizer will read it, so that what is written is a file it takes.
            do {
                _ = try ShapeFile.parse(text, file: "the shape '\(name)'")
            } catch {
                printError("\(error)")
                throw ExitCode.failure
            }
            print(text, terminator: "")
        }
    }
}
