import GestureConfig
import GestureEngine
@testable import GestureCore
import CaptureFormats
import InputCore
import Logging
import Testing

/// Which touches a grabbed device's twin gets, decided in the core by the region delivery rules (V1-V5) with the
/// twin as the view. The input layer's part (EVIOCGRAB, uinput) is stood in for by a list of written frames here
/// and tested on kernel devices in the VM (PassThroughKernelTests).
@Suite struct PassThroughTests {
    /// The input loop's part in grabbing, stood in for: the core's grab, release and twin-writing actions
    /// carried out on a list of written frames per device.
    final class Grabs {
        final class Twin {
            var frames: [[String]] = []
        }
        var twins: [DeviceID: Twin] = [:]
        var released: [DeviceID] = []
        var refuse = false

        /// Carries out what the core asked since the last call.
        func carryOut(_ core: DaemonCore) {
            core.takeActions { action in
                switch action {
                case .grab(let id, let node, _):
                    if refuse { return core.grabFailed(id, because: .failed("libevdev_grab failed for \(node): Device or resource busy")) }
                    twins[id] = Twin()
                    core.grabbed(id, twin: "/dev/input/twin")
                case .release(let id):
                    released.append(id)
                    twins[id] = nil
                case .writeTwin(let id, let events):
                    twins[id]?.frames.append(events.map(PassThroughTests.word))
                case .log, .readConfiguration, .answerStatus:
                    break
                }
            }
        }
    }

    static let id = DaemonCoreTests.device.id

    /// An event as a word: "id 0", "x 1000", "key 330 1", "X 1000" (single-touch), "syn".
    static func word(_ e: InputEvent) -> String {
        let names = [AbsCode.mtSlot: "slot", AbsCode.mtTrackingID: "id", AbsCode.mtPositionX: "x", AbsCode.mtPositionY: "y", AbsCode.x: "X", AbsCode.y: "Y"]
        switch e.type {
        case EventType.syn: return "syn"
        case EventType.key: return "key \(e.code) \(e.value)"
        default: return "\(names[e.code] ?? "abs \(e.code)") \(e.value)"
        }
    }

    static func core(_ toml: String, grabs: Grabs = Grabs()) throws -> (DaemonCore, Grabs, DaemonCoreTests.Lines) {
        let lines = DaemonCoreTests.Lines()
        let configuration = try Configuration.parse(toml, file: "test.toml")
        let core = DaemonCore(configuration: configuration, access: DaemonCoreTests.access(configuration), outbox: lines)
        core.deviceAdded(DaemonCoreTests.device)
        grabs.carryOut(core)
        return (core, grabs, lines)
    }

    static func frame(_ core: DaemonCore, _ t: Double, _ touches: [(TouchID, TouchPhase, Double, Double)], grabs: Grabs) {
        core.frame(DaemonCoreTests.frame(t, touches), from: id)
        grabs.carryOut(core)
    }

    static let grabbed = """
        [[device]]
        name = "touch"
        grab = true
        """

