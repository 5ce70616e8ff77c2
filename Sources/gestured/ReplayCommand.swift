import ArgumentParser
import Foundation
import GestureConfig
import GestureDaemon
import InputCore
import Logging

extension DeviceKind: ExpressibleByArgument {}

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

    @Option(
        name: .long,
        help: "The device of recordings that describe none: an evemu recording or header, a .prop or .device file, evemu A: lines, or getevent -lp output.")
    var description: String?

    @Option(name: .long, help: "What the device is (touchscreen, touchpad or tablet), instead of what its capabilities suggest.")
    var kind: DeviceKind?

    @Argument(help: "Recordings: evemu-record, evtest, libinput record or getevent -lt output, or bare E: lines with --description.")
    var recordings: [String]

    func validate() throws {
        if kind == .other { throw ValidationError("--kind must be touchscreen, touchpad or tablet") }
    }

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
            var given: DeviceDescription?
            if let description {
                given = try Recording.parse(try readText(description), source: description).description
                guard given != nil else {
                    printError("\(description): describes no device (expected N:, I:, P:, B: or A: lines, or an evtest header)")
                    throw ExitCode.failure
                }
            }
            for path in recordings {
                let recording = try Recording.parse(try readText(path), source: path, description: given)
                loaded.append(OfflineReplay.Input(source: path, recording: recording, kind: kind))
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
            try OfflineReplay.run(configuration: configuration, recordings: loaded, touches: touches, logger: Logger(label: "gestured")) { line in
                out.write(Data(line))
            }
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
    }
}
