import GestureEngine
import InputCore
import Testing

@testable import CaptureFormats

/// `libinput record`'s YAML. The files are written here the way the tool writes them (header, comments, description,
/// udev and quirks, frames of `- evdev:` events with times from the first event, libinput's own events), from
/// recordings the project makes itself with gesture scripts.
@Suite struct LibinputRecordFormatTests {
    static let script = """
        surface 200 120
        at 1.0 tap 100 60
        at 1.5 drag 40 60 to 160 60 over 0.3 fingers 2
        at 2.2 pinch 100 60 from 20 to 70 over 0.4
        """

    static var scripted: Recording { get throws { try GestureScript(script, source: "script").recording } }

    struct Device {
        var node: String
        var description: DeviceDescription
        var events: [InputEvent] = []
    }

    /// What `libinput record` writes for these devices. Times count from the first event of all the devices.
    static func record(_ devices: [Device], libinputEvents: Bool = true) -> String {
        let first = devices.compactMap { $0.events.first?.time.nanoseconds }.min() ?? 0
        var out = """
            # libinput record
            version: 1
            ndevices: \(devices.count)
            libinput:
              version: "1.25.0"
              git: "unknown"
            system:
              os: "debian:12"
              kernel: "6.1.0-13-amd64"
              dmi: "dmi:bvnSeaBIOS:bvrrel-1.16:svnQEMU:pnStandardPC(i440FX+PIIX,1996):"
            devices:

            """
        for device in devices {
            let d = device.description
            out += """
                  - node: \(device.node)
                    evdev:
                      # Name: \(d.name)
                      # ID: bus 0x\(String(d.bus, radix: 16)) vendor 0x\(String(d.vendor, radix: 16)) product 0x\(String(d.product, radix: 16)) version 0x\(String(d.version, radix: 16))
                      # Supported Events:
                      # Event type 0 (EV_SYN)
                      # Event type 3 (EV_ABS)
                      #   Event code 53 (ABS_MT_POSITION_X)
                      #       Value           0
                      #       Min             0
                      # Properties:
                      name: "\(d.name)"
                      id: [\(d.bus), \(d.vendor), \(d.product), \(d.version)]
                      codes:
                        0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN

                """
            var types = d.codes
            if !d.axes.isEmpty { types[EventType.abs] = Set(d.axes.keys) }
            for type in types.keys.sorted() {
                out += "        \(type): [\(types[type]!.sorted().map(String.init).joined(separator: ", "))] # \(EventNames.type(type))\n"
            }
            if !d.axes.isEmpty {
                out += "      absinfo:\n"
                for code in d.axes.keys.sorted() {
                    let a = d.axes[code]!
                    out += "        \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)]\n"
                }
            }
            out += "      properties: [\(d.properties.sorted().map(String.init).joined(separator: ", "))]\n"
            out += """
                    hid: [
                      0x05, 0x0d, 0x09, 0x04, 0xa1, 0x01
                    ]
                    udev:
                      properties:
                      - ID_INPUT=1
                      - ID_INPUT_TOUCHSCREEN=1
                      - LIBINPUT_DEVICE_GROUP=6/1209/1
                    quirks:
                    libinput:
                      capabilities: [touch]
                    events:

                """
            for (i, event) in device.events.enumerated() {
                if i == 0 || device.events[i - 1].isSynReport { out += "    - evdev:\n" }
                let t = event.time.nanoseconds - first
                let fields = [t / 1_000_000_000, t % 1_000_000_000 / 1000, Int64(event.type), Int64(event.code), Int64(event.value)]
                let widths = [3, 6, 3, 3, 7]
                let padded = zip(fields, widths).map { String(repeating: " ", count: max(0, $1 - String($0).count)) + String($0) }
                let comment = event.isSynReport
                    ? "------------ SYN_REPORT (0) ---------- +0ms"
                    : "\(EventNames.type(event.type)) / \(EventNames.code(event.type, event.code)) \(event.value)"
                out += "      - [\(padded.joined(separator: ", "))] # \(comment)\n"
                if libinputEvents, event.isSynReport, i % 7 == 0 {
                    out += "    - libinput:\n      - {type: TOUCH_FRAME, time: \(Double(t) / 1e9)}\n"
                    out += "    - hid:\n        time: [  0, 12]\n        hidraw0: [0x01, 0x02]\n"
                }
            }
        }
        return out
    }

