import Foundation
import Glibc
import InputCore
import LinuxInput
import Testing

/// docs/daemon.md, Time: the live loop and `gestured replay` drive the same core by the same rule, so a daemon on a
/// kernel device says what the replay of what it read says, line for line.
extension KernelDeviceTests {
    /// A touchpad (touch conditioning's deadlines as well as the recognizers') under `gestured run`, recorded at
    /// the same time by `gestured record`; then `gestured replay --touches` of that recording with the same
    /// configuration. Every gesture and touch line is the same but for the node (the device's, the file's).
    @Test func theLiveDaemonSaysWhatTheReplayOfItsInputSays() throws {
        let name = "gestured live replay pad"
        let daemon = try KernelDaemon(
            "live-replay",
            configuration: Self.rawTouches(claiming: name) + """
                [[recognizer]]
                name = "tap"
                kind = "tap"

                [[recognizer]]
                name = "hold"
                kind = "long-press"
                minimum_press_duration = 0.3

                [[recognizer]]
                name = "pan"
                kind = "pan"
                """, monitor: ["--touches"])
        let device = try UinputDevice(KernelDevices.touchpad(name: name))
        let node = try KernelDevices.node(named: name)
        try KernelDevices.waitFor { Self.count(daemon.messages(), type: "device_added") == 1 }
        let recording = daemon.directory + "/live.evemu"
        let recorder = try KernelDevices.start(["record", node, "--output", recording, "--duration", "6"])
        defer { _ = KernelDevices.wait(recorder) }
        try KernelDevices.waitFor { (try? String(contentsOfFile: recording, encoding: .utf8))?.contains("A: 35") == true }

        // A tap; two fingers landing 100 ms apart (the second waits up to 50 ms for the first to lift: a deadline
        // of touch conditioning, docs/conditioning.md); a hold; a pan (10 units a millimetre on the 100 x 50 mm pad).
        try KernelGesture.play(KernelGesture("tap", fingers: 1, over: 0.05) { _, _ in (300, 250) }.frames[...], into: device)
        usleep(400_000)
        try device.write(KernelDevices.touch(slot: 0, id: 10, x: 300, y: 250))
        usleep(100_000)
        try device.write(KernelDevices.touch(slot: 1, id: 11, x: 500, y: 250))
        usleep(100_000)
        try device.write(KernelDevices.lift(slot: 0).dropLast() + KernelDevices.lift(slot: 1))
        usleep(400_000)
        try KernelGesture.play(KernelGesture("hold", fingers: 1, over: 0.6) { _, _ in (400, 250) }.frames[...], into: device)
        usleep(400_000)
        try KernelGesture.play(KernelGesture("pan", through: [(200, 250), (700, 250)], over: 0.5, firstID: 20).frames[...], into: device)
        #expect(KernelDevices.wait(recorder) == 0)

        let kinds: Set<String> = ["gesture", "touch"]
        func comparable(_ lines: [String]) -> [String] {
            lines.compactMap { line in
                guard let m = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], kinds.contains(m["type"] as? String ?? "")
                else { return nil }
                return line.replacingOccurrences(of: "\"node\":\"\(m["node"] as? String ?? "")\"", with: "\"node\":\"-\"")
            }
        }
        let replayed = comparable(try KernelDevices.run(["replay", "--config", daemon.config, "--touches", recording]).split(separator: "\n").map(String.init))
        try KernelDevices.waitFor { comparable(daemon.lines()).count >= replayed.count }
        let live = comparable(daemon.lines())
        #expect(replayed.count > 20, "\(replayed)")
        #expect(replayed.contains { $0.contains("\"recognizer\":\"hold\",\"kind\":\"long-press\",\"state\":\"began\"") })
        #expect(live.count == replayed.count)
        for (index, (a, b)) in zip(live, replayed).enumerated() where a != b {
            Issue.record("line \(index + 1) differs:\nlive:   \(a)\nreplay: \(b)")
            break
        }
        #expect(daemon.stop() == 0)
    }
}
