import Foundation
import GestureConfig
import GestureEngine
@testable import GestureCore
import CaptureFormats
import Conditioning
import InputCore
import Logging
import Testing

/// A touchpad through the daemon's core with the shipped whole-touchpad configuration
/// (config/examples/touchpad-desktop.toml): what a desktop shell subscribed to it reads when real fingers do
/// what real fingers do (docs/conditioning.md).
@Suite struct TouchpadConditioningTests {
    static let pad = DeviceInfo(
        id: DeviceID(0), node: "/dev/input/event7",
        description: DeviceDescription(name: "test touchpad", properties: [InputProperty.pointer]),
        kind: .touchpad,
        geometry: SurfaceGeometry(x: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), y: AbsInfo(minimum: 0, maximum: 700, resolution: 10)))

    /// The core with the shipped file and one subscriber, and a way to feed frames of (id, phase, x, y,
    /// pressure) in millimetres, every 10 ms.
    final class Pad {
        let core: DaemonCore
        let lines = DaemonCoreTests.Lines()
        var time = 0.0
        private var down: [TouchID: Touch] = [:]

        /// With `explain`, each contact's change in touch conditioning goes to client 9 (`gestured replay --explain`).
        init(explain: Bool = false) throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let file = root.appendingPathComponent("config/examples/touchpad-desktop.toml").path
            let configuration = try Configuration.parse(String(contentsOfFile: file, encoding: .utf8), file: file)
            core = DaemonCore(
                configuration: configuration, access: DaemonCoreTests.access(configuration), outbox: lines, explainTo: explain ? 9 : nil)
            core.deviceAdded(TouchpadConditioningTests.pad)
            DaemonCoreTests.subscribe(core, 1)
        }

        /// One frame: each contact at a place ("up" lifts it); contacts not named stay where they are.
        func frame(_ contacts: [(TouchID, Double, Double)], up: Set<TouchID> = [], pressure: Double = 0.15, button: Bool = false) {
            let t = Timestamp(seconds: time)
            while let deadline = core.nextDeadline, deadline < t { core.advance(to: deadline) }
            var touches: [Touch] = []
            for (id, x, y) in contacts {
                var touch = down[id] ?? Touch(id: id, phase: .began, location: Point(x: x, y: y), timestamp: t, type: .indirect)
                if down[id] != nil {
                    touch.previousLocation = touch.location
                    touch.phase = up.contains(id) ? .ended : (touch.location == Point(x: x, y: y) ? .stationary : .moved)
                }
                touch.location = Point(x: x, y: y)
                touch.timestamp = t
                touch.pressure = pressure
                down[id] = touch.phase.isFinal ? nil : touch
                touches.append(touch)
            }
            for (id, var touch) in down where !contacts.contains(where: { $0.0 == id }) {
                touch.phase = .stationary
                touch.timestamp = t
                touches.append(touch)
            }
            core.frame(TouchFrame(timestamp: t, touches: touches, physicalButtonDown: button), from: TouchpadConditioningTests.pad.id)
            time += 0.01
        }

        func finish() {
            while let deadline = core.nextDeadline { core.advance(to: deadline) }
        }

        /// Gesture lines as "recognizer state", repeats of changed folded.
        var gestures: [String] {
            var result: [String] = []
            for line in DaemonCoreTests.gestures(lines, 1) where !(line.hasSuffix(" changed") && result.last == line) {
                result.append(line)
            }
            return result
        }
    }

    @Test func theConfigurationIsShipped() throws {
        _ = try Pad()
    }

    /// What `gestured replay --explain` prints of touch conditioning comes from the device's own stage.
    @Test func theExplanationSaysWhyAContactIsHeldBack() throws {
        let pad = try Pad(explain: true)
        pad.frame([(1, 50, 30)], pressure: 0.9)
        pad.frame([(1, 50, 30)], up: [1], pressure: 0.9)
        let heard = pad.lines.sent.filter { $0.0 == 9 }.map(\.1)
        #expect(heard == ["# 0.000000 touchpad contact 1: up -> palm, pressure 0.9 > 0.45", "# 0.010000 touchpad contact 1: palm -> up, lifted"])
    }

    @Test func aTapThatWobblesIsATapNotAPointerMove() throws {
        let pad = try Pad()
        pad.frame([(1, 40, 30)])
        for x in [41.0, 42.5, 43.5, 42.5] { pad.frame([(1, x, 30)]) }
        pad.frame([(1, 42.5, 30)], up: [1])
        pad.finish()
        #expect(pad.gestures == ["tap ended"])
    }

    @Test func aDrumrollOnAPadThatReportsNothingOfStillFingersIsTwoTaps() throws {
        let pad = try Pad()
        // 1 lands; 2 lands 80 ms later beside it, 1 lifts 10 ms after that, and the pad reports nothing more
        // until 2 lifts 100 ms later: 2 waited for 1 to lift, and begins from the stage's deadline.
        pad.frame([(1, 30, 30)])
        pad.time = 0.08
        pad.frame([(2, 60, 30)])
        pad.frame([(1, 30, 30)], up: [1])
        pad.time = 0.19
        pad.frame([(2, 60, 30)], up: [2])
        pad.finish()
        #expect(pad.gestures == ["tap ended", "tap ended"])
    }

    @Test func aTwoFingerTapWhoseSecondFingerLandsLateIsATwoFingerTap() throws {
        let pad = try Pad()
        // A touchpad's fingers land less together than a screen's: the second 0.19 s after the first, then
        // both lift together.
        pad.frame([(1, 30, 30)])
        pad.time = 0.19
        pad.frame([(2, 50, 30)])
        pad.time = 0.22
        pad.frame([(1, 30, 30), (2, 50, 30)], up: [1, 2])
        pad.finish()
        #expect(pad.gestures == ["two-finger-tap ended"])
    }

    @Test func thePointerBecomesAScrollWhenASecondFingerLands() throws {
        let pad = try Pad()
        pad.frame([(1, 40, 20)])
        for i in 1...50 { pad.frame([(1, 40 + Double(i) * 0.4, 20)]) }
        // Half a second later a second finger lands beside it, and both move down.
        for i in 1...40 { pad.frame([(1, 60, 20 + Double(i) * 0.5), (2, 75, 20 + Double(i) * 0.5)]) }
        pad.frame([(1, 60, 40), (2, 75, 40)], up: [1, 2])
        pad.finish()
        #expect(pad.gestures.first == "pointer began")
        #expect(pad.gestures.contains("pointer cancelled"))
        #expect(pad.gestures.contains("scroll began"))
        #expect(pad.gestures.last == "scroll ended")
        #expect(!pad.gestures.contains { $0.hasPrefix("tap") || $0.hasPrefix("two-finger-tap") })
    }

    @Test func twoFingersSpreadingZoomAndOneScrollingBesideAStillOneScrolls() throws {
        let pad = try Pad()
        // Both fingers move apart, 15 mm each: a pinch.
        pad.frame([(1, 40, 30), (2, 60, 30)])
        for i in 1...30 { pad.frame([(1, 40 - Double(i) * 0.5, 30), (2, 60 + Double(i) * 0.5, 30)]) }
        pad.frame([(1, 25, 30), (2, 75, 30)], up: [1, 2])
        pad.finish()
        #expect(pad.gestures.first == "pinch began")
        #expect(!pad.gestures.contains { $0.hasPrefix("scroll") })
        // One rests, the other moves 20 mm straight toward it (ChromeOS's "second finger" scroll): a scroll.
        let second = try Pad()
        second.frame([(1, 30, 30), (2, 70, 30)])
        for i in 1...40 { second.frame([(2, 70 - Double(i) * 0.5, 30)]) }
        second.frame([(1, 30, 30), (2, 50, 30)], up: [1, 2])
        second.finish()
        #expect(second.gestures.first == "scroll began")
        #expect(!second.gestures.contains { $0.hasPrefix("pinch") })
    }

    @Test func aThirdFingerDuringAScrollStartsNoOneFingerGesture() throws {
        let pad = try Pad()
        pad.frame([(1, 40, 20), (2, 55, 20)])
        for i in 1...30 { pad.frame([(1, 40, 20 + Double(i) * 0.5), (2, 55, 20 + Double(i) * 0.5)]) }
        // A third finger rests beside them for a while, then all lift.
        for _ in 1...30 { pad.frame([(1, 40, 35), (2, 55, 35), (3, 70, 40)]) }
        pad.frame([(1, 40, 35), (2, 55, 35), (3, 70, 40)], up: [1, 2, 3])
        pad.finish()
        #expect(pad.gestures.first == "scroll began")
        #expect(!pad.gestures.contains { $0.hasPrefix("pointer") || $0.hasPrefix("tap ") })
    }

    @Test func aPalmMakesNothing() throws {
        let pad = try Pad()
        pad.frame([(1, 50, 40)], pressure: 0.2)
        for i in 1...30 { pad.frame([(1, 50 + Double(i) * 0.3, 40)], pressure: 0.9) }
        pad.frame([(1, 59, 40)], up: [1], pressure: 0.9)
        pad.finish()
        #expect(pad.gestures == [])
    }

    @Test func rawTouchSubscribersAreToldWhichContactsArePalmsOrThumbs() throws {
        let pad = try Pad()
        DaemonCoreTests.subscribe(pad.core, 2, #"{"type":"subscribe","events":["touches"]}"#)
        pad.frame([(1, 30, 66)])
        pad.frame([(1, 31, 66)])
        pad.frame([(1, 31, 66)], up: [1])
        pad.frame([(2, 50, 30)], pressure: 0.9)
        pad.frame([(2, 50, 30)], up: [2], pressure: 0.9)
        let touches = pad.lines.objects(to: 2).filter { $0["type"] as? String == "touch" }
        #expect(touches.map { "\($0["id"]!) \($0["class"] ?? "-") \($0["phase"]!) \($0["region"]!)" } == [
            "1 thumb began touchpad", "1 thumb moved touchpad", "1 thumb ended touchpad",
            "2 palm began touchpad", "2 palm ended touchpad",
        ])
        // Subscribers of gestures alone hear nothing of them.
        #expect(!pad.lines.objects(to: 1).contains { $0["type"] as? String == "touch" })
    }

    @Test func aThumbRestingAtTheBottomLeavesThePointerToTheFinger() throws {
        let pad = try Pad()
        pad.frame([(1, 30, 66)])
        for _ in 1...20 { pad.frame([(1, 30, 66)]) }
        // A finger far above it moves; the thumb stays.
        pad.frame([(1, 30, 66), (2, 70, 20)])
        for i in 1...40 { pad.frame([(1, 30, 66), (2, 70 - Double(i) * 0.5, 20)]) }
        pad.frame([(1, 30, 66), (2, 50, 20)], up: [1, 2])
        pad.finish()
        #expect(pad.gestures.first == "pointer began")
        #expect(pad.gestures.last == "pointer ended")
        #expect(!pad.gestures.contains { $0.hasPrefix("scroll") || $0.hasPrefix("pinch") || $0.hasPrefix("rotation") })
    }

    @Test func aPhysicalClickIsNoTap() throws {
        let pad = try Pad()
        pad.frame([(1, 50, 30)])
        for _ in 1...5 { pad.frame([(1, 50, 30)]) }
        for _ in 1...10 { pad.frame([(1, 50.5, 30)], button: true) }
        pad.frame([(1, 51, 30.5)])
        pad.frame([(1, 51, 30.5)], up: [1])
        pad.finish()
        #expect(pad.gestures == [])
    }
}
