import DaemonTestSupport
import Foundation
import Glibc
import Testing

/// A command that fails at its work (a file missing, no device, no /dev/uinput) says what failed and where, and
/// exits 1, without the usage text: that is for a command line that is wrong, which still gets it.
@Suite struct RuntimeErrorTests {
    static func expectNoUsage(_ result: (status: Int32, out: String, err: String), _ message: String) {
        #expect(result.status == 1, "\(result)")
        #expect(result.err.contains(message), "\(result.err)")
        #expect(!result.err.lowercased().contains("usage:"), "\(result.err)")
    }

    @Test func aMissingRecordingIsNamedWithTheReason() throws {
        let missing = NSTemporaryDirectory() + "/gestured-no-such-\(UUID().uuidString.prefix(8)).evemu"
        let config = DaemonProcess.projectRoot + "/config/gestured.toml"
        let result = try DaemonProcess.run("gestured", ["replay", "--config", config, missing])
        // The first line exactly (under a sanitizer, its report of suppressions follows on stderr).
        #expect(result.err.split(separator: "\n").first == "gestured: open failed for \(missing): No such file or directory", "\(result.err)")
        Self.expectNoUsage(result, missing)
        Self.expectNoUsage(try DaemonProcess.run("gestured", ["synthesize", missing]), "open failed for \(missing)")
        Self.expectNoUsage(try DaemonProcess.run("gestured", ["replay", "--config", config, NSTemporaryDirectory()]), "Is a directory")
    }

    @Test func theDaemonSaysWhichRecordingItCannotServe() throws {
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.evemu").path
        let result = try DaemonProcess.run(
            "gestured", ["run", "--config", DaemonProcess.projectRoot + "/config/gestured.toml", "--socket", directory.appendingPathComponent("g.sock").path, "--replay", missing])
        Self.expectNoUsage(result, "open failed for \(missing): No such file or directory")
    }

    @Test func aRecordingThatCannotBeWrittenSaysWhere() throws {
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("s.gestures").path
        try "at 1 tap 100 100\n".write(toFile: script, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("no-such-folder/r.evemu").path
        Self.expectNoUsage(try DaemonProcess.run("gestured", ["synthesize", script, "-o", output]), "cannot write \(output)")
    }

    @Test func recordingADeviceThatIsNotThereIsNoCommandLineMistake() throws {
        Self.expectNoUsage(try DaemonProcess.run("gestured", ["record", "gestured-test-no-such-device-*"]), "no touch device matches gestured-test-no-such-device-*")
    }

    @Test func aWrongCommandLineStillShowsTheUsage() throws {
        let result = try DaemonProcess.run("gestured", ["replay", "--config", DaemonProcess.projectRoot + "/config/gestured.toml"])
        #expect(result.status == 64)
        #expect(result.err.contains("Missing expected argument") && result.err.lowercased().contains("usage:"), "\(result.err)")
    }
}
