import GestureEngine
import InputCore
import Testing

@testable import CaptureFormats

/// Android's getevent text: `-lt` event logs and `-lp` descriptions, written here the way getevent prints them (its
/// column widths, labels or hex, `*` for keys held down) from recordings the project makes with gesture scripts.
@Suite struct GeteventFormatTests {
    static let script = """
        surface 120 200
        at 0.5 tap 60 100
        at 1.0 drag 60 40 to 60 160 over 0.3 fingers 2
        at 1.6 rotate 60 100 radius 20 from 0 to 60 over 0.4
        """

    static var scripted: Recording { get throws { try GestureScript(script, source: "script").recording } }

    static let keyboard = DeviceDescription(
        name: "gpio-keys", bus: 0x19, vendor: 1, product: 1, version: 0x100, codes: [EventType.key: [114, 115, 116]])
    static let sensor = DeviceDescription(
        name: "light sensor", codes: [EventType.msc: [5]], axes: [AbsCode.pressure: AbsInfo(minimum: 0, maximum: 4096)])

    /// getevent's labels for the codes these tests use.
    static func label(_ type: UInt16, _ code: UInt16) -> String? {
        switch (type, code) {
        case (EventType.key, 114): "KEY_VOLUMEDOWN"
        case (EventType.key, 115): "KEY_VOLUMEUP"
        case (EventType.key, 116): "KEY_POWER"
        case (EventType.msc, 5): "MSC_TIMESTAMP"
        case (EventType.syn, _), (EventType.abs, _), (EventType.key, _):
            EventNames.code(type, code).contains("_\(code)") ? nil : EventNames.code(type, code)
        default: nil
        }
    }

    static func hex(_ value: Int, _ width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }

    /// `getevent -lp` (labels) or `-p`, with `-i`'s ids when asked.
    static func describe(_ devices: [(path: String, description: DeviceDescription)], labels: Bool = true, ids: Bool = false) -> String {
        var out = ""
        for (number, (path, d)) in devices.enumerated() {
            out += "add device \(number + 1): \(path)\n"
            if ids {
                out += "  bus:      \(hex(Int(d.bus), 4))\n  vendor    \(hex(Int(d.vendor), 4))\n"
                out += "  product   \(hex(Int(d.product), 4))\n  version   \(hex(Int(d.version), 4))\n"
            }
            out += "  name:     \"\(d.name)\"\n"
            if ids { out += "  location: \"\"\n  id:       \"\"\n  version:  1.0.1\n" }
            out += "  events:\n"
            var types = d.codes
            if !d.axes.isEmpty { types[EventType.abs] = Set(d.axes.keys) }
            let typeLabels: [UInt16: String] = [1: "KEY", 2: "REL", 3: "ABS", 4: "MSC", 5: "SW "]
            for type in types.keys.sorted() {
                out += "    \(typeLabels[type] ?? "???") (\(hex(Int(type), 4))):"
                for (count, code) in types[type]!.sorted().enumerated() {
                    if count > 0, count & (labels ? 3 : 7) == 0 || type == EventType.abs { out += "\n               " }
                    // A key held down when getevent looked is marked.
                    let down = type == EventType.key && code == 116 ? "*" : " "
                    if labels, let name = label(type, code) {
                        out += " " + padded(String(name.prefix(20)) + down, 21)
                    } else {
                        out += " \(hex(Int(code), 4))\(down)" + (labels ? String(repeating: " ", count: 16) : "")
                    }
                    if type == EventType.abs, let a = d.axes[code] {
                        out += " : value \(a.value), min \(a.minimum), max \(a.maximum), fuzz \(a.fuzz), flat \(a.flat), resolution \(a.resolution)"
                    }
                }
                out += "\n"
            }
            out += "  input props:\n"
            if d.properties.isEmpty { out += "    <none>\n" }
            for p in d.properties.sorted() {
                let names: [UInt16: String] = [0: "INPUT_PROP_POINTER", 1: "INPUT_PROP_DIRECT", 2: "INPUT_PROP_BUTTONPAD"]
                out += "    \(labels ? names[p] ?? hex(Int(p), 4) : hex(Int(p), 4))\n"
            }
        }
        return out
    }

