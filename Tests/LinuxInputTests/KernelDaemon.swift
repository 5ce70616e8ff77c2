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

    /// `configuration` is everything after the `[daemon]` table, which names the socket.
    init(_ name: String, configuration: String) throws {
        let directory = NSTemporaryDirectory() + "/gestured-\(name)-\(getpid())", socket = directory + "/g.sock"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let config = directory + "/gestured.toml"
        try "[daemon]\nsocket = \"\(socket)\"\n\n\(configuration)".write(toFile: config, atomically: true, encoding: .utf8)
        self.directory = directory
        self.socket = socket
        output = directory + "/monitor.jsonl"
        gesturectl = URL(fileURLWithPath: KernelDevices.gestured).deletingLastPathComponent().appendingPathComponent("gesturectl").path
        // From here every member is set, so deinit stops what was started even when a wait below throws.
        pid = try KernelDevices.start(["run", "--config", config])
        try KernelDevices.waitFor { access(socket, F_OK) == 0 }
        let out = Glibc.open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        monitor = try KernelDevices.start(["monitor", "--json", "--socket", socket], program: gesturectl, output: out)
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

    /// What the monitor printed so far, a line each.
    func lines() -> [String] {
        ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// SIGTERM, then the daemon's exit status.
    func stop() -> Int32 {
        kill(pid, SIGTERM)
        return KernelDevices.wait(pid)
    }
}
