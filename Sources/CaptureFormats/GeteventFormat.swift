import GestureEngine
import Glibc
import InputCore

/// What Android's `getevent` prints. Events (`getevent -lt`): `[    1234.567890] /dev/input/event2: EV_ABS
/// ABS_MT_POSITION_X    000001c3`, type and code by name, the value in hex (`ffffffff` is -1; `DOWN`, `UP`, `REPEAT`
/// and `MT_TOOL_*` by name); without `-l` type and code are hex too; the device path is missing when getevent was
/// given one device, and `-r` adds `rate N` to reports. Devices (`getevent -lp`, `-p` or `-i`): `add device N: PATH`,
/// `name: "..."`, then under `events:` a line per type, `KEY (0001): BTN_TOUCH ...` (a `*` marks a key held down) and
/// one line per axis, `ABS (0003): ABS_MT_POSITION_X : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0`, and
/// under `input props:` the properties. getevent's own complaints (`could not open ...`) are skipped.
///
/// A log may interleave several devices: the recording is the first one whose events contain multitouch positions,
/// else the first with single-touch ones. Its description is its `-lp` block when the text has one; a text of
/// descriptions alone (and a log without device paths) takes the first multitouch device described, else the first
/// with single-touch position axes (an accelerometer's ABS_X/ABS_Y do not count), so that a `-lp` file serves as
/// `gestured replay --description`.
///
/// Names gestured does not know are skipped where they cannot matter to touches (keyboard keys, switches, LEDs and
/// the like: their codes are left out of the description and their events out of the recording); an axis, a
/// report or an event type it does not know is an error.
public enum GeteventFormat {
    /// getevent's lines start a line: `add device `, a `[` time, or a device path (`getevent -l` without times,
    /// which the reader refuses, saying why).
    static func looksLike(_ text: String) -> Bool { anyLineStart(of: text, where: startsLine) }