    /// Times as a file holds them: microseconds, from the first event.
    static func relative(_ events: [InputEvent]) -> [InputEvent] {
        let first = events.first?.time.nanoseconds ?? 0
        return events.map {
            var e = $0
            e.time = Timestamp(nanoseconds: ($0.time.nanoseconds - first) / 1000 * 1000)
            return e
        }
    }

    static func sameFrames(_ a: [TouchFrame], _ b: [TouchFrame]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { $0.timestamp == $1.timestamp && $0.touches == $1.touches && $0.physicalButtonDown == $1.physicalButtonDown }
    }

    static let keyboard = DeviceDescription(
        name: "AT Translated Set 2 keyboard", bus: 0x11, vendor: 1, product: 1, version: 0xab41,
        codes: [EventType.key: [1, 2, 3, 30, 116], EventType.msc: [4]])

    static func keyEvents(at seconds: [Double]) -> [InputEvent] {
        seconds.flatMap { s in
            [
                InputEvent(time: Timestamp(seconds: s), type: EventType.msc, code: 4, value: 30),
                InputEvent(time: Timestamp(seconds: s), type: EventType.key, code: 30, value: 1),
                InputEvent(time: Timestamp(seconds: s), type: EventType.syn, code: SynCode.report, value: 0),
            ]
        }
    }

    static func error(_ text: String) -> RecordingError? {
        do {
            _ = try LibinputRecordFormat.parse(text, source: "rec.yml")
            return nil
        } catch {
            return error
        }
    }

    // MARK: Reading what the tool writes

    @Test func aRecordingReplaysAsTheSameFramesAsTheOriginal() throws {
        let original = try Self.scripted
        let text = Self.record([Device(node: "/dev/input/event5", description: original.description!, events: original.events)])
        #expect(LibinputRecordFormat.looksLike(text))
        let parsed = try Recording.parse(text, source: "rec.yml")
        let description = try #require(parsed.description)
        #expect(description == original.description!)
        #expect(parsed.events == Self.relative(original.events))
        let expected = try Replay.frames(of: Recording(description: original.description, events: Self.relative(original.events)), source: "original")
        let frames = try Replay.frames(of: parsed, source: "rec.yml")
        #expect(frames.count > 50)
        #expect(Self.sameFrames(frames, expected))
    }

    @Test func theDescriptionHasItsAxesResolutionPropertiesNameAndIds() throws {
        let text = """
            version: 1
            ndevices: 1
            devices:
            - node: /dev/input/event9
              evdev:
                name: "Synaptics TM2668-002"
                id: [29, 1739, 0, 0]
                codes:
                  0: [0, 1, 2, 3, 4] # EV_SYN
                  1: [272, 325, 328, 330, 333, 334, 335] # EV_KEY
                  3: [0, 1, 24, 47, 48, 53, 54, 55, 57, 58] # EV_ABS
                absinfo:
                  0: [0, 4089, 0, 0, 42]
                  1: [0, 2811, 0, 0, 41]
                  24: [0, 255, 0, 0, 0]
                  47: [0, 4, 0, 0, 0]
                  48: [0, 15, 0, 0, 0]
                  53: [0, 4089, 0, 0, 42]
                  54: [0, 2811, 0, 0, 41]
                  55: [0, 2, 0, 0, 0]
                  57: [0, 65535, 0, 0, 0]
                  58: [0, 255, 0, 0, 0]
                properties: [0, 2, 4]
            """
        let recording = try Recording.parse(text, source: "pad.yml")
        let d = try #require(recording.description)
        #expect(d.name == "Synaptics TM2668-002")
        #expect((d.bus, d.vendor, d.product, d.version) == (29, 1739, 0, 0))
        #expect(d.properties == [InputProperty.pointer, InputProperty.buttonPad, 4])
        #expect(d.codes == [EventType.key: [272, 325, 328, 330, 333, 334, 335]])
        #expect(d.axes.count == 10)
        #expect(d.axes[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 4089, resolution: 42))
        #expect(d.axes[AbsCode.mtPositionY] == AbsInfo(minimum: 0, maximum: 2811, resolution: 41))
        #expect(d.slotCount == 5)
        #expect(d.maximumAnnouncedFingers == 5)
        #expect(DeviceKind.classify(d) == .touchpad)
        let axes = try #require(d.positionAxes)
        let geometry = SurfaceGeometry(x: axes.x, y: axes.y)
        #expect(geometry.source == .resolution)
        #expect(abs(geometry.size.width - 4089.0 / 42) < 1e-9)
        #expect(recording.events.isEmpty)
    }

