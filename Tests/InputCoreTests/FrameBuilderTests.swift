import CaptureFormats
import GestureEngine
import InputCore
import Testing

/// The frame builder on hand-made event streams: a 100 x 50 mm touchscreen with 4 slots, 10 units per mm.
@Suite struct FrameBuilderTests {
    static let screen = DeviceDescription(
        name: "test screen", properties: [InputProperty.direct],
        codes: [EventType.key: [KeyCode.touch]],
        axes: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            AbsCode.y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 3),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
            AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            AbsCode.mtToolType: AbsInfo(minimum: 0, maximum: 2),
        ])

    /// Events written compactly: "slot 1", "id 5", "x 100", "y 200", "tool 2", "syn", "dropped", "key 330 1".
    struct Stream {
        var events: [InputEvent] = []
        var time = 0.0

        mutating func add(_ script: String) {
            for item in script.split(separator: ",") {
                let w = item.split(separator: " ").map(String.init)
                let t = Timestamp(seconds: time)
                func abs(_ code: UInt16) { events.append(InputEvent(time: t, type: EventType.abs, code: code, value: Int32(w[1])!)) }
                switch w[0] {
                case "slot": abs(AbsCode.mtSlot)
                case "id": abs(AbsCode.mtTrackingID)
                case "x": abs(AbsCode.mtPositionX)
                case "y": abs(AbsCode.mtPositionY)
                case "tool": abs(AbsCode.mtToolType)
                case "key": events.append(InputEvent(time: t, type: EventType.key, code: UInt16(w[1])!, value: Int32(w[2])!))
                case "dropped": events.append(InputEvent(time: t, type: EventType.syn, code: SynCode.dropped, value: 0))
                case "syn":
                    events.append(InputEvent(time: t, type: EventType.syn, code: SynCode.report, value: 0))
                    time += 0.01
                default: fatalError("bad test event \(item)")
                }
            }
        }
    }

    /// Each frame as "id:phase@x,y" words.
    func frames(_ script: String, description: DeviceDescription = screen) throws -> [String] {
        var stream = Stream()
        stream.add(script)
        let recording = Recording(description: description, events: stream.events)
        return try Replay.frames(of: recording, source: "test").map { frame in
            frame.touches.map { "\($0.id):\($0.phase)@\(Int($0.location.x)),\(Int($0.location.y))" }.joined(separator: " ")
        }
    }

    /// A device of many slots (past one word of the builder's in-use bits): touches in slots at both ends of
    /// each word come in slot order, lift, and come back in a reused slot, as on a four-slot screen.
    @Test func manySlotsAreFollowedWhereverTheContactsAre() throws {
        var wide = Self.screen
        wide.axes[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: 129)
        let script = "slot 129,id 1,x 100,y 100,slot 0,id 2,x 200,y 100,syn,"
            + "slot 64,id 3,x 300,y 100,slot 63,id 4,x 400,y 100,syn,"
            + "slot 0,id -1,slot 129,x 110,syn,"
            + "slot 63,id -1,slot 64,id -1,syn,"
            + "slot 0,id 5,x 500,y 100,syn,"
            + "slot 129,id -1,slot 0,id -1,syn"
        #expect(try frames(script, description: wide) == [
            "1:began@20,10 2:began@10,10",
            "1:stationary@20,10 3:began@40,10 4:began@30,10 2:stationary@10,10",
            "1:ended@20,10 3:stationary@40,10 4:stationary@30,10 2:moved@11,10",
            "3:ended@40,10 4:ended@30,10 2:stationary@11,10",
            "5:began@50,10 2:stationary@11,10",
            "5:ended@50,10 2:ended@11,10",
        ])
    }

    @Test func slotsBecomeTouchesWithPhasesInMillimetres() throws {
        #expect(try frames("slot 0,id 10,x 100,y 200,syn,x 150,syn,slot 1,id 11,x 500,y 250,syn,slot 0,id -1,syn,slot 1,id -1,syn") == [
            "1:began@10,20",
            "1:moved@15,20",
            "1:stationary@15,20 2:began@50,25",
            "1:ended@15,20 2:stationary@50,25",
            "2:ended@50,25",
        ])
    }

    @Test func aSlotReusedWithANewTrackingIDEndsOneTouchAndBeginsAnother() throws {
        #expect(try frames("id 10,x 100,y 100,syn,id 11,x 300,syn,id -1,syn") == [
            "1:began@10,10", "1:ended@10,10 2:began@30,10", "2:ended@30,10",
        ])
    }

    @Test func aPalmIsNeverATouchAndAFingerTurningPalmIsCancelled() throws {
        #expect(try frames("id 10,tool 2,x 100,y 100,syn,x 200,syn,id -1,syn") == [])
        #expect(try frames("id 10,x 100,y 100,syn,tool 2,syn,id -1,syn") == ["1:began@10,10", "1:cancelled@10,10"])
    }

    @Test func aPenIsAStylusTouch() throws {
        var stream = Stream()
        stream.add("id 10,tool 1,x 100,y 100,syn")
        let frames = try Replay.frames(of: Recording(description: Self.screen, events: stream.events), source: "test")
        #expect(frames.first?.touches.first?.type == .stylus)
        #expect(frames.last?.touches.first?.phase == .cancelled)
    }

    @Test func eventsAfterSynDroppedUntilTheNextReportAreDiscarded() throws {
        #expect(try frames("id 10,x 100,y 100,syn,x 900,dropped,x 800,syn,x 200,syn,id -1,syn") == [
            "1:began@10,10", "1:moved@20,10", "1:ended@20,10",
        ])
    }

    @Test func aSlotBeyondTheMaximumIsIgnored() throws {
        #expect(try frames("slot 9,id 10,x 100,y 100,syn,slot 0,id 11,x 300,y 300,syn,id -1,syn") == [
            "1:began@30,30", "1:ended@30,30",
        ])
    }

    @Test func aTrackingIDThatNeverEndsIsCancelledWhenTheStreamEnds() throws {
        #expect(try frames("id 10,x 100,y 100,syn,x 110,syn") == ["1:began@10,10", "1:moved@11,10", "1:cancelled@11,10"])
    }

    @Test func outOfRangeValuesStayOutOfRangeButAreReported() throws {
        // A device may report past its axis maximum; the touch is beyond the surface and hit-testing decides.
        #expect(try frames("id 10,x 2000,y -100,syn,id -1,syn") == ["1:began@200,-10", "1:ended@200,-10"])
    }

    @Test func protocolAIsRefusedNamingMtdev() {
        var description = Self.screen
        description.axes[AbsCode.mtSlot] = nil
        let error = #expect(throws: InputError.self) { try frames("x 100,syn", description: description) }
        #expect(error?.message.contains("mtdev") == true)
    }

    @Test func singleTouchDevicesUseBTNTouchAndABSXY() throws {
        let description = DeviceDescription(
            name: "old screen", codes: [EventType.key: [KeyCode.touch]],
            axes: [AbsCode.x: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), AbsCode.y: AbsInfo(minimum: 0, maximum: 500, resolution: 10)])
        var stream = Stream()
        stream.events.append(InputEvent(time: .zero, type: EventType.abs, code: AbsCode.x, value: 100))
        stream.events.append(InputEvent(time: .zero, type: EventType.abs, code: AbsCode.y, value: 50))
        stream.add("key 330 1,syn,key 330 0,syn")
        let frames = try Replay.frames(of: Recording(description: description, events: stream.events), source: "test")
        #expect(frames.map { $0.touches.map(\.phase) } == [[.began], [.ended]])
        #expect(frames.first?.touches.first?.location == Point(x: 10, y: 5))
        #expect(DeviceKind.classify(description) == .touchscreen)
    }

    @Test func framesOnlyWhenSomethingChanged() throws {
        // A pressure-only report changes no touch: no frame.
        #expect(try frames("id 10,x 100,y 100,syn,syn,syn,id -1,syn") == ["1:began@10,10", "1:ended@10,10"])
    }

    @Test func aCaptureStartedMidStreamTakesTheFirstReportedValueOfEachSlot() throws {
        // The capture begins with a finger in slot 1 whose x the kernel sent before the capture began: it
        // starts at the first x the capture reports for that slot (60 mm), not at 0, and that report is then
        // no movement at all.
        #expect(try frames("slot 1,id 7,y 100,syn,y 120,syn,x 600,syn,id -1,syn") == [
            "1:began@60,10",
            "1:moved@60,12",
            "1:ended@60,12",
        ])
    }

    @Test func aContactWhoseTouchButtonIsReleasedHovers() throws {
        // BTN_TOUCH (330) released while the slot keeps its tracking id: the finger is lifting off and its drift
        // (x 100 to 160) is no movement: the touch ends there, and begins again when BTN_TOUCH is pressed.
        #expect(try frames("id 10,x 100,y 100,key 330 1,syn,key 330 0,syn,x 160,syn,key 330 1,syn,id -1,key 330 0,syn") == [
            "1:began@10,10", "1:ended@10,10", "2:began@16,10", "2:ended@16,10",
        ])
        // A device that never presses BTN_TOUCH is never hovering.
        #expect(try frames("id 10,x 100,y 100,syn,x 160,syn,id -1,syn") == ["1:began@10,10", "1:moved@16,10", "1:ended@16,10"])
    }

    @Test func aSlotWhosePositionComesBeforeAnyTrackingIDWasAlreadyDown() throws {
        // A finger was down in slot 0 when the capture began (its position moves first); a second lands in
        // slot 1. Both are touches; a slot whose first event is its tracking id is not assumed down.
        let out = try frames("slot 0,x 300,syn,slot 1,id 8,x 600,y 100,syn,slot 0,id -1,slot 1,id -1,syn")
        #expect(out == [
            "1:began@30,0",
            "1:stationary@30,0 2:began@60,10",
            "1:ended@30,0 2:ended@60,10",
        ])
    }
}

