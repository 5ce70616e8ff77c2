import ArgumentParser
import Foundation
import Glibc

/// What one user's shape recognizers cost everyone else (issue 39): the worst each bound allows, added by peers of
/// their own users (Tests/Peers/hostile_peer.py shapes), while root's subscribers measure their lines' lateness and a
/// control connection asks for status ten times a second. One user opens eight connections, each trying 16 shapes
/// of 10 examples and 32 shape recognizers of all of them with no minimum score (nothing refused early); another
/// user adds its own. Goals: status answered within 50 ms, gesture lines no more than 10 ms late, resident memory
/// within the unit's MemoryHigh (64 MB).
struct PeerWorkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peer-work",
        abstract: "Frame lateness, status answers and memory while one user's shape recognizers take all they may; fails past the goals.")

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: "Seconds of attack.")
    var duration = 30.0

    @Option(name: .long, help: "The attacking user's connections.")
    var connections = 8

    static let attacker: UInt32 = 65534
    static let neighbour: UInt32 = 65533
    static let statusGoalMs = 50.0
    static let latenessGoalMs = 10.0
    static let memoryHighKiB = 64 * 1024

    func run() throws {
        guard getuid() == 0 else { throw BenchmarkError("peer-work runs its peers as other users: run it as root") }
        let recording = try common.recordingFacts()
        let daemon = try DaemonUnderTest(
            binary: common.gestured, recording: recording.path, loop: true,
            daemonLines: "positions = { users = [0, \(Self.attacker), \(Self.neighbour)] }")
        defer { _ = daemon.stop() }
        try daemon.shareSocket(group: gid_t(Self.attacker))
        let control = try Subscribers.connect(daemon.socket)
        defer { close(control) }
        try Subscribers.request(control, ["type": "hello", "version": 1, "client": "bench-control"], expect: "hello")
        let readers = try Subscribers(count: 4, socket: daemon.socket, events: ["gestures"], keepSamples: true)

        let begin = monotonicNanoseconds()
        func at(_ seconds: Double) -> Int64 { begin + Int64(seconds * 1e9) }
        let baselineEnd = recording.seconds + 2
        let attackEnd = baselineEnd + duration
        // Events read up to shortly before the end are counted: the readers stop at the deadline, one mid-frame.
        readers.count(before: at(attackEnd) - 300_000_000)
        print("recording \(recording.path): \(recording.frames) frames over \(String(format: "%.1f", recording.seconds)) s, in a loop")
        print("baseline \(Int(baselineEnd)) s; then \(Int(duration)) s with uid \(Self.attacker)'s \(connections) connections trying 16 shapes of 10 examples and 32 shape recognizers each, and uid \(Self.neighbour)'s one\n")

        var statusTimes: [(seconds: Double, ms: Double)] = []
        var peakKiB = 0
        let startedKiB = daemon.residentKiB
        func sample() {
            let start = monotonicNanoseconds()
            guard (try? Subscribers.request(control, ["type": "status"], expect: "status")) != nil else { return }
            statusTimes.append((Double(start - begin) / 1e9, Double(monotonicNanoseconds() - start) / 1e6))
            peakKiB = max(peakKiB, daemon.residentKiB)
        }
        func tenthsOfASecond(_ from: Double, _ to: Double) -> [Int64] { Swift.stride(from: from + 0.1, through: to, by: 0.1).map(at) }

        readers.read(until: at(baselineEnd), samples: tenthsOfASecond(0, baselineEnd), sample)
        let baselineStatus = statusTimes
        let script = Paths.root + "/Tests/Peers/hostile_peer.py"
        let output = Glibc.open("/dev/null", O_WRONLY)
        defer { close(output) }
        let peers = try [
            spawn("/usr/bin/python3", [script, "shapes", daemon.socket, "\(Self.attacker)", "\(connections)", "\(Int(duration) - 2)"], output: output),
            spawn("/usr/bin/python3", [script, "shapes", daemon.socket, "\(Self.neighbour)", "1", "\(Int(duration) - 2)"], output: output),
        ]
        readers.read(until: at(attackEnd), samples: tenthsOfASecond(baselineEnd, attackEnd), sample)
        for pid in peers {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        guard daemon.isRunning else { throw BenchmarkError("the daemon died under the attack; its log:\n\(daemon.daemonLog)") }
        let status = try Subscribers.request(control, ["type": "status"], expect: "status")

        let lateness = recording.schedule.lateness(of: Array(Set(readers.samples.map(\.time))).sorted())
        let rows = [
            ("baseline", PhaseLatency(readers.samples, lateness, [begin..<at(baselineEnd)])),
            ("attack", PhaseLatency(readers.samples, lateness, [at(baselineEnd)..<at(attackEnd)])),
        ]
        print("root's subscribers (4), µs                       events   end-to-end p50/p99/max   frame lateness p50/p99/max   with lateness p50/p99/max   CPU")
        for (name, row) in rows { print(row.line(name, cpu: (0, 0))) }
        let attackStatus = statusTimes.dropFirst(baselineStatus.count).map(\.ms).sorted()
        func quantile(_ q: Double) -> Double { attackStatus.isEmpty ? 0 : attackStatus[min(attackStatus.count - 1, Int(Double(attackStatus.count) * q))] }
        print(String(format: "\nstatus answered under the attack (%d asked): p50 %.2f ms, p99 %.2f ms, max %.2f ms (goal %.0f ms)", attackStatus.count, quantile(0.5), quantile(0.99), attackStatus.last ?? 0, Self.statusGoalMs))
        print("resident memory: \(startedKiB / 1024) MiB at the start, peak \(peakKiB / 1024) MiB (MemoryHigh \(Self.memoryHighKiB / 1024) MiB); the daemon held \(status["client_recognizers"] ?? "?") connections' recognizers at the end")

        var failures: [String] = []
        let worstLateness = Percentiles(rows[1].1.lateness).max / 1000
        if worstLateness > Self.latenessGoalMs { failures.append(String(format: "a frame %.1f ms late under the attack (goal %.0f)", worstLateness, Self.latenessGoalMs)) }
        if (attackStatus.last ?? 0) > Self.statusGoalMs { failures.append(String(format: "status answered in %.1f ms (goal %.0f)", attackStatus.last ?? 0, Self.statusGoalMs)) }
        if peakKiB > Self.memoryHighKiB { failures.append("resident memory peaked at \(peakKiB) KiB, over MemoryHigh") }
        if Set(readers.counts).count > 1 { failures.append("root's subscribers read different numbers of events: \(readers.counts)") }
        print(failures.isEmpty ? "all goals met" : "")
        guard failures.isEmpty else { throw BenchmarkError("peer-work: " + failures.joined(separator: "; ")) }
    }
}