    /// `getevent -lt` lines (or `-t`), with each device's path or none.
    static func log(_ events: [(path: String?, event: InputEvent)], labels: Bool = true, rate: Bool = false) -> String {
        var out = ""
        for (path, e) in events {
            let seconds = e.time.nanoseconds / 1_000_000_000, micros = e.time.nanoseconds % 1_000_000_000 / 1000
            out += "[" + String(repeating: " ", count: max(0, 8 - String(seconds).count)) + "\(seconds)."
            out += String(repeating: "0", count: 6 - String(micros).count) + "\(micros)] "
            if let path { out += "\(path): " }
            let value = String(UInt32(bitPattern: e.value), radix: 16)
            let paddedValue = String(repeating: "0", count: 8 - value.count) + value
            if labels {
                let typeName = EventNames.type(e.type).hasPrefix("EV_\(e.type)") ? hex(Int(e.type), 4) : EventNames.type(e.type)
                out += padded(typeName, 12) + " " + padded(label(e.type, e.code) ?? hex(Int(e.code), 4), 20) + " "
                let valueName: String? =
                    e.type == EventType.key ? ["UP", "DOWN", "REPEAT"].indices.contains(Int(e.value)) ? ["UP", "DOWN", "REPEAT"][Int(e.value)] : nil
                    : e.type == EventType.abs && e.code == AbsCode.mtToolType && (0...2).contains(e.value)
                        ? ["MT_TOOL_FINGER", "MT_TOOL_PEN", "MT_TOOL_PALM"][Int(e.value)] : nil
                out += valueName.map { padded($0, 20) } ?? paddedValue + String(repeating: " ", count: 12)
            } else {
                out += "\(hex(Int(e.type), 4)) \(hex(Int(e.code), 4)) \(paddedValue)"
            }
            if rate, e.isSynReport { out += " rate 100" }
            out += "\n"
        }
        return out
    }

    static func sameFrames(_ a: [TouchFrame], _ b: [TouchFrame]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { $0.timestamp == $1.timestamp && $0.touches == $1.touches && $0.physicalButtonDown == $1.physicalButtonDown }
    }

    /// Times as getevent prints them: microseconds.
    static func micros(_ events: [InputEvent]) -> [InputEvent] {
        events.map {
            var e = $0
            e.time = Timestamp(nanoseconds: $0.time.nanoseconds / 1000 * 1000)
            return e
        }
    }

    /// The touchscreen's events with the keys' and the sensor's interleaved, as getevent without a device prints them.
    static func interleaved(_ touch: [InputEvent]) -> [(path: String?, event: InputEvent)] {
        var lines: [(path: String?, event: InputEvent)] = []
        for (i, e) in touch.enumerated() {
            lines.append((path: "/dev/input/event2", event: e))
            if e.isSynReport, i % 5 == 0 {
                lines.append((path: "/dev/input/event4", event: InputEvent(time: e.time, type: EventType.msc, code: 5, value: Int32(i))))
                lines.append((path: "/dev/input/event4", event: InputEvent(time: e.time, type: EventType.abs, code: AbsCode.pressure, value: 7)))
                lines.append((path: "/dev/input/event4", event: e))
                lines.append((path: "/dev/input/event0", event: InputEvent(time: e.time, type: EventType.key, code: 116, value: 1)))
                lines.append((path: "/dev/input/event0", event: e))
            }
        }
        return lines
    }

    static func error(_ text: String) -> RecordingError? {
        do {
            _ = try GeteventFormat.parse(text, source: "log.txt")
            return nil
        } catch {
            return error
        }
    }

    // MARK: Logs and descriptions

