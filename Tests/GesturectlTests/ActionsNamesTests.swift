import DaemonTestSupport
import Foundation
import Glibc
import Testing

/// `gesturectl actions` and names, as a user meets them against a real daemon: a name the daemon lacks is said
/// where it is written, with the name meant; the file's own recognizers and shapes are added over the socket and
/// their gestures act; the client outlives a daemon restart and adds them again; a reload that drops a bound
/// recognizer is said in its log.
@Suite struct ActionsNamesTests {
    static let config = """
        [[recognizer]]
        name = "tap"
        kind = "tap"

        [[recognizer]]
        name = "three-finger-swipe-horizontal"
        kind = "swipe"
        number_of_touches_required = 3
        direction = ["left", "right"]

        [[recognizer]]
        name = "pan"
        kind = "pan"
        """

    @Test func aNameTheDaemonLacksIsSaidWhereItIsWrittenWithTheNameMeant() throws {
        let daemon = try DaemonProcess(config: Self.config, script: "at 30 tap 150 100\n")
        let actions = daemon.directory.appendingPathComponent("actions.toml").path
        try "[[action]]\ngesture = \"three-finger-swipe\"\ncommand = \"true\"\n".write(toFile: actions, atomically: true, encoding: .utf8)
        let expected = "actions.toml:2:11: no recognizer 'three-finger-swipe' in the daemon's configuration or this file; did you mean 'three-finger-swipe-horizontal'?"
        let checked = try DaemonProcess.run("gesturectl", ["actions", "--check", "--file", actions, "--socket", daemon.socket])
        #expect(checked.status == 2)
        #expect(checked.err.contains(expected), "\(checked.err)")
        let started = try DaemonProcess.run("gesturectl", ["actions", "--file", actions, "--socket", daemon.socket])
        #expect(started.status == 2, "it stops at the start rather than never acting")
        #expect(started.err.contains(expected), "\(started.err)")

        // Without a daemon to ask, the file is fine as far as it goes, and --check says what it could not check.
        let alone = try DaemonProcess.run("gesturectl", ["actions", "--check", "--file", actions, "--socket", daemon.socket + ".none"])
        #expect(alone.status == 0)
        #expect(alone.out.contains("ok (1 actions, 0 recognizers); no daemon answered"), "\(alone.out)")

        // A shape the recognizer does not have, and a shape asked of a recognizer that draws none.
        try """
            [[action]]
            gesture = "tap"
            shape = "vee"
            command = "true"
            """.write(toFile: actions, atomically: true, encoding: .utf8)
        let notShape = try DaemonProcess.run("gesturectl", ["actions", "--check", "--file", actions, "--socket", daemon.socket])
        #expect(notShape.status == 2)
        #expect(notShape.err.contains("actions.toml:3:9: 'tap' is a tap recognizer: shape = \"...\" picks a shape recognizer's shapes"), "\(notShape.err)")
        #expect(daemon.stop() == 0)
    }

