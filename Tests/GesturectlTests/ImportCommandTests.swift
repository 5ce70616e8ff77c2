import DaemonTestSupport
import Foundation
import Testing

/// `gesturectl import` as a user runs it: each tool's fixtures (Tests/ImportFixtures) written as actions files that
/// `gesturectl actions --check` takes (on GNOME, with the shipped presets) and a daemon running the shipped laptop
/// configuration accepts whole, the warnings on standard error, mistakes with their place and exit status 2; and
/// an imported libinput-gestures line running its command on a touchpad's swipe.
@Suite struct ImportCommandTests {
    static let fixtures = DaemonProcess.projectRoot + "/Tests/ImportFixtures/"

    static let presets = DaemonProcess.projectRoot + "/config/actions/presets"

    /// Each fixture, and the actions (GNOME's) and recognizers of its import.
    static let imports = [
        ("touchegg", "touchegg-default.conf", 10, 7), ("touchegg", "touchegg-examples.conf", 10, 5), ("touchegg", "touchegg-users.conf", 7, 4),
        ("fusuma", "fusuma-default.yml", 9, 5), ("fusuma", "fusuma-examples.yml", 30, 15), ("fusuma", "fusuma-users.yml", 6, 5),
        ("fusuma", "fusuma-0x.yml", 4, 3), ("libinput-gestures", "libinput-gestures-default.conf", 9, 5),
        ("libinput-gestures", "libinput-gestures-examples.conf", 15, 11), ("libinput-gestures", "libinput-gestures-users.conf", 5, 4),
    ]

    @Test(arguments: ImportCommandTests.imports)
    func eachFixtureIsAnActionsFileGesturectlActionsTakes(tool: String, fixture: String, actions: Int, recognizers: Int) throws {
        let folder = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("actions.toml").path
        let imported = try DaemonProcess.run("gesturectl", ["import", tool, Self.fixtures + fixture, "-o", output])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out.isEmpty)
        let warnings = imported.err.split(separator: "\n").dropFirst()
        #expect(imported.err.hasPrefix("\(warnings.count) things not imported as they were (the file's comments say the same):\n"), "\(imported.err)")
        #expect(warnings.allSatisfy { $0.hasPrefix(Self.fixtures + fixture + ":") }, "\(imported.err)")
        let checked = try DaemonProcess.run(
            "gesturectl", ["actions", "--check", "--file", output, "--socket", "/nonexistent", "--presets", Self.presets],
            environment: ["XDG_CURRENT_DESKTOP": "GNOME"])
        #expect(checked.status == 0, "\(checked.err)")
        #expect(checked.out.contains("ok (\(actions) actions, \(recognizers) recognizers)"), "\(checked.out)")