@Suite struct RecordingFormatTests {
    @Test func evemuWrittenIsEvemuReadBack() throws {
        var stream = FrameBuilderTests.Stream()
        stream.add("slot 0,id 10,x 100,y 200,syn,id -1,syn")
        let text = EvemuFormat.write(FrameBuilderTests.screen, events: stream.events)
        let back = try Recording.parse(text, source: "written")
        #expect(back.description == FrameBuilderTests.screen)
        #expect(back.events == stream.events)
        #expect(text.contains("E: 0.000000 0003 0039 10\t# EV_ABS / ABS_MT_TRACKING_ID"))
        #expect(text.contains("B: 00 0b 00 00 00 00 00 00 00"))
    }

    @Test func evemuErrorsNameTheLine() {
        #expect(throws: RecordingError(source: "bad.evemu", line: 2, "expected E: SECONDS.MICROSECONDS TYPE CODE VALUE (type and code in hex)")) {
            try Recording.parse("# EVEMU 1.3\nE: 1.0 0003 0035\n", source: "bad.evemu")
        }
        #expect(throws: RecordingError.self) { try Recording.parse("N: x\nQ: what\n", source: "q") }
    }

    @Test func evtestHeaderLinesRunTogetherStillParse() throws {
        let text = """
            Input device ID: bus 0x18 vendor 0x1 product 0x2 version 0x3
            Input device name: "pad"
            Supported events:
              Event type 3 (EV_ABS)
                Event code 53 (ABS_MT_POSITION_X)
                  Min        0
                  Max     1280
                  Resolution      12 Event code 54 (ABS_MT_POSITION_Y)
                  Min        0
                  Max      680
                  Resolution      10
            Properties:
              Property type 0 (INPUT_PROP_POINTER)
            Event: time 5.000010, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 535
            Event: time 5.000020, -------------- SYN_REPORT ------------
            """
        let recording = try Recording.parse(text, source: "evtest")
        let description = try #require(recording.description)
        #expect(description.name == "pad")
        #expect(description.vendor == 1 && description.product == 2)
        #expect(description.axes[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 1280, resolution: 12))
        #expect(description.axes[AbsCode.mtPositionY] == AbsInfo(minimum: 0, maximum: 680, resolution: 10))
        #expect(description.properties == [InputProperty.pointer])
        #expect(recording.events.count == 2)
        #expect(recording.events[1].isSynReport)
        #expect(recording.events[0].time == Timestamp(nanoseconds: 5_000_010_000))
    }

    @Test func windowsLineEndingsReadLikeUnixOnes() throws {
        let text = "N: pad\nA: 35 0 100 0 0 1\nA: 36 0 100 0 0 1\nE: 1.000000 0003 0035 5\nE: 1.000000 0000 0000 0\n"
        let unix = try Recording.parse(text, source: "unix")
        let windows = try Recording.parse(text.replacingOccurrences(of: "\n", with: "\r\n"), source: "windows")
        // Before, "\r\n" (one Character in Swift) was no line break: the whole file was the name, and no event.
        #expect(windows.description?.name == "pad")
        #expect(windows.events == unix.events)
        #expect(windows.events.count == 2)
    }

    @Test func evtestErrorsNameTheLine() {
        #expect(throws: RecordingError.self) {
            try Recording.parse("Input device name: \"x\"\nEvent: time 1.0, type 3 (EV_ABS), code\n", source: "e")
        }
    }

}

