import Foundation
import Glibc

/// `gestured run` on the VM's kernel devices, with `gesturectl monitor --json` subscribed to it: both
/// processes started, the subscription in place, and both stopped and their folder removed at the end.
final class KernelDaemon {
    let directory: String
    let socket: String
    let gesturectl: String
    let pid: pid_t
    /// 0 until started.
    private var monitor: pid_t = 0
    private let output: String

    let config: String

    /// `configuration` is everything after the `[daemon]` table, which names the socket; `monitor` are more
    /// arguments for `gesturectl monitor` (`--touches`), `run` more for `gestured run`.
    init(_ name: String, configuration: String, monitor arguments: [String] = [], run: [String] = []) throws {
        let directory = NSTemporaryDirectory() + "/gestured-\(name)-\(getpid())", socket = directory + "/g.sock"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let config = directory + "/gestured.toml"
        self.config = config
        self.directory = directory
        self.socket = socket
        output = directory + "/monitor.jsonl"
        gesturectl = URL(fileURLWithPath: KernelDevices.gestured).deletingLastPathComponent().appendingPathComponent("gesturectl").path
        // From here every member is set, so deinit stops what was started even when a wait below throws.
        try Self.write(configuration, socket: socket, to: config)
        pid = try KernelDevices.start(["run", "--config", config] + run)
        try KernelDevices.waitFor { access(socket, F_OK) == 0 }
        let out = Glibc.open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        monitor = try KernelDevices.start(["monitor", "--json", "--socket", socket] + arguments, program: gesturectl, output: out)
        close(out)
        // The monitor's first line is the daemon's reply to its subscription.
        try KernelDevices.waitFor { lines().first?.contains("\"type\":\"subscribed\"") ?? false }
    }

    deinit {
        if monitor > 0 {
            kill(monitor, SIGTERM)
            _ = KernelDevices.wait(monitor)
        }
        kill(pid, SIGKILL)
        _ = KernelDevices.wait(pid)
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static func write(_ configuration: String, socket: String, to path: String) throws {
        try "[daemon]\nsocket = \"\(socket)\"\n\n\(configuration)".write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Replaces the configuration file (the daemon reads it on SIGHUP).
    func rewrite(_ configuration: String) throws {
        try Self.write(configuration, socket: socket, to: config)
    }

    /// The monitor's lines as JSON objects.
    func messages() -> [[String: Any]] {
        lines().compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// A field of `gesturectl status`, as it prints it (`kernel_drops`, `latency_us.frames`).
    func status(_ field: String) throws -> String? {
        let output = try KernelDevices.run(["status", "--socket", socket], program: gesturectl)
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.count == 2, words[0] == field { return String(words[1]) }
        }
        return nil
    }

    /// The daemon's resident memory in KiB, and its open file descriptors.
    var resources: (residentKiB: Int, descriptors: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count ?? 0
        return (rss, fds)
    }

    /// What the monitor printed so far, a line each.
    func lines() -> [String] {
        ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Stops the daemon (SIGSTOP) and waits until it is stopped: a SIGCONT sent while the stop is still pending
    /// would cancel it. SIGCONT resumes it.
    func pause() throws {
        kill(pid, SIGSTOP)
        try KernelDevices.waitFor {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            // The state follows the command name, which is in parentheses.
            return stat.split(separator: ")").last?.split(separator: " ").first == "T"
        }
    }

    /// SIGTERM, then the daemon's exit status.
    func stop() -> Int32 {
        kill(pid, SIGTERM)
        return KernelDevices.wait(pid)
    }
}
