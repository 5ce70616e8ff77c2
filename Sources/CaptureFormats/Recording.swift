import InputCore

/// A recorded event stream and, when known, the device it came from.
public struct Recording: Sendable {
    public var description: DeviceDescription?
    public var events: [InputEvent]

    public init(description: DeviceDescription?, events: [InputEvent]) {
        self.description = description
        self.events = events
    }

    /// Reads any supported format: evemu (with or without a device description), evtest's text, `libinput record`'s
    /// YAML, Android's `getevent -lt` log or `-lp` description, or bare `E:` lines. Each is told by what starts its
    /// lines (libinput's top-level keys, evtest's header and events, getevent's `add device` and `[time]`), in that
    /// order; anything else goes to the evemu reader. `description` stands in for a description the file does not carry.
    public static func parse(_ text: String, source: String, description: DeviceDescription? = nil) throws(RecordingError)
        -> Recording
    {
        var recording: Recording
        // Most captures are evemu's, evtest's or getevent's: read as such first, and told apart from the others only
        // when that fails or a line says another reader is the one (the same choice as Reader's, without a pass of
        // its own).
        if let evemu = try? EvemuFormat.parseIfChosen(text, source: source) {
            recording = evemu
        } else if let evtest = try? EvtestFormat.parseIfChosen(text, source: source) {
            recording = evtest
        } else if let getevent = try? GeteventFormat.parseIfChosen(text, source: source) {
            recording = getevent
        } else {
            recording = try parse(text, source: source, with: Reader(for: text))
        }
        if recording.description == nil { recording.description = description }
        return recording
    }

    private static func parse(_ text: String, source: String, with reader: Reader) throws(RecordingError) -> Recording {
        switch reader {
        case .libinput: try LibinputRecordFormat.parse(text, source: source)
        case .evtest: try EvtestFormat.parse(text, source: source)
        case .getevent: try GeteventFormat.parse(text, source: source)
        case .evemu: try EvemuFormat.parse(text, source: source)
        }
    }

    /// The device a description file gives, for captures that carry none (`--description`): any recording or
    /// header `parse` reads. A file that describes no device is an error naming it.
    public static func deviceDescription(in text: String, source: String) throws(RecordingError) -> DeviceDescription {
        guard let description = try parse(text, source: source).description else {
            throw RecordingError(
                source: source, line: 1,
                "describes no device (expected N:, I:, P:, B: or A: lines, an evtest header or getevent -lp output)")
        }
        return description
    }
}

extension Recording {
    /// A stand-in description for a bare event log whose device is unknown: each position axis spans the
    /// values the log contains, with no resolution (so sizes are estimated, or configured). Nothing else is
    /// claimed about the device.
    public func inferringDescription(name: String) -> Recording {
        guard description == nil else { return self }
        var ranges: [UInt16: (Int32, Int32)] = [:]
        var keys: Set<UInt16> = []
        for event in events {
            if event.type == EventType.abs {
                let (low, high) = ranges[event.code] ?? (event.value, event.value)
                ranges[event.code] = (min(low, event.value), max(high, event.value))
            } else if event.type == EventType.key {
                keys.insert(event.code)
            }
        }
        var axes: [UInt16: AbsInfo] = [:]
        for (code, (low, high)) in ranges {
            // A range of one value is widened so it has a size, without leaving Int32.
            axes[code] = low < high ? AbsInfo(minimum: low, maximum: high)
                : (low > Int32.min ? AbsInfo(minimum: low - 1, maximum: high) : AbsInfo(minimum: low, maximum: high + 1))
        }
        // Tracking ids with no slot events: everything happened in slot 0.
        if axes[AbsCode.mtTrackingID] != nil, axes[AbsCode.mtSlot] == nil { axes[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: 0) }
        var copy = self
        copy.description = DeviceDescription(name: name, codes: keys.isEmpty ? [:] : [EventType.key: keys], axes: axes)
        return copy
    }
}

/// A line of a recording that is not what its format says: which file, which line, what was expected.
public struct RecordingError: Error, Equatable, CustomStringConvertible {
    public var source: String
    public var line: Int
    public var message: String

    public init(source: String, line: Int, _ message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    public var description: String { "\(source):\(line): \(message)" }
}

/// Which reader a text is for: the first of libinput's, evtest's and getevent's that any line start is one of
/// the format's own (each format's `looksLike`), else evemu's. One pass over the line starts for all three.
private enum Reader {
    case libinput, evtest, getevent, evemu

    init(for text: String) {
        var text = text
        self = text.withUTF8 { bytes in
            var evtest = false
            var getevent = false
            var lineStart = 0
            while lineStart < bytes.count {
                let rest = UnsafeBufferPointer(rebasing: bytes[lineStart...])
                if LibinputRecordFormat.startsLine(rest) { return .libinput }
                evtest = evtest || EvtestFormat.startsLine(rest)
                getevent = getevent || GeteventFormat.startsLine(rest)
                lineStart = nextNewline(in: bytes, from: lineStart) + 1
            }
            return evtest ? .evtest : getevent ? .getevent : .evemu
        }
    }
}

/// Whether `match` holds at the start of any line of `text`, given the bytes from there to the end. One pass over
/// the bytes (memchr from line to line) that looks only at line starts, so telling formats apart costs little even on a large capture
/// (`String.contains` for each prefix once took a third of `gestured replay`'s run on a 3 MB file).
func anyLineStart(of text: String, where match: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
        var lineStart = 0
        while lineStart < bytes.count {
            if match(UnsafeBufferPointer(rebasing: bytes[lineStart...])) { return true }
            lineStart = nextNewline(in: bytes, from: lineStart) + 1
        }
        return false
    }
}

/// Splits text into lines without Foundation. "\r\n" is one Character in Swift, so it is a separator of its own:
/// a file saved with Windows line endings is lines too, not one line.
func lines(of text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
}

func words(_ line: Substring) -> [Substring] {
    line.split(whereSeparator: { $0 == " " || $0 == "\t" })
}

/// Parses "sec.usec" into seconds and microseconds (evemu and evtest both print six decimals).
func parseTime(_ text: Substring) -> (Int64, Int64)? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    // Non-negative and below 9e9 s (year 2255), so that nanoseconds fit in Int64.
    guard parts.count == 2, !parts[0].hasPrefix("-"), let seconds = Int64(parts[0]), (0..<9_000_000_000).contains(seconds), parts[1].count <= 9,
        !parts[1].hasPrefix("-"), let fraction = Int64(parts[1])
    else {
        return nil
    }
    return (seconds, microseconds(fraction: fraction, digits: parts[1].count))
}

/// A fraction of a second written with `digits` decimals (at most 9), in microseconds: cut, not rounded.
func microseconds(fraction: Int64, digits: Int) -> Int64 {
    var micros = fraction
    var count = digits
    while count < 6 {
        micros *= 10
        count += 1
    }
    while count > 6 {
        micros /= 10
        count -= 1
    }
    return micros
}
