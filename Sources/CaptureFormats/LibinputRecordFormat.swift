import InputCore
import Yams

/// `libinput record`'s YAML, the file libinput's bug reports ask for: a header (`version: 1`, `ndevices`, `libinput`,
/// `system`) and `devices:`, each with `evdev:` (`name`, `id: [BUS, VENDOR, PRODUCT, VERSION]`,
/// `codes: {TYPE: [CODE, ...]}`, `absinfo: {CODE: [MIN, MAX, FUZZ, FLAT, RESOLUTION]}`, `properties: [...]`, all
/// decimal) and `events:`, a list of frames `- evdev: [[SEC, USEC, TYPE, CODE, VALUE], ...]` whose times count from
/// the recording's first event. Whatever else a file holds (udev properties, quirks, HID reports, libinput's own
/// events, keys of later versions) is skipped, as the format asks of its readers.
///
/// A file may hold several devices (`libinput record --all`, or several nodes at once): the recording is the first
/// device with absolute position axes, multitouch or single touch (an accelerometer's ABS_X/ABS_Y do not count).
///
/// Yams (libyaml) reads the YAML. The tool writes no anchors or aliases, and a file that has aliases is refused
/// before Yams sees it: an alias used as a mapping key is hashed by expanding it, so a few hundred bytes of nested
/// aliases would take Yams forever (the "billion laughs" file).
public enum LibinputRecordFormat {
    /// The file's top-level keys, at a line's start: evemu, evtest and getevent lines never start so.
    static func looksLike(_ text: String) -> Bool { anyLineStart(of: text, where: startsLine) }

    /// Whether a line (the bytes from its start to the text's end) starts with one of the file's top-level keys.
    static func startsLine(_ rest: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = rest.first, first == UInt8(ascii: "d") || first == UInt8(ascii: "n") || first == UInt8(ascii: "#") else {
            return false
        }
        return lineStarts.contains { rest.starts(with: $0) }
    }

    private static let lineStarts = ["devices:", "ndevices:", "# libinput record"].map { Array($0.utf8) }

    /// Reads the file. The events lists of the usual shape are read from their bytes first (LibinputEventLists) and
    /// Yams reads the rest; the recording so read is the one Yams would read from the whole file when each list left
    /// out was the value of a mapping's `events:` key in a block collection (where its lines say it was: not inside a
    /// quoted string, a flow collection or a block scalar, which only a parser can see). Otherwise, and whenever the
    /// file has an error, Yams reads the whole file: what it finds and says is as before, to the word and line.
    /// `readingEventListsFirst: false` has it so every time (the tests and the libinput fuzzer compare the two).
    public static func parse(_ text: String, source: String, readingEventListsFirst: Bool = true) throws(RecordingError)
        -> Recording
    {
        if readingEventListsFirst, let lists = LibinputEventLists(text), let root = try? tree(lists.skeleton, source: source),
            lists.events.keys.allSatisfy(probedKeyLines(root).contains),
            let recording = try? recording(root, source: source, text: lists.skeleton, lists: lists)
        {
            return recording
        }
        return try recording(tree(text, source: source), source: source, text: text, lists: nil)
    }

    /// Yams's nodes of the text.
    private static func tree(_ text: String, source: String) throws(RecordingError) -> Node? {
        if let line = aliasLine(text) {
            throw RecordingError(source: source, line: line, "a YAML alias (*NAME): libinput record writes none, and this reader takes none")
        }
        do {
            // No tag resolution: the reader reads numbers itself, and Yams's default resolver runs regular expressions
            // on every mapping key it checks for duplicates (a seventh of the time on a large file).
            return try Yams.compose(yaml: text, .basic)
        } catch {
            throw yamlError(error, text: text, source: source)
        }
    }

    /// The lines of the `events:` keys whose value is LibinputEventLists's probe, a list of one frame `evdev:` with
    /// nothing: where the lists left out must be for the text without them to read as the file. (A `- ` entry is an
    /// error in a flow collection and text in a string or block scalar; Yams's nodes do not keep whether a mapping
    /// was a block's: their style is the end event's, always `any`.)
    private static func probedKeyLines(_ node: Node?) -> Set<Int> {
        func isPlain(_ node: Node, _ text: String) -> Bool { node.scalar.map { $0.style == .plain && $0.string == text } ?? false }
        var lines: Set<Int> = []
        func visit(_ node: Node) {
            if let mapping = node.mapping {
                for (key, value) in mapping {
                    if isPlain(key, "events"), let list = value.sequence, list.count == 1, let frame = list[0].mapping,
                        frame.count == 1, let (frameKey, frameValue) = frame.first, isPlain(frameKey, "evdev"),
                        isPlain(frameValue, ""), let line = key.mark?.line
                    {
                        lines.insert(line)
                    }
                    visit(key)
                    visit(value)
                }
            } else if let sequence = node.sequence {
                sequence.forEach(visit)
            }
        }
        node.map(visit)
        return lines
    }

