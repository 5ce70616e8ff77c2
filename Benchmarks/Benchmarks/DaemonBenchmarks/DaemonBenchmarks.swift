import ArgumentParser
import CaptureFormats
import Foundation

/// Benchmarks of the whole daemon, as a separate process fed by a replayed recording: latency, memory, load.
@main
struct DaemonBenchmarks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon-benchmarks", subcommands: [
            LatencyCommand.self, SoakCommand.self, LoadCommand.self, PeerWorkCommand.self, HostileLoadCommand.self, PassThroughCommand.self, PeersCommand.self, FirstActionCommand.self, LinesCommand.self,
        ])
}

struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "The gestured binary (a release build).")
    var gestured = Paths.root + "/.build/release/gestured"

    @Option(name: .long, help: "The recording to replay (default: ../shared/recordings/evemu/3m.event, else recordings/demo.evemu).")
    var recording = Paths.defaultRecording

    func recordingFacts() throws -> RecordingFacts {
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        let parsed = try Recording.parse(text, source: recording)
        let frames = try Replay.frames(of: parsed, source: recording)
        guard let first = frames.first, let last = frames.last else { throw BenchmarkError("\(recording) has no frames") }
        return RecordingFacts(
            path: recording, frames: frames.count, seconds: Double(last.timestamp.nanoseconds - first.timestamp.nanoseconds) / 1e9,
            schedule: ReplaySchedule(offsets: frames.map { $0.timestamp.nanoseconds - first.timestamp.nanoseconds }))
    }
}

struct RecordingFacts {
    var path: String
    var frames: Int
    var seconds: Double
    var schedule: ReplaySchedule
}
