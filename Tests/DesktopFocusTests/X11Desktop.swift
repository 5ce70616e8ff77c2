import Foundation
import Glibc

/// A real X11 desktop for the tests: Xvfb on a display it picks itself, which admits only clients with its
/// MIT-MAGIC-COOKIE-1 (the clients' authority file written by xauth, as a login's is), xterms of the classes a test
/// asks for, and openbox as the EWMH window manager, which reparents them into its frames. Stopped, every process,
/// when it goes.
///
/// The xterms are mapped before openbox starts, which then manages them as it finds them: an xterm mapped while
/// openbox was starting waited, now and then, five seconds (Xt's wmTimeout) for an answer to its first resize.
final class X11Desktop {
    static let needs = TestPrograms.missing([
        ("Xvfb", "xvfb"), ("xauth", "xauth"), ("openbox", "openbox"), ("xterm", "xterm"), ("xdotool", "xdotool"), ("wmctrl", "wmctrl"),
    ])

    /// An xterm whose WM_CLASS is instance and class, with a title, at an X geometry ("80x24+0+0").
    struct Terminal {
        var `class`: String
        var instance: String
        var title: String
        var geometry: String
    }

    let folder: TemporaryFolder
    let number: String
    var display: String { ":\(number)" }
    /// The clients' authority file, what XAUTHORITY names.
    let authority: String
    private let serverAuthority: String
    private var processes: [ChildProcess] = []
    /// Each terminal's window id and process, by instance.
    private(set) var windows: [String: (window: String, pid: Int32)] = [:]

    /// What the desktop's programs and the sources under test are given: nothing of the test process's own
    /// session (a CI machine's DISPLAY or WAYLAND_DISPLAY must not decide anything).
    var environment: [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder.path, "DISPLAY": display, "XAUTHORITY": authority]
    }

    /// -noreset: an X server resets when its last client leaves, and refuses connections meanwhile; the terminals
    /// start while xdotool comes and goes, before openbox stays.
    static func serverArguments(authority: String) -> [String] {
        ["-auth", authority, "-noreset", "-screen", "0", "1280x720x24", "-nolisten", "tcp"]
    }

    static var serverEnvironment: [String: String] { ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"] }

    /// `windowManager` false: the X server alone, as a display with no window manager is.
    init(_ terminals: [Terminal] = [], windowManager: Bool = true) throws {
        folder = try TemporaryFolder("x11")
        authority = folder.path + "/client.xauth"
        serverAuthority = folder.path + "/server.xauth"
        let cookie = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        // The server's file: one entry for any display (FamilyWild), since the display's number is not known yet;
        // an X server loads every cookie in its -auth file.
        try Data(Self.wildEntry(cookie: cookie)).write(to: URL(fileURLWithPath: serverAuthority))
        let numberPipe = Pipe()
        let xvfb = try ChildProcess(
            "Xvfb", ["-displayfd", "1"] + Self.serverArguments(authority: serverAuthority),
            environment: Self.serverEnvironment, log: folder.path + "/xvfb.log", stdout: numberPipe.fileHandleForWriting.fileDescriptor)
        try? numberPipe.fileHandleForWriting.close()
        processes.append(xvfb)
        number = try Self.line(from: numberPipe, seconds: 10, what: "Xvfb's display number (\(xvfb.log))")
        try run("xauth", ["-f", authority, "add", ":\(number)", ".", cookie], environment: environment)
        try open(terminals, windowManager: windowManager)
    }

    deinit { stop() }

    /// Every process, the last started first.
    func stop() {
        for process in processes.reversed() { process.stop() }
        processes.removeAll()
        windows.removeAll()
    }

    /// After `stop`: a new X server on the same display with the same cookie, with these terminals and openbox, for
    /// a source whose connection broke and must be made again.
    func startAgain(_ terminals: [Terminal]) throws {
        let xvfb = try ChildProcess(
            "Xvfb", [display] + Self.serverArguments(authority: serverAuthority),
            environment: Self.serverEnvironment, log: folder.path + "/xvfb-again.log")
        processes.append(xvfb)
        try waitUntil("the new X server on \(display)") { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") }
        try open(terminals, windowManager: true)
    }

    /// The terminals, each once its window is mapped, then openbox once it manages them all.
    private func open(_ terminals: [Terminal], windowManager: Bool) throws {
        for terminal in terminals {
            // cat: something to run that ends when the terminal goes (it hangs up the tty).
            processes.append(try ChildProcess(
                "xterm", ["-class", terminal.class, "-name", terminal.instance, "-title", terminal.title, "-geometry", terminal.geometry, "-e", "cat"],
                environment: environment, log: folder.path + "/xterm-\(terminal.instance).log"))
        }
        for (terminal, xterm) in zip(terminals, processes.suffix(terminals.count)) {
            var window = ""
            try waitUntil("xterm \(terminal.instance) to map its window") {
                let found = try run("xdotool", ["search", "--onlyvisible", "--classname", "^\(terminal.instance)$"], environment: environment)
                window = found.out.split(separator: "\n").first.map(String.init) ?? ""
                return found.status == 0 && !window.isEmpty
            }
            windows[terminal.instance] = (window, xterm.pid)
        }
        guard windowManager else { return }
        processes.append(try ChildProcess("openbox", [], environment: environment, log: folder.path + "/openbox.log"))
        try waitUntil("openbox to manage \(display) and its \(terminals.count) windows") {
            let listed = try run("wmctrl", ["-l"], environment: environment)
            return listed.status == 0 && listed.out.split(separator: "\n").count == terminals.count
        }
    }

    /// Makes the terminal of `instance` the active window, through the window manager.
    func activate(_ instance: String) throws {
        guard let window = windows[instance]?.window else { throw TestFailure("no terminal \(instance)") }
        let result = try run("xdotool", ["windowactivate", "--sync", window], environment: environment)
        guard result.status == 0 else { throw TestFailure("xdotool windowactivate \(window): \(result.out)") }
    }

    func pid(_ instance: String) -> Int32? { windows[instance]?.pid }

    func movePointer(x: Int, y: Int) throws {
        let result = try run("xdotool", ["mousemove", "--sync", "\(x)", "\(y)"], environment: environment)
        guard result.status == 0 else { throw TestFailure("xdotool mousemove: \(result.out)") }
    }

    /// An Xauthority entry for every display (family 65535, no address, no number) with this cookie.
    static func wildEntry(cookie hex: String) -> [UInt8] {
        func field(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes }
        let data = stride(from: 0, to: hex.count, by: 2).map { i in
            UInt8(hex[hex.index(hex.startIndex, offsetBy: i)..<hex.index(hex.startIndex, offsetBy: i + 2)], radix: 16)!
        }
        return [0xFF, 0xFF] + field([]) + field([]) + field(Array("MIT-MAGIC-COOKIE-1".utf8)) + field(data)
    }

    /// The first line a child writes on `pipe`, within `seconds`.
    static func line(from pipe: Pipe, seconds: Double, what: String) throws -> String {
        let fd = pipe.fileHandleForReading.fileDescriptor
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while !bytes.contains(0x0A) {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            let polled = poll(&ready, 1, left)
            // A signal (a child of another test ending) interrupts the wait; it is no time-out.
            if polled < 0, errno == EINTR { continue }
            guard polled > 0 else { throw TestFailure("timed out after \(seconds) s waiting for \(what)") }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { throw TestFailure("no \(what): the pipe closed") }
            bytes.append(byte)
        }
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }
}
