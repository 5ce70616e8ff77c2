import GestureEngine
import InputCore
import Testing

@testable import CaptureFormats

/// libinput record's events lists read from their bytes (LibinputEventLists): a file reads the same whether its
/// lists are read so or by Yams, and a list of any other shape is left to Yams.
@Suite struct LibinputEventListsTests {
    static let base = """
        # libinput record
        version: 1
        ndevices: 1
        devices:
        - node: /dev/input/event3
          evdev:
            name: "screen"
            absinfo: {53: [0, 99, 0, 0, 0], 54: [0, 99, 0, 0, 0]}
          events:
          # Current time is 16:48:42
          - evdev:
            - [  0,      5,   3,  53,      10] # EV_ABS / ABS_MT_POSITION_X 10
            - [  0,      5,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
          - evdev:
            - [  0,   8005,   3,  53,      11]
            - [  0,   8005,   0,   0,       0]

        """

    static let baseEvents = [
        InputEvent(seconds: 0, microseconds: 5, type: 3, code: 53, value: 10),
        InputEvent(seconds: 0, microseconds: 5, type: 0, code: 0, value: 0),
        InputEvent(seconds: 0, microseconds: 8005, type: 3, code: 53, value: 11),
        InputEvent(seconds: 0, microseconds: 8005, type: 0, code: 0, value: 0),
    ]

    /// The same outcome both ways: the same recording, or the same error.
    static func expectTheSameBothWays(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        func read(_ lists: Bool) -> Result<Recording, RecordingError> {
            Result { () throws(RecordingError) in try LibinputRecordFormat.parse(text, source: "r.yml", readingEventListsFirst: lists) }
        }
        switch (read(true), read(false)) {
        case (.success(let a), .success(let b)):
            #expect(a.description == b.description, sourceLocation: sourceLocation)
            #expect(a.events == b.events, sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(a == b, sourceLocation: sourceLocation)
        case (let a, let b):
            Issue.record("read from the bytes: \(a); by Yams: \(b)", sourceLocation: sourceLocation)
        }
    }

    static func lineCount(_ text: String) -> Int { text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }

    @Test func theUsualListIsReadAndLeftOutOfYamsTextButForAProbe() throws {
        let lists = try #require(LibinputEventLists(Self.base))
        #expect(lists.events == [9: Self.baseEvents])  // by the line of `events:`
        let lines = Self.base.split(separator: "\n", omittingEmptySubsequences: false)
        // Up to the first frame's line, the probe that Yams's nodes must show as the key's value.
        #expect(lists.skeleton == lines.prefix(11).joined(separator: "\n") + "\n")
        #expect(try LibinputRecordFormat.parse(Self.base, source: "r.yml").events == Self.baseEvents)
        Self.expectTheSameBothWays(Self.base)
    }

    /// The text with its frames' and events' lines indented so.
    static func deeper(_ text: String, frames: String, events: String) -> String {
        text.replacingOccurrences(of: "\n  - evdev:", with: "\n" + frames).replacingOccurrences(of: "\n    - [", with: "\n" + events)
    }

    /// Variations libinput record could write or a hand could make, each still read from the bytes.
    static let variations: [(String, String)] = [
        ("Windows line endings", base.replacingOccurrences(of: "\n", with: "\r\n")),
        ("no final line break", String(base.dropLast())),
        ("more spaces after the frame's dash", deeper(base, frames: "  -   evdev:", events: "        - [")),
        ("blank lines with spaces between frames", base.replacingOccurrences(of: "  - evdev:\n    - [  0,   8005", with: "   \n\n  - evdev:\n    - [  0,   8005")),
        ("a key after the list", base + "  quirks: []\n"),
        ("a device after the list", base + "- node: /dev/input/event4\n  evdev: {name: b}\n"),
        ("a frame with no events", base.replacingOccurrences(of: "  - evdev:\n    - [  0,   8005", with: "  - evdev:\n  - evdev:\n    - [  0,   8005")),
        ("a comment after the key", base.replacingOccurrences(of: "events:\n", with: "events:   # frames\n")),
        ("signs, leading zeros, no spaces", base.replacingOccurrences(of: "[  0,   8005,   3,  53,      11]", with: "[+0,0008005,3,53,+11]")),
        ("spaces before the commas", base.replacingOccurrences(of: "[  0,   8005,   3,  53,      11]", with: "[ 0 , 8005 , 3 , 53 , 11 ]")),
        ("the frames deeper than the key", deeper(base, frames: "    - evdev:", events: "      - [")),
    ]

    @Test(arguments: variations)
    func variationsAreReadFromTheBytes(what: String, text: String) throws {
        let lists = try #require(LibinputEventLists(text), "\(what)")
        #expect(lists.events.values.first?.count == 4, "\(what)")
        #expect(!lists.skeleton.contains("- ["), "\(what)")
        #expect(try LibinputRecordFormat.parse(text, source: "r.yml").events == Self.baseEvents, "\(what)")
        Self.expectTheSameBothWays(text)
    }

