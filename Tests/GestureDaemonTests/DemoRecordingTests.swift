import DaemonTestSupport
import CaptureFormats
import Foundation
import Testing

/// The bundled demo: made by the project from its gesture script, and recognized by the shipped
/// configuration as what the script says it is (`make run`, the README's first set-up command, serves it).
@Suite struct DemoRecordingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theRecordingIsWhatItsScriptMakes() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("recordings/demo.gestures"), encoding: .utf8)
        let made = try GestureScript(script, source: "demo.gestures").recording
        let committed = try String(contentsOf: Self.root.appendingPathComponent("recordings/demo.evemu"), encoding: .utf8)
        #expect(EvemuFormat.write(made.description!, events: made.events) == committed, "run `make demo-recording`")
    }

    @Test func theShippedConfigurationRecognizesEveryGestureOfTheDemo() throws {
        let result = try DaemonProcess.run(
            "gestured", ["replay", "--config", Self.root.appendingPathComponent("config/gestured.toml").path, Self.root.appendingPathComponent("recordings/demo.evemu").path])
        #expect(result.status == 0)
        let outcomes = try result.out.split(separator: "\n").compactMap { line -> String? in
            let m = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            guard m["type"] as? String == "gesture", m["state"] as? String != "changed" else { return nil }
            return "\(m["recognizer"]!) \(m["state"]!)"
        }
        #expect(outcomes == [
            "tap ended", "double-tap ended", "two-finger-tap ended", "long-press began", "long-press ended", "pan began", "pan ended",
            "pinch began", "pinch ended", "rotation began", "rotation ended", "three-finger-swipe-horizontal ended",
        ])
    }

    /// The touchpad demo of the laptop quick start: made from its script, and every gesture of it recognized by
    /// the laptop configuration, once each.
    @Test func theTouchpadDemoIsWhatItsScriptMakesAndTheLaptopConfigurationsGestures() throws {
        let examples = Self.root.appendingPathComponent("config/examples")
        let script = try String(contentsOf: examples.appendingPathComponent("touchpad-demo.gestures"), encoding: .utf8)
        let made = try GestureScript(script, source: "touchpad-demo.gestures").recording
        let committed = try String(contentsOf: examples.appendingPathComponent("touchpad-demo.evemu"), encoding: .utf8)
        #expect(EvemuFormat.write(made.description!, events: made.events) == committed, "run `make demo-recording`")
        let result = try DaemonProcess.run(
            "gestured", ["replay", "--config", examples.appendingPathComponent("laptop-touchpad.toml").path, examples.appendingPathComponent("touchpad-demo.evemu").path])
        #expect(result.status == 0)
        let outcomes = try result.out.split(separator: "\n").compactMap { line -> String? in
            let m = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            guard m["type"] as? String == "gesture", m["state"] as? String == "ended" else { return nil }
            return "\(m["recognizer"]!)"
        }
        #expect(outcomes == [
            "two-finger-tap", "three-finger-tap", "three-finger-swipe-horizontal", "three-finger-swipe-horizontal", "three-finger-swipe-vertical",
            "four-finger-swipe-horizontal", "pinch", "rotation",
        ])
    }

    /// `make run` on a machine without touch devices: the daemon falls back to the demo.
    @Test func withoutTouchDevicesTheDaemonServesTheFallbackRecording() throws {
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let socket = directory.appendingPathComponent("g.sock").path
        let p = Process()
        p.executableURL = DaemonProcess.binaries.appendingPathComponent("gestured")
        p.arguments = [
            "run", "--config", Self.root.appendingPathComponent("config/gestured.toml").path, "--socket", socket,
            "--fallback-replay", Self.root.appendingPathComponent("recordings/demo.evemu").path, "--speed", "4",
        ]
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer {
            p.terminate()
            p.waitUntilExit()
        }
        try waitUntil("the daemon's socket") { (try? TestClient(path: socket, hello: false)) != nil }
        let client = try TestClient(path: socket)
        let devices = try client.request(["type": "list_devices"])["devices"] as? [[String: Any]] ?? []
        try #require(devices.count == 1, "this machine has touch devices; the fallback is not used")
        #expect(devices[0]["device_name"] as? String == "gestured synthetic touchscreen")
        _ = try client.request(["type": "subscribe", "filter": ["states": ["ended"]]])
        let seen = try client.messages(until: { $0.gestureSummary == "double-tap ended" }).compactMap(\.gestureSummary)
        #expect(seen == ["tap ended", "double-tap ended"])
    }
}
