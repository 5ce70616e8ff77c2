import DaemonTestSupport
import Foundation
import Glibc
import Testing

/// What the service unit relies on, with systemd's own protocols but without systemd: readiness
/// notifications on NOTIFY_SOCKET, and a listening socket handed over in LISTEN_FDS.
@Suite struct SystemdIntegrationTests {
    /// A datagram socket standing in for systemd's notification socket.
    final class NotifySocket {
        let fd: Int32
        let path: String

        init(path: String) throws {
            self.path = path
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
            let rc = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard rc == 0 else { throw TestFailure("bind \(path): \(String(cString: strerror(errno)))") }
        }

        deinit { close(fd) }

        /// The next notification, within 10 s.
        func next() throws -> String {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while true {
                let ready = poll(&p, 1, 10_000)
                if ready < 0 && errno == EINTR { continue }
                guard ready == 1 else { throw TestFailure("no notification within 10 s") }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = recv(fd, &buffer, buffer.count, 0)
                if n < 0 && errno == EINTR { continue }
                return String(decoding: buffer[..<max(n, 0)], as: UTF8.self)
            }
        }
    }

    @Test func readyReloadingAndStoppingAreAnnounced() throws {
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let notify = try NotifySocket(path: directory.appendingPathComponent("notify").path)
        let config = directory.appendingPathComponent("c.toml").path
        try DaemonFixtures.config().write(toFile: config, atomically: true, encoding: .utf8)
        let recording = directory.appendingPathComponent("r.evemu").path
        try DaemonProcess.synthesize("at 1 tap 100 100\n", to: recording)
        let p = Process()
        p.executableURL = DaemonProcess.binaries.appendingPathComponent("gestured")
        p.arguments = ["run", "--config", config, "--socket", directory.appendingPathComponent("g.sock").path, "--replay", recording]
        p.environment = ProcessInfo.processInfo.environment.merging(["NOTIFY_SOCKET": notify.path]) { _, new in new }
        p.standardError = FileHandle.nullDevice
        try p.run()
        let ready = try notify.next()
        #expect(ready.hasPrefix("READY=1\nSTATUS=1 device(s), 0 client(s), 2 recognizer(s)"))
        kill(p.processIdentifier, SIGHUP)
        let reloading = try notify.next()
        #expect(reloading.hasPrefix("RELOADING=1\nMONOTONIC_USEC="))
        #expect(try notify.next().hasPrefix("READY=1"))
        p.terminate()
        #expect(try notify.next() == "STOPPING=1")
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-socket-activate"), "needs systemd-socket-activate"))
    func theSocketSystemdPassesIsUsed() throws {
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("c.toml").path
        let socket = directory.appendingPathComponent("activated.sock").path
        // The configured socket is elsewhere: only the handed-over one can answer.
        try DaemonFixtures.config(extra: "socket = \"\(directory.appendingPathComponent("unused.sock").path)\"").write(toFile: config, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-socket-activate")
        p.arguments = ["-l", socket, DaemonProcess.binaries.appendingPathComponent("gestured").path, "run", "--config", config]
        p.standardError = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        defer {
            p.terminate()
            p.waitUntilExit()
        }
        try waitUntil("systemd-socket-activate to listen") { FileManager.default.fileExists(atPath: socket) }
        let client = try TestClient(path: socket)
        #expect(try client.request(["type": "status"])["type"] as? String == "status")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("unused.sock").path))
    }

    /// A user outside the socket's group (mode 0660) is told what to do about it. Needs root to act as
    /// another user.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser"), "needs root and runuser"))
    func gesturectlSaysWhenAccessIsDenied() throws {
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: "at 1 tap 100 100\n")
        // The daemon's directory is private to root: open the way to the socket, not the socket itself.
        chmod(daemon.directory.path, 0o755)
        let gesturectl = DaemonProcess.binaries.appendingPathComponent("gesturectl").path
        let result = try DaemonProcess.runAny("/usr/sbin/runuser", ["-u", "nobody", "--", gesturectl, "status", "--socket", daemon.socket])
        #expect(result.status == 1)
        #expect(result.err.hasPrefix("gesturectl: access denied to \(daemon.socket): the socket is for its group only"))
    }

    @Test func gesturectlSaysWhenTheDaemonIsNotRunning() throws {
        let result = try DaemonProcess.run("gesturectl", ["status", "--socket", "/nonexistent/gestured.sock"])
        #expect(result.status == 1)
        #expect(result.err.hasPrefix("gesturectl: gestured is not running: nothing listens on /nonexistent/gestured.sock"))
    }
}
