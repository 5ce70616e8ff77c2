import Foundation
import GestureConfig
import GestureEngine
@testable import GestureCore
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

        func objects(to client: ClientID) -> [[String: Any]] {
            sent.filter { $0.0 == client }.compactMap { try? JSONSerialization.jsonObject(with: Data($0.1.utf8)) as? [String: Any] }
        }
    }

    static let device = DeviceInfo(
        id: DeviceID(0), node: "/dev/input/event9",
        description: GestureScript.testDescription,
        kind: .touchscreen,
        geometry: SurfaceGeometry(x: AbsInfo(minimum: 0, maximum: 3000, resolution: 10), y: AbsInfo(minimum: 0, maximum: 2000, resolution: 10)))

    static func core(_ toml: String, policy: PeerPolicy = PeerPolicy(users: [0])) throws -> (DaemonCore, Lines) {
        let lines = Lines()
        let configuration = try Configuration.parse(toml, file: "test.toml")
        let core = DaemonCore(configuration: configuration, access: access(configuration, rawTouches: policy), outbox: lines)
        core.deviceAdded(device)
        return (core, lines)
    }

    /// The configuration's access, resolved as the daemon resolves it (the tests' configurations name users and
    /// groups by id), with `rawTouches` for who may have raw touches.
    static func access(_ configuration: Configuration, rawTouches: PeerPolicy = PeerPolicy(users: [0])) -> Access {
        var access = resolved(configuration)
        access.rawTouches = rawTouches
        return access
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
        core.frame(Self.frame(1, [(1, .began, 100, 100)]), from: Self.device.id)
        core.frame(Self.frame(1.01, [(1, .moved, 110, 100)]), from: Self.device.id)
        core.deviceRemoved(Self.device.id, at: .seconds(1.02))
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
        core.frame(Self.frame(1, [(1, .began, 30, 20)]), from: Self.device.id)
        core.frame(Self.frame(1.05, [(1, .ended, 30, 20)]), from: Self.device.id)
        let tap = try #require(lines.objects(to: 1).first { $0["type"] as? String == "gesture" })
        let location = try #require(tap["location"] as? [String: Any])
        #expect(location["mm"] as? [Double] == [360, 60])
        #expect(location["normalized"] as? [Double] == [0.9, 0.1])
        #expect(location["px"] as? [Double] == [720, 120])
    }

    @Test func aReloadCancelsWhatIsInFlightAndHoldsTheFingerBackUntilItLifts() throws {
        let (core, lines) = try Self.core("[[recognizer]]\nname = \"pan\"\nkind = \"pan\"\n")
        Self.subscribe(core, 1)
        core.frame(Self.frame(1, [(1, .began, 100, 100)]), from: Self.device.id)
        core.frame(Self.frame(1.01, [(1, .moved, 110, 100)]), from: Self.device.id)
        let new = try Configuration.parse("[[recognizer]]\nname = \"pan2\"\nkind = \"pan\"\n", file: "new.toml")
        core.apply(new, access: Self.access(new, rawTouches: PeerPolicy()), at: .seconds(1.015))
        core.frame(Self.frame(1.02, [(1, .moved, 130, 100)]), from: Self.device.id)
        core.frame(Self.frame(1.03, [(1, .ended, 130, 100)]), from: Self.device.id)
        core.frame(Self.frame(2, [(2, .began, 100, 100)]), from: Self.device.id)
        core.frame(Self.frame(2.01, [(2, .moved, 120, 100)]), from: Self.device.id)
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
        core.frame(Self.frame(1, [(1, .began, 50, 100)]), from: Self.device.id)
        core.frame(Self.frame(1.05, [(1, .ended, 50, 100)]), from: Self.device.id)
        core.frame(Self.frame(2, [(2, .began, 200, 100)]), from: Self.device.id)
        core.advance(to: .seconds(2.5))
        core.frame(Self.frame(2.6, [(2, .ended, 200, 100)]), from: Self.device.id)
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

/// The core's one rule of time (docs/daemon.md, Time), for input that comes in bursts: the live loop reads
/// several frames of a device in one turn.
@Suite struct DaemonCoreTimeTests {
    static let hold = """
        [[recognizer]]
        name = "hold"
        kind = "long-press"
        minimum_press_duration = 0.5
        allowable_movement_mm = 10
        """

    /// A finger held still for a second, then moved 30 mm: with no call between the two frames (one turn read
    /// both), the long press is still recognized at 0.5 s and follows the move, as it would with a clock between
    /// them. Had the move gone in first, it would have failed the press (30 mm beyond its 10).
    @Test func deadlinesDueBetweenTwoFramesOfOneTurnFireBeforeTheSecond() throws {
        let (core, lines) = try DaemonCoreTests.core(Self.hold)
        DaemonCoreTests.subscribe(core, 1)
        core.frame(DaemonCoreTests.frame(10, [(1, .began, 100, 100)]), from: DaemonCoreTests.device.id)
        core.frame(DaemonCoreTests.frame(11, [(1, .moved, 130, 100)]), from: DaemonCoreTests.device.id)
        core.frame(DaemonCoreTests.frame(11.1, [(1, .ended, 130, 100)]), from: DaemonCoreTests.device.id)
        let gestures = lines.objects(to: 1).filter { $0["type"] as? String == "gesture" }
        #expect(gestures.map { "\($0["state"]!) \($0["time"]!)" } == ["began 10.5", "changed 11", "ended 11.1"])
    }

    /// Several deadlines due by the time the loop looks fire in order, each at its own time: two presses
    /// recognized together begin when each one's timer ran out, not both at the time the loop looked.
    @Test func advanceFiresEachDeadlineAtItsOwnTime() throws {
        let toml = Self.hold + """

            [[recognizer]]
            name = "long-hold"
            kind = "long-press"
            minimum_press_duration = 0.8
            allowable_movement_mm = 10
            simultaneous_with = ["hold"]
            """
        let (core, lines) = try DaemonCoreTests.core(toml)
        DaemonCoreTests.subscribe(core, 1)
        core.frame(DaemonCoreTests.frame(10, [(1, .began, 100, 100)]), from: DaemonCoreTests.device.id)
        core.advance(to: .seconds(12))
        let gestures = lines.objects(to: 1).filter { $0["type"] as? String == "gesture" }
        #expect(gestures.map { "\($0["recognizer"]!) \($0["state"]!) \($0["time"]!)" } == ["hold began 10.5", "long-hold began 10.8"])
    }
}

extension DaemonCoreTimeTests {
    /// Touch conditioning's deadlines are the core's too: a second finger landing while the first may be tapping
    /// waits up to 50 ms for it to lift (docs/conditioning.md), then reaches the recognizers and raw-touch
    /// subscribers. Whether the loop next looks at the time late (`advance(to:)` at 11 s) or brings a later frame of
    /// the same turn, the wait ends at its own time, 10.151 s.
    @Test(arguments: [false, true])
    func touchConditioningsDeadlinesFireAtTheirOwnTime(laterFrame: Bool) throws {
        let pad = try TouchpadConditioningTests.Pad()
        pad.core.clientLine(1, Array(#"{"type":"subscribe","events":["touches"]}"#.utf8), at: .zero)
        func frame(_ t: Double, _ touches: [(TouchID, TouchPhase, Double)]) -> TouchFrame {
            TouchFrame(
                timestamp: .seconds(t),
                touches: touches.map { id, phase, x in
                    var touch = Touch(id: id, phase: phase, location: Point(x: x, y: 30), timestamp: .seconds(t), type: .indirect)
                    touch.pressure = 0.15
                    return touch
                })
        }
        let node = TouchpadConditioningTests.pad.id
        pad.core.frame(frame(10, [(1, .began, 40)]), from: node)
        pad.core.frame(frame(10.1, [(1, .stationary, 40), (2, .began, 60)]), from: node)
        if laterFrame {
            pad.core.frame(frame(10.5, [(1, .moved, 41), (2, .moved, 61)]), from: node)
        } else {
            pad.core.advance(to: .seconds(11))
        }
        let touches = pad.lines.objects(to: 1).filter { $0["type"] as? String == "touch" && $0["phase"] as? String == "began" }
        #expect(touches.map { "\($0["id"]!) \($0["time"]!)" } == ["1 10", "2 10.151"])
    }
}

/// Ids only, as the tests' configurations give them: a name is unknown. The daemon's own user is the test's.
struct IDsOnly: UserNames {
    func uid(_ name: String) -> UInt32? { nil }
    func gid(_ name: String) -> UInt32? { nil }
    var ownUID: UInt32 { geteuid() }
}

/// The configuration's access with every name resolved as `IDsOnly` does.
func resolved(_ configuration: Configuration) -> Access {
    var names = IDsOnly()
    return Access.resolve(configuration, names: &names, logger: Logger(label: "test"))
}