    @Test func aLogWithItsDescriptionReplaysAsTheOriginal() throws {
        let original = try Self.scripted
        let devices = [("/dev/input/event0", Self.keyboard), ("/dev/input/event2", original.description!), ("/dev/input/event4", Self.sensor)]
        // As getevent -lt prints when given no device: each device's name first, then every device's events.
        let header = devices.enumerated().map { "add device \($0.offset + 1): \($0.element.0)\n  name:     \"\($0.element.1.name)\"\n" }.joined()
        let log = header + Self.log(Self.interleaved(original.events))
        #expect(GeteventFormat.looksLike(log))
        let expected = try Replay.frames(of: Recording(description: original.description, events: Self.micros(original.events)), source: "original")

        // The log alone describes no device: gestured replay asks for --description, and a -lp file is one.
        let bare = try Recording.parse(log, source: "touches.txt")
        #expect(bare.description == nil)
        #expect(bare.events == Self.micros(original.events))
        #expect(throws: InputError(device: "touches.txt", Replay.missingDescription)) { try Replay.frames(of: bare, source: "touches.txt") }
        let described = try #require(try Recording.parse(Self.describe(devices, ids: true), source: "device.txt").description)
        #expect(described == original.description!)
        let given = try Recording.parse(log, source: "touches.txt", description: described)
        #expect(Self.sameFrames(try Replay.frames(of: given, source: "touches.txt"), expected))

        // Descriptions and log in one file: the touchscreen's own description is taken.
        let both = try Recording.parse(Self.describe(devices, ids: true) + log, source: "both.txt")
        #expect(both.description == original.description!)
        #expect(Self.sameFrames(try Replay.frames(of: both, source: "both.txt"), expected))
    }