    /// The recording in the nodes: the first touch device's description and events (those of `lists` where its
    /// `events:` key is one of them).
    private static func recording(_ root: Node?, source: String, text: String, lists: LibinputEventLists?) throws(RecordingError)
        -> Recording
    {
        let reader = NodeReader(source: source, text: text)
        guard let root, let top = root.mapping else {
            throw reader.fail(root, "expected libinput record's YAML: a mapping with version, ndevices and devices")
        }
        if let version = reader.value(top, "version") {
            let number: Int64 = try reader.integer(version, "version")
            guard number == 1 else {
                throw reader.fail(version, "libinput record's file version \(number); this reader knows version 1")
            }
        }
        guard let (devicesKey, devicesNode) = reader.entry(top, "devices") else {
            throw reader.fail(root, "expected devices: the recorded devices (libinput record's YAML)")
        }
        guard let devices = devicesNode.sequence else {
            throw reader.fail(devicesNode, "expected devices: a list of recorded devices, each with evdev: and events:")
        }
        var names: [String] = []
        for device in devices {
            guard let fields = device.mapping else { throw reader.fail(device, "expected a device: node, evdev and events") }
            guard let evdev = reader.value(fields, "evdev") else {
                throw reader.fail(device, "expected evdev: the device's name, id, codes, absinfo and properties")
            }
            let description = try reader.description(evdev, source: source)
            guard description.positionAxes != nil, !description.properties.contains(InputProperty.accelerometer) else {
                names.append("\"\(description.name)\"")
                continue
            }
            var events: [InputEvent] = []
            if let (key, list) = reader.entry(fields, "events") {
                if let line = key.mark?.line, let read = lists?.events[line] {
                    events = read
                } else {
                    events = try reader.events(list)
                }
            }
            return Recording(description: description, events: events)
        }
        throw reader.fail(
            devicesKey,
            "none of the \(names.count) devices has touch position axes (ABS_MT_POSITION_X/Y or ABS_X/Y; an accelerometer's do not count): "
                + (names.isEmpty ? "the file records no device" : "no touch device among \(names.joined(separator: ", "))"))
    }

    /// The line of the first alias (`*NAME` where a value starts), outside comments and quoted strings; nil when there
    /// is none. Plain scalars may hold a `*` after their start (`a *b`), block scalars anything: this errs on the side
    /// of refusing, for files libinput record never writes.
    static func aliasLine(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            enum Quote { case none, double, single }
            var quote = Quote.none
            var line = 1
            var tokenStart = true  // where a node may start: a line's start, after "- ", "? ", ": ", "[", "{" or ","
            var previous: UInt8 = UInt8(ascii: "\n")
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\r"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\n") {
                    i += 1  // \r\n: one line break, counted at its \n
                    continue
                }
                // libyaml also ends a line at a lone \r.
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    line += 1
                    if quote == .none { tokenStart = true }
                    previous = byte
                    i += 1
                    continue
                }
                switch quote {
                case .double:
                    if byte == UInt8(ascii: "\\") {
                        i += 1  // the escaped byte, a quote among them; a newline is escaped only at a line's end
                        if i < bytes.count, bytes[i] == UInt8(ascii: "\n") || bytes[i] == UInt8(ascii: "\r") {
                            line += 1
                            // \r\n is one line break (found by fuzzing)
                            if bytes[i] == UInt8(ascii: "\r"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\n") { i += 1 }
                        }
                    } else if byte == UInt8(ascii: "\"") {
                        quote = .none
                    }
                case .single:
                    if byte == UInt8(ascii: "'") {
                        if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "'") { i += 1 } else { quote = .none }
                    }
                case .none:
                    let blank = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
                    let afterBlank = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(previous)
                    if byte == UInt8(ascii: "#"), afterBlank {
                        // A comment, to the line's end.
                        while i + 1 < bytes.count, bytes[i + 1] != UInt8(ascii: "\n"), bytes[i + 1] != UInt8(ascii: "\r") { i += 1 }
                    } else if blank {
                        if [UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":")].contains(previous) { tokenStart = true }
                    } else if tokenStart, byte == UInt8(ascii: "*") {
                        return line
                    } else if [UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ",")].contains(byte) {
                        tokenStart = true
                    } else {
                        if tokenStart, byte == UInt8(ascii: "\"") { quote = .double }
                        if tokenStart, byte == UInt8(ascii: "'") { quote = .single }
                        // "-", "?" and ":" start a node only when a blank follows; until then the token goes on.
                        tokenStart = false
                    }
                }
                previous = byte
                i += 1
            }
            return nil
        }
    }

    /// Yams's error as a line of the file and what libyaml found there.
    private static func yamlError(_ error: any Error, text: String, source: String) -> RecordingError {
        var error = yamlErrorAtItsMark(error, text: text, source: source)
        // At the end of a file whose last line has no line break libyaml starts a line of its own, past the file's
        // (found by fuzzing).
        error.line = min(error.line, YAMLLines.count(text))
        return error
    }

    private static func yamlErrorAtItsMark(_ error: any Error, text: String, source: String) -> RecordingError {
        guard let error = error as? YamlError else {
            return RecordingError(source: source, line: 1, "not YAML: \(error)")
        }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            if problem.hasPrefix("Maximum nesting level") {
                return RecordingError(source: source, line: mark.line, "nested more than 1000 levels deep: not what libinput record writes")
            }
            let what = context.map { "\($0.text) at line \($0.mark.line), " } ?? ""
            return RecordingError(source: source, line: mark.line, "not YAML as libinput record writes it: \(what)\(problem)")
        case .reader(let problem, let offset, _, _):
            // The offset counts characters.
            var line = 1
            if let offset { line += text.prefix(offset).reduce(0) { $1 == "\n" || $1 == "\r\n" ? $0 + 1 : $0 } }
            return RecordingError(source: source, line: line, "not YAML as libinput record writes it: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return RecordingError(
                source: source, line: context.mark.line, "a key given twice in one mapping: \(duplicates.sorted().joined(separator: ", "))")
        default:
            return RecordingError(source: source, line: 1, "not YAML as libinput record writes it: \(error)")
        }
    }
}