/// Hostile recordings get errors, never a crash.
@Suite struct HostileRecordingTests {
    @Test(arguments: [
        "N: x\nA: 35 -2147483648 2147483647 0 0 0\nA: 36 0 10 0 0 0\nA: 2f 0 1 0 0 0\nA: 39 0 10 0 0 0\nE: 0.000000 0003 0039 1\nE: 0.000000 0003 0035 2147483647\nE: 0.000000 0000 0000 0\n",
        "N: x\nA: 35 -1 1000 0 0 10\nA: 36 -1 1000 0 0 10\nA: 3a -5 255 0 0 0\nA: 2f 0 1 0 0 0\nA: 39 0 10 0 0 0\nE: 0.000000 0003 0039 1\nE: 0.000000 0003 0035 2147483647\nE: 0.000000 0003 003a 2147483647\nE: 0.000000 0000 0000 0\n",
        "E: 0.000000 0003 0039 1\nE: 0.000000 0003 0035 2147483647\nE: 0.000000 0003 0036 -2147483648\nE: 0.000000 0000 0000 0\n",
    ])
    func extremeValuesReplayWithoutTrapping(text: String) throws {
        let recording = try Recording.parse(text, source: "hostile").inferringDescription(name: "hostile")
        let frames = try Replay.frames(of: recording, source: "hostile")
        #expect(frames.count == 2)
    }

