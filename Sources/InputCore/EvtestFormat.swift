/// The text the `evtest` tool prints: a header (`Input device ID: bus 0x.. vendor 0x.. ...`, `Input device
/// name: "..."`, `Event type N`, `Event code N`, then `Value`/`Min`/`Max`/`Fuzz`/`Flat`/`Resolution`,
/// `Property type N`) and `Event: time SEC.USEC, type T (..), code C (..), value V` lines, with
/// `-------------- SYN_REPORT ------------` lines for reports.
///
/// The header is read as a stream of words rather than lines: captures in the wild have two header
/// lines run together.
public enum EvtestFormat {
    /// evtest's own lines start a line; evemu files quote them after a `#`.
    static func looksLike(_ text: String) -> Bool {
        anyLineStart(of: text) { rest in
            // The first byte rules out almost every line before any prefix is compared.
            guard let first = rest.first, first == UInt8(ascii: "I") || first == UInt8(ascii: "E") else { return false }
            return evtestLineStarts.contains { rest.starts(with: $0) }
        }
    }

    private static let evtestLineStarts = ["Input driver version", "Input device name:", "Event: time "].map { Array($0.utf8) }

    public static func parse(_ text: String, source: String) throws(RecordingError) -> Recording {
        var name: String?
        var ids: [UInt16] = []
        var codes: [UInt16: Set<UInt16>] = [:]
        var axes: [UInt16: AbsInfo] = [:]
        var properties: Set<UInt16> = []
        var events: [InputEvent] = []
        var currentType: UInt16?
        var currentAxis: UInt16?
        for (index, line) in lines(of: text).enumerated() {
            let n = index + 1
            if line.hasPrefix("Event: time ") {
                events.append(try event(line, source: source, line: n))
                continue
            }
            if line.hasPrefix("Input device name:") {
                let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
                name = quoted.count >= 3 ? String(quoted[1]) : line.dropFirst("Input device name:".count).trimmed()
                continue
            }
            if line.hasPrefix("Input device ID:") {
                ids = words(line).compactMap { $0.hasPrefix("0x") ? UInt16($0.dropFirst(2), radix: 16) : nil }
                continue
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
