import ArgumentParser
import Foundation
import GestureClient
import GestureConfig
import GestureEngine
import GestureProtocol
import ShapeFormat

/// Shapes from a live device, through the daemon (docs/shapes.md).
struct ShapeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shape", abstract: "Make shape files for shape recognizers from drawings on a live device.", subcommands: [Record.self])

    /// A shape file from drawings made now, each one example: the daemon's raw touches (so only for users it
    /// allows them), each drawing's strokes collected as a shape recognizer collects them.
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record drawings of a shape on a live device and write its shape file (needs raw touches: daemon.raw_touches).")

        @OptionGroup var socket: SocketOption

        @Argument(help: "The shape's name: letters, digits, '-', '_' or '.'.")
        var name: String

        @Option(name: .long, help: "How many drawings to record, each one example, 1 to 100.")
        var examples = 3

        @Option(name: .long, help: "Fingers that draw each stroke together, 1 to 10.")
        var fingers = 1

        @Option(name: .long, help: "Only touches on this device (its [[device]] name).")
        var device: String?

        @Option(name: .long, help: "Seconds after the last finger lifts with no new touch that end a drawing.")
        var pause = 1.0

        @Option(name: .shortAndLong, help: "Write the shape file here instead of standard output.")
        var output: String?

        func validate() throws {
            guard (1...100).contains(examples) else { throw ValidationError("--examples must be from 1 to 100, got \(examples)") }
            guard (1...10).contains(fingers) else { throw ValidationError("--fingers must be from 1 to 10, got \(fingers)") }
            guard pause > 0, pause <= 60 else { throw ValidationError("--pause must be from 0 to 60 seconds, got \(pause)") }
        }

        func run() throws {
            let connection = socket.connect()
            let subscription = Subscription(events: [.touches], devices: device.map { [$0] })
            do {
                _ = try connection.request(.subscribe(subscription))
            } catch {
                fail(error.message)
            }
            var drawings: [ShapeExample] = []
            while drawings.count < examples {
                FileHandle.standardError.write(Data("draw '\(name)' (\(drawings.count + 1) of \(examples)) with \(fingers) finger(s)\n".utf8))
                let strokes = drawing(on: connection)
                guard !strokes.isEmpty else {
                    FileHandle.standardError.write(Data("  no stroke of \(fingers) finger(s) together; again\n".utf8))
                    continue
                }
                FileHandle.standardError.write(Data("  \(strokes.count) stroke(s), \(strokes.reduce(0) { $0 + $1.count }) points\n".utf8))
                drawings.append(ShapeFile.example(strokes))
            }
            let text = ShapeFile.write(ShapeTemplate(name: name, fingers: fingers, examples: drawings))
            do {
                _ = try ShapeFile.parse(text, file: "the shape '\(name)'")
                if let output { try text.write(toFile: output, atomically: true, encoding: .utf8) } else { print(text, terminator: "") }
            } catch {
                fail("\(error)")
            }
        }

        /// One drawing: touches from the first that lands until every finger has been up for `pause` seconds.
        /// Touches that land together (one frame, one time) are taken together, as a frame.
        private func drawing(on connection: DaemonSocket) -> [[ShapePoint]] {
            var strokes = StrokeCollector(fingers: fingers)
            var down: [UInt64: Point] = [:]
            var frameTime: DaemonTime?
            var started = false
            func observe(at time: DaemonTime) { strokes.observe(down: down.values, at: Timestamp(nanoseconds: time.microseconds * 1000)) }
            while true {
                if started, down.isEmpty, !connection.hasLine(within: pause) { break }
                let message: DaemonSocket.Message?
                do { message = try connection.readMessage() } catch { fail(error.message) }
                guard let message else { fail("the daemon closed the connection") }
                guard case .event(.touch(let touch)) = message.decoded, touch.contactClass == nil else { continue }
                if let frameTime, frameTime != touch.time { observe(at: frameTime) }
                frameTime = touch.time
                started = true
                switch touch.phase {
                case .began, .moved, .stationary: down[touch.id] = Point(x: touch.location.millimetres.x, y: touch.location.millimetres.y)
                case .ended, .cancelled: down[touch.id] = nil
                }
                if down.isEmpty { observe(at: touch.time) }
            }
            if let frameTime { observe(at: frameTime) }
            return strokes.strokes
        }
    }
}
