import Foundation
import GestureConfig
import GestureEngine
@testable import GestureDaemon
import CaptureFormats
import InputCore
import Logging
import Testing

/// The core without sockets or threads: frames and requests in, lines out, time as an input.
@Suite struct DaemonCoreTests {
    final class Lines: Outbox {
        var sent: [(ClientID, String)] = []
        var closed: [ClientID] = []
        func send(_ line: [UInt8], to client: ClientID) { sent.append((client, String(decoding: line.dropLast(), as: UTF8.self))) }
        func close(_ client: ClientID, reason: String) { closed.append(client) }
        func flush() {}

        func objects(to client: ClientID) -> [[String: Any]] {
            sent.filter { $0.0 == client }.compactMap { try? JSONSerialization.jsonObject(with: Data($0.1.utf8)) as? [String: Any] }
        }
    }

    static let device = DeviceInfo(
        node: "/dev/input/event9",
        description: GestureScript.testDescription,
        kind: .touchscreen,
        geometry: SurfaceGeometry(x: AbsInfo(minimum: 0, maximum: 3000, resolution: 10), y: AbsInfo(minimum: 0, maximum: 2000, resolution: 10)))

    static func core(_ toml: String, policy: PeerPolicy = PeerPolicy(users: [0])) throws -> (DaemonCore, Lines) {
        let lines = Lines()
        let core = DaemonCore(configuration: try Configuration.parse(toml, file: "test.toml"), policy: policy, outbox: lines, logger: Logger(label: "test"))
        core.deviceAdded(device)
        return (core, lines)
    }

