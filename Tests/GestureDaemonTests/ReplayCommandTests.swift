import DaemonTestSupport
import Foundation
import Testing

/// `gestured replay` on recordings made from gesture scripts: the scenarios of section F (docs/engine.md), through
/// the whole pipeline, checked on what a subscriber would read.
@Suite struct ReplayCommandTests {
    /// The gesture lines, as "time recognizer state", with the device lines left out.
    static func replay(config: String, script: String, touches: Bool = false) throws -> [String] {
        let result = try run(config: config, script: script, touches ? ["--touches"] : [])
        guard result.status == 0 else { throw TestFailure("gestured replay failed: \(result.err)") }
        return try result.out.split(separator: "\n").compactMap { line in
            let m = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            let time = String(format: "%.2f", m["time"] as? Double ?? 0)
            switch m["type"] as? String {
            case "gesture": return "\(time) \(m["recognizer"]!) \(m["state"]!)"
            case "touch": return "\(time) V \(m["phase"]!)"
            default: return nil
            }
        }
    }

    /// `gestured replay` with `options` on a recording made from `script`, with `config`: what it printed, and
    /// the recording's path, which its lines carry.
    static func run(config: String, script: String, _ options: [String]) throws -> (status: Int32, out: String, err: String, recording: String) {
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configPath = directory.appendingPathComponent("c.toml").path, recording = directory.appendingPathComponent("r.evemu").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        try DaemonProcess.synthesize(script, to: recording)
        let result = try DaemonProcess.run("gestured", ["replay", "--config", configPath, recording] + options)
        return (result.status, result.out, result.err, recording)
    }

    @Test func f01TapCancelsTheRegionsTouch() throws {
        let lines = try Self.replay(config: "[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n", script: "at 1 tap 100 100\n", touches: true)
        #expect(lines == ["1.00 V began", "1.08 tap ended", "1.08 V cancelled"])
    }

    /// A single tap that waits for a double tap to fail.
    static let singleAndDouble = """
        [[recognizer]]
        name = "single"
        kind = "tap"
        require_to_fail = ["double"]

        [[recognizer]]
        name = "double"
        kind = "tap"
        number_of_taps_required = 2
        """

    @Test func f13And14SingleTapWaitsForTheDoubleTapToFail() throws {
        let config = Self.singleAndDouble
        #expect(try Self.replay(config: config, script: "at 1 tap 100 100\n") == ["1.43 single ended"])
        #expect(try Self.replay(config: config, script: "at 1 tap 100 100 taps 2\n") == ["1.33 double ended"])
    }