extension InputProperty {
    /// INPUT_PROP_ACCELEROMETER: the device's ABS_X and ABS_Y are a motion sensor's, not positions.
    static let accelerometer: UInt16 = 0x06
}

/// Reads libinput record's nodes, each error at its node's line.
private struct NodeReader {
    let source: String
    let text: String

    func fail(_ node: Node?, _ message: String) -> RecordingError {
        // An empty value at the end of a file without a final line break is marked on a line past the file's.
        RecordingError(source: source, line: min(node?.mark?.line ?? 1, YAMLLines.count(text)), message)
    }

    /// A mapping's value for a plain key, compared as text (Yams's own lookup compares tags too).
    func value(_ mapping: Node.Mapping, _ key: String) -> Node? {
        entry(mapping, key)?.value
    }

    func entry(_ mapping: Node.Mapping, _ key: String) -> (key: Node, value: Node)? {
        for (k, v) in mapping where k.scalar?.string == key { return (k, v) }
        return nil
    }

    func integer<T: FixedWidthInteger>(_ node: Node, _ what: String) throws(RecordingError) -> T {
        guard let text = node.scalar?.string, let value = T(text, radix: 10) else {
            throw fail(node, "expected \(what): a decimal number from \(T.min) to \(T.max)")
        }
        return value
    }

    func list(_ node: Node, _ what: String) throws(RecordingError) -> Node.Sequence {
        if let sequence = node.sequence { return sequence }
        // `key:` with nothing after it is null: an empty list.
        if let scalar = node.scalar, scalar.style == .plain, ["", "~", "null"].contains(scalar.string) { return [] }
        throw fail(node, "expected \(what)")
    }

    func mapping(_ node: Node, _ what: String) throws(RecordingError) -> Node.Mapping {
        if let mapping = node.mapping { return mapping }
        if let scalar = node.scalar, scalar.style == .plain, ["", "~", "null"].contains(scalar.string) { return [:] }
        throw fail(node, "expected \(what)")
    }

