import DaemonTestSupport
import Foundation
import Glibc
import Testing

/// `gesturectl actions` as a user runs it, against a real daemon: commands run with the gesture in their
/// environment, and the file is taken again when it changes (a refused one leaves the actions before).
/// Typing keys needs /dev/uinput: that part is tested in the VM (ActionsKernelTests).
@Suite struct ActionsCommandTests {
    @Test func commandsRunAndTheFileIsReadAgainWhenItChanges() throws {
        let daemon = try DaemonProcess(
            config: DaemonFixtures.config(), script: "at 0.3 tap 150 100\nat 4.0 tap 150 100 taps 1\n")
        let folder = daemon.directory.appendingPathComponent("user").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let actions = folder + "/actions.toml", out = folder + "/out.txt", log = folder + "/actions.log"
        func write(_ word: String) throws {
            try "[[action]]\ngesture = \"tap\"\ncommand = 'echo \(word) $GESTURE_RECOGNIZER $GESTURE_TAPS $GESTURE_X_MM >> \(out)'\n"
                .write(toFile: actions, atomically: true, encoding: .utf8)
        }
        let lines = ActionsClient.lines
        try write("one")
        let client = try ActionsClient(file: actions, socket: daemon.socket, log: log)
        defer { withExtendedLifetime(client) {} }
        try waitUntil("the first tap's command") { lines(out) == ["one tap 1 150.0"] }

        // Refused: the actions before stay, and the log says why, with the line.
        try "[[action]]\ngesture = \"tap\"\nkeys = \"ctrl+nokey\"\n".write(toFile: actions, atomically: true, encoding: .utf8)
        try waitUntil("the refusal") { lines(log).contains { $0.contains("was refused") } }
        #expect(lines(log).contains { $0.contains("actions.toml:3:8: 'nokey' in keys") }, "\(lines(log))")
        try write("two")
        try waitUntil("the file read again") { lines(log).contains { $0.contains("read \(actions) again: 1 actions") } }
        try waitUntil("the second tap's command, from the new file") { lines(out).count == 2 }
        #expect(lines(out) == ["one tap 1 150.0", "two tap 1 150.0"])
        #expect(daemon.stop() == 0)
    }

    @Test func aBadFileIsRefusedBeforeAnythingRuns() throws {
        let folder = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let actions = folder.appendingPathComponent("actions.toml").path
        try "[[action]]\ngesture = \"tap\"\nrepeat_every = 5\non = \"ended\"\ncommand = \"true\"\n".write(toFile: actions, atomically: true, encoding: .utf8)
        let result = try DaemonProcess.run("gesturectl", ["actions", "--file", actions, "--socket", "/nonexistent"])
        #expect(result.status == 2)
        #expect(result.err.contains("actions.toml:4:6: an action with repeat_every acts while the gesture changes"), "\(result.err)")
        let checked = try DaemonProcess.run("gesturectl", ["actions", "--check", "--file", actions])
        #expect(checked.status == 2)
    }

    /// The README's laptop quick start from a clone (DOC=config): the shipped actions checked against a daemon on
    /// the laptop configuration, with the presets of the source tree and no desktop running (every desktop's
    /// shortcuts checked), as written: no --presets, no XDG_CURRENT_DESKTOP.
    @Test func theLaptopQuickStartChecksFromASourceTree() throws {
        let laptop = try String(contentsOfFile: DaemonProcess.projectRoot + "/config/examples/laptop-touchpad.toml", encoding: .utf8)
        let daemon = try DaemonProcess(config: laptop, script: "surface 100 65 touchpad\nat 60 tap 50 30\n")
        let checked = try DaemonProcess.run(
            "gesturectl", ["actions", "--check", "--file", "config/actions/laptop.toml", "--socket", daemon.socket],
            environment: ["XDG_CURRENT_DESKTOP": "", "DISPLAY": "", "WAYLAND_DISPLAY": "", "SWAYSOCK": "", "HYPRLAND_INSTANCE_SIGNATURE": "", "KDE_FULL_SESSION": ""],
            directory: URL(fileURLWithPath: DaemonProcess.projectRoot))
        #expect(checked.status == 0 && checked.out == "config/actions/laptop.toml: ok (11 actions, 0 recognizers)\n", "\(checked)")
        #expect(daemon.stop() == 0)
    }

    /// Without /dev/uinput (this machine's kernel has none; the VM's tests type keys), a file with keys is not
    /// refused: its commands run, and what cannot be typed is said once, with the advice for what is missing.
    @Test func withoutUinputCommandsRunAndKeysAreSaidOnce() throws {
        guard access("/dev/uinput", W_OK) != 0 else { return }
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: "at 0.3 tap 150 100\nat 4.0 tap 150 100 taps 1\n")
        let folder = daemon.directory.appendingPathComponent("user").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let actions = folder + "/actions.toml", out = folder + "/out.txt", log = folder + "/actions.log"
        try """
            [[action]]
            gesture = "tap"
            keys = "ctrl+alt+t"

            [[action]]
            gesture = "tap"
            command = 'echo tap >> \(out)'
            """.write(toFile: actions, atomically: true, encoding: .utf8)
        let client = try ActionsClient(file: actions, socket: daemon.socket, log: log)
        defer { withExtendedLifetime(client) {} }
        try waitUntil("both taps' commands") { ActionsClient.lines(out) == ["tap", "tap"] }
        let said = client.logLines.filter { $0.contains("key actions do nothing") }
        let advice = access("/dev/uinput", F_OK) == 0 ? "this user may not write /dev/uinput" : "this machine has no /dev/uinput"
        #expect(said.count == 1 && said[0].contains(advice) && said[0].hasSuffix("the other actions act"), "\(client.logLines)")
        #expect(client.isRunning)
        #expect(daemon.stop() == 0)
    }

    /// Commands that hang, write without end or fail: each is ended at its timeout with what it started, and said
    /// in the log with what it printed; none delays the next gesture's commands.
    @Test func aCommandThatHangsOrFloodsIsEndedAndDelaysNothing() throws {
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: "at 0.5 tap 150 100\nat 2.5 tap 150 100 taps 1\n")
        let folder = daemon.directory.appendingPathComponent("user").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let actions = folder + "/actions.toml", out = folder + "/out.txt", log = folder + "/actions.log"
        try """
            [[action]]
            gesture = "tap"
            command = 'echo tap >> \(out); sleep 30'

            [[action]]
            gesture = "tap"
            command = 'yes'

            [[action]]
            gesture = "tap"
            command = 'echo oops; exit 3'
            """.write(toFile: actions, atomically: true, encoding: .utf8)
        let lines = ActionsClient.lines
        let client = try ActionsClient(file: actions, socket: daemon.socket, arguments: ["--command-timeout", "1"], log: log)
        defer { withExtendedLifetime(client) {} }
        try waitUntil("both taps' commands, the second while the first's still ran") { lines(out) == ["tap", "tap"] }
        try waitUntil("the hanging and the flooding command ended, twice each") {
            lines(log).filter { $0.contains("ran longer than 1 s and was ended") }.count == 4
        }
        let said = lines(log)
        #expect(said.contains { $0.contains("'yes' ran longer than 1 s and was ended: y") }, "what it printed, cut short: \(said)")
        #expect(said.contains { $0.contains("'echo oops; exit 3' exited with status 3: oops") }, "\(said)")
        #expect(said.allSatisfy { $0.count < 2300 }, "the flood is not in the log")
        #expect(daemon.stop() == 0)
    }
}
