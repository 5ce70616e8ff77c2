import Foundation
import Glibc
import LinuxInput

/// `gesturectl actions` on a `KernelDaemon`, with an actions file: started, its virtual devices found in /dev/input
/// and its connection made before the test goes on; stopped at the end unless the test killed it.
final class KernelActionsClient {
    let pid: pid_t
    let logPath: String
    /// The evdev node of each virtual device waited for, by name.
    private(set) var nodes: [String: String] = [:]
    private var alive = true

    /// `devices`: the names of the uinput devices the file makes it create ("gestured actions keyboard",
    /// "gestured actions mouse"), each waited for.
    init(on daemon: KernelDaemon, actions: String, devices: [String]) throws {
        let file = daemon.directory + "/actions.toml"
        logPath = daemon.directory + "/actions.log"
        try actions.write(toFile: file, atomically: true, encoding: .utf8)
        let log = Glibc.open(logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        pid = try KernelDevices.start(["actions", "--socket", daemon.socket, "--file", file], program: daemon.gesturectl, output: log)
        close(log)
        // From here `deinit` stops the client even when a wait below throws.
        try KernelDevices.waitFor {
            for name in devices where nodes[name] == nil { nodes[name] = EvdevDevice.node(named: name) }
            return nodes.count == devices.count
        }
        try KernelDevices.waitFor { ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").contains("connected to gestured") }
    }

    /// The device `name` opened for reading, as a compositor opens it.
    func device(_ name: String) throws -> EvdevDevice { try EvdevDevice(path: nodes[name]!) }

    /// SIGKILL, as the out-of-memory killer or a crash ends it: nothing of its own runs after.
    func kill() {
        Glibc.kill(pid, SIGKILL)
        _ = KernelDevices.wait(pid)
        alive = false
    }

    deinit {
        guard alive else { return }
        Glibc.kill(pid, SIGTERM)
        _ = KernelDevices.wait(pid)
    }
}
