import GestureEngine
import InputCore

/// The text the `evtest` tool prints: a header (`Input device ID: bus 0x.. vendor 0x.. ...`, `Input device
/// name: "..."`, `Event type N`, `Event code N`, then `Value`/`Min`/`Max`/`Fuzz`/`Flat`/`Resolution`,
/// `Property type N`) and `Event: time SEC.USEC, type T (..), code C (..), value V` lines, with
/// `-------------- SYN_REPORT ------------` lines for reports.
///
/// The header is read as a stream of words rather than lines: captures in the wild have two header
/// lines run together.
public enum EvtestFormat {
    /// evtest's own lines start a line; evemu files quote them after a `#`.
    static func looksLike(_ text: String) -> Bool { anyLineStart(of: text, where: startsLine) }

    /// Whether a line (the bytes from its start to the text's end) is one of evtest's own.
    static func startsLine(_ rest: UnsafeBufferPointer<UInt8>) -> Bool {
        // The first two bytes rule out almost every line (evemu's E: lines among them) before any prefix is compared.
        guard rest.count > 1, rest[0] == UInt8(ascii: "I") || rest[0] == UInt8(ascii: "E"),
            rest[1] == UInt8(ascii: "n") || rest[1] == UInt8(ascii: "v")
        else { return false }
        return evtestLineStarts.contains { rest.starts(with: $0) }
    }

    private static let evtestLineStarts = ["Input driver version", "Input device name:", "Event: time "].map { Array($0.utf8) }

    public static func parse(_ text: String, source: String) throws(RecordingError) -> Recording {
        // Never nil: only parseIfChosen gives up.
        try read(text, source: source, ifChosen: false)!
    }

    /// The recording, or nil when `Recording.parse` might not choose this reader: no line starts as evtest's own,
    /// or one starts as libinput's (whose reader comes first) or getevent's (whose reader is chosen when no line is
    /// evtest's, which only the whole text tells; Reader decides those). The event lines are evtest's own; the
    /// others are few.
    static func parseIfChosen(_ text: String, source: String) throws(RecordingError) -> Recording? {
        try read(text, source: source, ifChosen: true)
    }

    private static func read(_ text: String, source: String, ifChosen: Bool) throws(RecordingError) -> Recording? {
        var ownLines = false
        var otherLine = false
        var name: String?
        var ids: [UInt16] = []
        var codes: [UInt16: Set<UInt16>] = [:]
        var axes: [UInt16: AbsInfo] = [:]
        var properties: Set<UInt16> = []
        var events: [InputEvent] = []
        var currentType: UInt16?
        var currentAxis: UInt16?
        try forEachLine(of: text) { (scanner, n) throws(RecordingError) in
            if scanner.take("Event: time ") {
                ownLines = true
                // Event lines, nearly all of a capture, are read from the bytes when they have evtest's shape.
                if let event = event(scanner) {
                    events.append(event)
                } else {
                    events.append(try event(scanner.line, source: source, line: n))
                }
                return
            }
            if ifChosen {
                if LibinputRecordFormat.startsLine(scanner.fromLineStart) || GeteventFormat.startsLine(scanner.fromLineStart) {
                    otherLine = true
                    scanner.stopReading()
                    return
                }
                ownLines = ownLines || startsLine(scanner.fromLineStart)
            }
            let line = scanner.line
            if line.hasPrefix("Input device name:") {
                let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
                name = quoted.count >= 3 ? String(quoted[1]) : line.dropFirst("Input device name:".count).trimmed()
                return
            }
            if line.hasPrefix("Input device ID:") {
                ids = words(line).compactMap { $0.hasPrefix("0x") ? UInt16($0.dropFirst(2), radix: 16) : nil }
                return
            }
            let tokens = words(line)
            var i = 0
            while i < tokens.count {
                let word = tokens[i]
                let next = i + 2 < tokens.count ? tokens[i + 2] : nil
                let value = i + 1 < tokens.count ? Int32(tokens[i + 1]) : nil
                if word == "Event", i + 2 < tokens.count, tokens[i + 1] == "type", let t = next.flatMap({ UInt16($0) }) {
                    currentType = t
                    currentAxis = nil
                    i += 3
                } else if word == "Event", i + 2 < tokens.count, tokens[i + 1] == "code", let c = next.flatMap({ UInt16($0) }) {
                    guard let type = currentType else {
                        throw RecordingError(source: source, line: n, "event code \(c) before any event type")
                    }
                    codes[type, default: []].insert(c)
                    if type == EventType.abs {
                        axes[c] = AbsInfo(minimum: 0, maximum: 0)
                        currentAxis = c
                    } else {
                        currentAxis = nil
                    }
                    i += 3
                } else if word == "Property", i + 2 < tokens.count, tokens[i + 1] == "type", let p = next.flatMap({ UInt16($0) }) {
                    properties.insert(p)
                    i += 3
                } else if let axis = currentAxis, let value, ["Value", "Min", "Max", "Fuzz", "Flat", "Resolution"].contains(word) {
                    switch word {
                    case "Value": axes[axis]?.value = value
                    case "Min": axes[axis]?.minimum = value
                    case "Max": axes[axis]?.maximum = value
                    case "Fuzz": axes[axis]?.fuzz = value
                    case "Flat": axes[axis]?.flat = value
                    default: axes[axis]?.resolution = value
                    }
                    i += 2
                } else {
                    i += 1
                }
            }
        }
        if ifChosen, otherLine || !ownLines { return nil }
        var description: DeviceDescription?
        if name != nil || !axes.isEmpty {
            codes[EventType.abs] = nil
            codes[EventType.syn] = nil
            description = DeviceDescription(
                name: name ?? source, bus: ids.count > 0 ? ids[0] : 0, vendor: ids.count > 1 ? ids[1] : 0,
                product: ids.count > 2 ? ids[2] : 0, version: ids.count > 3 ? ids[3] : 0,
                properties: properties, codes: codes, axes: axes)
        }
        return Recording(description: description, events: events)
    }

