import Foundation
import Glibc

/// A real sway for the tests, headless (wlroots' headless backend, no input devices, pixman rendering: no GPU, no
/// seat), in a runtime folder of its own, with foot terminals of the app ids a test asks for. Sway refuses to run
/// as root, so a root test runs it, and its terminals, as nobody (setpriv); root still reaches its sockets.
final class SwayDesktop {
    static let needs = TestPrograms.missing(
        [("sway", "sway"), ("swaymsg", "sway"), ("foot", "foot")] + (TestPrograms.asRoot ? [("setpriv", "util-linux")] : []))
    static let nobody: uid_t = 65534

    let folder: TemporaryFolder
    let runtime: String
    let home: String
    private(set) var socket = ""
    private var wayland = ""
    private var processes: [ChildProcess] = []
    private var user: uid_t? { TestPrograms.asRoot ? Self.nobody : nil }

    private var baseEnvironment: [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home, "XDG_RUNTIME_DIR": runtime]
    }

    /// What a program started in the session gets (sway sets SWAYSOCK and WAYLAND_DISPLAY for its children).
    var environment: [String: String] { baseEnvironment.merging(["SWAYSOCK": socket, "WAYLAND_DISPLAY": wayland]) { $1 } }

    init() throws {
        // nobody must reach the folder's files (its configuration) through every folder above it.
        folder = try TemporaryFolder("sway", in: TestPrograms.asRoot ? "/tmp" : NSTemporaryDirectory())
        runtime = folder.path + "/runtime"
        home = folder.path + "/home"
        for path in [runtime, home] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            if let user { guard chown(path, user, user) == 0 else { throw TestFailure("chown \(path): \(String(cString: strerror(errno)))") } }
        }
        let config = folder.path + "/sway.conf"
        // No Xwayland: nothing to start or stop beside sway and the terminals.
        try "output HEADLESS-1 resolution 1280x720\nxwayland disable\n".write(toFile: config, atomically: true, encoding: .utf8)
        let environment = baseEnvironment.merging(["WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"]) { $1 }
        let sway = try ChildProcess("sway", ["-c", config], environment: environment, log: folder.path + "/sway.log", as: user)
        processes.append(sway)
        try waitUntil("sway's sockets in \(runtime) (\(sway.log))") {
            guard sway.isRunning else { throw TestFailure("sway exited: \(sway.log)") }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []
            socket = names.first { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }.map { runtime + "/" + $0 } ?? ""
            // The display's name is whatever number was free (wayland-1 here once): taken from the folder.
            wayland = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") } ?? ""
            return !socket.isEmpty && !wayland.isEmpty
        }
    }

    deinit { stop() }

    /// Every process, the terminals first.
    func stop() {
        for process in processes.reversed() { process.stop() }
        processes.removeAll()
    }

    /// A foot terminal with app id `appID`, once sway has mapped it (which focuses it).
    func openTerminal(appID: String) throws -> Int32 {
        let foot = try ChildProcess(
            "foot", ["--app-id=\(appID)", "cat"], environment: environment, log: folder.path + "/foot-\(appID).log", as: user)
        processes.append(foot)
        try waitUntil("foot \(appID) to be mapped (\(foot.log))") {
            guard foot.isRunning else { throw TestFailure("foot exited: \(foot.log)") }
            return try swaymsg("[app_id=\(appID)] focus").status == 0
        }
        return foot.pid
    }

    @discardableResult
    func swaymsg(_ command: String) throws -> (status: Int32, out: String) {
        try run("swaymsg", [command], environment: environment)
    }
}
