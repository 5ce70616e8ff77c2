import Foundation
import Glibc
import Testing

/// `gesturectl actions` as a user runs it, against a real daemon: commands run with the gesture in their
/// environment, and the file is taken again when it changes (a refused one leaves the actions before).
/// Typing keys needs /dev/uinput: that part is tested in the VM (ActionsKernelTests).
@Suite struct ActionsCommandTests {
    @Test func commandsRunAndTheFileIsReadAgainWhenItChanges() throws {
        let daemon = try DaemonProcess(
            config: ProtocolTests.config(), script: "at 0.3 tap 150 100\nat 4.0 tap 150 100 taps 1\n")
        let folder = daemon.directory.appendingPathComponent("user").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let actions = folder + "/actions.toml", out = folder + "/out.txt", log = folder + "/actions.log"
        func write(_ word: String) throws {
            try "[[action]]\ngesture = \"tap\"\ncommand = 'echo \(word) $GESTURE_RECOGNIZER $GESTURE_TAPS $GESTURE_X_MM >> \(out)'\n"
                .write(toFile: actions, atomically: true, encoding: .utf8)
        }
        func lines(_ path: String) -> [String] {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        try write("one")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = DaemonProcess.binaries.appendingPathComponent("gesturectl")
        process.arguments = ["actions", "--socket", daemon.socket, "--file", actions]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardError = process.standardOutput
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
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
}