    func description(_ node: Node, source: String) throws(RecordingError) -> DeviceDescription {
        let evdev = try mapping(node, "evdev: a mapping with name, id, codes, absinfo and properties")
        var description = DeviceDescription(name: source)
        if let name = value(evdev, "name") {
            guard let text = name.scalar?.string else { throw fail(name, "expected name: the device's name") }
            description.name = text
        }
        if let id = value(evdev, "id") {
            let what = "id: [BUS, VENDOR, PRODUCT, VERSION]"
            let values = try list(id, what)
            guard values.count == 4 else { throw fail(id, "expected \(what)") }
            var ids: [UInt16] = []
            for v in values { ids.append(try integer(v, what)) }
            (description.bus, description.vendor, description.product, description.version) = (ids[0], ids[1], ids[2], ids[3])
        }
        if let codes = value(evdev, "codes") {
            for (typeNode, codeList) in try mapping(codes, "codes: {TYPE: [CODE, ...]}") {
                let type: UInt16 = try integer(typeNode, "an event type")
                guard type <= Self.typeLimit else { throw fail(typeNode, "event type \(type) beyond EV_MAX (\(Self.typeLimit))") }
                var set: Set<UInt16> = []
                for codeNode in try list(codeList, "a list of event codes for type \(type)") {
                    let code: UInt16 = try integer(codeNode, "an event code")
                    guard code <= Self.codeLimit else {
                        throw fail(codeNode, "event code \(code) beyond \(Self.codeLimit): no event type has codes that high (KEY_MAX is 767)")
                    }
                    set.insert(code)
                }
                // Absolute axes are described by absinfo; EV_SYN's codes say nothing.
                if type != EventType.syn, type != EventType.abs, !set.isEmpty { description.codes[type, default: []].formUnion(set) }
            }
        }
        if let absinfo = value(evdev, "absinfo") {
            let what = "absinfo CODE: [MIN, MAX, FUZZ, FLAT, RESOLUTION]"
            for (codeNode, values) in try mapping(absinfo, what) {
                let code: UInt16 = try integer(codeNode, "an axis code")
                guard code <= Self.absLimit else { throw fail(codeNode, "axis code \(code) beyond ABS_MAX (\(Self.absLimit))") }
                let numbers = try list(values, what)
                guard numbers.count == 5 else { throw fail(values, "expected \(what)") }
                var info: [Int32] = []
                for n in numbers { info.append(try integer(n, what)) }
                description.axes[code] = AbsInfo(minimum: info[0], maximum: info[1], fuzz: info[2], flat: info[3], resolution: info[4])
            }
        }
        if let properties = value(evdev, "properties") {
            for p in try list(properties, "properties: [PROPERTY, ...]") {
                let property: UInt16 = try integer(p, "an input property")
                guard property <= Self.propertyLimit else {
                    throw fail(p, "input property \(property) beyond INPUT_PROP_MAX (\(Self.propertyLimit))")
                }
                description.properties.insert(property)
            }
        }
        return description
    }

    func events(_ node: Node) throws(RecordingError) -> [InputEvent] {
        var events: [InputEvent] = []
        for frame in try list(node, "events: a list of - evdev: [[SECONDS, MICROSECONDS, TYPE, CODE, VALUE], ...]") {
            guard let fields = frame.mapping else {
                throw fail(frame, "expected an event frame: - evdev: [[SECONDS, MICROSECONDS, TYPE, CODE, VALUE], ...]")
            }
            // hid: and libinput: frames are skipped.
            guard let list = value(fields, "evdev") else { continue }
            for event in try self.list(list, "evdev: a list of [SECONDS, MICROSECONDS, TYPE, CODE, VALUE]") {
                events.append(try self.event(event))
            }
        }
        return events
    }

    private func event(_ node: Node) throws(RecordingError) -> InputEvent {
        let what = "an event [SECONDS, MICROSECONDS, TYPE, CODE, VALUE]"
        guard let fields = node.sequence, fields.count == 5 else { throw fail(node, "expected \(what)") }
        let seconds: Int64 = try integer(fields[0], "\(what): seconds")
        let micros: Int64 = try integer(fields[1], "\(what): microseconds")
        // Non-negative and below 9e9 s (year 2255), so that nanoseconds fit in Int64, as parseTime has it.
        guard (0..<9_000_000_000).contains(seconds) else { throw fail(fields[0], "expected \(what): seconds from 0 to 8999999999") }
        guard (0..<1_000_000).contains(micros) else { throw fail(fields[1], "expected \(what): microseconds from 0 to 999999") }
        return InputEvent(
            seconds: seconds, microseconds: micros, type: try integer(fields[2], "\(what): type"),
            code: try integer(fields[3], "\(what): code"), value: try integer(fields[4], "\(what): value"))
    }

    /// The kernel's largest event type (EV_MAX), axis (ABS_MAX) and property (INPUT_PROP_MAX); codes of any type stay
    /// within the 1024 an evemu mask may hold (KEY_MAX is 0x2ff).
    static let typeLimit: UInt16 = 0x1f
    static let absLimit: UInt16 = 0x3f
    static let propertyLimit: UInt16 = 0x1f
    static let codeLimit = UInt16(EvemuFormat.maskLimit * 8 - 1)
}