    /// `--explain` prints why each recognizer changed, as it happens, in lines that start with `#`, between
    /// the JSON lines, which stay as a subscriber reads them.
    @Test func explainSaysWhyInCommentLinesBetweenTheEvents() throws {
        let result = try Self.run(config: Self.singleAndDouble, script: "at 1 tap 100 100\n", ["--explain"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        let explained = lines.filter { $0.hasPrefix("# ") }.map { $0.split(separator: " ", maxSplits: 3).last.map(String.init) ?? "" }
        #expect(explained.contains("single: possible -> ended, touches ended #1: tap 1 of 1 lifted"))
        #expect(explained.contains("single: ended, waiting for double to fail"))
        #expect(explained.contains("double: possible -> failed, deadline: no next tap within 0.35 s of the lift"))
        // The reason comes before the action it explains, and every other line is JSON.
        let failed = lines.firstIndex { $0.contains("double: possible -> failed") }
        let action = lines.firstIndex { $0.contains("\"recognizer\":\"single\"") }
        #expect(failed != nil && action != nil && failed! < action!)
        for line in lines where !line.hasPrefix("# ") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
    }

    /// `--format text`: a line a person reads for each event, and --explain's lines as they are; JSON stays the
    /// default.
    @Test func textFormatPrintsALineAPersonReadsForEachEvent() throws {
        let tap = "at 1 tap 100 100\n"
        let text = try Self.run(config: Self.singleAndDouble, script: tap, ["--format", "text", "--touches"])
        #expect(text.status == 0, "\(text.err)")
        #expect(
            text.out.split(separator: "\n") == [
                "device added: touch (gestured synthetic touchscreen, touchscreen, \(text.recording))",
                "1.000  touch 1 began      touch/touch at (100, 100) mm",
                "1.430  single           tap        ended     touch/touch          1 finger(s) at (100, 100) mm  taps=1",
                "1.430  touch 1 cancelled  touch/touch at (100, 100) mm",
                "1.430  device removed: touch (\(text.recording))",
            ])
        let explained = try Self.run(config: Self.singleAndDouble, script: tap, ["--format", "text", "--explain"])
        #expect(explained.out.contains("\n# 1.080000 touch single: possible -> ended, touches ended #1: tap 1 of 1 lifted\n"), "\(explained.out)")
        let json = try Self.run(config: Self.singleAndDouble, script: tap, [])
        #expect(json.out.split(separator: "\n").allSatisfy { $0.first == "{" })
    }

    @Test func f20LongPressBeginsAfterHalfASecond() throws {
        let lines = try Self.replay(config: "[[recognizer]]\nname = \"press\"\nkind = \"long-press\"\n", script: "at 1 hold 100 100 for 0.7\n")
        #expect(lines == ["1.50 press began", "1.70 press ended"])
    }

    @Test func f28QuickTapBeatsLongPress() throws {
        let config = "[[recognizer]]\nname = \"press\"\nkind = \"long-press\"\n\n[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n"
        #expect(try Self.replay(config: config, script: "at 1 tap 100 100\n") == ["1.08 tap ended"])
        #expect(try Self.replay(config: config, script: "at 1 hold 100 100 for 0.7\n") == ["1.50 press began", "1.70 press ended"])
    }

    @Test func f30PanBeginsAtItsThresholdAndEndsAtLift() throws {
        let lines = try Self.replay(config: "[[recognizer]]\nname = \"pan\"\nkind = \"pan\"\n", script: "at 1 drag 100 100 to 200 100 over 0.5\n")
        #expect(lines.first == "1.01 pan began")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasSuffix("pan changed") })
        #expect(lines.last == "1.51 pan ended")
    }

    @Test func f43SwipeIsRecognizedMidMoveAndF50PanWinsWithoutARelation() throws {
        // 60 pt (9.6 mm) in 0.05 s: the swipe's 50 pt, shrinking with time, is reached at 0.04 s.
        let swipe = "[[recognizer]]\nname = \"swipe\"\nkind = \"swipe\"\ndirection = [\"right\"]\n"
        #expect(try Self.replay(config: swipe, script: "at 1 drag 50 100 to 59.6 100 over 0.05\n") == ["1.04 swipe ended"])
        // 100 pt in 0.1 s: the pan's 10 pt comes first, and the pan's touches are the swipe's no more.
        let both = swipe + "\n[[recognizer]]\nname = \"pan\"\nkind = \"pan\"\n"
        let lines = try Self.replay(config: both, script: "at 1 drag 50 100 to 66 100 over 0.1\n")
        #expect(lines.first == "1.01 pan began")
        #expect(!lines.contains { $0.contains("swipe") })
    }

    @Test func f56PinchAndRotationTogetherOnlyWhenSimultaneous() throws {
        let script = "at 1 rotate 150 100 radius 30 from 0 to 60 over 0.6\nat 2 pinch 150 100 from 30 to 90 over 0.6\n"
        let alone = "[[recognizer]]\nname = \"pinch\"\nkind = \"pinch\"\n\n[[recognizer]]\nname = \"rotation\"\nkind = \"rotation\"\n"
        let exclusive = try Self.replay(config: alone, script: script)
        #expect(exclusive.contains { $0.hasSuffix("rotation began") } && exclusive.contains { $0.hasSuffix("pinch began") })
        let together = alone.replacingOccurrences(of: "kind = \"pinch\"\n", with: "kind = \"pinch\"\nsimultaneous_with = [\"rotation\"]\n")
        #expect(try Self.replay(config: together, script: script).count >= exclusive.count)
    }

    @Test func theSameInputAlwaysPrintsTheSameLines() throws {
        let config = "[[recognizer]]\nname = \"pan\"\nkind = \"pan\"\n\n[[recognizer]]\nname = \"pinch\"\nkind = \"pinch\"\n"
        let script = "at 1 drag 100 100 to 200 120 over 0.4\nat 2 pinch 150 100 from 30 to 90 over 0.4\n"
        #expect(try Self.replay(config: config, script: script, touches: true) == (try Self.replay(config: config, script: script, touches: true)))
    }

    /// docs/devices.md: a replayed device is known by its description's identity, or by the one given; the
    /// shipped database's Apple entry sizes a pad that reports no resolution.
    @Test func aReplayedDeviceIsSizedByTheDeviceDatabase() throws {
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configPath = directory.appendingPathComponent("c.toml").path, recording = directory.appendingPathComponent("r.evemu").path
        try "[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n".write(toFile: configPath, atomically: true, encoding: .utf8)
        try DaemonProcess.synthesize("at 1 tap 100 100\n", to: recording)
        // The synthetic screen's axes without their resolution (A: code min max fuzz flat resolution).
        let text = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("A: ") ? line.split(separator: " ").dropLast().joined(separator: " ") + " 0" : String(line)
        }.joined(separator: "\n")
        try text.write(toFile: recording, atomically: true, encoding: .utf8)
        func added(_ identity: [String]) throws -> [String: Any] {
            let result = try DaemonProcess.run(
                "gestured", ["replay", "--config", configPath, "--device-database", DaemonProcess.projectRoot + "/devices", recording] + identity)
            guard result.status == 0, let first = result.out.split(separator: "\n").first else { throw TestFailure("replay failed: \(result.err)") }
            let line = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
            return line?["device"] as? [String: Any] ?? [:]
        }
        let unknown = try added([])
        #expect(unknown["size_source"] as? String == "estimated")
        let apple = try added(["--bus", "usb", "--vendor", "05ac", "--product", "0263"])
        #expect(apple["size_source"] as? String == "device database")
        // 3000 x 2000 units over 104 x 75 mm: 29 and 27 units a millimetre, rounded as a resolution is.
        let size = try #require(apple["size_mm"] as? [Double])
        #expect(abs(size[0] - 3000.0 / 29) < 1e-9 && abs(size[1] - 2000.0 / 27) < 1e-9, "\(size)")
    }

