import ArgumentParser
import Foundation
import GestureConfig
import GestureDaemon
import InputCore
import Logging

/// The whole pipeline on recordings, printing what a subscriber would read.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run recordings through the configured recognizers; print the JSON lines a subscriber would get.",
        discussion: """
            The recordings' timestamps are the clock, and timers still pending at the end of each recording are run out, so the same input always prints the same lines.

            A recording without a device description (bare E: lines, an evtest log without its header) needs --description; a description's own header always wins over it.
            """
    )

    @Option(name: .long, help: "The configuration file.")
    var config: String

    @Flag(name: .long, help: "Also print raw touch deliveries.")
    var touches = false

    @Flag(name: .long, help: "Also print every recognizer transition with its cause, as it happens, as lines that start with '#'.")
    var explain = false

    @OptionGroup var device: CaptureDeviceOptions

    @Argument(help: "Recordings: evemu-record, evtest, libinput record or getevent -lt output, or bare E: lines with --description.")
    var recordings: [String]

    func run() throws {
        let configuration: Configuration
        switch Configuration.load(config) {
        case .success(let c): configuration = c
        case .failure(let errors):
            printError("the configuration has errors:\n\(errors)")
            throw ExitCode(2)
        }
        var loaded: [OfflineReplay.Input] = []
        do {
            let given = try device.description.map { file in try Recording.deviceDescription(in: try readText(file), source: file) }
            for path in recordings {
                let recording = try Recording.parse(try readText(path), source: path, description: given)
                loaded.append(OfflineReplay.Input(source: path, recording: recording, kind: device.kind))
            }
        } catch let error as ExitCode {
            throw error
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
        LoggingSystem.bootstrap { _ in JournalLogHandler(level: .warning) }
        let out = FileHandle.standardOutput
        do {
            try OfflineReplay.run(
                configuration: configuration, recordings: loaded, touches: touches, explain: explain, logger: Logger(label: "gestured")
            ) { line in
                out.write(Data(line))
            }
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
    }
}
