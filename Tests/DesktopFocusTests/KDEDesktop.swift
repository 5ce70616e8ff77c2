import Foundation
import Glibc

/// A real KDE Plasma window manager for the tests: KWin on Wayland (kwin_wayland --virtual: a framebuffer in
/// memory, no GPU, no seat) on a session bus of its own (dbus-daemon), in a runtime folder of its own, with GTK
/// windows of the app ids a test asks for (python3-gi, GDK_BACKEND=wayland). Windows are moved and activated by
/// KWin scripts loaded with gdbus, not with the code under test.
///
/// Debian installs kwin_wayland with a file capability (cap_sys_resource, for real-time scheduling), and a
/// container that does not grant it refuses to execute it: a copy without it, in the test's folder, is run.
final class KDEDesktop {
    static let needs = TestPrograms.missing([
        ("kwin_wayland", "kwin-wayland"), ("dbus-daemon", "dbus-daemon"), ("gdbus", "libglib2.0-bin"), ("/usr/bin/python3", "python3-gi gir1.2-gtk-3.0"),
    ]) ?? (gtkAvailable ? nil : "needs GTK 3 for Python (Debian: apt-get install python3-gi gir1.2-gtk-3.0)")

    static var gtkAvailable: Bool {
        FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/gi/__init__.py")
            && ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/x86_64-linux-gnu/girepository-1.0"))?.contains("Gtk-3.0.typelib") ?? false
                || (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/girepository-1.0"))?.contains("Gtk-3.0.typelib") ?? false)
    }

    let folder: TemporaryFolder
    let runtime: String
    let bus: String
    private var processes: [ChildProcess] = []
    private var scripts = 0

    /// What a program in the session gets (Plasma's startup sets these).
    var environment: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder.path + "/home", "XDG_RUNTIME_DIR": runtime,
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(bus)", "WAYLAND_DISPLAY": "wayland-kde", "XDG_CURRENT_DESKTOP": "KDE",
        ]
    }

    init() throws {
        folder = try TemporaryFolder("kde")
        runtime = folder.path + "/runtime"
        bus = runtime + "/bus"
        for path in [runtime, folder.path + "/home"] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        processes.append(try ChildProcess(
            "dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(bus)"], environment: environment,
            log: folder.path + "/dbus.log"))
        try waitUntil("the session bus at \(bus)") { FileManager.default.fileExists(atPath: bus) }
        let kwin = folder.path + "/kwin_wayland"
        try FileManager.default.copyItem(atPath: TestPrograms.path("kwin_wayland")!, toPath: kwin)
        let kwinProcess = try ChildProcess(
            kwin, ["--virtual", "--no-lockscreen", "--no-global-shortcuts", "--socket", "wayland-kde", "--width", "1280", "--height", "720"],
            environment: environment.merging(["QT_QPA_PLATFORM": "offscreen"]) { $1 }, log: folder.path + "/kwin.log")
        processes.append(kwinProcess)
        try waitUntil("KWin's scripting on the bus (\(kwinProcess.log))") {
            guard kwinProcess.isRunning else { throw TestFailure("KWin exited: \(kwinProcess.log)") }
            return try gdbus(["--dest", "org.kde.KWin", "--object-path", "/Scripting", "--method", "org.kde.kwin.Scripting.isScriptLoaded", "none"]).status == 0
        }
    }

    deinit { stop() }

    func stop() {
        for process in processes.reversed() { process.stop() }
        processes.removeAll()
    }

    /// KWin and the windows, leaving the session bus.
    func stopKWin() {
        for process in processes.dropFirst().reversed() { process.stop() }
        processes.removeSubrange(1...)
    }

    /// A GTK window whose Wayland app id is `appID`, titled `title`; its process id. KWin gives it the focus.
    func openWindow(appID: String, title: String) throws -> Int32 {
        let program = folder.path + "/window.py"
        try """
            import sys, gi
            gi.require_version('Gtk', '3.0')
            from gi.repository import Gtk, GLib
            GLib.set_prgname(sys.argv[1])
            window = Gtk.Window(title=sys.argv[2])
            window.set_default_size(300, 200)
            window.connect('destroy', Gtk.main_quit)
            window.show()
            Gtk.main()
            """.write(toFile: program, atomically: true, encoding: .utf8)
        let window = try ChildProcess(
            "/usr/bin/python3", [program, appID, title], environment: environment.merging(["GDK_BACKEND": "wayland"]) { $1 },
            log: folder.path + "/window-\(appID).log")
        processes.append(window)
        return window.pid
    }

    /// Runs `body` as a KWin script in which `windowNamed(appID)` is the window of that app id (KWin 5.27's
    /// clientList, Plasma 6's windowList).
    func script(_ body: String) throws {
        scripts += 1
        let name = "test-\(scripts)"
        let path = folder.path + "/\(name).js"
        try """
            function windowNamed(appID) {
                const all = typeof workspace.windowList === "function" ? workspace.windowList() : workspace.clientList();
                for (const w of all) if (w.resourceClass === appID) return w;
                throw new Error("no window " + appID);
            }
            function activate(w) { if (workspace.activeWindow !== undefined) workspace.activeWindow = w; else workspace.activeClient = w; }
            \(body)
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try gdbus(["--dest", "org.kde.KWin", "--object-path", "/Scripting", "--method", "org.kde.kwin.Scripting.loadScript", path, name])
        guard loaded.status == 0, let id = Int(loaded.out.filter(\.isNumber)) else { throw TestFailure("loadScript: \(loaded.out)") }
        let run = ["--method", "org.kde.kwin.Script.run"]
        if try gdbus(["--dest", "org.kde.KWin", "--object-path", "/Scripting/Script\(id)"] + run).status != 0 {
            let ran = try gdbus(["--dest", "org.kde.KWin", "--object-path", "/\(id)"] + run)
            guard ran.status == 0 else { throw TestFailure("run: \(ran.out)") }
        }
        try gdbus(["--dest", "org.kde.KWin", "--object-path", "/Scripting", "--method", "org.kde.kwin.Scripting.unloadScript", name])
    }

    @discardableResult
    private func gdbus(_ arguments: [String]) throws -> (status: Int32, out: String) {
        try run("gdbus", ["call", "--session", "--timeout", "5"] + arguments, environment: environment)
    }
}
