import GestureEngine
import InputCore

/// The evemu recording format: a device description (`N:` name, `I:` ids, `P:` property bits, `B:`
/// event-code bits per type, `A:` axes) and `E: sec.usec type code value` events, type and code in hex.
/// The description may be alone (a `.prop` or `.device` file) or missing (only `#` comments).
public enum EvemuFormat {
    public static func parse(_ text: String, source: String) throws(RecordingError) -> Recording {
        // Never nil: only parseIfChosen gives up on other formats' lines.
        try read(text, source: source, ifChosen: false)!
    }

    /// The recording, or nil when a line starts as another format's own line does (`Recording.parse`'s choice
    /// would not be evemu's): every such line but libinput's `# libinput record` is an error to this reader
    /// anyway, and the lines that are not events are few.
    static func parseIfChosen(_ text: String, source: String) throws(RecordingError) -> Recording? {
        try read(text, source: source, ifChosen: true)
    }

    private static func read(_ text: String, source: String, ifChosen: Bool) throws(RecordingError) -> Recording? {
        var otherFormat = false
        var name: String?
        var ids: (UInt16, UInt16, UInt16, UInt16)?
        var propertyBytes: [UInt8] = []
        var codeBytes: [UInt16: [UInt8]] = [:]
        var axes: [UInt16: AbsInfo] = [:]
        var events: [InputEvent] = []
        try forEachLine(of: text) { (scanner, n) throws(RecordingError) in
            func fail(_ message: String) -> RecordingError { RecordingError(source: source, line: n, message) }
            // Event lines, nearly all of a recording, are read from the bytes.
            scanner.skipBlanks()
            if scanner.take(UInt8(ascii: "E")), scanner.take(UInt8(ascii: ":")), scanner.atFieldEnd {
                guard let event = eventFields(&scanner) else {
                    throw fail("expected E: SECONDS.MICROSECONDS TYPE CODE VALUE (type and code in hex)")
                }
                events.append(event)
                return
            }
            if ifChosen, startsOtherFormat(scanner.fromLineStart) {
                otherFormat = true
                scanner.stopReading()
                return
            }
            let line = scanner.line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = words(line)
            guard let tag = fields.first else { return }
            switch tag {
            case "E:":
                throw fail("expected E: SECONDS.MICROSECONDS TYPE CODE VALUE (type and code in hex)")
            case "N:":
                name = line.drop(while: { $0 != ":" }).dropFirst().trimmed()
            case "I:":
                let values = fields.dropFirst().compactMap { UInt16($0, radix: 16) }
                guard values.count == 4 else { throw fail("expected I: BUS VENDOR PRODUCT VERSION in hex") }
                ids = (values[0], values[1], values[2], values[3])
            case "P:":
                let bytes = fields.dropFirst().compactMap { UInt8($0, radix: 16) }
                guard bytes.count == fields.count - 1 else { throw fail("expected P: followed by hex bytes") }
                propertyBytes += bytes
                guard propertyBytes.count <= maskLimit else { throw fail("more than \(maskLimit) property bytes") }
            case "B:":
                guard fields.count >= 2, let type = UInt16(fields[1], radix: 16) else {
                    throw fail("expected B: TYPE followed by hex bytes")
                }
                let bytes = fields.dropFirst(2).compactMap { UInt8($0, radix: 16) }
                guard bytes.count == fields.count - 2 else { throw fail("expected B: TYPE followed by hex bytes") }
                codeBytes[type, default: []] += bytes
                guard codeBytes[type]!.count <= maskLimit else { throw fail("more than \(maskLimit) bytes of codes for type \(type)") }
            case "A:":
                let values = fields.dropFirst(2).compactMap { Int32($0, radix: 10) }
                guard fields.count >= 6, values.count == fields.count - 2, let code = UInt16(fields[1], radix: 16) else {
                    throw fail("expected A: CODE MIN MAX FUZZ FLAT [RESOLUTION] (code in hex)")
                }
                axes[code] = AbsInfo(
                    minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3],
                    resolution: values.count > 4 ? values[4] : 0)
            case "L:", "S:":
                return  // LEDs and switches: not used.
            default:
                throw fail("unexpected line starting \(tag); expected an evemu line (N:, I:, P:, B:, A:, E:) or a # comment")
            }
        }
        if otherFormat { return nil }
        var description: DeviceDescription?
        if name != nil || ids != nil || !axes.isEmpty {
            var codes: [UInt16: Set<UInt16>] = [:]
            // Absolute axes are described by their A: lines.
            for (type, bytes) in codeBytes where type != EventType.syn && type != EventType.abs {
                let set = bits(bytes)
                if !set.isEmpty { codes[type] = set }
            }
            description = DeviceDescription(
                name: name ?? source, bus: ids?.0 ?? 0, vendor: ids?.1 ?? 0, product: ids?.2 ?? 0, version: ids?.3 ?? 0,
                properties: bits(propertyBytes), codes: codes, axes: axes)
        }
        return Recording(description: description, events: events)
    }

    private static func startsOtherFormat(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        LibinputRecordFormat.startsLine(line) || EvtestFormat.startsLine(line) || GeteventFormat.startsLine(line)
    }

    /// The four fields after `E:`, each followed by a blank, a `#` or the end, and nothing after them but a comment.
    private static func eventFields(_ scanner: inout LineScanner) -> InputEvent? {
        scanner.skipBlanks()
        guard let (sec, usec) = scanner.time(), scanner.atFieldEnd else { return nil }
        scanner.skipBlanks()
        guard let type = scanner.hex(UInt16.self), scanner.atFieldEnd else { return nil }
        scanner.skipBlanks()
        guard let code = scanner.hex(UInt16.self), scanner.atFieldEnd else { return nil }
        scanner.skipBlanks()
        guard let value: Int32 = scanner.decimal(), scanner.atFieldEnd else { return nil }
        scanner.skipBlanks()
        guard scanner.isAtEnd || scanner.take(UInt8(ascii: "#")) else { return nil }
        // time() keeps seconds below 9e9 and microseconds below 1e6: nanoseconds fit without checking.
        return InputEvent(time: Timestamp(nanoseconds: sec &* 1_000_000_000 &+ usec &* 1000), type: type, code: code, value: value)
    }

    /// Bytes of a code mask: KEY_MAX (0x2ff) needs 96; anything far beyond is not a device.
    static let maskLimit = 128

    private static func bits(_ bytes: [UInt8]) -> Set<UInt16> {
        var set: Set<UInt16> = []
        for (i, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { set.insert(UInt16(i * 8 + bit)) }
        }
        return set
    }

    /// Writes a description (and events) as evemu-device and evemu-play read them.
    public static func write(_ description: DeviceDescription, events: [InputEvent] = []) -> String {
        var out = "# EVEMU 1.3\n# Input device name: \"\(description.name)\"\n# Written by gestured\n"
        out += "N: \(description.name)\n"
        out += "I: \(hex(description.bus, 4)) \(hex(description.vendor, 4)) \(hex(description.product, 4)) \(hex(description.version, 4))\n"
        out += byteLines("P:", mask(description.properties, minimumBytes: 8))
        var types: Set<UInt16> = [EventType.syn]
        for (type, codes) in description.codes where !codes.isEmpty { types.insert(type) }
        if !description.axes.isEmpty { types.insert(EventType.abs) }
        out += byteLines("B: 00", mask(types, minimumBytes: 8))
        var codesByType = description.codes
        codesByType[EventType.abs, default: []].formUnion(description.axes.keys)
        for type in codesByType.keys.sorted() where type != EventType.syn {
            guard let codes = codesByType[type], !codes.isEmpty else { continue }
            out += byteLines("B: \(hex(type, 2))", mask(codes, minimumBytes: 8))
        }
        for code in description.axes.keys.sorted() {
            let a = description.axes[code]!
            out += "A: \(hex(code, 2)) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)\n"
        }
        return out + eventLines(events)
    }

    /// `E:` lines for events, to append to a description as they arrive.
    public static func eventLines(_ events: [InputEvent]) -> String {
        var out = ""
        for event in events {
            let seconds = event.time.nanoseconds / 1_000_000_000
            let micros = String((event.time.nanoseconds % 1_000_000_000) / 1000)
            out += "E: \(seconds).\(String(repeating: "0", count: 6 - micros.count))\(micros) "
            out += "\(hex(event.type, 4)) \(hex(event.code, 4)) \(event.value)"
            out += "\t# \(EventNames.type(event.type)) / \(EventNames.code(event.type, event.code))\n"
        }
        return out
    }

    private static func mask(_ codes: Set<UInt16>, minimumBytes: Int) -> [UInt8] {
        let highest = Int(codes.max() ?? 0)
        let count = max(minimumBytes, (highest / 64 + 1) * 8)
        var bytes = [UInt8](repeating: 0, count: count)
        for code in codes { bytes[Int(code) / 8] |= 1 << (code % 8) }
        return bytes
    }

    /// Eight bytes a line, as evemu writes them.
    private static func byteLines(_ prefix: String, _ bytes: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bytes.count {
            out += prefix + bytes[i..<min(i + 8, bytes.count)].map { " " + hex(UInt16($0), 2) }.joined() + "\n"
            i += 8
        }
        return out
    }

    private static func hex(_ value: UInt16, _ width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension Substring {
    func trimmed() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
