import Foundation
import Glibc
import InputCore
import LinuxInput

/// gestured (with one `gesturectl monitor --json` subscriber) and a peer reading one uinput device at once, in
/// the VM: what `peers` and `first-action` both set up before they play frames into the device.
final class PeerSession {
    let device: UinputDevice
    let daemon: WatchedProcess
    let monitor: WatchedProcess
    let peer: WatchedProcess
    let socket: String
    /// How long each start-up step may take: 30 s, as many times longer as the playback is slowed (a profiler
    /// slows start-up as much).
    private let patience: Int64

    var processes: [WatchedProcess] { [daemon, monitor, peer] }

    /// Makes the device, then starts gestured (`gestured run` with `daemonArguments` after its socket), its
    /// subscriber and the peer (`{node}` in its command is the device's node), each once the one before is ready;
    /// returns after a second of quiet. Files go to `directory`.
    init(
        description: DeviceDescription, directory: String, gestured: String, daemonArguments: [String], gesturectl: String,
        peerName: String, peerCommand: [String], slower: Int
    ) throws {
        patience = 30_000_000_000 * Int64(max(1, slower))
        let device = try UinputDevice(description)
        self.device = device
        try Self.wait(for: "the device's node", patience) { access(device.node, R_OK) == 0 }
        // udev tags the device (ID_INPUT_TOUCHPAD, ...) before libinput may take it.
        if access("/run/udev/control", F_OK) == 0 {
            try WatchedProcess(name: "udevadm", program: "/usr/bin/udevadm", arguments: ["settle", "-t", "10"], log: "/dev/null").waitForExit()
        }
        usleep(500_000)

        let socket = directory + "/g.sock"
        self.socket = socket
        let daemon = try WatchedProcess(
            name: "gestured", program: gestured, arguments: ["run", "--socket", socket] + daemonArguments, log: directory + "/gestured.log")
        var started = [daemon]
        // Whatever fails on the way, nothing started is left running.
        do {
            try Self.wait(for: "gestured's socket (its log: \(daemon.log))", patience) { daemon.isRunning && access(socket, F_OK) == 0 }
            try Self.wait(for: "gestured to claim \(device.node) (its log: \(daemon.log))", patience) { try Self.claimed(device.node, socket: socket) }
            let monitor = try WatchedProcess(
                name: "gesturectl", program: gesturectl, arguments: ["monitor", "--json", "--socket", socket], log: directory + "/gesturectl.log")
            started.append(monitor)
            try Self.wait(for: "gesturectl's subscription (its log: \(monitor.log))", patience) {
                try pump([monitor], until: monotonicNanoseconds() + 10_000_000)
                return !monitor.lines.isEmpty
            }
            let peer = try WatchedProcess(
                name: peerName, program: peerCommand[0], arguments: peerCommand.dropFirst().map { $0.replacingOccurrences(of: "{node}", with: device.node) },
                log: directory + "/peer.log")
            started.append(peer)
            try Self.wait(for: "\(peerName) to open \(device.node) (its log: \(peer.log))", patience) { peer.isRunning && peer.hasOpen(device.node) }
            try pump(started, until: monotonicNanoseconds() + 1_000_000_000)
            self.daemon = daemon
            self.monitor = monitor
            self.peer = peer
        } catch {
            started.forEach { $0.stop() }
            throw error
        }
    }

    deinit { processes.forEach { $0.stop() } }

    /// Writes each frame at its offset from a start 0.2 s from now (`stretch` times slower), each in one write(2),
    /// its time taken just before (the kernel stamps its events during the write, a little later); reads every
    /// program's output meanwhile. Returns the start and each frame's time.
    func play(_ frames: [PeerCapture.Frame], stretch: Int64) throws -> (start: Int64, written: [Int64]) {
        let start = monotonicNanoseconds() + 200_000_000
        var written = [Int64](repeating: 0, count: frames.count)
        for (index, frame) in frames.enumerated() {
            try pump(processes, until: start + frame.offset * stretch)
            written[index] = monotonicNanoseconds()
            try device.write(frame.events)
        }
        return (start, written)
    }

    /// Keeps reading for `seconds`, then checks that every program is still running.
    func drain(seconds: Double) throws {
        try pump(processes, until: monotonicNanoseconds() + Int64(seconds * 1e9))
        for process in processes where !process.isRunning {
            throw BenchmarkError("\(process.name) ended during the playback; its log:\n\(process.log)")
        }
    }

    /// gestured's gesture lines as gesturectl printed them, with the kernel time each is about.
    var gestureLines: [OutputLine] {
        monitor.lines.compactMap { line -> OutputLine? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any], object["type"] as? String == "gesture" else { return nil }
            let what = "\(object["recognizer"] as? String ?? "?") \(object["state"] as? String ?? "?")"
            return OutputLine(arrived: line.arrived, time: (object["time"] as? Double).map { Int64(($0 * 1e9).rounded()) }, text: what)
        }
    }

    /// The daemon's status reply.
    func status() throws -> [String: Any] {
        let fd = try Subscribers.connect(socket)
        defer { close(fd) }
        _ = try Subscribers.request(fd, ["type": "hello", "version": 1, "client": "bench-peers"], expect: "hello")
        return try Subscribers.request(fd, ["type": "status"], expect: "status")
    }

    /// Whether the daemon has a device on `node`.
    private static func claimed(_ node: String, socket: String) throws -> Bool {
        // The socket's file exists a moment before the daemon listens on it (long under valgrind): not yet.
        guard let fd = try? Subscribers.connect(socket) else { return false }
        defer { close(fd) }
        _ = try Subscribers.request(fd, ["type": "hello", "version": 1, "client": "bench-peers"], expect: "hello")
        let reply = try Subscribers.request(fd, ["type": "list_devices"], expect: "devices")
        return (reply["devices"] as? [[String: Any]] ?? []).contains { $0["node"] as? String == node }
    }

    private static func wait(for what: String, _ patience: Int64, _ condition: () throws -> Bool) throws {
        let deadline = monotonicNanoseconds() + patience
        while monotonicNanoseconds() < deadline {
            if try condition() { return }
            usleep(20_000)
        }
        throw BenchmarkError("timed out waiting for \(what)")
    }
}

/// One line of a program's output: when the benchmark read it, the kernel time it says it is about (if it says),
/// and what it is, shortly.
struct OutputLine {
    var arrived: Int64
    var time: Int64?
    var text: String
}
