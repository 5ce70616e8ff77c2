import Foundation
import Glibc

/// A `gestured run` process on a scratch socket, replaying a recording: the real daemon binary, as a user runs it.
final class DaemonUnderTest {
    let pid: pid_t
    let socket: String
    private let directory: String

    /// `binary` is the release build of gestured; every subscriber is allowed raw touches. The limits are the
    /// daemon's `max_clients` and `client_queue_bytes`; the log (`daemonLog`) keeps lines from `logLevel` up.
    /// `daemonLines` are added to its [daemon] table, `tables` after its recognizers.
    init(
        binary: String, recording: String, loop: Bool, limits: Limits = Limits(), logLevel: String = "warning", daemonLines: String = "",
        tables: String = ""
    ) throws {
        directory = NSTemporaryDirectory() + "gestured-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        socket = directory + "/g.sock"
        let config = directory + "/gestured.toml"
        try (Self.configuration(socket: socket, limits, daemonLines) + "\n" + tables).write(toFile: config, atomically: true, encoding: .utf8)
        var arguments = ["run", "--config", config, "--replay", recording, "--log-level", logLevel]
        if loop { arguments.append("--loop") }
        let log = Glibc.open(directory + "/daemon.log", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(log) }
        pid = try spawn(binary, arguments, output: log)
        let deadline = Date().addingTimeInterval(10)
        while access(socket, F_OK) != 0 {
            guard Date() < deadline, kill(pid, 0) == 0 else {
                throw BenchmarkError("gestured did not start; its log: \(daemonLog)")
            }
            usleep(10_000)
        }
    }

    /// Lets other users' processes in `group` connect: the scratch folder opened to all, the socket given to the
    /// group (as daemon.socket_group would).
    func shareSocket(group: gid_t) throws {
        guard chmod(directory, 0o711) == 0, chown(socket, 0, group) == 0 else {
            throw BenchmarkError("cannot share \(socket) with group \(group): \(String(cString: strerror(errno)))")
        }
    }

    var daemonLog: String { (try? String(contentsOfFile: directory + "/daemon.log", encoding: .utf8)) ?? "" }

    /// Resident memory in KiB (VmRSS).
    var residentKiB: Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }

    /// Open file descriptors.
    var descriptors: Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count ?? 0 }

    /// The wait status once the process has ended (and been reaped).
    private var ended: Int32?

    /// Whether the process is still running; reaps it when it has ended.
    var isRunning: Bool {
        guard ended == nil else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        ended = status
        return false
    }

    /// SIGTERM and the exit status (-1 for a signal).
    func stop() -> Int32 {
        if isRunning {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            ended = status
        }
        try? FileManager.default.removeItem(atPath: directory)
        let status = ended ?? 0
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    struct Limits {
        var maxClients = 256
        /// Large enough that a subscriber is never cut off for being slow while the benchmark reads 100 of them
        /// on one thread.
        var clientQueueBytes = 4_194_304
    }

    /// One recognizer of each built-in kind, raw touches for this user, and the limits.
    private static func configuration(socket: String, _ limits: Limits, _ daemonLines: String) -> String {
        """
        [daemon]
        socket = "\(socket)"
        raw_touches = { users = [\(getuid())] }
        max_clients = \(limits.maxClients)
        client_queue_bytes = \(limits.clientQueueBytes)
        \(daemonLines)

        [[recognizer]]
        name = "tap"
        kind = "tap"

        [[recognizer]]
        name = "double-tap"
        kind = "tap"
        number_of_taps_required = 2

        [[recognizer]]
        name = "press"
        kind = "long-press"

        [[recognizer]]
        name = "pan"
        kind = "pan"

        [[recognizer]]
        name = "swipe"
        kind = "swipe"
        direction = ["left", "right"]
        simultaneous_with = ["pan"]

        [[recognizer]]
        name = "pinch"
        kind = "pinch"
        simultaneous_with = ["rotate"]

        [[recognizer]]
        name = "rotate"
        kind = "rotation"

        [[recognizer]]
        name = "edge"
        kind = "edge-pan"
        edges = ["left"]
        """
    }
}

func spawn(_ program: String, _ arguments: [String], output: Int32) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    posix_spawn_file_actions_adddup2(&actions, output, 2)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let rc = posix_spawn(&pid, program, &actions, nil, argv, environ)
    guard rc == 0 else { throw BenchmarkError("cannot start \(program): \(String(cString: strerror(rc)))") }
    return pid
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The project's folders, from this file's place in it.
enum Paths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    /// A real touchscreen recording when the shared recordings are there, else the project's own demo.
    static var defaultRecording: String {
        let shared = root + "/../shared/recordings/evemu/3m.event"
        return FileManager.default.fileExists(atPath: shared) ? shared : root + "/recordings/demo.evemu"
    }
}
