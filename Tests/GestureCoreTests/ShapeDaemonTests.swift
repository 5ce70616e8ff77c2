import ConfigFiles
import Foundation
import GestureConfig
import GestureCore
import GestureEngine
import Testing

/// A shape recognizer from the configuration through the daemon's core: a drawing on the device becomes a gesture
/// line with the shape's name and score, which a peer without positions still gets (docs/protocol.md, Who sees
/// what), and a tap waiting on the shape is not held back past its lift.
@Suite struct ShapeDaemonTests {
    static func core() throws -> (DaemonCore, DaemonCoreTests.Lines, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shape-daemon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "shape zigzag\nexample\nstroke\n0 0 0\n20 20 0.1\n40 0 0.2\n60 20 0.3\n".write(
            to: folder.appendingPathComponent("zigzag.shape"), atomically: true, encoding: .utf8)
        try "shape bar\nexample\nstroke\n0 0 0\n60 0 0.3\n".write(to: folder.appendingPathComponent("bar.shape"), atomically: true, encoding: .utf8)
        let toml = """
            [[recognizer]]
            name = "drawn"
            kind = "shape"
            shapes = ["zigzag.shape", "bar.shape"]

            [[recognizer]]
            name = "tap"
            kind = "tap"
            require_to_fail = ["drawn"]
            """
        let path = folder.appendingPathComponent("gestured.toml").path
        try toml.write(toFile: path, atomically: true, encoding: .utf8)
        let configuration = try Configuration.load(path, files: SystemFiles()).get()
        let lines = DaemonCoreTests.Lines()
        let core = DaemonCore(configuration: configuration, access: DaemonCoreTests.access(configuration), outbox: lines)
        core.deviceAdded(DaemonCoreTests.device)
        return (core, lines, folder)
    }

    @Test func aDrawingOnTheDeviceIsAGestureLineWithItsShape() throws {
        let (core, lines, folder) = try Self.core()
        defer { try? FileManager.default.removeItem(at: folder) }
        DaemonCoreTests.subscribe(core, 1)
        let corners: [(Double, Double)] = [(100, 100), (120, 120), (140, 100), (160, 120)]
        var t = 1.0
        var points: [(Double, Double)] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            for k in 0..<10 { points.append((a.0 + (b.0 - a.0) * Double(k) / 10, a.1 + (b.1 - a.1) * Double(k) / 10)) }
        }
        points.append(corners[corners.count - 1])
        for (i, p) in points.enumerated() {
            core.frame(DaemonCoreTests.frame(t, [(1, i == 0 ? .began : .moved, p.0, p.1)]), from: DaemonCoreTests.device.id)
            t += 0.01
        }
        core.frame(DaemonCoreTests.frame(t, [(1, .ended, 160, 120)]), from: DaemonCoreTests.device.id)
        let line = try #require(lines.objects(to: 1).first { $0["type"] as? String == "gesture" })
        #expect(line["recognizer"] as? String == "drawn" && line["kind"] as? String == "shape" && line["state"] as? String == "ended")
        let values = try #require(line["values"] as? [String: Any])
        #expect(values["shape"] as? String == "zigzag")
        #expect((values["score"] as? Double ?? 0) > 0.9, "\(values)")
        #expect(DaemonCoreTests.gestures(lines, 1) == ["drawn ended"], "the tap waiting on it failed with it")
    }

    @Test func aTapWaitingOnTheShapeEndsAtItsLift() throws {
        let (core, lines, folder) = try Self.core()
        defer { try? FileManager.default.removeItem(at: folder) }
        DaemonCoreTests.subscribe(core, 1)
        core.frame(DaemonCoreTests.frame(1, [(1, .began, 100, 100)]), from: DaemonCoreTests.device.id)
        core.frame(DaemonCoreTests.frame(1.06, [(1, .ended, 100, 100)]), from: DaemonCoreTests.device.id)
        let tap = try #require(lines.objects(to: 1).first { $0["recognizer"] as? String == "tap" })
        #expect(tap["time"] as? Double == 1.06, "no later than its lift: \(tap)")
    }
}