        // Without -o, the same file on standard output.
        let printed = try DaemonProcess.run("gesturectl", ["import", tool, Self.fixtures + fixture])
        #expect(printed.out == (try String(contentsOfFile: output, encoding: .utf8)))
    }

    /// Every imported recognizer is one the daemon adds beside the shipped laptop configuration's (no name of theirs).
    @Test func theDaemonAddsEveryImportedRecognizer() throws {
        let laptop = try String(contentsOfFile: DaemonProcess.projectRoot + "/config/examples/laptop-touchpad.toml", encoding: .utf8)
        let daemon = try DaemonProcess(config: laptop, script: "surface 100 65 touchpad\nat 30 tap 50 30\n")
        let actions = daemon.directory.appendingPathComponent("actions.toml").path
        let imported = try DaemonProcess.run("gesturectl", ["import", "fusuma", Self.fixtures + "fusuma-examples.yml", "-o", actions])
        #expect(imported.status == 0)
        // Typing keys, holding them and moving the pointer need /dev/uinput, which only the VM's tests have: here
        // every action runs a command instead (whatever the desktop), the recognizers as imported.
        let text = try String(contentsOfFile: actions, encoding: .utf8)
        try text.replacing(/(?m)^(keys|shortcut)(_back)? = .*$/) { "command\($0.output.2 ?? "") = \"true\"" }
            .replacing(/(?m)^hold = .*$/) { _ in "begin = \"true\"" }.replacing(/(?m)^desktop = .*\n/) { _ in "" }
            .replacing(/(?m)^pointer = true$/) { _ in "command = \"true\"" }
            .write(toFile: actions, atomically: true, encoding: .utf8)
        let client = try ActionsClient(file: actions, socket: daemon.socket, log: daemon.directory.appendingPathComponent("actions.log").path)
        try waitUntil("gesturectl actions connected") { client.logText.contains(", connected to gestured") || !client.isRunning }
        #expect(client.logText.contains("actions: 31 actions and 15 recognizers of \(actions)"), "\(client.logText)")
        #expect(daemon.stop() == 0)
    }

    /// `--check` accepts a file if and only if `gesturectl actions` runs it, against a daemon with the shipped laptop
    /// configuration: every fixture's import, the shipped laptop actions, and files the daemon refuses (a name of
    /// its own, recognizers that name each other, a relation to nothing). Without /dev/uinput the keys do nothing,
    /// and the rest runs.
    @Test func theCheckAcceptsWhatRunsAndNothingElse() throws {
        let laptop = try String(contentsOfFile: DaemonProcess.projectRoot + "/config/examples/laptop-touchpad.toml", encoding: .utf8)
        let daemon = try DaemonProcess(config: laptop, script: "surface 100 65 touchpad\nat 120 tap 50 30\n")
        let folder = daemon.directory.path
        var files: [(String, Bool)] = []
        for (tool, fixture, _, _) in Self.imports {
            let output = folder + "/\(fixture).toml"
            #expect(try DaemonProcess.run("gesturectl", ["import", tool, Self.fixtures + fixture, "-o", output]).status == 0)
            files.append((output, true))
        }
        files.append((DaemonProcess.projectRoot + "/config/actions/laptop.toml", true))
        let refused = [
            "[[recognizer]]\nname = \"pinch\"\nkind = \"pinch\"\n\n[[action]]\ngesture = \"pinch\"\ncommand = \"true\"\n",
            "[[recognizer]]\nname = \"a\"\nkind = \"tap\"\nrequire_to_fail = [\"b\"]\n\n[[recognizer]]\nname = \"b\"\nkind = \"tap\"\nrequire_to_fail = [\"a\"]\n\n[[action]]\ngesture = \"a\"\ncommand = \"true\"\n",
            "[[recognizer]]\nname = \"a\"\nkind = \"tap\"\nsimultaneous_with = [\"nothing\"]\n\n[[action]]\ngesture = \"a\"\ncommand = \"true\"\n",
        ]
        for (i, text) in refused.enumerated() {
            let path = folder + "/refused-\(i).toml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            files.append((path, false))
        }
        let environment = ["XDG_CURRENT_DESKTOP": "GNOME"]
        for (file, runs) in files {
            let checked = try DaemonProcess.run("gesturectl", ["actions", "--check", "--file", file, "--socket", daemon.socket], environment: environment)
            let client = try ActionsClient(file: file, socket: daemon.socket, environment: environment, log: file + ".log")
            try waitUntil("gesturectl actions connected or refused \(file)") { client.logText.contains(", connected to gestured") || !client.isRunning }
            let ran = client.isRunning
            #expect((checked.status == 0) == ran, "\(file): --check \(checked.status) \(checked.err), run: \(client.logText)")
            #expect(ran == runs, "\(file): \(checked.err) \(client.logText)")
            if !ran { #expect(checked.err == client.logText, "the same report from both") }
        }
        #expect(daemon.stop() == 0)
    }

    /// A user daemon.control allows (root, as the suite runs) adds its recognizers to the shared surfaces, where a
    /// configured one of the same kind recognizes first (ClientShapeTests shows it excluding one): --check says so
    /// at the recognizer, and no longer once it names the configured one in simultaneous_with.
    @Test func aControlUsersRecognizerBesideAConfiguredOneOfItsKindIsSaid() throws {
        guard getuid() == 0 else {
            print("skipped: daemon.control allows root and the daemon's user; this suite runs as uid \(getuid())")
            return
        }
        let laptop = try String(contentsOfFile: DaemonProcess.projectRoot + "/config/examples/laptop-touchpad.toml", encoding: .utf8)
        let daemon = try DaemonProcess(config: laptop, script: "surface 100 65 touchpad\nat 120 tap 50 30\n")
        let file = daemon.directory.path + "/zoom.toml"
        for (relation, said) in [("", true), ("simultaneous_with = [\"pinch\"]\n", false)] {
            try "[[recognizer]]\nname = \"zoom\"\nkind = \"pinch\"\n\(relation)\n[[action]]\ngesture = \"zoom\"\ncommand = \"true\"\n"
                .write(toFile: file, atomically: true, encoding: .utf8)
            let checked = try DaemonProcess.run("gesturectl", ["actions", "--check", "--file", file, "--socket", daemon.socket])
            #expect(checked.status == 0, "\(checked.err)")
            let note = "note: \(file):1:1: recognizer 'zoom' joins the configured recognizers, since daemon.control allows this user: the configured pinch recognizer 'pinch' recognizes first"
            #expect(checked.out.contains(note) == said, "\(checked.out)")
        }
        #expect(daemon.stop() == 0)
    }

    @Test func anImportedCommandRunsOnItsSwipe() throws {
        let daemon = try DaemonProcess(
            config: "[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n", script: "surface 100 65 touchpad\nat 4.0 drag 40 30 to 60 30 over 0.15 fingers 3\n")
        let folder = daemon.directory.path
        let source = folder + "/libinput-gestures.conf", actions = folder + "/actions.toml", out = folder + "/out.txt", log = folder + "/actions.log"
        try """
        gesture swipe right 3 sh -c 'echo "$GESTURE_RECOGNIZER $GESTURE_DIRECTION" >> \(out)'
        gesture swipe left 3 _internal ws_left
        gesture swipe left_up 3 true
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let imported = try DaemonProcess.run("gesturectl", ["import", "libinput-gestures", source, "-o", actions])
        #expect(imported.status == 0)
        #expect(imported.err.contains("\(source):3: gesture swipe left_up 3 true: not imported: gestured's swipes go four ways"), "\(imported.err)")
        #expect(!imported.err.contains("\(source):2:"), "\(imported.err)")
        #expect(try String(contentsOfFile: actions, encoding: .utf8).contains("direction = \"left\"\nshortcut = \"workspace-next\""))
        // sway's workspace-next is a command (swaymsg), which needs no /dev/uinput.
        let client = try ActionsClient(
            file: actions, socket: daemon.socket, arguments: ["--presets", Self.presets], environment: ["XDG_CURRENT_DESKTOP": "sway"], log: log)
        defer { withExtendedLifetime(client) {} }
        let written = { (try? String(contentsOfFile: out, encoding: .utf8)) ?? "" }
        try waitUntil("the swipe's command") { written().hasSuffix("\n") }
        #expect(written() == "swipe-3-horizontal right\n")
        #expect(daemon.stop() == 0)
    }

    @Test func mistakesAreRefusedWithTheirPlace() throws {
        let folder = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = [
            ("touchegg", "touchegg.conf", "<touchégg>\n  <application name=\"All\">\n", ":2:27: <application> (line 2) is not closed"),
            ("touchegg", "touchegg.conf", try String(contentsOfFile: Self.fixtures + "touchegg-v1.conf", encoding: .utf8), ":6: this is Touchégg 1's format"),
            ("fusuma", "config.yml", "swipe:\n  3:\n    left: {}\n    left: {}\n", ":3:5: 'left' twice in one mapping"),
            ("libinput-gestures", "libinput-gestures.conf", "\ngesture swipe left 3 echo 'open\n", ":2:27: no closing quotation for this '"),
            // Refused from its size, before it is read whole.
            ("fusuma", "config.yml", String(repeating: "#\n", count: 1 << 20), ":1: is larger than 1 MiB (2097152 bytes)"),
        ]
        for (tool, name, text, error) in cases {
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("out.toml").path
            let result = try DaemonProcess.run("gesturectl", ["import", tool, path, "-o", output])
            #expect(result.status == 2 && result.err.hasPrefix(path + error), "\(result.err)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
        // An existing file is never written over.
        let existing = folder.appendingPathComponent("existing.toml").path
        try "# mine\n".write(toFile: existing, atomically: true, encoding: .utf8)
        let over = try DaemonProcess.run("gesturectl", ["import", "fusuma", Self.fixtures + "fusuma-default.yml", "-o", existing])
        #expect(over.status == 1 && over.err.contains("\(existing) exists"), "\(over.err)")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "# mine\n")
    }
}