    /// Whether a line (the bytes from its start to the text's end) is one of getevent's.
    static func startsLine(_ rest: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = rest.first, first == UInt8(ascii: "a") || first == UInt8(ascii: "/") || first == UInt8(ascii: "[") else {
            return false
        }
        if rest.starts(with: addDevice) || rest.starts(with: devicePath) { return true }
        guard first == UInt8(ascii: "[") else { return false }
        // [, blanks, a digit: a time.
        guard let digit = rest.dropFirst().first(where: { $0 != UInt8(ascii: " ") }) else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit)
    }

    private static let addDevice = Array("add device ".utf8)
    private static let devicePath = Array("/dev/input/".utf8)

    private struct Device {
        var path: String
        var line: Int
        var name: String?
        var ids: [UInt16] = []
        var properties: Set<UInt16> = []
        var codes: [UInt16: Set<UInt16>] = [:]
        var axes: [UInt16: AbsInfo] = [:]

        var description: DeviceDescription? {
            guard !axes.isEmpty else { return nil }
            return DeviceDescription(
                name: name ?? path, bus: ids.count == 4 ? ids[0] : 0, vendor: ids.count == 4 ? ids[1] : 0,
                product: ids.count == 4 ? ids[2] : 0, version: ids.count == 4 ? ids[3] : 0,
                properties: properties, codes: codes, axes: axes)
        }
    }

    /// What the indented lines under `add device` are about.
    private enum Section {
        case header
        case events(type: UInt16?)
        case properties
        /// `-d`/`-i`: the HID report descriptor's dump, up to the next device.
        case hidDescriptor
    }

    /// The events of one device path ("" for a log without paths), and whether they carry positions.
    private struct Stream {
        var events: [InputEvent] = []
        var multitouch = false
        var singleTouch = false
    }

    /// The events of the log's event lines, by device path: streams in the order their devices first sent an
    /// event. The stream of the last line's device is kept apart from the list (a device sends its events in runs,
    /// and appending to an array inside an array inside a tuple checked both for sharing each time), with its path
    /// as the text's own bytes, which the next line's are compared with in place. One value, so that the reader's
    /// closure reaches it once a line (each captured variable it touches is an access checked at run time).
    private struct Streams {
        var list: [(path: String, stream: Stream)] = []
        var index: [String: Int] = [:]
        /// The last line's stream, out of `list` (its place there holds an empty one) until another device's line.
        var current = Stream()
        var currentIndex: Int?
        /// The last line's path, in the text's bytes: valid while its lines are read (`forEachLine`), and only
        /// compared with the next line's there.
        var currentPath: UnsafeBufferPointer<UInt8>?
        var firstEventLine: Int?
        var lastEventLine: Int?
        var withPaths: Bool?

        /// An event line's event (none when its code is a name that cannot matter) and its device's path, as the
        /// text's bytes; `samePath`: the last line's path, as `currentPath` has it.
        @inline(__always)
        mutating func add(_ parsed: InputEvent?, path: UnsafeBufferPointer<UInt8>?, samePath: Bool, line n: Int, source: String)
            throws(RecordingError)
        {
            try note(named: path != nil, line: n, source: source)
            guard let event = parsed else { return }
            if !samePath {
                let bytes = path ?? UnsafeBufferPointer(start: nil, count: 0)
                switchStream(to: String(decoding: bytes, as: UTF8.self))
                currentPath = bytes
            }
            append(event)
        }

        /// The same for a line the String code read: its path is not in the text's bytes, so the next line's is
        /// not compared in place.
        mutating func add(_ parsed: InputEvent?, path: Substring?, line n: Int, source: String) throws(RecordingError) {
            try note(named: path != nil, line: n, source: source)
            guard let event = parsed else { return }
            switchStream(to: path.map(String.init) ?? "")
            currentPath = nil
            append(event)
        }

        /// A log's event lines all name their device or none does.
        @inline(__always)
        private mutating func note(named: Bool, line n: Int, source: String) throws(RecordingError) {
            if let withPaths, withPaths != named {
                throw RecordingError(
                    source: source, line: n,
                    withPaths
                        ? "an event without its device path, in a log whose events name their device"
                        : "an event with a device path, in a log whose events name none")
            }
            withPaths = named
            firstEventLine = firstEventLine ?? n
            lastEventLine = n
        }

        @inline(__always)
        private mutating func append(_ event: InputEvent) {
            current.events.append(event)
            if event.type == EventType.abs {
                if event.code == AbsCode.mtPositionX || event.code == AbsCode.mtPositionY { current.multitouch = true }
                if event.code == AbsCode.x || event.code == AbsCode.y { current.singleTouch = true }
            }
        }

        /// The stream of the device at `path` ("" for none) becomes the current one, the current one going back to
        /// its place.
        private mutating func switchStream(to path: String) {
            if let currentIndex, list[currentIndex].path == path { return }
            finish()
            let s = index[path] ?? list.count
            if s == list.count {
                list.append((path, Stream()))
                index[path] = s
            }
            swap(&current, &list[s].stream)
            currentIndex = s
        }

        /// The current stream back in the list, for reading the list.
        mutating func finish() {
            if let currentIndex { swap(&current, &list[currentIndex].stream) }
            currentIndex = nil
            currentPath = nil
        }
    }

    public static func parse(_ text: String, source: String) throws(RecordingError) -> Recording {
        // Never nil: only parseIfChosen gives up.
        try read(text, source: source, ifChosen: false)!
    }

    /// The recording when the text is getevent's and no other reader's (Recording's choice: no line starts as
    /// libinput's or evtest's, and some line as getevent's), nil otherwise; an error of getevent's is thrown
    /// either way, for the caller to set aside until the choice is made.
    public static func parseIfChosen(_ text: String, source: String) throws(RecordingError) -> Recording? {
        try read(text, source: source, ifChosen: true)
    }

    private static func read(_ text: String, source: String, ifChosen: Bool) throws(RecordingError) -> Recording? {
        var devices: [Device] = []
        var current: Int?
        var section = Section.header
        var streams = Streams()
        var ownLines = false
        var otherLine = false

        // Event lines, nearly all of a log, are read from the bytes when they have getevent's usual shape; the
        // rest is split into words on the bytes (by Character, the evemu reader's old way, with names looked up
        // as Strings, 100,000 events took 0.97 s instead of 0.25 s). A line read from the bytes starts `[`, blanks
        // and a digit: getevent's own, and no other reader's.
        // adb's pseudo-terminal ends lines with \r\n, whose \r goes with the trailing blanks.
        if ifChosen {
            // Tried first when the text starts as getevent's (its name tables cost 700,000 instructions to make,
            // which another reader's text should not pay); otherwise Recording's choice is made first.
            var text = text
            guard text.withUTF8(startsLine) else { return nil }
        }
        let names = eventNames
        try forEachLine(of: text) { (scanner, n) throws(RecordingError) in
            if ifChosen, !ownLines { ownLines = startsLine(scanner.fromLineStart) }
            if let (path, samePath, event) = eventFields(scanner, names, lastPath: streams.currentPath) {
                try streams.add(event, path: path, samePath: samePath, line: n, source: source)
                return
            }
            if ifChosen, LibinputRecordFormat.startsLine(scanner.fromLineStart) || EvtestFormat.startsLine(scanner.fromLineStart) {
                otherLine = true
                scanner.stopReading()
                return
            }
            func fail(_ message: String) -> RecordingError { RecordingError(source: source, line: n, message) }
            let line = scanner.line.trimmedEnd()
            guard let first = line.utf8.first else { return }
            if first == UInt8(ascii: "[") {
                // An event line, by far the most common: the checks below are for the others.
            } else if line.hasPrefix("add device ") {
                let fields = fields(line.dropFirst("add device ".count))
                guard fields.count == 2, fields[0].hasSuffix(":"), UInt32(fields[0].dropLast()) != nil else {
                    throw fail("expected add device N: PATH")
                }
                devices.append(Device(path: String(fields[1]), line: n))
                current = devices.count - 1
                section = .header
                return
            } else if line.hasPrefix("remove device ") {
                current = nil
                return
            } else if line.hasPrefix("could not ") || line.hasPrefix("Can't enable monotonic clock") {
                return
            } else if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                // A device's description ends at an event line.
                guard let d = current, streams.lastEventLine.map({ $0 < devices[d].line }) ?? true else {
                    throw fail("an indented line outside a device's description (getevent -lp starts each with add device N: PATH)")
                }
                try describe(&devices[d], line.trimmedSubstring(), section: &section, fail: fail)
                return
            }
            let (path, parsed) = try eventLine(line, fail: fail)
            try streams.add(parsed, path: path, line: n, source: source)
        }
        if ifChosen, otherLine || !ownLines { return nil }
        streams.finish()
        let described = devices.compactMap { device in device.description.map { (device.path, $0) } }
        // Multitouch positions first, then single-touch ones; not a motion sensor's.
        let touch = described.map(\.1).filter { !$0.properties.contains(InputProperty.accelerometer) }
        let touchDescription = touch.first { $0.isMultitouch } ?? touch.first { $0.positionAxes != nil }
        guard let firstEventLine = streams.firstEventLine else {
            if devices.contains(where: { !$0.axes.isEmpty || !$0.codes.isEmpty }), touchDescription == nil {
                throw RecordingError(
                    source: source, line: devices[0].line,
                    "none of the \(devices.count) devices described has touch position axes "
                        + "(ABS_MT_POSITION_X/Y or ABS_X/Y; an accelerometer's do not count): "
                        + "no touch device among \(devices.map { "\"\($0.name ?? $0.path)\"" }.joined(separator: ", "))")
            }
            return Recording(description: touchDescription, events: [])
        }
        guard let chosen = streams.list.first(where: { $0.stream.multitouch }) ?? streams.list.first(where: { $0.stream.singleTouch })
        else {
            let names = streams.list.map(\.path).filter { !$0.isEmpty }
            throw RecordingError(
                source: source, line: firstEventLine,
                "no device in the log sends touch positions (ABS_MT_POSITION_X/Y or ABS_X/Y)"
                    + (names.isEmpty ? "" : "; its devices: \(names.joined(separator: ", "))"))
        }
        let description = chosen.path.isEmpty ? touchDescription : described.last { $0.0 == chosen.path }?.1
        return Recording(description: description, events: chosen.stream.events)
    }

    /// One indented line of a `-p` description.
    private static func describe(
        _ device: inout Device, _ line: Substring, section: inout Section, fail: (String) -> RecordingError
    ) throws(RecordingError) {
        if case .hidDescriptor = section { return }
        let fields = fields(line)
        switch fields.first {
        case "name:":
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
            device.name = quoted.count >= 3 ? quoted.dropFirst().dropLast().joined(separator: "\"") : line.dropFirst(5).trimmed()
            return
        case "bus:", "vendor", "product", "version":
            guard fields.count == 2, let id = UInt16(hex: fields[1]) else { throw fail("expected \(fields[0]) and a hex number") }
            if fields[0] == "bus:" { device.ids = [] }
            device.ids.append(id)
            return
        case "version:", "location:", "id:":
            return  // the driver's version, the physical path and the unique id: nothing gestured uses
        case "events:":
            section = .events(type: nil)
            return
        case "HID":
            section = .hidDescriptor
            return
        default:
            break
        }
        if line == "input props:" {
            section = .properties
            return
        }
        switch section {
        case .properties:
            guard fields.count == 1 else { throw fail("expected one input property, INPUT_PROP_NAME or its number in hex") }
            if fields[0] == "<none>" || fields[0] == "<not" { return }
            if let property = UInt16(hex: fields[0]) ?? propertyNames[fields[0]] {
                guard property <= 0x1f else { throw fail("input property \(fields[0]) beyond INPUT_PROP_MAX (1f)") }
                device.properties.insert(property)
            } else if !isName(fields[0]) {
                throw fail("expected an input property, INPUT_PROP_NAME or its number in hex")
            }
        case .events(var type):
            var rest = line[...]
            // "ABS (0003): ..." starts a type; the lines after it without one continue it.
            if let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")"), open < close,
                rest[rest.index(after: close)...].hasPrefix(":")
            {
                guard let t = UInt16(hex: rest[rest.index(after: open)..<close]), t <= 0x1f else {
                    throw fail("expected an event type: NAME (TYPE in hex, at most 001f):")
                }
                type = t
                section = .events(type: t)
                rest = rest[rest.index(close, offsetBy: 2)...]
            }
            guard let type else { throw fail("expected an event type's line, NAME (TYPE in hex): CODE ...") }
            try codes(rest, type: type, into: &device, fail: fail)
        case .header, .hidDescriptor:
            throw fail("unexpected line in a device's description; expected name:, events: or input props: (getevent -lp)")
        }
    }

    /// The codes on a type's line: names or hex, each maybe marked `*` (held down); an axis with its absinfo.
    private static func codes(
        _ text: Substring, type: UInt16, into device: inout Device, fail: (String) -> RecordingError
    ) throws(RecordingError) {
        if type == EventType.abs {
            let what = "expected an axis: ABS_NAME : value V, min A, max B, fuzz F, flat L, resolution R"
            guard let colon = text.firstIndex(of: ":") else { throw fail(what) }
            let names = fields(text[..<colon])
            guard names.count == 1, let code = try code(names[0], type: type, fail: fail) else { throw fail(what) }
            var info = AbsInfo(minimum: 0, maximum: 0)
            var seen: Set<Substring> = []
            for part in text[text.index(after: colon)...].split(separator: ",") {
                let pair = fields(part)
                guard pair.count == 2, let number = Int32(pair[1]), seen.insert(pair[0]).inserted else { throw fail(what) }
                switch pair[0] {
                case "value": info.value = number
                case "min": info.minimum = number
                case "max": info.maximum = number
                case "fuzz": info.fuzz = number
                case "flat": info.flat = number
                case "resolution": info.resolution = number
                default: throw fail(what)
                }
            }
            // Older getevent prints no resolution.
            guard seen.isSuperset(of: ["value", "min", "max", "fuzz", "flat"]) else { throw fail(what) }
            device.axes[code] = info
            return
        }
        for word in fields(text) {
            let name = word.hasSuffix("*") ? word.dropLast() : word
            guard let code = try code(name, type: type, fail: fail) else { continue }
            if type != EventType.syn { device.codes[type, default: []].insert(code) }
        }
    }

    /// A code by name or in hex; nil for a name gestured does not know where that cannot matter.
    private static func code(_ word: Substring, type: UInt16, fail: (String) -> RecordingError) throws(RecordingError) -> UInt16? {
        if let code = UInt16(hex: word) {
            guard code <= codeLimit else { throw fail("code \(word) beyond 03ff: no event type has codes that high (KEY_MAX is 02ff)") }
            guard type != EventType.abs || code <= 0x3f else { throw fail("axis \(word) beyond ABS_MAX (3f)") }
            return code
        }
        let table: [Substring: UInt16]? =
            switch type {
            case EventType.syn: synNames
            case EventType.key: keyNames
            case EventType.rel: relNames
            case EventType.abs: absNames
            case EventType.msc: mscNames
            default: nil
            }
        if let code = table?[word] { return code }
        guard isName(word) else { throw fail("expected a code: a NAME or a number in hex, not \(word)") }
        if type == EventType.abs || type == EventType.syn {
            throw fail("unknown \(type == EventType.abs ? "axis" : "report") \(word)")
        }
        return nil
    }

    /// An event line as `getevent -lt` or `-t` prints it, `[ SECONDS.MICROSECONDS] PATH: TYPE CODE VALUE`
    /// (the path maybe missing), read from the bytes, names looked up by their bytes: the path, whether it is
    /// `lastPath` (compared in place, as a device sends its events in runs), and the event. Nil for anything else
    /// (a name it does not know, `rate`, a line that is wrong), which eventLine reads and judges.
    private static func eventFields(_ line: LineScanner, _ names: EventNames, lastPath: UnsafeBufferPointer<UInt8>?)
        -> (path: UnsafeBufferPointer<UInt8>?, samePath: Bool, event: InputEvent)?
    {
        var scanner = line
        guard scanner.take(UInt8(ascii: "[")) else { return nil }
        scanner.skipBlanks()
        guard let (seconds, micros) = scanner.time() else { return nil }
        scanner.skipBlanks()
        guard scanner.take(UInt8(ascii: "]")) else { return nil }
        scanner.skipBlanks()
        var path: UnsafeBufferPointer<UInt8>?
        var samePath = false
        if let lastPath, scanner.take(path: lastPath) {
            path = lastPath
            samePath = true
        } else {
            let start = scanner.position
            let word = scanner.word()
            if word.last == UInt8(ascii: ":") {
                path = UnsafeBufferPointer(rebasing: word.dropLast())
            } else {
                scanner.move(to: start)
            }
        }
        if path != nil { scanner.skipBlanks() }
        // A log without paths: the same stream as the last line's when that had none either.
        if path == nil, let lastPath, lastPath.baseAddress == nil { samePath = true }
        // Each field is a name or hex digits (-lt prints names, -t hex; no name is hex digits alone): a field that
        // starts with a decimal digit is read as hex, any other looked up as a name first, so that neither form pays
        // for a try at the other.
        guard let type = (startsWithDigit(scanner) ? nil : scanner.name(in: names.types)) ?? scanner.hexWord(UInt16.self) else {
            return nil
        }
        scanner.skipBlanks()
        let code: UInt16
        if !startsWithDigit(scanner), type < names.codes.count, let table = names.codes[Int(type)], let named = scanner.name(in: table) {
            code = named
        } else {
            guard let number = scanner.hexWord(UInt16.self), number <= codeLimit, type != EventType.abs || number <= 0x3f else {
                return nil
            }
            code = number
        }
        scanner.skipBlanks()
        let value: Int32
        if !startsWithDigit(scanner), let named = scanner.name(in: names.values) {
            value = named
        } else {
            let start = scanner.position
            guard let number = scanner.hexWord(UInt32.self), scanner.position &- start <= 8 else { return nil }
            value = Int32(bitPattern: number)
        }
        scanner.skipBlanks()
        guard scanner.isAtEnd else { return nil }
        // time() keeps seconds below 9e9 and microseconds below 1e6: nanoseconds fit without checking.
        let time = Timestamp(nanoseconds: seconds &* 1_000_000_000 &+ micros &* 1000)
        return (path, samePath, InputEvent(time: time, type: type, code: code, value: value))
    }

    @inline(__always)
    private static func startsWithDigit(_ scanner: LineScanner) -> Bool {
        scanner.next.map { $0 &- UInt8(ascii: "0") < 10 } ?? false
    }

    /// An event line: its device's path, if it names one, and the event; no event when its code is a name that
    /// cannot matter (see the type's comment).
    private static func eventLine(_ line: Substring, fail: (String) -> RecordingError) throws(RecordingError)
        -> (path: Substring?, event: InputEvent?)
    {
        var rest = line
        var time: (Int64, Int64)?
        if rest.utf8.first == UInt8(ascii: "[") {
            guard let close = rest.utf8.firstIndex(of: UInt8(ascii: "]")),
                let t = parseTime(rest[rest.utf8.index(after: rest.startIndex)..<close].trimmedSubstring())
            else { throw fail("expected [SECONDS.MICROSECONDS] at the start of an event (getevent -t), seconds below 9000000000") }
            time = t
            rest = rest[rest.utf8.index(after: close)...]
        }
        var fields = fields(rest)
        var path: Substring?
        if let first = fields.first, first.utf8.last == UInt8(ascii: ":") {
            path = first.dropLast()
            fields.removeFirst()
        }
        // -r: the rate after a report.
        if fields.count == 5, fields[3] == "rate", Int64(fields[4]) != nil { fields.removeLast(2) }
        let expected =
            "expected getevent's output: [SECONDS.MICROSECONDS] DEVICE: TYPE CODE VALUE (-lt; -t for hex), "
            + "or add device N: PATH and its description (-lp)"
        guard fields.count == 3, let type = UInt16(hex: fields[0]) ?? typeNames[fields[0]] else {
            if fields.count == 3, isName(fields[0]) { throw fail("unknown event type \(fields[0])") }
            throw fail(expected)
        }
        guard let (seconds, micros) = time else { throw fail("an event without its time: capture with getevent -lt (or -t)") }
        guard let code = try code(fields[1], type: type, fail: fail) else { return (path, nil) }
        let value: Int32
        if let hex = fields[2].utf8.count <= 8 ? UInt32(hex: fields[2]) : nil {
            value = Int32(bitPattern: hex)
        } else if let named = valueNames[fields[2]] {
            value = named
        } else {
            throw fail("expected a value: up to 8 hex digits (ffffffff is -1), or DOWN, UP, REPEAT, MT_TOOL_FINGER ...")
        }
        return (path, InputEvent(seconds: seconds, microseconds: micros, type: type, code: code, value: value))
    }

    /// Words split at blanks, on the bytes.
    private static func fields(_ text: Substring) -> [Substring] {
        text.utf8.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }).map { Substring($0) }
    }

    /// A label as getevent prints one: a capital, then capitals, digits and underscores.
    private static func isName(_ word: Substring) -> Bool {
        guard let first = word.first, first >= "A", first <= "Z" else { return false }
        return word.allSatisfy { ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" }
    }

    private static let codeLimit = UInt16(EvemuFormat.maskLimit * 8 - 1)

    // The kernel's names (KernelEventCodes, from linux/input-event-codes.h), as getevent -l prints them.
    private static let typeNames = names(KernelEventCodes.types)
    private static let synNames = names(KernelEventCodes.synchronization)
    private static let absNames = names(KernelEventCodes.absoluteAxes)
    /// Buttons only: keyboard keys do not matter to touches.
    private static let keyNames = names(KernelEventCodes.keys.filter { $0.name.hasPrefix("BTN_") })
    private static let relNames = names(KernelEventCodes.relativeAxes)
    private static let mscNames = names(KernelEventCodes.miscellaneous)
    private static let propertyNames = names(KernelEventCodes.properties)

    private static func names<Value>(_ table: [(name: String, value: Value)]) -> [Substring: Value] {
        Dictionary(uniqueKeysWithValues: table.map { (Substring($0.name), $0.value) })
    }

    /// The names of event lines, looked up by their bytes; taken once a parse (each use of a static is a check that
    /// it was made).
    private struct EventNames {
        let types = ByteNames(typeNames)
        /// By type (at most EV_MAX, 0x1f).
        let codes: [ByteNames<UInt16>?] = (0...0x1f).map { type in
            switch UInt16(type) {
            case EventType.syn: ByteNames(synNames)
            case EventType.key: ByteNames(keyNames)
            case EventType.rel: ByteNames(relNames)
            case EventType.abs: ByteNames(absNames)
            case EventType.msc: ByteNames(mscNames)
            default: nil
            }
        }
        let values = ByteNames(valueNames)
    }
    private static let eventNames = EventNames()

    /// Key states and ABS_MT_TOOL_TYPE's tools, which getevent -l names instead of printing their value.
    private static let valueNames: [Substring: Int32] = ["UP": 0, "DOWN": 1, "REPEAT": 2].merging(names(KernelEventCodes.tools)) { a, _ in a }
}

extension Substring {
    /// Without trailing blanks and carriage returns, looked at as bytes.
    func trimmedEnd() -> Substring {
        var end = utf8.endIndex
        while end > utf8.startIndex, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(utf8[utf8.index(before: end)]) {
            end = utf8.index(before: end)
        }
        return self[startIndex..<end]
    }

    /// Without leading and trailing blanks (and trailing carriage returns).
    func trimmedSubstring() -> Substring {
        var start = utf8.startIndex
        while start < utf8.endIndex, utf8[start] == UInt8(ascii: " ") || utf8[start] == UInt8(ascii: "\t") { start = utf8.index(after: start) }
        return self[start...].trimmedEnd()
    }
}

extension FixedWidthInteger where Self: UnsignedInteger {
    /// Hex digits only (no sign, no 0x), as getevent prints numbers; nil when they do not fit.
    init?(hex text: Substring) {
        guard !text.isEmpty, text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || ($0 >= 65 && $0 <= 70) })
        else { return nil }
        self.init(text, radix: 16)
    }
}