    /// Lists of any other shape are Yams's to read and word: each reads (or fails) as it did.
    static let otherShapes: [(String, String)] = [
        ("a tab in an event's indentation", base.replacingOccurrences(of: "    - [  0,   8005,   3", with: "  \t  - [  0,   8005,   3")),
        ("a frame of libinput's events", base + "  - libinput:\n    - {type: TOUCH_FRAME, time: 0.01}\n"),
        ("microseconds out of range", base.replacingOccurrences(of: "8005,   3,  53", with: "1000000,   3,  53")),
        ("a sixth number", base.replacingOccurrences(of: "53,      11]", with: "53,      11, 1]")),
        ("a comment without a space before it", base.replacingOccurrences(of: "10] # EV_ABS", with: "10]# EV_ABS")),
        ("a line separator in a comment", base.replacingOccurrences(of: "ABS_MT_POSITION_X 10", with: "ABS_MT\u{2028}POSITION_X 10")),
        ("a control character in a comment", base.replacingOccurrences(of: "ABS_MT_POSITION_X 10", with: "ABS_MT\u{1}POSITION_X 10")),
        ("a lone carriage return in the header", base.replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 1\r")),
        ("a next line (NEL) in the name", base.replacingOccurrences(of: "\"screen\"", with: "\"scr\u{85}een\"")),
        ("an event at the frame's column", base.replacingOccurrences(of: "    - [  0,   8005,   3", with: "  - [  0,   8005,   3")),
        ("events at two columns", base.replacingOccurrences(of: "    - [  0,   8005,   0", with: "     - [  0,   8005,   0")),
        ("a deeper line after the events", base + "      more: 1\n"),
        ("a flow list in a frame", base + "  - evdev: [[0, 9000, 3, 54, 4]]\n"),
        ("a frame of two keys", base.replacingOccurrences(of: "  - evdev:\n    - [  0,   8005", with: "  - time: 1\n    evdev:\n    - [  0,   8005")),
        ("events instead of frames", base.replacingOccurrences(of: "  - evdev:\n    - [  0,      5", with: "  - [  0,      5")),
    ]

    @Test(arguments: otherShapes)
    func otherShapesAreLeftToYams(what: String, text: String) {
        #expect(LibinputEventLists(text) == nil, "\(what)")
        Self.expectTheSameBothWays(text)
    }

    /// Lines that look like a list where the parser is inside something else: read from the bytes, then found not to
    /// be a block mapping's key in Yams's nodes, and so read by Yams.
    static let notKeys: [(String, String)] = [
        ("in a quoted string", base.replacingOccurrences(of: "\"screen\"", with: "\"scr").replacingOccurrences(of: "8005,   0,   0,       0]", with: "8005,   0,   0,       0] # een\"")),
        ("in a flow list", base.replacingOccurrences(of: "absinfo: {53", with: "x: [\n    absinfo: {53").replacingOccurrences(of: "  - evdev:\n    - [  0,   8005", with: "  ]\n  - evdev:\n    - [  0,   8005")),
        ("in a block scalar", base.replacingOccurrences(of: "name: \"screen\"", with: "name: |\n      screen\n      events:\n      - evdev:\n        - [0, 5, 3, 53, 10]")),
    ]

    @Test(arguments: notKeys)
    func listsAParserSeesOtherwiseAreReadByYams(what: String, text: String) {
        #expect(LibinputEventLists(text) != nil, "\(what)")
        Self.expectTheSameBothWays(text)
    }

    @Test func aListIsReadWhereverItsKeyIs() throws {
        // Two devices, the second the touch device: each list is read, the recording takes the second's.
        let keyboard = """
            version: 1
            devices:
            - node: /dev/input/event0
              evdev: {name: keys, codes: {1: [30]}}
              events:
              - evdev:
                - [  0,      1,   1,  30,       1]
                - [  0,      1,   0,   0,       0]

            """
        let text = keyboard + Self.base.components(separatedBy: "\n").dropFirst(4).joined(separator: "\n")
        #expect(LibinputEventLists(text)?.events.count == 2)
        #expect(try LibinputRecordFormat.parse(text, source: "r.yml").events == Self.baseEvents)
        Self.expectTheSameBothWays(text)
        // Errors after the first list: at the file's line, Yams's context too.
        let badName = text.replacingOccurrences(of: "name: \"screen\"", with: "name: [screen]")
        #expect(throws: RecordingError(source: "r.yml", line: 11, "expected name: the device's name")) {
            try LibinputRecordFormat.parse(badName, source: "r.yml")
        }
        Self.expectTheSameBothWays(badName)
        let notYAML = text.replacingOccurrences(of: "absinfo: {53:", with: "absinfo: {53: [,")
        let error = try #require(throws: RecordingError.self) { try LibinputRecordFormat.parse(notYAML, source: "r.yml") }
        #expect(error.line == 12, "\(error)")
        Self.expectTheSameBothWays(notYAML)
    }

    @Test func anErrorAfterAListIsAtItsOwnLine() throws {
        let text = Self.base + "  events: 3\n"
        let error = try #require(throws: RecordingError.self) { try LibinputRecordFormat.parse(text, source: "r.yml") }
        #expect(error.line == 9)
        #expect(error.message.contains("a key given twice"))
        Self.expectTheSameBothWays(text)
    }
}