    @Test func eventTimesAreSecondsAndMicrosecondsFromTheFirstEvent() throws {
        let text = """
            version: 1
            devices:
            - node: /dev/input/event2
              evdev:
                name: "screen"
                absinfo:
                  0: [0, 100, 0, 0, 0]
                  1: [0, 100, 0, 0, 0]
              events:
              - evdev:
                - [  0,      0,   1, 330,       1] # EV_KEY / BTN_TOUCH 1
                - [  0,      0,   3,   0,      10]
                - [  0,      0,   0,   0,       0]
              - evdev:
                - [  0, 999999,   3,   1,      -7]
                - [  0, 999999,   0,   0,       0]
              - evdev:
                - [4000,      1,   1, 330,       0]
                - [4000,      1,   0,   0,       0]
            """
        let recording = try LibinputRecordFormat.parse(text, source: "st.yml")
        #expect(recording.events.map(\.time.nanoseconds) == [0, 0, 0, 999_999_000, 999_999_000, 4_000_000_001_000, 4_000_000_001_000])
        #expect(recording.events[3] == InputEvent(seconds: 0, microseconds: 999_999, type: EventType.abs, code: AbsCode.y, value: -7))
        #expect(recording.events.filter(\.isSynReport).count == 3)
        // A single-touch screen: one touch, down for 4 s.
        let frames = try Replay.frames(of: recording, source: "st.yml")
        #expect(frames.first?.touches.first?.phase == .began)
        #expect(frames.last?.touches.first?.phase == .ended)
        #expect(frames.last?.timestamp == Timestamp(nanoseconds: 4_000_000_001_000))
    }

    // MARK: Several devices

    @Test func theFirstDeviceWithPositionAxesIsTheRecording() throws {
        let touch = try Self.scripted
        let pad = DeviceDescription(
            name: "second screen", properties: [InputProperty.direct],
            axes: [AbsCode.x: AbsInfo(minimum: 0, maximum: 10), AbsCode.y: AbsInfo(minimum: 0, maximum: 10)])
        let text = Self.record([
            Device(node: "/dev/input/event0", description: Self.keyboard, events: Self.keyEvents(at: [0.5, 1.2, 2.0])),
            Device(node: "/dev/input/event5", description: touch.description!, events: touch.events),
            Device(node: "/dev/input/event7", description: pad, events: []),
        ])
        let parsed = try Recording.parse(text, source: "all.yml")
        #expect(parsed.description?.name == "gestured synthetic touchscreen")
        // Times count from the first event of any device: the keyboard's, at 0.5 s.
        let offset = touch.events[0].time.nanoseconds - Timestamp(seconds: 0.5).nanoseconds
        #expect(parsed.events.count == touch.events.count)
        #expect(parsed.events.first?.time.nanoseconds == offset)
        #expect(parsed.events.allSatisfy { $0.type != EventType.msc })
    }

