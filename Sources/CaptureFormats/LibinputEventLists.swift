import InputCore

/// libinput record's `events:` lists, read from their bytes before Yams reads the rest of the file. Yams makes a node
/// of every number of every event (40,000 instructions an event line, docs/daemon.md, "Reading captures"); the lists
/// are nearly all of a file and always of one shape:
///
///     events:
///     - evdev:
///       - [  0,  31005,   3,  48,    1274] # EV_ABS / ABS_MT_TOUCH_MAJOR    1274
///       - [  0,  31020,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +31ms
///
/// A list of exactly that shape (frames of evdev events only, each event five decimal numbers within the limits
/// NodeReader puts on them, spaces for indentation, comments of plain ASCII, and the list ending at a line that goes
/// on with the key's mapping or an outer one) is read here and left out of the text Yams gets but for its first
/// frame's `- evdev:` line, a probe: what a line is inside depends on the lines before it (a quoted string, a flow
/// collection or a block scalar may go on over many), which only a parser knows, and a `- ` entry is valid only in a
/// block collection. LibinputRecordFormat.parse checks that each key's value in Yams's nodes is the probe, a list of
/// one frame without events, and reads the whole file with Yams when one is not. Any list not
/// quite so (a `hid:` or `libinput:` frame, a number out of range, a flow-style list, a tab) stays in the text for
/// Yams and NodeReader, which read and word it as before; so does the whole file when a line outside the lists holds
/// a byte libyaml could take for a line break (a lone `\r`, NEL, U+2028, U+2029), where libyaml's line numbers and
/// these would part. (Leaving the list's lines empty, to keep Yams's line numbers the file's, cost Yams a hundred
/// instructions a line.)
struct LibinputEventLists {
    /// The text for Yams: the file, without the lines of the lists read here but for each one's probe.
    private(set) var skeleton: String
    /// The events of each list read here, by the line of its `events:` key in `skeleton`.
    private(set) var events: [Int: [InputEvent]] = [:]
    /// The lines of the lists left out so far, for the keys' lines in `skeleton`.
    private var linesLeftOut = 0

    /// Nil when no list is read here.
    init?(_ text: String) {
        skeleton = text
        var text = text
        // The byte ranges left out.
        var lists: [Range<Int>] = []
        let read = text.withUTF8 { bytes -> Bool in
            var list = List(keyLine: 0, keyColumn: 0)
            var inList = false
            var listEvents: [InputEvent] = []  // apart from `list`, so that they are appended to in place
            var lines = Lines(bytes)
            while let (whole, number, newline) = lines.next() {
                var line = whole
                if inList {
                    switch list.take(&line, into: &listEvents) {
                    case .taken:
                        if list.probeEnd != nil {
                            list.breaks += newline < bytes.count ? 1 : 0
                        } else if list.frameColumn != nil {
                            list.probeEnd = min(newline + 1, bytes.count)  // this line was the first frame's
                        }
                    case .ended(let complete):
                        if complete { keep(list, listEvents, upTo: whole.lineStart, &lists) }
                        inList = false
                        listEvents = []
                        line = whole
                    }
                }
                if !inList {
                    guard plainLineBreaks(line) else { return false }
                    if let started = List.starting(line, number: number) {
                        list = started
                        inList = true
                    }
                }
            }
            if inList { keep(list, listEvents, upTo: bytes.count, &lists) }
            return true
        }
        guard read, !lists.isEmpty else { return nil }
        skeleton = Self.skeleton(of: text, leaving: lists)
    }

    /// The list's events, kept when it had a frame (a list with none is null to Yams as it is). The lines left out
    /// are those whose breaks they hold: the last line of a file without a final break is one with the line before.
    private mutating func keep(_ list: List, _ read: [InputEvent], upTo end: Int, _ lists: inout [Range<Int>]) {
        guard let start = list.probeEnd else { return }
        lists.append(start..<max(start, end))
        events[list.keyLine - linesLeftOut] = read
        linesLeftOut += list.breaks
    }