    /// The device's units: 10 a millimetre, as DaemonCoreTests.device reports.
    @Test func anOrdinaryDragComesThroughFrameForFrameInTheDevicesUnits() throws {
        let (core, grabs, _) = try Self.core(Self.grabbed + "\n[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n")
        Self.frame(core, 1, [(1, .began, 100, 50)], grabs: grabs)
        Self.frame(core, 1.01, [(1, .moved, 100.5, 52.3)], grabs: grabs)
        Self.frame(core, 1.02, [(1, .moved, 120, 52.3)], grabs: grabs)
        Self.frame(core, 1.03, [(1, .ended, 120, 52.3)], grabs: grabs)
        #expect(try #require(grabs.twins[Self.id]).frames == [
            ["id 0", "x 1000", "y 500", "key 330 1", "X 1000", "Y 500", "syn"],
            ["x 1005", "y 523", "X 1005", "Y 523", "syn"],
            ["x 1200", "X 1200", "syn"],
            ["id -1", "key 330 0", "syn"],
        ])
    }

    /// An edge pan delays touches began: a swipe in from the edge never reaches the applications, and a tap in
    /// the edge's strip is held until the edge pan fails, then replayed at once, in order.
    @Test func anEdgeSwipeNeverReachesTheTwinAndATapInTheStripIsHeldThenReplayed() throws {
        let (core, grabs, _) = try Self.core(Self.grabbed + """

            [[recognizer]]
            name = "edge"
            kind = "edge-pan"
            edges = ["left"]
            edge_width_mm = 10
            """)
        let twin = try #require(grabs.twins[Self.id])
        Self.frame(core, 1, [(1, .began, 2, 100)], grabs: grabs)
        for i in 1...10 { Self.frame(core, 1 + Double(i) * 0.01, [(1, .moved, 2 + Double(i) * 5, 100)], grabs: grabs) }
        Self.frame(core, 1.2, [(1, .ended, 52, 100)], grabs: grabs)
        #expect(twin.frames.isEmpty, "the edge swipe leaked: \(twin.frames)")

        Self.frame(core, 2, [(2, .began, 3, 60)], grabs: grabs)
        #expect(twin.frames.isEmpty, "held while the edge pan may still begin")
        Self.frame(core, 2.05, [(2, .ended, 3, 60)], grabs: grabs)
        #expect(twin.frames == [["id 0", "x 30", "y 600", "key 330 1", "X 30", "Y 600", "syn", "id -1", "key 330 0", "syn"]],
            "the tap, replayed when the edge pan failed, its touch-down and its lift each a frame: \(twin.frames)")
    }

    /// A gesture recognized after its touches were forwarded ends them on the twin (cancelsTouchesInView; evdev
    /// has no cancel, so the application sees the finger lift).
    @Test func aGestureRecognizedAfterForwardingEndsItsTouchesOnTheTwin() throws {
        let (core, grabs, _) = try Self.core(Self.grabbed + "\n[[recognizer]]\nname = \"pan\"\nkind = \"pan\"\n")
        let twin = try #require(grabs.twins[Self.id])
        Self.frame(core, 1, [(1, .began, 100, 100)], grabs: grabs)
        #expect(twin.frames.count == 1, "forwarded at once: nothing delays it")
        for i in 1...5 { Self.frame(core, 1 + Double(i) * 0.01, [(1, .moved, 100 + Double(i) * 4, 100)], grabs: grabs) }
        #expect(twin.frames.last == ["id -1", "key 330 0", "syn"], "ended when the pan began: \(twin.frames)")
        let written = twin.frames.count
        Self.frame(core, 1.1, [(1, .moved, 150, 100)], grabs: grabs)
        Self.frame(core, 1.2, [(1, .ended, 150, 100)], grabs: grabs)
        #expect(twin.frames.count == written, "nothing more of the pan's touch")
    }

    /// delaysTouchesEnded: a double tap's first lift waits on the twin until the double tap has failed; the
    /// applications then see the whole tap, down and up, in order.
    @Test func aLiftIsHeldWhileADoubleTapWaitsForItsSecondTap() throws {
        let (core, grabs, _) = try Self.core(Self.grabbed + """

            [[recognizer]]
            name = "double"
            kind = "tap"
            number_of_taps_required = 2
            delays_touches_ended = true
            """)
        let twin = try #require(grabs.twins[Self.id])
        Self.frame(core, 1, [(1, .began, 100, 100)], grabs: grabs)
        #expect(twin.frames.count == 1, "touch-down is not delayed")
        Self.frame(core, 1.05, [(1, .ended, 100, 100)], grabs: grabs)
        #expect(twin.frames.count == 1, "the lift waits while a second tap may come")
        let deadline = try #require(core.nextDeadline)
        core.advance(to: deadline)
        grabs.carryOut(core)
        #expect(twin.frames.last == ["id -1", "key 330 0", "syn"], "the lift, once the double tap failed: \(twin.frames)")
    }

    @Test func regionsThatDoNotPassThroughKeepTheirTouchesAndTheirChildrens() throws {
        let (core, grabs, _) = try Self.core(Self.grabbed + """

            [[region]]
            name = "panel"
            device = "touch"
            rect = [0, 0, 1, 0.25]
            pass_through = false

            [[region]]
            name = "button"
            device = "touch"
            parent = "panel"
            rect = [0, 0, 0.25, 0.25]
            """)
        let twin = try #require(grabs.twins[Self.id])
        Self.frame(core, 1, [(1, .began, 20, 20), (2, .began, 200, 20)], grabs: grabs)
        Self.frame(core, 1.05, [(1, .ended, 20, 20), (2, .ended, 200, 20)], grabs: grabs)
        #expect(twin.frames.isEmpty)
        Self.frame(core, 2, [(3, .began, 200, 150)], grabs: grabs)
        #expect(twin.frames.count == 1, "below the panel, touches pass")
    }

    @Test func aReloadThatTurnsGrabbingOffReleasesTheDevice() throws {
        let (core, grabs, _) = try Self.core(Self.grabbed)
        #expect(grabs.twins[Self.id] != nil)
        let ungrabbed = try Configuration.parse("[[device]]\nname = \"touch\"\n", file: "test.toml")
        core.apply(ungrabbed, access: DaemonCoreTests.access(ungrabbed, rawTouches: PeerPolicy()), at: .seconds(5))
        grabs.carryOut(core)
        #expect(grabs.released == [Self.id])
        #expect(grabs.twins.isEmpty)
        let grabbed = try Configuration.parse(Self.grabbed, file: "test.toml")
        core.apply(grabbed, access: DaemonCoreTests.access(grabbed, rawTouches: PeerPolicy()), at: .seconds(6))
        grabs.carryOut(core)
        #expect(grabs.twins[Self.id] != nil, "and grabs it again when it is turned back on")
        core.deviceRemoved(Self.id, at: .seconds(7))
        grabs.carryOut(core)
        #expect(grabs.released == [Self.id, Self.id], "a device that goes takes its twin with it")
    }

    @Test func aDeviceThatCannotBeGrabbedIsReadWithoutGrabbing() throws {
        let grabs = Grabs()
        grabs.refuse = true
        let (core, _, lines) = try Self.core(Self.grabbed + "\n[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n", grabs: grabs)
        #expect(grabs.twins.isEmpty)
        DaemonCoreTests.subscribe(core, 1)
        Self.frame(core, 1, [(1, .began, 100, 100)], grabs: grabs)
        Self.frame(core, 1.05, [(1, .ended, 100, 100)], grabs: grabs)
        #expect(DaemonCoreTests.gestures(lines, 1) == ["tap ended"])
    }

    /// A touchpad's click reaches the twin with its frame, and so does the finger that pressed it, though touch
    /// conditioning keeps that finger from the recognizers (a click is not a tap): the applications' own
    /// soft-button handling needs where it was.
    @Test func aTouchpadClickAndItsFingerReachTheTwin() throws {
        var description = DeviceDescription(
            name: "test clickpad", properties: [InputProperty.pointer, InputProperty.buttonPad],
            codes: [EventType.key: [KeyCode.touch, KeyCode.buttonLeft, KeyCode.toolFinger]],
            axes: [AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 4), AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535)])
        let x = AbsInfo(minimum: 0, maximum: 1000, resolution: 10), y = AbsInfo(minimum: 0, maximum: 700, resolution: 10)
        description.axes[AbsCode.mtPositionX] = x
        description.axes[AbsCode.mtPositionY] = y
        let pad = DeviceInfo(id: DeviceID(7), node: "/dev/input/event7", description: description, kind: .touchpad, geometry: SurfaceGeometry(x: x, y: y))
        let grabs = Grabs()
        let lines = DaemonCoreTests.Lines()
        let configuration = try Configuration.parse("[[device]]\nname = \"pad\"\ngrab = true\n\n[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n", file: "test.toml")
        let core = DaemonCore(configuration: configuration, access: DaemonCoreTests.access(configuration), outbox: lines)
        core.deviceAdded(pad)
        grabs.carryOut(core)
        DaemonCoreTests.subscribe(core, 1)
        func frame(_ t: Double, _ phase: TouchPhase, button: Bool) {
            var touch = Touch(id: 1, phase: phase, location: Point(x: 70, y: 60), timestamp: .seconds(t), type: .indirect)
            touch.pressure = 0.2
            core.frame(TouchFrame(timestamp: .seconds(t), touches: [touch], physicalButtonDown: button), from: pad.id)
            grabs.carryOut(core)
        }
        frame(1, .began, button: false)
        for i in 1...5 { frame(1 + Double(i) * 0.01, .stationary, button: false) }
        for i in 6...15 { frame(1 + Double(i) * 0.01, .stationary, button: true) }
        for i in 16...20 { frame(1 + Double(i) * 0.01, .stationary, button: false) }
        frame(1.21, .ended, button: false)
        while let deadline = core.nextDeadline {
            core.advance(to: deadline)
            grabs.carryOut(core)
        }

        let words = try #require(grabs.twins[pad.id]).frames.joined()
        let press = try #require(words.firstIndex(of: "key 272 1"), "no click on the twin: \(Array(words))")
        let release = try #require(words.firstIndex(of: "key 272 0"))
        #expect(press < release)
        let began = words.filter { $0.hasPrefix("id ") && $0 != "id -1" }.count
        #expect(began >= 1 && began == words.filter { $0 == "id -1" }.count, "every touch the twin got ended: \(Array(words))")
        #expect(words.contains("x 700") && words.contains("y 600"), "the finger where it pressed: \(Array(words))")
        #expect(DaemonCoreTests.gestures(lines, 1).isEmpty, "a click is no tap")
    }
}

extension PassThroughTests {
    /// What the core says when a grab fails comes with the answer: a warning that names why (the loop writes it at
    /// once, not with whatever the core is asked next: a reload with nothing moving would have kept it).
    @Test func aFailedGrabsWarningComesWithTheAnswer() throws {
        let lines = DaemonCoreTests.Lines()
        let configuration = try Configuration.parse(Self.grabbed, file: "test.toml")
        let core = DaemonCore(configuration: configuration, access: DaemonCoreTests.access(configuration), outbox: lines)
        core.deviceAdded(DaemonCoreTests.device)
        var logged: [String] = []
        core.takeActions { action in
            switch action {
            case .grab(let id, _, _): core.grabFailed(id, because: .failed("cannot open /dev/uinput: see gestured-grab.conf"))
            case .log(let level, let message, let metadata): logged.append("\(level) \(message) \(metadata["error"] ?? "")")
            default: break
            }
        }
        #expect(logged.contains { $0.hasPrefix("warning cannot grab the device") && $0.contains("gestured-grab.conf") }, "\(logged)")
    }
}