    @Test func tooManySlotsAreRefused() throws {
        let recording = try Recording.parse("N: x\nA: 35 0 10 0 0 0\nA: 36 0 10 0 0 0\nA: 2f 0 2147483647 0 0 0\n", source: "slots")
        let error = #expect(throws: InputError.self) { try Replay.frames(of: recording, source: "slots") }
        #expect(error?.message.contains("at most 1024") == true)
    }

    @Test(arguments: ["E: 9300000000.000000 0000 0000 0\n", "E: -0.500000 0000 0000 0\n", "Event: time 9300000000.000000, -------------- SYN_REPORT ------------\n"])
    func outOfRangeTimesAreErrors(text: String) {
        #expect(throws: RecordingError.self) { try Recording.parse(text, source: "time") }
    }

    @Test func hugeBitmasksAreErrors() {
        let line = "B: 01" + String(repeating: " ff", count: 8193) + "\n"
        #expect(throws: RecordingError.self) { try Recording.parse("N: x\n" + line, source: "mask") }
    }

    @Test func aPalmIsNotCountedAsAMissingFinger() throws {
        // Two slots, the kernel announcing three contacts: two fingers and a palm. No stand-in is invented.
        var description = FrameBuilderTests.screen
        description.axes[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: 2)
        var stream = FrameBuilderTests.Stream()
        stream.add("slot 0,id 1,x 100,y 100,slot 1,id 2,x 300,y 100,slot 2,id 3,tool 2,x 500,y 400,key 334 1,syn")
        let frames = try Replay.frames(of: Recording(description: description, events: stream.events), source: "palm")
        #expect(frames.first?.touches.count == 2)
    }
}