    /// The text without the ranges.
    private static func skeleton(of text: String, leaving lists: [Range<Int>]) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count - lists.reduce(0) { $0 + $1.count })
            var from = 0
            for list in lists {
                kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<list.lowerBound]))
                from = list.upperBound
            }
            kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from...]))
            return String(decoding: kept, as: UTF8.self)
        }
    }

    /// Whether a line outside the lists breaks lines only where this reader does: no `\r` within it, no NEL and no
    /// U+2028 or U+2029, which libyaml also ends a line at.
    private func plainLineBreaks(_ line: LineScanner) -> Bool {
        !(line.contains("\r") || line.contains("\u{85}") || line.contains("\u{2028}") || line.contains("\u{2029}"))
    }
}

/// One `events:` list being read, line by line.
private struct List {
    let keyLine: Int
    /// The column of the `events:` key, and so of the mapping it is in.
    let keyColumn: Int
    /// The first byte after the first frame's line, the probe; the line breaks after it.
    var probeEnd: Int?
    var breaks = 0
    /// The column of the frames' `-`, once the first is read, and of the current frame's `evdev` key.
    var frameColumn: Int?
    var frameKeyColumn = 0
    /// The column of the current frame's events' `-`, once its first is read; nil before a frame too.
    var eventColumn: Int?
    var inFrame = false

    enum Taken { case taken, ended(complete: Bool) }

    /// A list starting after this line, if it is `events:` (and nothing else but a comment).
    static func starting(_ line: LineScanner, number: Int) -> List? {
        var line = line
        let column = line.skipSpaces()
        guard line.take("events:"), line.endsPlainly() else { return nil }
        return List(keyLine: number, keyColumn: column)
    }

    /// Reads a line of the list, or says the list ended before it: complete when the line goes on with the
    /// mapping the key is in (or an outer one), so that the list read here is the whole of the key's value.
    mutating func take(_ line: inout LineScanner, into events: inout [InputEvent]) -> Taken {
        let column = line.skipSpaces()
        // Most lines: an event of the frame, after its first.
        if column == eventColumn, line.take("- [") {
            guard let event = Self.event(&line), line.endsPlainly() else { return .ended(complete: false) }
            events.append(event)
            return .taken
        }
        guard let first = line.next else { return .taken }  // an empty line
        if first == UInt8(ascii: "#") { return line.restIsPlainText() ? .taken : .ended(complete: false) }
        if first == UInt8(ascii: "-") {
            var item = line
            _ = item.take(UInt8(ascii: "-"))
            let spaces = item.skipSpaces()
            if spaces > 0 {
                if item.take("evdev:"), frameColumn.map({ $0 == column }) ?? (column >= keyColumn) {
                    guard item.endsPlainly() else { return .ended(complete: false) }
                    frameColumn = column
                    frameKeyColumn = column + 1 + spaces
                    eventColumn = nil
                    inFrame = true
                    return .taken
                }
                if inFrame, eventColumn.map({ $0 == column }) ?? (column >= frameKeyColumn),
                    item.take(UInt8(ascii: "["))
                {
                    guard let event = Self.event(&item), item.endsPlainly() else { return .ended(complete: false) }
                    eventColumn = column
                    events.append(event)
                    return .taken
                }
            }
            // Another item: at the key's column, of the frames' sequence (a frame of another kind).
            return .ended(complete: column < keyColumn)
        }
        return .ended(complete: column <= keyColumn && first != UInt8(ascii: "\t"))
    }

    /// `SECONDS, MICROSECONDS, TYPE, CODE, VALUE]` within NodeReader's limits, spaces around the commas.
    private static func event(_ line: inout LineScanner) -> InputEvent? {
        let comma = UInt8(ascii: ",")
        guard let seconds = line.listField(then: comma), (0..<9_000_000_000).contains(seconds),
            let micros = line.listField(then: comma), (0..<1_000_000).contains(micros),
            let type = line.listField(then: comma).flatMap(UInt16.init(exactly:)),
            let code = line.listField(then: comma).flatMap(UInt16.init(exactly:)),
            let value = line.listField(then: UInt8(ascii: "]")).flatMap(Int32.init(exactly:))
        else { return nil }
        return InputEvent(seconds: seconds, microseconds: micros, type: type, code: code, value: value)
    }
}

extension LineScanner {
    /// The line ends here, or after spaces and a comment of plain text.
    @inline(__always)
    fileprivate mutating func endsPlainly() -> Bool {
        guard skipSpaces() > 0 else { return isAtEnd }
        return isAtEnd || (take(UInt8(ascii: "#")) && restIsPlainText())
    }
}
