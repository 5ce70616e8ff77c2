import CaptureFormats
import Foundation
import GestureEngine
import InputCore
import LinuxInput
import Testing

/// Multitouch protocol A (contacts without slots, each ended by SYN_MT_REPORT) through mtdev.
enum ProtocolA {
    /// A 100 x 50 mm protocol A touchscreen: positions, no slots, no tracking ids.
    static func touchscreen(name: String) -> DeviceDescription {
        var d = KernelDevices.touchscreen(name: name)
        d.axes[AbsCode.mtSlot] = nil
        d.axes[AbsCode.mtTrackingID] = nil
        return d
    }

    /// One frame: every contact down, each as X, Y and SYN_MT_REPORT; an empty frame lifts them all.
    static func frame(_ contacts: [(Int32, Int32)]) -> [InputEvent] {
        var events: [InputEvent] = []
        for (x, y) in contacts {
            events += [KernelDevices.abs(AbsCode.mtPositionX, x), KernelDevices.abs(AbsCode.mtPositionY, y)]
            events.append(InputEvent(time: .zero, type: EventType.syn, code: SynCode.mtReport, value: 0))
        }
        if contacts.isEmpty { events.append(InputEvent(time: .zero, type: EventType.syn, code: SynCode.mtReport, value: 0)) }
        events.append(InputEvent(time: .zero, type: EventType.key, code: KeyCode.touch, value: contacts.isEmpty ? 0 : 1))
        return events + [KernelDevices.syn]
    }

    /// A finger lands, a second joins, the first lifts, then the second.
    static let strokes: [[InputEvent]] = [
        frame([(100, 100)]), frame([(110, 100), (500, 300)]), frame([(510, 300)]), frame([]),
    ]

    /// Each frame as "id:phase@x,y" words, ids counted from the first.
    static func words(_ frames: [TouchFrame]) -> [String] {
        let first = frames.first?.touches.first?.id ?? 0
        return frames.map { frame in
            frame.touches.map { "\($0.id.rawValue - first.rawValue + 1):\($0.phase)@\(Int($0.location.x)),\(Int($0.location.y))" }.joined(separator: " ")
        }
    }
}

@Suite struct ProtocolAReplayTests {
    @Test func aProtocolARecordingReplaysThroughMtdevWithTouchesThatKeepTheirIdentity() throws {
        var events: [InputEvent] = []
        for (i, frame) in ProtocolA.strokes.enumerated() {
            events += frame.map { InputEvent(time: Timestamp(seconds: Double(i) * 0.01), type: $0.type, code: $0.code, value: $0.value) }
        }
        let recording = Recording(description: ProtocolA.touchscreen(name: "protocol A"), events: events)
        // The frame builder alone refuses it, naming mtdev.
        #expect(throws: InputError.self) { try Replay.frames(of: recording, source: "a") }
        let slotted = recording.slotted()
        #expect(slotted.description?.hasSlots == true)
        #expect(ProtocolA.words(try Replay.frames(of: slotted, source: "a")) == [
            "1:began@10,10",
            "1:moved@11,10 2:began@50,30",
            "1:ended@11,10 2:moved@51,30",
            "2:ended@51,30",
        ])
        // A recording that has slots is left as it is.
        let b = Recording(description: KernelDevices.touchscreen(name: "protocol B"), events: KernelDevices.touch(slot: 0, id: 1, x: 10, y: 10))
        #expect(b.slotted().events == b.events)
    }
}

extension KernelDeviceTests {
    @Test func aProtocolADeviceIsReadThroughMtdev() throws {
        let device = try UinputDevice(ProtocolA.touchscreen(name: "gestured protocol A screen"))
        let live = try KernelDevices.open(device)
        var frames: [TouchFrame] = []
        for events in ProtocolA.strokes { try device.write(events) }
        try KernelDevices.waitFor {
            _ = try? live.read { frames.append($0) }
            return frames.count >= 4
        }
        #expect(ProtocolA.words(frames) == [
            "1:began@10,10",
            "1:moved@11,10 2:began@50,30",
            "1:ended@11,10 2:moved@51,30",
            "2:ended@51,30",
        ])
    }
}