    /// An event line after `Event: time `, when it is as evtest prints it: `SEC.USEC, type T (NAME), code C (NAME),
    /// value V` or `SEC.USEC, -------------- SYN_REPORT ------------` (or SYN_DROPPED, SYN_MT_REPORT). Anything
    /// else is nil, for the reader below, which takes more and says what is wrong.
    private static func event(_ line: LineScanner) -> InputEvent? {
        var scanner = line
        guard let (sec, usec) = scanner.time(), scanner.take(UInt8(ascii: ",")) else { return nil }
        scanner.skipBlanks()
        if !scanner.take("type") {
            guard !scanner.contains("type") else { return nil }
            for (marker, code) in markers where scanner.contains(marker) {
                return InputEvent(seconds: sec, microseconds: usec, type: EventType.syn, code: code, value: 0)
            }
            return nil
        }
        // type T (NAME), code C (NAME), value V
        scanner.skipBlanks()
        guard let type: UInt16 = scanner.decimal(), scanner.atFieldEnd, scanner.skip(to: UInt8(ascii: ",")) else { return nil }
        _ = scanner.take(UInt8(ascii: ","))
        scanner.skipBlanks()
        guard scanner.take("code") else { return nil }
        scanner.skipBlanks()
        guard let code: UInt16 = scanner.decimal(), scanner.atFieldEnd, scanner.skip(to: UInt8(ascii: ",")) else { return nil }
        _ = scanner.take(UInt8(ascii: ","))
        scanner.skipBlanks()
        guard scanner.take("value") else { return nil }
        scanner.skipBlanks()
        guard let value: Int32 = scanner.decimal() else { return nil }
        scanner.skipBlanks()
        guard scanner.isAtEnd else { return nil }
        // time() keeps seconds below 9e9 and microseconds below 1e6: nanoseconds fit without checking.
        return InputEvent(time: Timestamp(nanoseconds: sec &* 1_000_000_000 &+ usec &* 1000), type: type, code: code, value: value)
    }

    private static let markers: [(StaticString, UInt16)] =
        [("SYN_REPORT", SynCode.report), ("SYN_DROPPED", SynCode.dropped), ("SYN_MT_REPORT", SynCode.mtReport)]

    private static func event(_ line: Substring, source: String, line n: Int) throws(RecordingError) -> InputEvent {
        func fail(_ message: String) -> RecordingError { RecordingError(source: source, line: n, message) }
        let afterTime = line.dropFirst("Event: time ".count)
        guard let comma = afterTime.firstIndex(of: ","), let (sec, usec) = parseTime(afterTime[..<comma]) else {
            throw fail("expected Event: time SECONDS.MICROSECONDS, ...")
        }
        let rest = afterTime[afterTime.index(after: comma)...]
        for (marker, code) in [("SYN_REPORT", SynCode.report), ("SYN_DROPPED", SynCode.dropped), ("SYN_MT_REPORT", SynCode.mtReport)]
        where rest.contains(marker) && !rest.contains("type") {
            return InputEvent(seconds: sec, microseconds: usec, type: EventType.syn, code: code, value: 0)
        }
        let tokens = words(rest).map { $0.filter { $0 != "," } }
        func number(after key: String) -> Int64? {
            guard let i = tokens.firstIndex(of: key), i + 1 < tokens.count else { return nil }
            return Int64(tokens[i + 1])
        }
        guard let type = number(after: "type"), let code = number(after: "code"), let value = number(after: "value"),
            let type16 = UInt16(exactly: type), let code16 = UInt16(exactly: code), let value32 = Int32(exactly: value)
        else { throw fail("expected Event: time T, type N (NAME), code N (NAME), value N") }
        return InputEvent(seconds: sec, microseconds: usec, type: type16, code: code16, value: value32)
    }
}