    @Test func anAccelerometersAxesAreNotATouchDevices() throws {
        let accelerometer = DeviceDescription(
            name: "Accelerometer", properties: [InputProperty.accelerometer],
            axes: [AbsCode.x: AbsInfo(minimum: -512, maximum: 512), AbsCode.y: AbsInfo(minimum: -512, maximum: 512)])
        let screen = DeviceDescription(
            name: "screen", codes: [EventType.key: [KeyCode.touch]],
            axes: [AbsCode.x: AbsInfo(minimum: 0, maximum: 799), AbsCode.y: AbsInfo(minimum: 0, maximum: 479)])
        let text = Self.record([Device(node: "/dev/input/event1", description: accelerometer), Device(node: "/dev/input/event4", description: screen)])
        #expect(try LibinputRecordFormat.parse(text, source: "x.yml").description == screen)
        let alone = Self.error(Self.record([Device(node: "/dev/input/event1", description: accelerometer)]))
        #expect(alone?.message.contains("none of the 1 devices has touch position axes") == true)
    }

    @Test func windowsLineEndingsAreLineEndings() throws {
        let text = "version: 1\r\ndevices:\r\n- evdev:\r\n    name: \"a\"\r\n    absinfo: {53: [0, 9, 0, 0, 0], 54: [0, 9, 0, 0, 0]}\r\n"
            + "  events:\r\n  - evdev:\r\n    - [0, 0, 3, 53, 1]\r\n    - [0, 0, 3, 53, 1, 5]\r\n"
        #expect(Self.error(text) == RecordingError(source: "rec.yml", line: 9, "expected an event [SECONDS, MICROSECONDS, TYPE, CODE, VALUE]"))
        let good = try LibinputRecordFormat.parse(String(text.dropLast("    - [0, 0, 3, 53, 1, 5]\r\n".count)), source: "rec.yml")
        #expect(good.description?.name == "a")
        #expect(good.events.count == 1)
    }

    @Test func noTouchDeviceIsAnErrorNamingTheDevices() {
        let text = Self.record([
            Device(node: "/dev/input/event0", description: Self.keyboard, events: Self.keyEvents(at: [0.1])),
            Device(node: "/dev/input/event1", description: DeviceDescription(name: "Power Button", codes: [EventType.key: [116]])),
        ])
        let error = Self.error(text)
        #expect(error?.line == 11)  // devices:
        #expect(error?.message.contains("none of the 2 devices has touch position axes") == true)
        #expect(error?.message.contains("\"AT Translated Set 2 keyboard\", \"Power Button\"") == true)
    }

    @Test func aDescriptionAloneServesAsADescription() throws {
        let touch = try Self.scripted
        let text = Self.record([Device(node: "/dev/input/event5", description: touch.description!)])
        let parsed = try Recording.parse(text, source: "device.yml")
        #expect(parsed.description == touch.description)
        #expect(parsed.events.isEmpty)
        // As gestured replay --description uses it: bare E: lines take it.
        let bare = EvemuFormat.eventLines(touch.events)
        let replayed = try Recording.parse(bare, source: "bare.evemu", description: parsed.description)
        #expect(try Replay.frames(of: replayed, source: "bare.evemu").count == Replay.frames(of: touch, source: "script").count)
    }

