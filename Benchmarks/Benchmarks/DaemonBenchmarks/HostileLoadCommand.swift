import ArgumentParser
import CaptureFormats
import Foundation
import Glibc

/// What a hostile local user's attacks cost everyone else in time (docs/daemon.md, Hostile peers): each attack of
/// Tests/Peers/hostile_load.py against a release daemon serving continuous strokes, while a well-behaved watcher of
/// another user subscribes to gestures and asks `status` every 50 ms. The daemon and the watcher run real-time
/// (SCHED_FIFO), the attackers at the default priority, so that what is measured is the daemon's own work and not
/// a busy machine's scheduling. Goals, each attack: the watcher's largest gap inside a stroke at most 50 ms, its
/// status answered within 100 ms, no frame more than 10 ms late (the daemon's `latency_us.input.max`); and each
/// attack's own (the daemon's CPU under a flood, root answered at once, a newcomer within 200 ms). The tests
/// (HostileLoadTests) hold what cannot pass by luck: counts, limits, memory, descriptors.
struct HostileLoadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hostile-load",
        abstract: "The watcher's gaps, status answers and frame lateness under each hostile-load attack; fails past the goals.")

    @Option(name: .long, help: "The gestured binary (a release build).")
    var gestured = Paths.root + "/.build/release/gestured"

    static let watcherUID = 4000
    static let gapGoalMs = 50.0
    static let statusGoalMs = 100.0
    static let latenessGoalMs = 10.0

    /// Strokes across the surface and back, 2.9 s each, played in a loop: a pan line every 10 ms.
    static let script = "at 0.3 drag 20 100 to 280 100 over 2.9\nat 3.3 drag 280 100 to 20 100 over 2.9\n"

    /// Recognizers on a corner no finger touches: they cost the frames nothing and make list_recognizers' answers
    /// large (as a desktop's configuration does).
    static let cornerTaps =
        "[[region]]\nname = \"corner\"\ndevice = \"touch\"\nrect = [0.95, 0.95, 0.05, 0.05]\n\n"
        + (0..<10).map { "[[recognizer]]\nname = \"corner-tap-\($0)\"\nkind = \"tap\"\nregion = \"corner\"\n" }.joined(separator: "\n")

    /// One attack: its name, the daemon's settings, and what it does with the daemon and a root connection,
    /// returning its own figures and the goals of its own it missed.
    struct Attack {
        var name: String
        var maxClients = 256
        var daemonLines = ""
        var run: (DaemonUnderTest, Int32) throws -> (figures: String, missed: [String])
    }

    func run() throws {
        guard getuid() == 0 else { throw BenchmarkError("hostile-load runs its peers as other users: run it as root") }
        let folder = NSTemporaryDirectory() + "gestured-hostile-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recording = folder + "/strokes.evemu"
        let strokes = try GestureScript(Self.script, source: "strokes").recording
        try EvemuFormat.write(strokes.description!, events: strokes.events).write(toFile: recording, atomically: true, encoding: .utf8)

        print("attack                        gap ms  status ms  frame late ms  its own")
        var failures: [String] = []
        for attack in Self.attacks {
            let daemon = try DaemonUnderTest(
                binary: gestured, recording: recording, loop: true, limits: .init(maxClients: attack.maxClients), logLevel: "notice",
                daemonLines: attack.daemonLines, tables: Self.cornerTaps)
            defer { _ = daemon.stop() }
            try daemon.shareSocket(group: 65534)
            var realtime = sched_param(sched_priority: 10)
            guard sched_setscheduler(daemon.pid, SCHED_FIFO, &realtime) == 0 else { throw BenchmarkError("sched_setscheduler: \(String(cString: strerror(errno)))") }
            let watcher = try LoadPeer(["watch", daemon.socket, "\(Self.watcherUID)"])
            guard try watcher.line() == "ready" else { throw BenchmarkError("the watcher did not start") }
            let root = try Subscribers.connect(daemon.socket)
            defer { close(root) }
            try Subscribers.request(root, ["type": "hello", "version": 1, "client": "bench-root"], expect: "hello")
            usleep(500_000)
            let (figures, missed) = try attack.run(daemon, root)
            guard daemon.isRunning else { throw BenchmarkError("the daemon died under \(attack.name); its log:\n\(daemon.daemonLog)") }
            let seen = try watcher.finish()
            let gap = seen["largest_gap_ms"] as? Double ?? .infinity
            let status = seen["slowest_status_ms"] as? Double ?? .infinity
            let late = ((((seen["status"] as? [String: Any])?["latency_us"] as? [String: Any])?["input"] as? [String: Any])?["max"] as? Double ?? .infinity) / 1000
            print(attack.name.padding(toLength: 28, withPad: " ", startingAt: 0) + String(format: " %7.1f %10.1f %14.2f  ", gap, status, late) + figures)
            if gap > Self.gapGoalMs { failures.append(String(format: "%@: a gap of %.1f ms in a stroke (goal %.0f)", attack.name, gap, Self.gapGoalMs)) }
            if status > Self.statusGoalMs { failures.append(String(format: "%@: status answered in %.1f ms (goal %.0f)", attack.name, status, Self.statusGoalMs)) }
            if late > Self.latenessGoalMs { failures.append(String(format: "%@: a frame %.2f ms late (goal %.0f)", attack.name, late, Self.latenessGoalMs)) }
            failures += missed.map { "\(attack.name): \($0)" }
        }
        print(failures.isEmpty ? "\nall goals met" : "\n" + failures.joined(separator: "\n"))
        guard failures.isEmpty else { throw BenchmarkError("hostile-load: \(failures.count) goals missed") }
    }

    static var attacks: [Attack] {
        [
            Attack(name: "newline floods", maxClients: 200, daemonLines: "max_clients_per_user = 150") { daemon, _ in
                let cpu = try cpuSeconds(daemon.pid) {
                    for hold in ["0", "2"] { _ = try LoadPeer(["newline-flood", daemon.socket, "126", "\(64 * 1024)", hold]).result() }
                }
                return (String(format: "daemon CPU %.2f s", cpu), [])
            },
            Attack(name: "status flood", maxClients: 200, daemonLines: "max_clients_per_user = 150") { daemon, _ in
                var answers = 0
                let cpu = try cpuSeconds(daemon.pid) { answers = try LoadPeer(["status-flood", daemon.socket, "120", "4"]).result()["answers"] as? Int ?? 0 }
                // What the answers at the user's rate cost and nothing more: before, the flood took a whole core.
                let missed = cpu < 0.8 * 4 ? [] : [String(format: "the daemon used %.2f s of CPU in a 4 s flood (goal 3.2)", cpu)]
                return (String(format: "%d answers, daemon CPU %.2f s", answers, cpu), missed)
            },
            Attack(name: "pipelined large answers") { daemon, _ in
                let result = try LoadPeer(["pipeline", daemon.socket, "2500", "\(daemon.pid)"]).result()
                return ("\(result["answers"] ?? 0) answers", [])
            },
            Attack(name: "connections without hello") { daemon, _ in
                let peer = try LoadPeer(["no-hello", daemon.socket, "200", "2"])
                usleep(1_000_000)
                // Root connects anew while nobody holds its 16: answered, and at once.
                let start = monotonicNanoseconds()
                let late = try Subscribers.connect(daemon.socket)
                defer { close(late) }
                try Subscribers.request(late, ["type": "hello", "version": 1, "client": "bench-late"], expect: "hello")
                try Subscribers.request(late, ["type": "status"], expect: "status")
                let took = Double(monotonicNanoseconds() - start) / 1e6
                _ = try peer.result()
                return (String(format: "root answered in %.1f ms", took), took < 100 ? [] : [String(format: "root answered in %.1f ms (goal 100)", took)])
            },
            Attack(name: "connect and close churn") { daemon, _ in
                let peer = try LoadPeer(["churn", daemon.socket, "3"])
                usleep(500_000)
                var newcomer: [Double] = []
                for _ in 0..<5 {
                    let start = monotonicNanoseconds()
                    let client = try Subscribers.connect(daemon.socket)
                    try Subscribers.request(client, ["type": "hello", "version": 1, "client": "bench-newcomer"], expect: "hello")
                    try Subscribers.request(client, ["type": "status"], expect: "status")
                    newcomer.append(Double(monotonicNanoseconds() - start) / 1e6)
                    close(client)
                    usleep(200_000)
                }
                let made = try peer.result()["connections"] as? Int ?? 0
                var missed: [String] = []
                if made <= 1000 { missed.append("\(made) connections accepted in 3 s (goal: more than 1,000)") }
                if let slowest = newcomer.max(), slowest >= 200 { missed.append(String(format: "a newcomer answered in %.1f ms (goal 200)", slowest)) }
                return (String(format: "%d connections, a newcomer answered in %.1f ms at worst", made, newcomer.max() ?? 0), missed)
            },
            Attack(name: "refused clients", maxClients: 12) { daemon, _ in
                // The watcher's two connections and root's, and nine more of root's: full.
                let filling = try (0..<9).map { _ in try Subscribers.connect(daemon.socket) }
                defer { filling.forEach { close($0) } }
                for fd in filling { try Subscribers.request(fd, ["type": "hello", "version": 1, "client": "bench-filler"], expect: "hello") }
                let codes = try LoadPeer(["refused", daemon.socket, "300"]).result()["codes"] ?? "?"
                return ("\(codes)", [])
            },
            Attack(name: "out of descriptors", maxClients: 200, daemonLines: "max_clients_per_user = 150") { daemon, _ in
                let open = daemon.descriptors
                let soft = try descriptorLimit(daemon.pid)
                try setDescriptorLimit(daemon.pid, open + 8)
                let cpu = try cpuSeconds(daemon.pid) { _ = try LoadPeer(["hold", daemon.socket, "40", "3"]).result() }
                try setDescriptorLimit(daemon.pid, soft)
                return (String(format: "daemon CPU %.2f s over 3 s", cpu), cpu < 1 ? [] : [String(format: "accepting spun: %.2f s of CPU in 3 s (goal 1)", cpu)])
            },
        ]
    }
}

