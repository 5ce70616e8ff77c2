import ArgumentParser
import Foundation
import Glibc
import InputCore
import LinuxInput

/// gestured beside the tool users run today, on the same kernel device at the same time (in the VM:
/// scripts/bench-peers, `make bench-peers`). A capture is played into one uinput device with its own timing,
/// and the time each frame is written is kept; gestured (with one `gesturectl monitor --json` subscriber) and
/// the peer (lisgd, or a libinput client) read the device together. At the end each process's CPU time comes
/// from /proc/PID/stat, before it is stopped, and each program's first output line about each gesture of the
/// capture is matched to the gesture's first frame: its first-action time. One result line per run
/// (`PEERS-RESULT {json}`); `--table FILE` prints the table of a file of them.
struct PeersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peers", abstract: "CPU and first-action times of gestured and a peer reading one uinput device (in the VM).")

    @Option(name: .long, help: "A capture, or a folder of them, to play (repeatable: one after the other).")
    var capture: [String] = []

    @Option(name: .customLong("description"), help: "The device of captures that describe none (bare E: lines).")
    var deviceDescription: String?

    @Flag(name: .long, help: "The captures are a touchpad's whose description lists only axes: add its buttons and properties.")
    var touchpad = false

    @Option(name: .customLong("repeat"), help: "Play the captures this many times.")
    var repeats = 1

    @Option(name: .long, help: "At most this many seconds of captures, in whole files (0: all).")
    var seconds = 0.0

    @Option(name: .long, help: "Seconds between captures and repeats.")
    var gap = 1.0

    @Option(name: .long, help: "Play the captures this many times slower: for a profiler that cannot keep up under the emulated CPU (callgrind), so that each frame is read alone as at full speed without it; the waits for the programs to start are as many times longer. The recognizers then see slower gestures: their actions and first-action times are not the capture's.")
    var slower = 1

    @Option(name: .long, help: "Seconds to keep reading after the last frame (lisgd acts after the last finger lifts).")
    var tail = 3.0

    @Option(name: .long, help: "The name of the capture in the table.")
    var label = "capture"

    @Option(name: .long, help: "gestured's configuration.")
    var config: String?

    @Option(name: .long, help: "The gestured binary (a release build).")
    var gestured = Paths.root + "/.build/release/gestured"

    @Option(name: .long, help: "The gesturectl binary.")
    var gesturectl = Paths.root + "/.build/release/gesturectl"

    @Option(name: .long, help: "The peer's name in the table.")
    var peerName = "peer"

    @Option(name: .long, help: "How the peer's lines say which gesture they are about: time (a kernel time in µs is their second word) or release (it acts once all fingers are up: the last gesture that ended before the line, with at least the fingers the line's first word starts with).")
    var peerLines = "time"

    @Flag(name: .long, help: "Also print each gesture of the capture with each program's first line about it.")
    var verbose = false

    @Option(name: .long, help: "Print the table of a file of PEERS-RESULT lines instead of running.")
    var table: String?

    @Argument(parsing: .captureForPassthrough, help: "The peer's command; {node} is the device's node.")
    var peer: [String] = []

    func run() throws {
        if let table {
            try PeersTable.print(String(contentsOfFile: table, encoding: .utf8))
            return
        }
        let peer = self.peer.first == "--" ? Array(self.peer.dropFirst()) : self.peer
        guard let config, !capture.isEmpty, !peer.isEmpty else { throw BenchmarkError("needs --config, --capture and the peer's command after --") }
        guard access("/dev/uinput", W_OK) == 0 else { throw BenchmarkError("needs a writable /dev/uinput: run it in the VM (scripts/bench-peers)") }
        let playback = try PeerCapture(
            paths: capture, fallback: deviceDescription, touchpad: touchpad, name: "bench-peers \(label)", repeats: repeats, limit: seconds, gap: gap)
        let directory = NSTemporaryDirectory() + "gestured-bench-peers-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let session = try PeerSession(
            description: playback.description, directory: directory, gestured: gestured,
            daemonArguments: ["--config", config, "--log-level", "warning"], gesturectl: gesturectl, peerName: peerName, peerCommand: peer, slower: slower)
        let processes = session.processes
        let startCPU = processes.map(\.cpu), startUsage = processes.map(\.usage)

        let stretch = Int64(max(1, slower))
        let (start, written) = try session.play(playback.frames, stretch: stretch)
        try session.drain(seconds: tail)
        let endCPU = processes.map(\.cpu), endUsage = processes.map(\.usage)
        let status = try session.status()

        let late = zip(playback.frames, written).map { Double($1 - start - $0.offset * stretch) / 1e6 }.sorted()
        let gestureLines = session.gestureLines
        let peerOutput = session.peer.lines.compactMap { line -> OutputLine? in
            let words = line.text.split(separator: " ")
            if words.first == "DEVICE_ADDED" { return nil }
            let time = peerLines == "time" && words.count > 1 ? Int64(words[1]).map { $0 * 1000 } : nil
            return OutputLine(arrived: line.arrived, time: time, text: String(words.first ?? ""))
        }
        // lisgd's stamp and the libinput client print their own CLOCK_MONOTONIC last: how long after that the
        // benchmark read the line (its arrival time is what is reported, for every program alike).
        let pipeDelays = session.peer.lines.compactMap { line in Int64(line.text.split(separator: " ").last ?? "").map { Double(line.arrived - $0) / 1e6 } }
            .filter { $0 >= 0 && $0 < 60_000 }.sorted()

        let gesturedFirst = Self.firstLines(gestureLines, playback, written, attribution: "time")
        let peerFirst = Self.firstLines(peerOutput, playback, written, attribution: peerLines)
        func latencies(_ first: [OutputLine?]) -> [Double] {
            zip(first, playback.gestures).compactMap { line, gesture in line.map { Double($0.arrived - written[gesture.lowerBound]) / 1e6 } }.sorted()
        }
        if verbose {
            Swift.print(String(format: "frames written late: p50 %.1f ms, p99 %.1f ms, max %.1f ms", Self.percentile(late, 50), Self.percentile(late, 99), late.last ?? 0))
            // One line per gesture of the capture: when it started, how long it lasted, most fingers, and each
            // program's first line about it with its first-action time.
            for (index, gesture) in playback.gestures.enumerated() {
                let start = written[gesture.lowerBound]
                func first(_ line: OutputLine?) -> String {
                    line.map { String(format: "%7.1f ms %@", Double($0.arrived - start) / 1e6, $0.text) } ?? "      -"
                }
                let fingers = playback.frames[gesture].map(\.contacts).max() ?? 0
                Swift.print(String(format: "gesture %3d at %7.2f s, %5.0f ms, %d finger(s): gestured %@ | %@ %@", index, Double(start - written[0]) / 1e9,
                    Double(written[gesture.upperBound] - start) / 1e6, fingers, first(gesturedFirst[index]), peerName, first(peerFirst[index])))
            }
        }
        let gesturedTimes = latencies(gesturedFirst), peerTimes = latencies(peerFirst)
        // During the play, per process: user and system seconds.
        var play: [String: [String: Double]] = [:]
        for (index, name) in ["gestured", "gesturectl", "peer"].enumerated() {
            play[name] = ["user_s": endUsage[index].user - startUsage[index].user, "system_s": endUsage[index].system - startUsage[index].system]
        }
        let result: [String: Any] = [
            "clock": Self.clockSource, "capture": label, "config": (config as NSString).lastPathComponent, "peer": peerName,
            "files": playback.files, "frames": playback.frames.count, "gestures": playback.gestures.count,
            "capture_s": playback.seconds, "played_s": Double(written.last! - written.first!) / 1e9,
            "late_ms": ["p50": Self.percentile(late, 50), "p99": Self.percentile(late, 99), "max": late.last ?? 0],
            "cpu_s": [
                "gestured": endCPU[0].own, "gesturectl": endCPU[1].own, "peer": endCPU[2].own, "peer_children": endCPU[2].children,
            ],
            "startup_cpu_s": ["gestured": startCPU[0].own, "gesturectl": startCPU[1].own, "peer": startCPU[2].own],
            "play": play,
            "lines": ["gesturectl": gestureLines.count, "peer": peerOutput.count],
            "first_action_ms": ["gestured": Self.summary(gesturedTimes), "peer": Self.summary(peerTimes)],
            "peer_pipe_delay_ms": ["p50": Self.percentile(pipeDelays, 50), "p99": Self.percentile(pipeDelays, 99)],
            // The daemon's own counts (its frames are those touch conditioning let through to the recognizers).
            "daemon_status": ["engine_frames": status["frames"] ?? 0, "gestures": status["gestures"] ?? 0, "kernel_drops": status["kernel_drops"] ?? 0],
        ]
        let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        Swift.print("PEERS-RESULT " + String(decoding: json, as: UTF8.self))
    }

    /// Per gesture of the capture, the first line about it. With `time`, a line is about the gesture whose first
    /// frame was written last before the kernel time it carries (gestured's `time`, libinput's event time: the
    /// frame the program acted on); with `release`, about the gesture that ended last before the line arrived
    /// (lisgd acts only once every finger is up), and that had as many fingers as the line says, if it does.
    static func firstLines(_ lines: [OutputLine], _ playback: PeerCapture, _ written: [Int64], attribution: String) -> [OutputLine?] {
        let bounds = playback.gestures.map { written[attribution == "time" ? $0.lowerBound : $0.upperBound] }
        var first = [OutputLine?](repeating: nil, count: bounds.count)
        for line in lines {
            guard let key = attribution == "time" ? line.time : line.arrived else { continue }
            // The last gesture whose start (or end) is at or before the key.
            var low = 0, high = bounds.count
            while low < high {
                let mid = (low + high) / 2
                if bounds[mid] <= key { low = mid + 1 } else { high = mid }
            }
            var index = low - 1
            // A line that starts with a number of fingers (lisgd's stamps: 2DU) is about a gesture that had that
            // many: lisgd runs its commands one after the other, and a slow one can end after the next gesture.
            if attribution == "release", let fingers = Int(line.text.prefix(while: \.isNumber)) {
                while index >= 0, first[index] != nil || playback.frames[playback.gestures[index]].map(\.contacts).max() ?? 0 < fingers { index -= 1 }
            }
            if index >= 0, first[index] == nil { first[index] = line }
        }
        return first
    }

    static func summary(_ sorted: [Double]) -> [String: Any] {
        ["gestures": sorted.count, "p50": percentile(sorted, 50), "p95": percentile(sorted, 95)]
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1  // nearest rank
        return sorted[max(0, min(sorted.count - 1, rank))]
    }

    /// The kernel's clock source (tsc, hpet, ...): reading the time costs far more on some.
    static var clockSource: String {
        ((try? String(contentsOfFile: "/sys/devices/system/clocksource/clocksource0/current_clocksource", encoding: .utf8)) ?? "?")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