    @Test func framesOfOtherKindsAndUnknownKeysAreSkipped() throws {
        let text = """
            version: 1
            ndevices: 1
            some_later_key: {a: [1, 2]}
            devices:
              - node: /dev/input/event3
                evdev:
                  name: "screen"
                  absinfo: {53: [0, 99, 0, 0, 0], 54: [0, 99, 0, 0, 0], 47: [0, 1, 0, 0, 0]}
                  properties: []
                  later: true
                events:
                  - libinput:
                    - {type: DEVICE_ADDED, time: 0.0, seat: seat0}
                  - hid: {time: [0, 1], hidraw3: [1, 2]}
                  - evdev: []
                  - evdev:
                    - [0, 5, 0, 0, 0]
            """
        let recording = try LibinputRecordFormat.parse(text, source: "x.yml")
        #expect(recording.events == [InputEvent(seconds: 0, microseconds: 5, type: 0, code: 0, value: 0)])
        #expect(recording.description?.slotCount == 2)
        // events: with nothing after it, and codes: with nothing.
        let empty = try LibinputRecordFormat.parse(
            "devices:\n- evdev:\n    codes:\n    absinfo: {0: [0, 1, 0, 0, 0], 1: [0, 1, 0, 0, 0]}\n  events:\n", source: "e.yml")
        #expect(empty.events.isEmpty)
        #expect(empty.description?.codes.isEmpty == true)
        #expect(empty.description?.name == "e.yml")
    }

    // MARK: Which reader

    @Test(arguments: [
        ("# libinput record\nversion: 1\n", true),
        ("version: 1\nndevices: 1\n", true),
        ("devices:\n- node: x\n", true),
        ("N: devices: not at a line's start\nE: 0.000000 0000 0000 0\n", false),
        ("# EVEMU 1.3\nN: pad\n", false),
        ("  devices: indented\n", false),
    ])
    func libinputRecordIsToldByItsTopLevelKeys(text: String, isLibinput: Bool) {
        #expect(LibinputRecordFormat.looksLike(text) == isLibinput)
    }