    @Test func checkPrintsEveryErrorAndExitsNonZero() throws {
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bad.toml").path
        try "[daemon]\nlog_levle = \"info\"\n\n[[recognizer]]\nname = \"t\"\nkind = \"tap\"\nnumber_of_taps_required = 0\n".write(toFile: path, atomically: true, encoding: .utf8)
        let devices = DaemonProcess.projectRoot + "/devices"
        let result = try DaemonProcess.run("gestured", ["check", path, "--device-database", devices])
        let errors = """
            \(path):2:1: unknown key 'log_levle' in [daemon]; did you mean 'log_level'?
            \(path):7:27: number_of_taps_required must be from 1 to 10, got 0

            """
        #expect(result.status == 1)
        #expect(result.out == errors + "device database (\(devices)): ok (6 entries)\n")
        let ctl = try DaemonProcess.run("gesturectl", ["check", path])
        #expect(ctl.status == 1 && ctl.out == errors)
    }

    /// docs/devices.md, Mistakes: a broken entry of the device database fails `gestured check` with its place,
    /// though the configuration is fine.
    @Test func checkSaysWhatIsWrongInTheDeviceDatabase() throws {
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("good.toml").path
        try "[[recognizer]]\nname = \"t\"\nkind = \"tap\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let local = directory.appendingPathComponent("devices.d").path
        try FileManager.default.createDirectory(atPath: local, withIntermediateDirectories: true)
        try "[[device]]\nid = \"mine\"\nabout = \"x\"\nmatch = { dmi = \"pnLumpy\" }\nsize_mm = [90, 50]\nsources = [\"s\"]\n"
            .write(toFile: local + "/mine.toml", atomically: true, encoding: .utf8)
        let devices = DaemonProcess.projectRoot + "/devices"
        let result = try DaemonProcess.run("gestured", ["check", config, "--device-database", devices, "--device-database", local])
        #expect(result.status == 1)
        #expect(result.out.contains("\(local)/mine.toml:4:17: dmi 'pnLumpy' can never match: a DMI modalias begins with dmi:"), "\(result.out)")
        #expect(result.out.hasSuffix("device database (\(devices), \(local)): 1 error; its entry is refused, the others apply (6 entries)\n"))
    }
}
