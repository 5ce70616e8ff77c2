import DaemonTestSupport
import Foundation
import Testing

/// `gestured replay` on captures that carry no device description, and on devices the configuration does not
/// claim: the description and kind are given on the command line, and a replay that could only print nothing
/// says why instead.
@Suite struct ReplayDescriptionTests {
    static let tapConfig = "[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n"
    static let padConfig = """
        [[device]]
        name = "pad"
        match = { kinds = ["touchpad"] }

        [[recognizer]]
        name = "tap"
        kind = "tap"
        touch_types = ["indirect"]
        """

    /// A recording made from a script, split into its description (header lines) and its bare `E:` lines.
    struct Split {
        let directory: URL
        var whole: String { directory.appendingPathComponent("whole.evemu").path }
        var header: String { directory.appendingPathComponent("device.prop").path }
        var events: String { directory.appendingPathComponent("events.txt").path }

        init(script: String) throws {
            directory = try DaemonProcess.temporaryDirectory()
            try DaemonProcess.synthesize(script, to: directory.appendingPathComponent("whole.evemu").path)
            let lines = try String(contentsOfFile: directory.appendingPathComponent("whole.evemu").path, encoding: .utf8)
                .split(separator: "\n")
            try (lines.filter { !$0.hasPrefix("E:") }.joined(separator: "\n") + "\n").write(toFile: header, atomically: true, encoding: .utf8)
            try (lines.filter { $0.hasPrefix("E:") }.joined(separator: "\n") + "\n").write(toFile: events, atomically: true, encoding: .utf8)
        }

        func config(_ text: String) throws -> String {
            let path = directory.appendingPathComponent("c.toml").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    static func gestures(_ out: String) -> [String] {
        out.split(separator: "\n").filter { $0.contains("\"type\":\"gesture\"") }.map { line in
            // The node is the recording's path, which differs between the whole file and the split one.
            line.replacingOccurrences(of: #""node":"[^"]*""#, with: "", options: .regularExpression)
        }
    }

    @Test func bareEventLinesNeedADescriptionAndTheErrorSaysHowToGiveOne() throws {
        let split = try Split(script: "at 1 tap 100 100\n")
        defer { split.remove() }
        let config = try split.config(Self.tapConfig)
        let bare = try DaemonProcess.run("gestured", ["replay", "--config", config, split.events])
        #expect(bare.status == 1)
        #expect(bare.err.contains("\(split.events): the recording has no device description; give one with --description FILE"))

        let described = try DaemonProcess.run("gestured", ["replay", "--config", config, "--description", split.header, split.events])
        let whole = try DaemonProcess.run("gestured", ["replay", "--config", config, split.whole])
        #expect(described.status == 0 && whole.status == 0)
        #expect(Self.gestures(described.out).count == 1)
        #expect(Self.gestures(described.out) == Self.gestures(whole.out))
    }

    @Test func aDescriptionFileThatDescribesNothingIsRefused() throws {
        let split = try Split(script: "at 1 tap 100 100\n")
        defer { split.remove() }
        let empty = split.directory.appendingPathComponent("empty.prop").path
        try "# nothing here\n".write(toFile: empty, atomically: true, encoding: .utf8)
        let result = try DaemonProcess.run("gestured", ["replay", "--config", try split.config(Self.tapConfig), "--description", empty, split.events])
        #expect(result.status == 1)
        #expect(result.err.contains("\(empty):1: describes no device"))
    }

    @Test func aDeviceNoEntryClaimsIsAnErrorNamingItAndItsKind() throws {
        // The synthesized device is a touchscreen; the configuration takes touchpads only. Before, this
        // printed nothing and exited 0.
        let split = try Split(script: "at 1 tap 100 100\n")
        defer { split.remove() }
        let config = try split.config(Self.padConfig)
        let refused = try DaemonProcess.run("gestured", ["replay", "--config", config, split.whole])
        #expect(refused.status == 1)
        #expect(refused.out.isEmpty)
        #expect(refused.err.contains("no [[device]] entry of \(config) claims its device"))
        #expect(refused.err.contains("(touchscreen)"))

        // Told it is a touchpad, the same capture is one and its fingers are indirect touches.
        let asPad = try DaemonProcess.run("gestured", ["replay", "--config", config, "--kind", "touchpad", split.whole])
        #expect(asPad.status == 0)
        #expect(Self.gestures(asPad.out).count == 1)
    }

    @Test func otherIsNotAKindToReplayAs() throws {
        let split = try Split(script: "at 1 tap 100 100\n")
        defer { split.remove() }
        let result = try DaemonProcess.run("gestured", ["replay", "--config", try split.config(Self.tapConfig), "--kind", "other", split.whole])
        #expect(result.status != 0)
        #expect(result.err.contains("--kind must be touchscreen, touchpad or tablet"))
    }

    @Test func theDaemonServesABareCaptureWithTheDescriptionAndKindGiven() throws {
        // As a touchscreen (what its capabilities say), a tap.
        let screen = try DaemonProcess(config: Self.tapConfig, script: "at 0.1 tap 150 100\n", bare: true)
        let client = try screen.client()
        _ = try client.request(["type": "subscribe"])
        #expect(try client.messages(until: { $0["type"] as? String == "gesture" }).compactMap(\.gestureSummary) == ["tap ended"])
        #expect(screen.stop() == 0)
        // Told it is a touchpad, a touchpad's configuration claims it.
        let pad = try DaemonProcess(config: Self.padConfig, script: "at 0.1 tap 150 100\n", extra: ["--kind", "touchpad"], bare: true)
        let padClient = try pad.client()
        _ = try padClient.request(["type": "subscribe"])
        #expect(try padClient.messages(until: { $0["type"] as? String == "gesture" }).compactMap(\.gestureSummary) == ["tap ended"])
        #expect(pad.log.contains("device.kind=touchpad"))
        #expect(pad.stop() == 0)
    }
}
