import GestureEngine
import Testing

@testable import CaptureFormats
import InputCore

/// The gesture script's devices: the touchscreen it always made, and a touchpad (`surface W H touchpad`), as
/// the kernel would describe and report them.
@Suite struct GestureScriptTests {
    static let pad = "surface 100 60 touchpad\nat 1 tap 50 30\nat 2 drag 30 30 to 70 30 over 0.1 fingers 3\n"

    @Test func aTouchpadIsAClickpadThatAnnouncesItsFingers() throws {
        let recording = try GestureScript(Self.pad, source: "pad").recording
        let d = try #require(recording.description)
        #expect(DeviceKind.classify(d) == .touchpad)
        #expect(d.properties == [InputProperty.pointer, InputProperty.buttonPad])
        #expect(d.has(EventType.key, KeyCode.buttonLeft) && d.maximumAnnouncedFingers == 5 && d.slotCount == 5)
        #expect(d.name == "gestured synthetic touchpad")
        let x = try #require(d.positionAxes?.x)
        #expect(x.maximum == 1000 && x.resolution == GestureScript.resolution)
    }

    /// One tool key down at a time, with the number of fingers down after each frame: up goes the old count's.
    @Test func theToolKeysFollowTheFingersDown() throws {
        let events = try GestureScript(Self.pad, source: "pad").recording.events
        let tools = events.filter { e in e.type == EventType.key && KeyCode.fingerCounts.contains { $0.code == e.code } }
        let names = tools.map { e in "\(KeyCode.fingerCounts.first { $0.code == e.code }!.fingers)\(e.value == 1 ? "+" : "-")" }
        #expect(names == ["1+", "1-", "3+", "3-"])
        // Each comes in the frame of the change, beside BTN_TOUCH.
        let touches = events.filter { $0.type == EventType.key && $0.code == KeyCode.touch }
        #expect(touches.map(\.time) == tools.map(\.time))
    }

    @Test func aTouchpadsFingersAreIndirectTouches() throws {
        let frames = try Replay.frames(of: try GestureScript(Self.pad, source: "pad").recording, source: "pad")
        let first = try #require(frames.first?.touches.first)
        #expect(first.type == .indirect)
        #expect(frames.map { $0.touches.count }.max() == 3)
    }

    /// The touchscreen is unchanged: no tool keys, ten slots, a direct device.
    @Test func aTouchscreenIsStillTheDefault() throws {
        for script in ["at 1 tap 50 30\n", "surface 300 200 touchscreen\nat 1 tap 50 30\n"] {
            let recording = try GestureScript(script, source: "screen").recording
            let d = try #require(recording.description)
            #expect(DeviceKind.classify(d) == .touchscreen && d.slotCount == 10 && d.maximumAnnouncedFingers == 0)
            #expect(!recording.events.contains { $0.type == EventType.key && $0.code != KeyCode.touch })
        }
    }

    @Test func moreFingersThanSlotsIsAnErrorOnTheirLine() throws {
        let script = "surface 100 60 touchpad\nat 1 hold 50 30 for 1 fingers 3\nat 1.5 tap 50 50 fingers 3\n"
        #expect(throws: RecordingError(source: "pad", line: 3, "more than 5 fingers down at 1.5 s: the synthetic touchpad has 5 slots")) {
            try GestureScript(script, source: "pad").recording
        }
        // Apart in time, the same fingers fit.
        _ = try GestureScript(script.replacingOccurrences(of: "at 1.5", with: "at 2.5"), source: "pad").recording
    }

    @Test func anUnknownDeviceIsAnError() {
        #expect(throws: RecordingError(source: "s", line: 1, "unknown device 'tablet': expected touchscreen or touchpad")) {
            try GestureScript("surface 100 60 tablet\n", source: "s")
        }
    }
}