    // MARK: Errors, each at its line

    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let line: Int
        let message: String
        var testDescription: String { message }
    }

    static let head = "version: 1\ndevices:\n- evdev:\n    absinfo: {0: [0, 9, 0, 0, 0], 1: [0, 9, 0, 0, 0]}\n  events:\n  - evdev:\n"

    @Test(arguments: [
        Case(text: head + "    - [0, 0, 3, 0]\n", line: 7, message: "expected an event [SECONDS, MICROSECONDS, TYPE, CODE, VALUE]"),
        Case(text: head + "    - [0, 0, 3, 0, 1]\n    - 5\n", line: 8, message: "expected an event [SECONDS, MICROSECONDS, TYPE, CODE, VALUE]"),
        Case(text: head + "    - [0, 1000000, 3, 0, 1]\n", line: 7, message: "microseconds from 0 to 999999"),
        Case(text: head + "    - [0, -1, 3, 0, 1]\n", line: 7, message: "microseconds from 0 to 999999"),
        Case(text: head + "    - [-1, 0, 3, 0, 1]\n", line: 7, message: "seconds from 0 to 8999999999"),
        Case(text: head + "    - [9000000000, 0, 3, 0, 1]\n", line: 7, message: "seconds from 0 to 8999999999"),
        Case(
            text: head + "    - [99999999999999999999999, 0, 3, 0, 1]\n", line: 7,
            message: "seconds: a decimal number from -9223372036854775808 to 9223372036854775807"),
        Case(text: head + "    - [0, 0, 65536, 0, 1]\n", line: 7, message: "type: a decimal number from 0 to 65535"),
        Case(text: head + "    - [0, 0, 3, 0, 2147483648]\n", line: 7, message: "value: a decimal number from -2147483648 to 2147483647"),
        Case(text: head + "    - [0, 0, 3, 0, 0x10]\n", line: 7, message: "value: a decimal number"),
        Case(text: head + "    - [0, 0, 3, 0, 1.5]\n", line: 7, message: "value: a decimal number"),
        Case(text: head + "  - 3\n", line: 7, message: "expected an event frame: - evdev:"),
        Case(text: "version: 2\ndevices: []\n", line: 1, message: "libinput record's file version 2; this reader knows version 1"),
        Case(text: "version: 1\n", line: 1, message: "expected devices: the recorded devices"),
        Case(text: "version: 1\ndevices: 3\n", line: 2, message: "expected devices: a list of recorded devices"),
        Case(text: "devices:\n- node: x\n", line: 2, message: "expected evdev: the device's name"),
        Case(text: "devices:\n- evdev:\n    id: [1, 2, 3]\n", line: 3, message: "expected id: [BUS, VENDOR, PRODUCT, VERSION]"),
        Case(text: "devices:\n- evdev:\n    id: [1, 2, 3, 65536]\n", line: 3, message: "expected id: [BUS, VENDOR, PRODUCT, VERSION]: a decimal number from 0 to 65535"),
        Case(text: "devices:\n- evdev:\n    absinfo:\n      0: [0, 1, 0, 0]\n", line: 4, message: "expected absinfo CODE: [MIN, MAX, FUZZ, FLAT, RESOLUTION]"),
        Case(text: "devices:\n- evdev:\n    absinfo:\n      64: [0, 1, 0, 0, 0]\n", line: 4, message: "axis code 64 beyond ABS_MAX (63)"),
        Case(text: "devices:\n- evdev:\n    codes:\n      1: [330, 1024]\n", line: 4, message: "event code 1024 beyond 1023: no event type has codes that high"),
        Case(text: "devices:\n- evdev:\n    codes:\n      32: [0]\n", line: 4, message: "event type 32 beyond EV_MAX (31)"),
        Case(text: "devices:\n- evdev:\n    properties: [1, 32]\n", line: 3, message: "input property 32 beyond INPUT_PROP_MAX (31)"),
        Case(text: "devices:\n- evdev:\n    name: [a]\n", line: 3, message: "expected name: the device's name"),
        Case(text: "- a\n- b\n", line: 1, message: "expected libinput record's YAML: a mapping with version, ndevices and devices"),
        // Not YAML: libyaml's complaint, at its line.
        Case(text: "version: 1\ndevices:\n\t- evdev: {}\n", line: 3, message: "not YAML as libinput record writes it: "),
        Case(text: "version: 1\ndevices: [\n", line: 3, message: "not YAML as libinput record writes it: "),
        Case(text: "version: 1\nversion: 1\ndevices: []\n", line: 1, message: "a key given twice in one mapping: version"),
        Case(text: "version: 1\ndevices:\n- evdev: {name: \"a\u{1}b\"}\n", line: 3, message: "not YAML as libinput record writes it: "),
        Case(text: "version: 1\n---\ndevices: []\n---\nversion: 1\n", line: 2, message: "not YAML as libinput record writes it: "),
        // Found by fuzzing: at the end of a file without a final line break libyaml's mark is on a line past the end.
        Case(text: "version: 1\ndevices: [0, 1,\n  # a comment at the end", line: 3, message: "did not find expected node content"),
        Case(text: "version: 1\rdevices: [0,\u{2028}", line: 3, message: "did not find expected node content"),
        Case(text: "---", line: 1, message: "expected libinput record's YAML: a mapping with version, ndevices and devices"),
        Case(text: "version: 1\ndevices:", line: 2, message: "expected devices: a list of recorded devices"),
        // Aliases, refused before libyaml sees them.
        Case(text: "a: &x [1, 2]\ndevices:\n- evdev: *x\n", line: 3, message: "a YAML alias (*NAME)"),
    ])
    func errorsNameTheirLine(_ c: Case) throws {
        let error = try #require(Self.error(c.text), "no error for \(c.text)")
        #expect(error.source == "rec.yml")
        #expect(error.line == c.line, "\(error)")
        #expect(error.message.contains(c.message), "\(error)")
    }

    // MARK: Hostile files: errors, never a crash or a hang

    @Test func aliasesAreFoundWhereANodeStartsOnly() {
        #expect(LibinputRecordFormat.aliasLine("a: *x\n") == 1)
        #expect(LibinputRecordFormat.aliasLine("a:\n  - b\n  - *x\n") == 3)
        #expect(LibinputRecordFormat.aliasLine("a: [1, *x]\n") == 1)
        #expect(LibinputRecordFormat.aliasLine("a: {b: 1, *x : 2}\n") == 1)
        #expect(LibinputRecordFormat.aliasLine("? *x\n: 1\n") == 1)
        #expect(LibinputRecordFormat.aliasLine("*x : 1\n") == 1)
        #expect(LibinputRecordFormat.aliasLine("a: \"*x\"\nb: '*y'\nc: d*e\nd: f *g\n# *h\ne: 1 # *i\n") == nil)
        #expect(LibinputRecordFormat.aliasLine("a: \"x\\\" *y\"\nb: 'it''s *z'\n") == nil)
        #expect(LibinputRecordFormat.aliasLine("a: \"two\n  lines\"\nb: *x\n") == 3)
        #expect(LibinputRecordFormat.aliasLine("a: 1 # c\r\nb: 2 # *c\rc: *x\r\n") == 3)
        // An escaped Windows line ending in a quoted string is one line break (found by fuzzing).
        #expect(LibinputRecordFormat.aliasLine("a: \"x\\\r\n y\"\r\nb: *x\r\n") == 3)
    }

    @Test func aBillionLaughsIsRefusedAtOnce() {
        var text = "l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 { text += "l\(i): &l\(i) [" + Array(repeating: "*l\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        text += "devices:\n- evdev: {name: a}\n  events: {? *l9 : 1}\n"
        let error = Self.error(text)
        #expect(error?.line == 2)
        #expect(error?.message.contains("alias") == true)
    }

    @Test func deepNestingIsAnError() throws {
        for text in [
            "devices: " + String(repeating: "[", count: 100_000),
            "devices:\n" + String(repeating: "- ", count: 50_000) + "x\n",
            "devices: " + String(repeating: "{a: ", count: 50_000),
        ] {
            let error = try #require(Self.error(text))
            #expect(error.message.contains("nested more than 1000 levels deep"), "\(error)")
        }
    }

    @Test func absurdDescriptionsGiveErrorsWhenReplayed() throws {
        let text = """
            devices:
            - evdev:
                absinfo:
                  47: [0, 2147483647, 0, 0, 0]
                  53: [-2147483648, 2147483647, 0, 0, -5]
                  54: [5, 5, 0, 0, 0]
                  57: [0, 65535, 0, 0, 0]
              events:
              - evdev:
                - [0, 0, 3, 47, 2147483647]
                - [0, 0, 3, 57, 1]
                - [0, 0, 3, 53, 12]
                - [0, 0, 0, 0, 0]
            """
        let recording = try LibinputRecordFormat.parse(text, source: "x.yml")
        #expect(recording.description?.slotCount == Int(Int32.max) + 1)
        #expect(throws: InputError.self) { try Replay.frames(of: recording, source: "x.yml") }
    }

    @Test func aLargeRecordingIsReadWhole() throws {
        // 20,000 frames of five events: the reader's cost is measured in release (docs/input.md); here it must only work.
        var events: [InputEvent] = []
        for i in 0..<20_000 {
            let t = Timestamp(nanoseconds: Int64(i) * 8_000_000)
            if i == 0 { events.append(InputEvent(time: t, type: EventType.abs, code: AbsCode.mtTrackingID, value: 1)) }
            events.append(InputEvent(time: t, type: EventType.abs, code: AbsCode.mtPositionX, value: Int32(i % 1000)))
            events.append(InputEvent(time: t, type: EventType.abs, code: AbsCode.mtPositionY, value: Int32(i % 700)))
            events.append(InputEvent(time: t, type: EventType.syn, code: SynCode.report, value: 0))
        }
        let description = try #require(Self.scripted.description)
        let text = Self.record([Device(node: "/dev/input/event5", description: description, events: events)], libinputEvents: false)
        let parsed = try LibinputRecordFormat.parse(text, source: "big.yml")
        #expect(parsed.events == events)
    }
}