    /// The file's own two-finger tap and shape recognizer (shape files beside it), added on connect: their gestures
    /// run the file's commands, an action for one shape only on that shape.
    @Test func theFilesOwnRecognizersAndShapesAreAddedAndAct() throws {
        let daemon = try DaemonProcess(
            config: Self.config,
            script: "at 2 tap 150 100 fingers 2\nat 3 draw 40 40 to 60 90 to 80 40 over 0.4\nat 4 draw 40 40 to 80 40 to 60 90 to 40 40 over 0.6\n")
        let folder = daemon.directory.appendingPathComponent("user").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "shape vee\nexample\nstroke\n0 0 0\n10 30 0.1\n20 0 0.2\n".write(toFile: folder + "/vee.shape", atomically: true, encoding: .utf8)
        try "shape triangle\nexample\nstroke\n0 0 0\n20 0 0.1\n10 25 0.2\n0 0 0.3\n".write(toFile: folder + "/triangle.shape", atomically: true, encoding: .utf8)
        let actions = try RunningActions(
            """
            [[recognizer]]
            name = "two-finger-tap"
            kind = "tap"
            number_of_touches_required = 2

            [[recognizer]]
            name = "drawn"
            kind = "shape"
            shapes = ["vee.shape", "triangle.shape"]
            # The daemon's pan would win a one-finger drawing: for a user daemon.control names (root here), whose
            # additions join the configured recognizers, a relation with the daemon's says otherwise.
            cannot_be_prevented_by = ["pan"]

            [[action]]
            gesture = "two-finger-tap"
            command = 'echo $GESTURE_RECOGNIZER $GESTURE_TOUCHES >> OUT'

            [[action]]
            gesture = "drawn"
            shape = "vee"
            command = 'echo drew $GESTURE_SHAPE >> OUT'

            [[action]]
            gesture = "drawn"
            command = 'echo any $GESTURE_SHAPE >> OUT'
            """, in: folder, socket: daemon.socket)
        // Commands run side by side, so their lines come in any order.
        try waitUntil("the last drawing, the triangle") { actions.outLines.contains("any triangle") }
        #expect(actions.outLines.sorted() == ["any triangle", "any vee", "drew vee", "two-finger-tap 2"], "\(actions.outLines); \(actions.logLines)")
        #expect(actions.logLines.contains { $0.contains("actions: 3 actions and 2 recognizers of") }, "\(actions.logLines)")
        #expect(daemon.stop() == 0)
    }

    @Test func aRecognizerTheDaemonRefusesIsSaidAtItsTable() throws {
        let daemon = try DaemonProcess(config: Self.config, script: "at 30 tap 150 100\n")
        let actions = daemon.directory.appendingPathComponent("actions.toml").path
        try "[[action]]\ngesture = \"tap\"\ncommand = \"true\"\n\n[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n".write(
            toFile: actions, atomically: true, encoding: .utf8)
        let started = try DaemonProcess.run("gesturectl", ["actions", "--file", actions, "--socket", daemon.socket])
        #expect(started.status == 2)
        #expect(started.err.contains("actions.toml:5:1: the daemon refused recognizer 'tap':"), "\(started.err)")
        #expect(daemon.stop() == 0)
    }

    /// The daemon stops and another starts where it listened: the client waits, connects again, adds its own
    /// recognizer again, and acts on it; a reload of the second that drops a recognizer it binds is said.
    @Test func theClientOutlivesADaemonRestartAndHearsOfDroppedNames() throws {
        let first = try DaemonProcess(config: Self.config, script: "at 1.5 tap 150 100 fingers 2\n")
        let socket = first.socket
        let folder = first.directory.appendingPathComponent("user").path
        let actions = try RunningActions(
            """
            [[recognizer]]
            name = "two-finger-tap"
            kind = "tap"
            number_of_touches_required = 2

            [[action]]
            gesture = "two-finger-tap"
            command = 'echo $GESTURE_RECOGNIZER >> OUT'

            [[action]]
            gesture = "pan"
            command = 'echo pan >> OUT'
            """, in: folder, socket: socket)
        try waitUntil("the first daemon's two-finger tap") { actions.outLines == ["two-finger-tap"] }
        #expect(first.stop() == 0)
        try waitUntil("the client to notice") { actions.logLines.contains { $0.contains("closed the connection") } }
        usleep(500_000)
        #expect(actions.isRunning, "it waits for the daemon rather than exiting: \(actions.logLines)")

        let second = try DaemonProcess(config: Self.config, script: "at 1.5 tap 150 100 fingers 2\n", socket: socket)
        try waitUntil("the second daemon's two-finger tap, through the recognizer added again") { actions.outLines.count == 2 }
        #expect(actions.outLines == ["two-finger-tap", "two-finger-tap"])

        try Self.config.replacingOccurrences(of: "[[recognizer]]\nname = \"pan\"\nkind = \"pan\"", with: "")
            .write(toFile: second.configPath, atomically: true, encoding: .utf8)
        second.signal(SIGHUP)
        try waitUntil("the dropped name in the client's log") {
            actions.logLines.contains { $0.contains("no longer has what this binds") && $0.contains("actions.toml:11:11: no recognizer 'pan'") }
        }
        #expect(second.stop() == 0)
    }
}