/// A hostile_load.py peer running while the benchmark goes on: its lines read, its result waited for.
final class LoadPeer {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var received = Data()

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Paths.root + "/Tests/Peers/hostile_load.py"] + arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// The next line the peer prints.
    func line() throws -> String {
        while true {
            if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: received[..<newline], as: UTF8.self)
                received.removeSubrange(...newline)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchmarkError("hostile_load.py \(process.arguments ?? []) ended early") }
            received.append(chunk)
        }
    }

    /// Tells a watcher to stop; its result.
    func finish() throws -> [String: Any] {
        input.fileHandleForWriting.write(Data("stop\n".utf8))
        return try result()
    }

    /// The peer's result: its last line, a JSON object.
    func result() throws -> [String: Any] {
        let text = try line()
        process.waitUntilExit()
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw BenchmarkError("not a result: \(text)")
        }
        return object
    }
}

/// The CPU seconds (user and system) process `pid` uses while `body` runs.
private func cpuSeconds(_ pid: pid_t, during body: () throws -> Void) throws -> Double {
    func used() -> Double {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let end = stat.range(of: ") ") else { return 0 }
        let fields = stat[end.upperBound...].split(separator: " ")
        return Double((Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
    let start = used()
    try body()
    return used() - start
}

/// Process `pid`'s soft limit of open descriptors.
private func descriptorLimit(_ pid: pid_t) throws -> Int {
    let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
    guard let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max open files") }),
        let soft = line.dropFirst("Max open files".count).split(separator: " ").first.flatMap({ Int($0) })
    else { throw BenchmarkError("no open-files limit in /proc/\(pid)/limits") }
    return soft
}

/// Sets process `pid`'s soft limit of open descriptors, the hard one left as it is (prlimit(1): Glibc's module does
/// not bring prlimit(2); raising a hard limit needs a capability root may not have here).
private func setDescriptorLimit(_ pid: pid_t, _ limit: Int) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
    process.arguments = ["--pid", "\(pid)", "--nofile=\(limit):"]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw BenchmarkError("prlimit --pid \(pid) --nofile=\(limit): failed") }
}
