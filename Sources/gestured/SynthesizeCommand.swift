import ArgumentParser
import CaptureFormats
import Foundation

/// Gestures written as text, made into an evemu recording of a virtual touchscreen or touchpad.
struct SynthesizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synthesize",
        abstract: "Make an evemu recording from a gesture script (see docs/recordings.md), for demos and tests without a device."
    )

    @Argument(help: "The gesture script.")
    var script: String

    @Option(name: .shortAndLong, help: "Write the recording here instead of stdout.")
    var output: String?

    func run() throws {
        let recording: Recording
        do {
            recording = try GestureScript(try readText(script), source: script).recording
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
        let text = EvemuFormat.write(recording.description!, events: recording.events)
        if let output {
            do {
                try text.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                printError("cannot write \(output): \(error.localizedDescription)")
                throw ExitCode.failure
            }
        } else {
            print(text, terminator: "")
        }
    }
}
