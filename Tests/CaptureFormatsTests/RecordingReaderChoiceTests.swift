import InputCore
import Testing

@testable import CaptureFormats

/// Which reader a recording goes to: evtest's text is told by its own lines at a line's start; evemu files
/// quote the same words after a `#` and stay evemu.
@Suite struct RecordingReaderChoiceTests {
    @Test(arguments: [
        ("Input driver version is 1.0.1\nInput device name: \"pad\"\n", true),
        ("Available devices:\n/dev/input/event3:\tpad\nSelect the device event number [0-3]: 3\nInput driver version is 1.0.1\n", true),
        ("Event: time 1.000000, type 3 (EV_ABS), code 0 (ABS_X), value 5\n", true),
        ("# EVEMU 1.3\n# Input device name: \"pad\"\n# Input driver version quoted\nN: pad\nE: 0.000000 0000 0000 0\n", false),
        ("E: 0.000000 0003 0035 100\nE: 0.000000 0000 0000 0\n", false),
        ("x Input device name: not at a line's start\n", false),
        ("", false),
    ])
    func evtestTextIsToldByItsLineStarts(text: String, isEvtest: Bool) {
        #expect(EvtestFormat.looksLike(text) == isEvtest)
    }

    private static let log = """
        [  1.000000] /dev/input/event1: EV_ABS       ABS_MT_POSITION_X    00000001
        [  1.000000] /dev/input/event1: EV_SYN       SYN_REPORT           00000000

        """

    /// getevent's reader goes first, without the pass over every line that chooses a reader, only where that pass
    /// would choose it: the text starts as getevent's and no line starts as evtest's or libinput's.
    @Test func geteventsReaderGoesFirstOnlyWhereItIsTheChoice() throws {
        let first = try #require(try GeteventFormat.parseIfChosen(Self.log, source: "g"))
        let parsed = try GeteventFormat.parse(Self.log, source: "g")
        #expect(first.events == parsed.events && first.events.count == 2)
        // Another reader's line anywhere: that reader's, as the pass chooses.
        let evtestLine = "Event: time 1.000000, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 5\n"
        #expect(try GeteventFormat.parseIfChosen(Self.log + evtestLine, source: "g") == nil)
        #expect(try GeteventFormat.parseIfChosen(Self.log + "devices:\n", source: "g") == nil)
        #expect(try Recording.parse(Self.log + evtestLine, source: "e").events.count == 1)
        // Not starting as getevent's (a complaint of getevent's first): left to the pass, which still finds getevent's.
        let complaint = "could not open /dev/input/event9, Permission denied\n" + Self.log
        #expect(try GeteventFormat.parseIfChosen(complaint, source: "g") == nil)
        #expect(try Recording.parse(complaint, source: "g").events == parsed.events)
        #expect(try GeteventFormat.parseIfChosen("", source: "g") == nil)
        // An error of getevent's is thrown, and Recording's reading says the same.
        let wrong = Self.log + "[  1.000000] /dev/input/event1: EV_NOPE SYN_REPORT 00000000\n"
        #expect(throws: RecordingError(source: "g", line: 3, "unknown event type EV_NOPE")) { try GeteventFormat.parseIfChosen(wrong, source: "g") }
        #expect(throws: RecordingError(source: "g", line: 3, "unknown event type EV_NOPE")) { try Recording.parse(wrong, source: "g") }
    }

    /// A device's events come in runs, and the reader compares each line's path with the last one's in place: lines
    /// of devices that take turns, or whose paths share a beginning, go to their own devices all the same.
    @Test func linesOfDevicesThatTakeTurnsGoToTheirOwnDevices() throws {
        var text = ""
        for (i, path) in ["/dev/input/event1", "/dev/input/event10", "/dev/input/event1", "/dev/input/event2", "/dev/input/event1"].enumerated() {
            text += "[  1.00000\(i)] \(path): EV_ABS ABS_MT_POSITION_X \(String(i, radix: 16))\n"
        }
        text += "[  1.000009] /dev/input/event1:\tEV_SYN SYN_REPORT 00000000\n"
        let recording = try GeteventFormat.parse(text, source: "g")
        #expect(recording.events.map(\.value) == [0, 2, 4, 0])
        #expect(recording.events.map(\.code) == [AbsCode.mtPositionX, AbsCode.mtPositionX, AbsCode.mtPositionX, 0])
    }
}