    @Test func theDescriptionHasAxesResolutionPropertiesNameAndIds() throws {
        let screen = DeviceDescription(
            name: "synaptics_dsx_i2c", bus: 0x18, vendor: 0x06cb, product: 0x7e2b, version: 0x0100, properties: [InputProperty.direct],
            codes: [EventType.key: [KeyCode.touch, KeyCode.toolFinger, 116]],
            axes: [
                AbsCode.mtSlot: AbsInfo(value: 3, minimum: 0, maximum: 9),
                AbsCode.mtTouchMajor: AbsInfo(minimum: 0, maximum: 255),
                AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1079, fuzz: 2, flat: 1, resolution: 12),
                AbsCode.mtPositionY: AbsInfo(minimum: -5, maximum: 2339, resolution: 12),
                AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
                AbsCode.mtPressure: AbsInfo(minimum: 0, maximum: 255),
            ])
        for (labels, ids) in [(true, false), (false, false), (true, true), (false, true)] {
            let text = Self.describe([("/dev/input/event0", Self.keyboard), ("/dev/input/event3", screen)], labels: labels, ids: ids)
            let d = try #require(try GeteventFormat.parse(text, source: "device.txt").description, "\(text)")
            #expect(d.name == screen.name)
            #expect(d.axes == screen.axes, "\(text)")
            #expect(d.properties == [InputProperty.direct])
            // KEY_POWER (116) is kept in hex; by name it is a keyboard key, skipped.
            #expect(d.codes == (labels ? [EventType.key: [KeyCode.touch, KeyCode.toolFinger]] : screen.codes))
            if ids {
                #expect([d.bus, d.vendor, d.product, d.version] == [0x18, 0x06cb, 0x7e2b, 0x0100])
            } else {
                #expect([d.bus, d.vendor, d.product, d.version] == [0, 0, 0, 0])
            }
            #expect(DeviceKind.classify(d) == .touchscreen)
            let axes = try #require(d.positionAxes)
            #expect(SurfaceGeometry(x: axes.x, y: axes.y).size == Size(width: 1079.0 / 12, height: 2344.0 / 12))
        }
    }

    @Test func theLogWithoutLabelsOrPathsAndWithRatesIsTheSame() throws {
        let original = try Self.scripted
        let expected = Self.micros(original.events)
        let hex = Self.log(original.events.map { (path: nil, event: $0) }, labels: false, rate: true)
        #expect(hex.hasPrefix("[       0.500000] 0003 0039 00000000\n"))
        #expect(try GeteventFormat.parse(hex, source: "t.txt").events == expected)
        let labelled = Self.log(original.events.map { (path: nil, event: $0) })
        #expect(labelled.hasPrefix("[       0.500000] EV_ABS       ABS_MT_TRACKING_ID   00000000            \n"))
        #expect(try GeteventFormat.parse(labelled, source: "lt.txt").events == expected)
        // Without paths, the description is the -lp block's with position axes.
        let withDescription =
            Self.describe([("/dev/input/event0", Self.keyboard), ("/dev/input/event1", original.description!)], ids: true) + labelled
        #expect(try GeteventFormat.parse(withDescription, source: "lt.txt").description == original.description)
    }

    @Test func valuesAreHexOrNamed() throws {
        let text = """
            [   12345.000001] /dev/input/event1: EV_ABS       ABS_MT_TRACKING_ID   ffffffff            
            [   12345.000001] /dev/input/event1: EV_ABS       ABS_MT_POSITION_X    000001c3            
            [   12345.000001] /dev/input/event1: EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_PEN         
            [   12345.000001] /dev/input/event1: EV_KEY       BTN_TOUCH            DOWN                
            [   12345.000001] /dev/input/event1: EV_KEY       BTN_TOOL_FINGER      UP                  
            [   12345.000001] /dev/input/event1: EV_KEY       0220                 REPEAT              
            [   12345.000001] /dev/input/event1: EV_MSC       MSC_SCAN             00090001            
            [   12345.000001] /dev/input/event1: 0019         0003                 80000000            
            [   12345.999999] /dev/input/event1: EV_SYN       SYN_REPORT           00000000             rate 60
            """
        let events = try GeteventFormat.parse(text, source: "v.txt").events
        #expect(events.map(\.value) == [-1, 0x1c3, MTTool.pen, 1, 0, 2, 0x90001, Int32.min, 0])
        #expect(events.map(\.code) == [AbsCode.mtTrackingID, AbsCode.mtPositionX, AbsCode.mtToolType, KeyCode.touch, KeyCode.toolFinger, 0x220, 4, 3, 0])
        #expect(events[7].type == 0x19)
        #expect(events.last?.time == Timestamp(nanoseconds: 12_345_999_999_000))
    }

    @Test func keysItDoesNotKnowAreSkippedAndSoAreGeteventsComplaints() throws {
        let text = """
            add device 1: /dev/input/event1\r
              name:     "touch"\r
            could not get driver version for /dev/input/mice, Not a typewriter\r
            add device 2: /dev/input/event0\r
              name:     "keys"\r
            [     100.000000] /dev/input/event0: EV_KEY       KEY_VOLUMEDOWN       DOWN                \r
            [     100.000000] /dev/input/event0: EV_SW        SW_HEADPHONE_INSERT  00000001            \r
            [     100.000000] /dev/input/event0: EV_SYN       SYN_REPORT           00000000            \r
            [     100.100000] /dev/input/event1: EV_ABS       ABS_MT_TRACKING_ID   00000001            \r
            [     100.100000] /dev/input/event1: EV_ABS       ABS_MT_POSITION_X    00000010            \r
            [     100.100000] /dev/input/event1: EV_KEY       KEY_WAKEUP           DOWN                \r
            [     100.100000] /dev/input/event1: EV_SYN       SYN_REPORT           00000000            \r
            remove device 2: /dev/input/event0\r

            """
        let recording = try GeteventFormat.parse(text, source: "adb.txt")
        #expect(recording.description == nil)
        #expect(recording.events.count == 3)
        #expect(recording.events.allSatisfy { $0.type != EventType.key })
    }

    @Test func aSingleTouchDeviceIsTakenWhenNoneIsMultitouch() throws {
        let text = """
            [       1.000000] /dev/input/event3: EV_KEY       BTN_LEFT             DOWN                
            [       1.000000] /dev/input/event3: EV_SYN       SYN_REPORT           00000000            
            [       1.500000] /dev/input/event5: EV_ABS       ABS_X                00000010            
            [       1.500000] /dev/input/event5: EV_ABS       ABS_Y                00000020            
            [       1.500000] /dev/input/event5: EV_SYN       SYN_REPORT           00000000            
            [       2.000000] /dev/input/event6: EV_ABS       ABS_X                00000010            
            """
        let recording = try GeteventFormat.parse(text, source: "st.txt")
        #expect(recording.events.count == 3)
        #expect(recording.events.first?.code == AbsCode.x)
    }

    @Test func multitouchDescriptionsComeFirstAndAccelerometersNever() throws {
        let text = """
            add device 1: /dev/input/event1
              name:     "bma250"
              events:
                ABS (0003): ABS_X                 : value 0, min -512, max 512, fuzz 0, flat 0, resolution 0
                            ABS_Y                 : value 0, min -512, max 512, fuzz 0, flat 0, resolution 0
              input props:
                INPUT_PROP_ACCELEROMETER
            add device 2: /dev/input/event2
              name:     "single"
              events:
                ABS (0003): ABS_X                 : value 0, min 0, max 99, fuzz 0, flat 0, resolution 0
                            ABS_Y                 : value 0, min 0, max 99, fuzz 0, flat 0, resolution 0
            add device 3: /dev/input/event3
              name:     "multi"
              events:
                ABS (0003): ABS_MT_POSITION_X     : value 0, min 0, max 99, fuzz 0, flat 0, resolution 0
                            ABS_MT_POSITION_Y     : value 0, min 0, max 99, fuzz 0, flat 0, resolution 0
            """
        #expect(try GeteventFormat.parse(text, source: "d.txt").description?.name == "multi")
        let twoLines = text.split(separator: "\n").prefix(13).joined(separator: "\n")
        #expect(try GeteventFormat.parse(twoLines, source: "d.txt").description?.name == "single")
        let accelerometerOnly = text.split(separator: "\n").prefix(7).joined(separator: "\n")
        #expect(Self.error(accelerometerOnly)?.message.contains("none of the 1 devices described has touch position axes") == true)
    }

    @Test func noTouchDeviceIsAnError() {
        let log = """
            add device 1: /dev/input/event0
              name:     "gpio-keys"
            [     100.000000] /dev/input/event0: EV_KEY       KEY_POWER            DOWN                
            [     100.000000] /dev/input/event0: EV_SYN       SYN_REPORT           00000000            
            [     100.000000] /dev/input/event4: EV_MSC       MSC_TIMESTAMP        00000001            
            """
        #expect(Self.error(log) == RecordingError(
            source: "log.txt", line: 3,
            "no device in the log sends touch positions (ABS_MT_POSITION_X/Y or ABS_X/Y); its devices: /dev/input/event0, /dev/input/event4"))
        let descriptions = Self.describe([("/dev/input/event0", Self.keyboard), ("/dev/input/event4", Self.sensor)])
        let error = Self.error(descriptions)
        #expect(error?.line == 1)
        #expect(error?.message == "none of the 2 devices described has touch position axes (ABS_MT_POSITION_X/Y or ABS_X/Y; an accelerometer's do not count): no touch device among \"gpio-keys\", \"light sensor\"")
    }

    // MARK: Which reader

    @Test(arguments: [
        ("add device 1: /dev/input/event2\n  name:     \"x\"\n", true),
        ("[   12345.678901] /dev/input/event2: EV_SYN SYN_REPORT 00000000\n", true),
        ("[1.000000] 0000 0000 00000000\n", true),
        ("/dev/input/event2: EV_SYN       SYN_REPORT           00000000\n", true),
        ("# EVEMU 1.3\nN: pad\nE: 0.000000 0000 0000 0\n", false),
        ("# [1.0] add device 1: quoted in a comment\n", false),
        ("[x] not a time\n", false),
    ])
    func geteventIsToldByItsLineStarts(text: String, isGetevent: Bool) {
        #expect(GeteventFormat.looksLike(text) == isGetevent)
    }

    @Test func recordingParseChoosesEachReader() throws {
        #expect(try Recording.parse("[ 1.000000] /dev/input/event1: EV_ABS ABS_MT_POSITION_X 00000001\n", source: "g").events.count == 1)
        // evtest's device list names nodes at a line's start too, but its header decides first.
        let evtest = "/dev/input/event3:\tpad\nInput driver version is 1.0.1\nEvent: time 1.000000, type 3 (EV_ABS), code 0 (ABS_X), value 5\n"
        #expect(try Recording.parse(evtest, source: "e").events.count == 1)
    }

    // MARK: Errors, each at its line

    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let line: Int
        let message: String
        var testDescription: String { message }
    }

    static let ok = "[       1.000000] /dev/input/event1: EV_ABS       ABS_MT_POSITION_X    00000001\n"

    @Test(arguments: [
        Case(text: ok + "/dev/input/event1: EV_ABS ABS_X 00000001\n", line: 2, message: "an event without its time: capture with getevent -lt (or -t)"),
        Case(text: "EV_ABS ABS_X 00000001\n", line: 1, message: "an event without its time"),
        Case(text: ok + "[abc] /dev/input/event1: EV_ABS ABS_X 00000001\n", line: 2, message: "expected [SECONDS.MICROSECONDS] at the start"),
        Case(text: ok + "[-1.000000] /dev/input/event1: EV_ABS ABS_X 00000001\n", line: 2, message: "expected [SECONDS.MICROSECONDS]"),
        Case(text: ok + "[9000000000.000000] /dev/input/event1: EV_ABS ABS_X 00000001\n", line: 2, message: "seconds below 9000000000"),
        Case(text: ok + "[1.000000 /dev/input/event1: EV_ABS ABS_X 00000001\n", line: 2, message: "expected [SECONDS.MICROSECONDS]"),
        Case(text: ok + "[99999999999999999999.000000] EV_ABS ABS_X 00000001\n", line: 2, message: "expected [SECONDS.MICROSECONDS]"),
        Case(text: ok + "[1.1234567890] /dev/input/event1: EV_ABS ABS_X 00000001\n", line: 2, message: "expected [SECONDS.MICROSECONDS]"),
        Case(text: "add device 99999999999: /dev/input/event1\n", line: 1, message: "expected add device N: PATH"),
        Case(text: ok + "[1.000000] /dev/input/event1: EV_ABS ABS_X 100000000\n", line: 2, message: "expected a value: up to 8 hex digits"),
        Case(text: ok + "[1.000000] /dev/input/event1: EV_ABS ABS_X -0000001\n", line: 2, message: "expected a value"),
        Case(text: ok + "[1.000000] /dev/input/event1: EV_ABS ABS_MT_POSITON_X 00000001\n", line: 2, message: "unknown axis ABS_MT_POSITON_X"),
        Case(text: ok + "[1.000000] /dev/input/event1: EV_SYN SYN_FOO 00000000\n", line: 2, message: "unknown report SYN_FOO"),
        Case(text: ok + "[1.000000] /dev/input/event1: EV_FOO ABS_X 00000001\n", line: 2, message: "unknown event type EV_FOO"),
        Case(text: ok + "[1.000000] /dev/input/event1: EV_ABS 0040 00000001\n", line: 2, message: "axis 0040 beyond ABS_MAX (3f)"),
        Case(text: ok + "[1.000000] /dev/input/event1: 0001 0400 00000001\n", line: 2, message: "code 0400 beyond 03ff: no event type has codes that high"),
        Case(text: ok + "[1.000000] /dev/input/event1: 10000 0000 00000001\n", line: 2, message: "expected getevent's output"),
        Case(text: ok + "[1.000000] /dev/input/event1: EV_ABS ABS_X\n", line: 2, message: "expected getevent's output"),
        Case(text: ok + "[1.000000] EV_ABS ABS_X 00000001\n", line: 2, message: "an event without its device path"),
        Case(text: "[1.000000] EV_ABS ABS_X 00000001\n" + ok, line: 2, message: "an event with a device path, in a log whose events name none"),
        Case(text: ok + "E: 0.000000 0000 0000 0\n", line: 2, message: "expected getevent's output"),
        Case(text: "add device x: /dev/input/event1\n", line: 1, message: "expected add device N: PATH"),
        Case(text: "  name:     \"x\"\n", line: 1, message: "an indented line outside a device's description"),
        Case(text: "add device 1: /dev/input/event1\n  flavour: x\n", line: 2, message: "unexpected line in a device's description"),
        Case(text: "add device 1: /dev/input/event1\n  events:\n    BTN_TOUCH\n", line: 3, message: "expected an event type's line"),
        Case(text: "add device 1: /dev/input/event1\n  events:\n    ??? (0020): 0001\n", line: 3, message: "expected an event type: NAME (TYPE in hex, at most 001f):"),
        Case(text: "add device 1: /dev/input/event1\n  events:\n    KEY (0001): 0400\n", line: 3, message: "code 0400 beyond 03ff: no event type has codes that high"),
        Case(
            text: "add device 1: /dev/input/event1\n  events:\n    ABS (0003): ABS_X : value 0, min 0, max 9, fuzz 0\n", line: 3,
            message: "expected an axis: ABS_NAME : value V, min A, max B, fuzz F, flat L, resolution R"),
        Case(
            text: "add device 1: /dev/input/event1\n  events:\n    ABS (0003): ABS_X : value 0, min 0, max 9999999999, fuzz 0, flat 0\n",
            line: 3, message: "expected an axis"),
        Case(
            text: "add device 1: /dev/input/event1\n  events:\n    ABS (0003): ABS_X : value 0, min 0, min 1, max 9, fuzz 0, flat 0\n",
            line: 3, message: "expected an axis"),
        Case(text: "add device 1: /dev/input/event1\n  events:\n    ABS (0003): ABS_FOO : value 0\n", line: 3, message: "unknown axis ABS_FOO"),
        Case(text: "add device 1: /dev/input/event1\n  input props:\n    0020\n", line: 3, message: "input property 0020 beyond INPUT_PROP_MAX (1f)"),
        Case(text: "add device 1: /dev/input/event1\n  input props:\n    direct?\n", line: 3, message: "expected an input property"),
        Case(text: "add device 1: /dev/input/event1\n  bus:      18x\n", line: 2, message: "expected bus: and a hex number"),
    ])
    func errorsNameTheirLine(_ c: Case) throws {
        let error = try #require(Self.error(c.text), "no error for \(c.text)")
        #expect(error.source == "log.txt")
        #expect(error.line == c.line, "\(error)")
        #expect(error.message.contains(c.message), "\(error)")
    }

    // MARK: Hostile values

    @Test func absurdDescriptionsGiveErrorsWhenReplayed() throws {
        let text = """
            add device 1: /dev/input/event1
              events:
                ABS (0003): ABS_MT_SLOT           : value 2147483647, min -2147483648, max 2147483647, fuzz 0, flat 0, resolution 0
                            ABS_MT_POSITION_X     : value 0, min 2147483647, max -2147483648, fuzz 0, flat 0, resolution -1
                            ABS_MT_POSITION_Y     : value 0, min 0, max 0, fuzz 0, flat 0, resolution 0
            [       1.000000] EV_ABS       ABS_MT_SLOT          7fffffff
            [       1.000000] EV_ABS       ABS_MT_TRACKING_ID   7fffffff
            [       1.000000] EV_ABS       ABS_MT_POSITION_X    80000000
            [       1.000000] EV_SYN       SYN_REPORT           00000000
            """
        let recording = try GeteventFormat.parse(text, source: "x.txt")
        #expect(recording.description?.slotCount == Int(Int32.max) + 1)
        #expect(throws: InputError.self) { try Replay.frames(of: recording, source: "x.txt") }
    }

    @Test func manyDevicesAndLongLinesAreOnlyText() throws {
        var text = ""
        for i in 0..<2000 { text += "add device \(i): /dev/input/event\(i)\n  name:     \"\(String(repeating: "n", count: 200))\"\n" }
        text += "[1.000000] /dev/input/event7: EV_ABS ABS_MT_POSITION_X 00000001\n"
        let recording = try GeteventFormat.parse(text, source: "many.txt")
        #expect(recording.events.count == 1)
        #expect(recording.description == nil)
    }
}
