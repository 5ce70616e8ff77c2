import Foundation
import Glibc
import Testing

extension X11DesktopTests {
    /// docs/actions.md, Per-application rules, as a user has them: `gestured` serving taps (a synthesized recording),
    /// `gesturectl actions` started in a real desktop's session with an action for one application and a general one;
    /// switching the focus between the desktop's two windows switches which runs. On X11 (Xvfb, openbox, xterms) and
    /// on a headless sway (foot terminals).
    /// Among the X servers' tests, which run one at a time (X11FocusTests).
    @Suite struct ActionsPerApplicationTests {
        static var binaries: URL { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent() }

        /// The daemon with taps at 6 and 14 s (time for the client to connect on a loaded machine), and the actions client
        /// in `environment`; `focus(first)` before each tap's
        /// turn. Returns what the two taps' commands wrote, in order.
        static func taps(in environment: [String: String], application: String, focus: (Bool) throws -> Void) throws -> [String] {
            let folder = try TemporaryFolder("per-application")
            let script = folder.path + "/taps.gesture", recording = folder.path + "/taps.evemu", config = folder.path + "/gestured.toml"
            let socket = folder.path + "/g.sock", actions = folder.path + "/actions.toml", out = folder.path + "/out.txt"
            try "at 6 tap 150 100\nat 14 tap 150 100\n".write(toFile: script, atomically: true, encoding: .utf8)
            try "[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            try """
                [[action]]
                gesture = "tap"
                command = 'echo other >> \(out)'

                [[action]]
                gesture = "tap"
                application = "\(application)"
                command = 'echo front >> \(out)'
                """.write(toFile: actions, atomically: true, encoding: .utf8)
            let gestured = binaries.appendingPathComponent("gestured").path, gesturectl = binaries.appendingPathComponent("gesturectl").path
            let synthesized = try run(gestured, ["synthesize", script, "-o", recording], environment: X11Desktop.serverEnvironment)
            guard synthesized.status == 0 else { throw TestFailure("gestured synthesize: \(synthesized.out)") }
            try focus(true)
            let daemon = try ChildProcess(
                gestured, ["run", "--config", config, "--socket", socket, "--replay", recording], environment: X11Desktop.serverEnvironment,
                log: folder.path + "/daemon.log")
            try waitUntil("the daemon's socket (\(daemon.log))") { access(socket, F_OK) == 0 }
            let client = try ChildProcess(
                gesturectl, ["actions", "--socket", socket, "--file", actions], environment: environment, log: folder.path + "/actions.log")
            try waitUntil("gesturectl actions to connect (\(client.log))") { client.log.contains("connected to gestured") }
            func lines() -> [String] { ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
            try waitUntil("the first tap's action (\(client.log))", seconds: 20) { lines().count == 1 }
            try focus(false)
            try waitUntil("the second tap's action (\(client.log))", seconds: 20) { lines().count == 2 }
            client.stop()
            daemon.stop()
            return lines()
        }

        @Test(.enabled(if: X11Desktop.needs == nil, Comment(rawValue: X11Desktop.needs ?? "")))
        func onX11TheWindowInFrontChoosesTheAction() throws {
            let desktop = try X11Desktop([
                X11Desktop.Terminal(class: "ClassA", instance: "instA", title: "A", geometry: "80x24+0+0"),
                X11Desktop.Terminal(class: "ClassB", instance: "instB", title: "B", geometry: "80x24+600+300"),
            ])
            let environment = desktop.environment.merging(X11Desktop.serverEnvironment) { own, _ in own }
            // The rule names the class as a pattern, in another case.
            let ran = try Self.taps(in: environment, application: "classa*") { first in try desktop.activate(first ? "instA" : "instB") }
            #expect(ran == ["front", "other"])
        }

        @Test(.enabled(if: SwayDesktop.needs == nil, Comment(rawValue: SwayDesktop.needs ?? "")))
        func onSwayTheWindowInFrontChoosesTheAction() throws {
            let desktop = try SwayDesktop()
            _ = try desktop.openTerminal(appID: "appA")
            _ = try desktop.openTerminal(appID: "appB")
            let ran = try Self.taps(in: desktop.environment, application: "appA") { first in
                try desktop.swaymsg("[app_id=\(first ? "appA" : "appB")] focus")
            }
            #expect(ran == ["front", "other"])
        }
    }
}
