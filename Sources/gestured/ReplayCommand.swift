import ArgumentParser
import CaptureFormats
import Conditioning
import ConfigFiles
import Foundation
import GestureConfig
import GestureCore
import GestureDaemon
import GestureEngine
import GestureProtocol
import InputCore
import Logging
import SystemCalls

/// The whole pipeline on recordings, printing what a subscriber would read.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run recordings through the configured recognizers; print the JSON lines a subscriber would get, or a line a person reads for each.",
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
        help: "json: the protocol's lines, as a subscriber reads them; text: one line a person reads for each event, as gesturectl monitor prints it (time, recognizer, kind, state, device/region, fingers, location in mm, values).")
    var format = ReplayFormat.json

    @Flag(name: .long, help: "Also print every recognizer transition, and every contact's change in touch conditioning, with its cause, as it happens, as lines that start with '#'.")
    var explain = false

    @Option(name: .long, help: "Also draw the recording as an SVG picture: each touch's path, where each gesture began, changed and ended, and the list of events (one recording).")
    var svg: String?

    @OptionGroup var device: CaptureDeviceOptions

    @OptionGroup var identity: DeviceIdentityOptions

    @OptionGroup var database: DeviceDatabaseOptions

    @Argument(help: "Recordings: evemu-record, evtest, libinput record or getevent -lt output, or bare E: lines with --description.")
    var recordings: [String]

    func validate() throws {
        if svg != nil, recordings.count != 1 { throw ValidationError("--svg draws one recording; \(recordings.count) were given") }
    }

    func run() throws {
        let configuration: Configuration
        switch Configuration.load(config, files: SystemFiles()) {
        case .success(let c): configuration = c
        case .failure(let errors):
            printError("the configuration has errors:\n\(errors)")
            throw ExitCode(2)
        }
        var loaded: [OfflineReplay.Input] = []
        let devices = database.load()
        for error in devices.refused { printError("device database entry refused; the others apply: \(error)") }
        do {
            let given = try device.description.map { file in try Recording.deviceDescription(in: try readText(file), source: file) }
            for path in recordings {
                let recording = try Recording.parse(try readText(path), source: path, description: given)
                let knowledge = recording.description.map { devices.knowledge(of: identity.identity(of: $0)) }
                loaded.append(OfflineReplay.Input(source: path, recording: recording, kind: device.kind, knowledge: knowledge))
            }
        } catch let error as ExitCode {
            throw error
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
        LoggingSystem.bootstrap { _ in JournalLogHandler(level: .warning) }
        // Lines are gathered and written 64 KiB at a time: a Data and a write for each line cost more than the
        // daemon's whole work on its frame (docs/daemon.md, What a frame costs).
        let output = GatheredOutput()
        defer { output.flush() }
        var picture: ReplayPicture?
        do {
            if svg != nil, let input = loaded.first { picture = try Self.picture(of: input, configuration: configuration) }
            let drawing = picture != nil
            let text = format == .text
            try OfflineReplay.run(
                configuration: configuration, recordings: loaded, touches: touches, explain: explain, logger: Logger(label: "gestured")
            ) { line in
                // --explain's lines ('#') are text already.
                if text, line.first == UInt8(ascii: "{"), case .event(let event)? = try? ServerLine.decode(line) {
                    Array((EventText.line(event) + "\n").utf8).withUnsafeBufferPointer(output.add)
                } else {
                    output.add(line)
                }
                if drawing, line.first == UInt8(ascii: "{"), let object = try? JSONSerialization.jsonObject(with: Data(buffer: line)) as? [String: Any] {
                    picture?.add(line: object)
                }
            }
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
        if let svg, let picture {
            do {
                try picture.svg.write(toFile: svg, atomically: true, encoding: .utf8)
            } catch {
                printError("cannot write \(svg): \(error.localizedDescription)")
                throw ExitCode.failure
            }
        }
    }

    /// The picture's surface and paths: the recording's touches turned and sized as its [[device]] entry says, as
    /// the recognizers see them, so that the gestures' places fall on them.
    static func picture(of input: OfflineReplay.Input, configuration: Configuration) throws -> ReplayPicture {
        let recording = (input.knowledge?.correct(input.recording) ?? input.recording).slotted()
        let info = try DeviceInfo(recording: recording, source: input.source, id: DeviceID(0), node: input.source, kind: input.kind, knowledge: input.knowledge)
        let transform = SurfaceTransform(info: info, entry: configuration.deviceEntry(for: info.description, kind: info.kind))
        var picture = ReplayPicture(surface: transform.surface, title: URL(fileURLWithPath: input.source).lastPathComponent)
        picture.add(
            try Replay.frames(of: recording, source: input.source, kind: info.kind).map { frame in
                var sized = frame
                sized.touches = frame.touches.map(transform.sized)
                return transform.turned(sized)
            })
        return picture
    }
}

/// How `gestured replay` prints events.
enum ReplayFormat: String, ExpressibleByArgument, CaseIterable {
    case json, text
}

/// Standard output, written 64 KiB at a time. A class, so that the replay's line handler holds it without the
/// run-time exclusivity check a captured variable gets on every line.
private final class GatheredOutput {
    @exclusivity(unchecked) private var pending: [UInt8] = []

    init() { pending.reserveCapacity(1 << 16) }

    func add(_ line: UnsafeBufferPointer<UInt8>) {
        pending.append(contentsOf: line)
        if pending.count >= 1 << 16 { flush() }
    }

    /// Written from the buffer itself (a Data of it copied every 64 KiB, a fifth of a replayed frame's cost),
    /// through the project's system-call funnel (interruptions retried there), going on after short writes. A
    /// failure (stdout closed: a pipe's reader gone) leaves nothing more to do.
    func flush() {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count,
                let written = try? systemCall("write", on: "standard output", { write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset) }),
                written > 0
            {
                offset += written
            }
        }
        pending.removeAll(keepingCapacity: true)
    }
}