    static func subscribe(_ core: DaemonCore, _ id: ClientID, _ request: String = #"{"type":"subscribe"}"#) {
        _ = core.clientConnected(id, peer: PeerCredentials(pid: 1, uid: 0, gid: 0), at: .zero)
        core.clientLine(id, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
        core.clientLine(id, Array(request.utf8), at: .zero)
    }

    static func frame(_ t: Double, _ touches: [(TouchID, TouchPhase, Double, Double)]) -> TouchFrame {
        TouchFrame(timestamp: .seconds(t), touches: touches.map { Touch(id: $0.0, phase: $0.1, location: Point(x: $0.2, y: $0.3), timestamp: .seconds(t)) })
    }

    static func gestures(_ lines: Lines, _ client: ClientID) -> [String] {
        lines.objects(to: client).compactMap { m in m["type"] as? String == "gesture" ? "\(m["recognizer"]!) \(m["state"]!)" : nil }
    }

    @Test func aDeviceRemovedMidGestureCancelsItBeforeSayingSo() throws {
        let (core, lines) = try Self.core("[[recognizer]]\nname = \"pan\"\nkind = \"pan\"\n")
        Self.subscribe(core, 1)
        core.frame(Self.frame(1, [(1, .began, 100, 100)]), from: Self.device.node)
        core.frame(Self.frame(1.01, [(1, .moved, 110, 100)]), from: Self.device.node)
        core.deviceRemoved(node: Self.device.node, at: .seconds(1.02))
        let types = lines.objects(to: 1).compactMap { $0["type"] as? String }
        #expect(Self.gestures(lines, 1) == ["pan began", "pan cancelled"])
        #expect(types.last == "device_removed")
        #expect(core.nextDeadline == nil)
    }

    @Test func configuredSizeAndRotationShapeTheSurface() throws {
        let toml = """
            [[device]]
            name = "panel"
            size_mm = [600, 400]
            rotation = 90
            output_px = [800, 1200]

            [[recognizer]]
            name = "tap"
            kind = "tap"
            """
        let (core, lines) = try Self.core(toml)
        Self.subscribe(core, 1)
        // The device measures 300 x 200 mm; configured 600 x 400, turned a quarter: 400 x 600.
        core.frame(Self.frame(1, [(1, .began, 30, 20)]), from: Self.device.node)
        core.frame(Self.frame(1.05, [(1, .ended, 30, 20)]), from: Self.device.node)
        let tap = try #require(lines.objects(to: 1).first { $0["type"] as? String == "gesture" })
        let location = try #require(tap["location"] as? [String: Any])
        #expect(location["mm"] as? [Double] == [360, 60])
        #expect(location["normalized"] as? [Double] == [0.9, 0.1])
        #expect(location["px"] as? [Double] == [720, 120])
    }

    @Test func aReloadCancelsWhatIsInFlightAndHoldsTheFingerBackUntilItLifts() throws {
        let (core, lines) = try Self.core("[[recognizer]]\nname = \"pan\"\nkind = \"pan\"\n")
        Self.subscribe(core, 1)
        core.frame(Self.frame(1, [(1, .began, 100, 100)]), from: Self.device.node)
        core.frame(Self.frame(1.01, [(1, .moved, 110, 100)]), from: Self.device.node)
        core.apply(try Configuration.parse("[[recognizer]]\nname = \"pan2\"\nkind = \"pan\"\n", file: "new.toml"), policy: PeerPolicy(), at: .seconds(1.015))
        core.frame(Self.frame(1.02, [(1, .moved, 130, 100)]), from: Self.device.node)
        core.frame(Self.frame(1.03, [(1, .ended, 130, 100)]), from: Self.device.node)
        core.frame(Self.frame(2, [(2, .began, 100, 100)]), from: Self.device.node)
        core.frame(Self.frame(2.01, [(2, .moved, 120, 100)]), from: Self.device.node)
        #expect(Self.gestures(lines, 1) == ["pan began", "pan cancelled", "pan2 began"])
        #expect(lines.objects(to: 1).contains { $0["type"] as? String == "config_reloaded" })
    }

    @Test func filtersByDeviceRegionAndKind() throws {
        let toml = """
            [[device]]
            name = "panel"

            [[region]]
            name = "left"
            device = "panel"
            rect = [0, 0, 0.5, 1]

            [[recognizer]]
            name = "left-tap"
            kind = "tap"
            region = "left"

            [[recognizer]]
            name = "press"
            kind = "long-press"
            """
        let (core, lines) = try Self.core(toml)
        Self.subscribe(core, 1, #"{"type":"subscribe","filter":{"regions":["left"]}}"#)
        Self.subscribe(core, 2, #"{"type":"subscribe","filter":{"kinds":["long-press"]}}"#)
        Self.subscribe(core, 3, #"{"type":"subscribe","filter":{"devices":["other"]}}"#)
        core.frame(Self.frame(1, [(1, .began, 50, 100)]), from: Self.device.node)
        core.frame(Self.frame(1.05, [(1, .ended, 50, 100)]), from: Self.device.node)
        core.frame(Self.frame(2, [(2, .began, 200, 100)]), from: Self.device.node)
        core.advance(to: .seconds(2.5))
        core.frame(Self.frame(2.6, [(2, .ended, 200, 100)]), from: Self.device.node)
        #expect(Self.gestures(lines, 1) == ["left-tap ended"])
        #expect(Self.gestures(lines, 2) == ["press began", "press ended"])
        #expect(Self.gestures(lines, 3).isEmpty)
    }

    @Test func rawTouchPolicyAllowsByUserOrAnyGroup() {
        let policy = PeerPolicy(users: [1000], groups: [50])
        #expect(policy.allows(PeerCredentials(pid: 1, uid: 1000, gid: 1000)))
        #expect(policy.allows(PeerCredentials(pid: 1, uid: 1001, gid: 50)))
        #expect(policy.allows(PeerCredentials(pid: 1, uid: 1001, gid: 1001, groups: [4, 50])))
        #expect(!policy.allows(PeerCredentials(pid: 1, uid: 1001, gid: 1001, groups: [4, 24])))
    }
}

extension GestureScript {
    /// The description of the virtual touchscreen scripts make: 300 x 200 mm.
    static var testDescription: DeviceDescription {
        (try? GestureScript("", source: "empty").recording.description) ?? DeviceDescription(name: "none")
    }
}
