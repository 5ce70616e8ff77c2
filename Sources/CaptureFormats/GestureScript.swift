import GestureEngine
import InputCore
import RealModule

/// Gestures written as text, turned into the events a touchscreen or a touchpad would send: how the project
/// makes its own demo and test recordings without a device. Lengths are millimetres, times seconds; fingers are
/// sampled at 100 Hz.
///
/// ```
/// surface 300 200                                  # the virtual touchscreen, in mm (default 300 x 200)
/// surface 100 60 touchpad                          # or a touchpad: a clickpad with 5 slots, its finger count
///                                                  # announced with BTN_TOOL_FINGER ... BTN_TOOL_QUINTTAP
/// at 1.0 tap 150 100 [fingers 2] [taps 2]
/// at 2.0 hold 150 100 for 0.8 [fingers 1]
/// at 3.0 drag 50 100 to 250 100 over 0.4 [fingers 3]
/// at 4.0 pinch 150 100 from 20 to 90 over 0.6      # two fingers, their distance apart
/// at 5.0 rotate 150 100 radius 25 from 0 to 90 over 0.6
/// ```
public struct GestureScript {
    public private(set) var surface = Size(width: 300, height: 200)
    /// What the virtual device is: a touchscreen (INPUT_PROP_DIRECT) or a touchpad (INPUT_PROP_POINTER).
    public private(set) var kind = DeviceKind.touchscreen
    private let source: String
    private var samples: [Sample] = []
    private var nextFinger = 0

    /// Units per millimetre of the virtual device's axes.
    public static let resolution: Int32 = 10
    static let interval = 0.01
    /// How far apart side-by-side fingers are.
    static let fingerSpacing = 15.0

    private struct Sample {
        var time: Double
        var finger: Int
        var location: Point?  // nil: lifted
        /// The script's line, for an error found only when the fingers are given slots.
        var line: Int
    }

    public init(_ text: String, source: String) throws(RecordingError) {
        self.source = source
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard !words.isEmpty else { continue }
            do throws(ScriptError) {
                try parse(words, line: n + 1)
            } catch {
                throw RecordingError(source: source, line: n + 1, error.message)
            }
        }
    }

    private struct ScriptError: Error {
        var message: String
    }

    private mutating func parse(_ words: [String], line: Int) throws(ScriptError) {
        var reader = Words(words)
        if words[0] == "surface" {
            reader.skip()
            surface = Size(width: try reader.number("width", 10...2000), height: try reader.number("height", 10...2000))
            switch try reader.optionalWord() {
            case nil, "touchscreen": kind = .touchscreen
            case "touchpad": kind = .touchpad
            case let other?: throw ScriptError(message: "unknown device '\(other)': expected touchscreen or touchpad")
            }
            try reader.end()
            return
        }
        try reader.expect("at")
        let start = try reader.number("time", 0...86_400)
        let verb = try reader.word("a gesture: tap, hold, drag, draw, pinch or rotate")
        let firstNew = samples.count
        switch verb {
        case "tap":
            let p = try reader.point()
            let fingers = try reader.option("fingers", 1...10) ?? 1
            let taps = try reader.option("taps", 1...10) ?? 1
            try reader.end()
            for i in 0..<taps { press(at: row(p, fingers), from: start + Double(i) * 0.25, for: 0.08, line: line) }
        case "hold":
            let p = try reader.point()
            try reader.expect("for")
            let duration = try reader.number("duration", 0.01...600)
            let fingers = try reader.option("fingers", 1...10) ?? 1
            try reader.end()
            press(at: row(p, fingers), from: start, for: duration, line: line)
        case "drag":
            let a = try reader.point()
            try reader.expect("to")
            let b = try reader.point()
            try reader.expect("over")
            let duration = try reader.number("duration", 0.01...600)
            let fingers = try reader.option("fingers", 1...10) ?? 1
            try reader.end()
            let (from, to) = (row(a, fingers), row(b, fingers))
            stroke(from: start, over: duration, fingers: fingers, line: line) { f, t in
                Point(x: from[f].x + (to[f].x - from[f].x) * t, y: from[f].y + (to[f].y - from[f].y) * t)
            }
        case "draw":
            // A path through the points, at an even speed along it: a shape (docs/shapes.md).
            var corners = [try reader.point()]
            while try reader.accept("to") { corners.append(try reader.point()) }
            guard corners.count >= 2 else { throw ScriptError(message: "draw needs at least two points: draw X1 Y1 to X2 Y2 [to X3 Y3 ...]") }
            guard corners.count <= 1000 else { throw ScriptError(message: "draw takes at most 1000 points, got \(corners.count)") }
            try reader.expect("over")
            let duration = try reader.number("duration", 0.01...600)
            let fingers = try reader.option("fingers", 1...10) ?? 1
            try reader.end()
            let rows = corners.map { row($0, fingers) }
            let lengths = zip(corners, corners.dropFirst()).map { $0.distance(to: $1) }
            let total = lengths.reduce(0, +)
            stroke(from: start, over: duration, fingers: fingers, line: line) { f, t in
                // The leg the distance t * total falls on, and how far along it.
                var left = t * total
                for (i, length) in lengths.enumerated() {
                    if left <= length || i == lengths.count - 1 {
                        let k = length > 0 ? min(left / length, 1) : 1
                        let (a, b) = (rows[i][f], rows[i + 1][f])
                        return Point(x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k)
                    }
                    left -= length
                }
                return rows[rows.count - 1][f]
            }
        case "pinch", "rotate":
            let c = try reader.point()
            var spread = (20.0, 20.0)
            var angle = (0.0, 0.0)
            if verb == "pinch" {
                try reader.expect("from")
                spread.0 = try reader.number("spread", 1...2000)
                try reader.expect("to")
                spread.1 = try reader.number("spread", 1...2000)
            } else {
                try reader.expect("radius")
                let r = try reader.number("radius", 1...1000)
                spread = (2 * r, 2 * r)
                try reader.expect("from")
                angle.0 = try reader.number("angle", -3600...3600)
                try reader.expect("to")
                angle.1 = try reader.number("angle", -3600...3600)
            }
            try reader.expect("over")
            let duration = try reader.number("duration", 0.01...600)
            try reader.end()
            stroke(from: start, over: duration, fingers: 2, line: line) { f, t in
                let half = (spread.0 + (spread.1 - spread.0) * t) / 2
                let a = (angle.0 + (angle.1 - angle.0) * t) * .pi / 180 + (f == 0 ? .pi : 0)
                return Point(x: c.x + half * Double.cos(a), y: c.y + half * Double.sin(a))
            }
        default:
            throw ScriptError(message: "unknown gesture '\(verb)': expected tap, hold, drag, draw, pinch or rotate")
        }
        // Only this line's samples: the earlier lines' were checked when they were read.
        for sample in samples[firstNew...] where sample.location.map({ !Rect(x: 0, y: 0, width: surface.width, height: surface.height).contains($0) }) ?? false {
            throw ScriptError(message: "a finger leaves the \(Int(surface.width)) x \(Int(surface.height)) mm surface at \(sample.location!)")
        }
    }

    /// `count` fingers side by side, centred on `p`.
    private func row(_ p: Point, _ count: Int) -> [Point] {
        (0..<count).map { i in Point(x: p.x + (Double(i) - Double(count - 1) / 2) * Self.fingerSpacing, y: p.y) }
    }

    private mutating func press(at points: [Point], from start: Double, for duration: Double, line: Int) {
        for p in points {
            let f = newFinger()
            samples.append(Sample(time: start, finger: f, location: p, line: line))
            samples.append(Sample(time: start + duration, finger: f, location: nil, line: line))
        }
    }

    /// Fingers moving together; `place(finger, progress)` says where each is.
    private mutating func stroke(from start: Double, over duration: Double, fingers: Int, line: Int, _ place: (Int, Double) -> Point) {
        let ids = (0..<fingers).map { _ in newFinger() }
        let steps = max(1, Int((duration / Self.interval).rounded()))
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            for (i, f) in ids.enumerated() { samples.append(Sample(time: start + t * duration, finger: f, location: place(i, t), line: line)) }
        }
        for f in ids { samples.append(Sample(time: start + duration + Self.interval, finger: f, location: nil, line: line)) }
    }

    private mutating func newFinger() -> Int {
        nextFinger += 1
        return nextFinger
    }

    /// The recording: a virtual multitouch screen or touchpad and its events, one frame per sample time. Fails
    /// when more fingers are down at once than the device has slots.
    public var recording: Recording {
        get throws(RecordingError) {
            let description = deviceDescription
            let slotCount = description.slotCount
            var events: [InputEvent] = []
            var slots: [Int: Int] = [:]
            var trackingID: Int32 = 0
            var currentSlot = 0
            let ordered = samples.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
            var i = 0
            while i < ordered.count {
                let time = ordered[i].time
                let stamp = Timestamp(seconds: time)
                let fingersBefore = slots.count
                while i < ordered.count && ordered[i].time == time {
                    let s = ordered[i]
                    i += 1
                    guard let slot = slots[s.finger] ?? (0..<slotCount).first(where: { !slots.values.contains($0) }) else {
                        throw RecordingError(
                            source: source, line: s.line,
                            "more than \(slotCount) fingers down at \(time) s: the synthetic \(kind.rawValue) has \(slotCount) slots")
                    }
                    if slot != currentSlot {
                        events.append(InputEvent(time: stamp, type: EventType.abs, code: AbsCode.mtSlot, value: Int32(slot)))
                        currentSlot = slot
                    }
                    guard let p = s.location else {
                        events.append(InputEvent(time: stamp, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1))
                        slots[s.finger] = nil
                        continue
                    }
                    if slots[s.finger] == nil {
                        slots[s.finger] = slot
                        events.append(InputEvent(time: stamp, type: EventType.abs, code: AbsCode.mtTrackingID, value: trackingID))
                        trackingID = (trackingID + 1) % 65536
                    }
                    events.append(InputEvent(time: stamp, type: EventType.abs, code: AbsCode.mtPositionX, value: Int32((p.x * Double(Self.resolution)).rounded())))
                    events.append(InputEvent(time: stamp, type: EventType.abs, code: AbsCode.mtPositionY, value: Int32((p.y * Double(Self.resolution)).rounded())))
                }
                if (fingersBefore == 0) != slots.isEmpty {
                    events.append(InputEvent(time: stamp, type: EventType.key, code: KeyCode.touch, value: slots.isEmpty ? 0 : 1))
                }
                // A touchpad's kernel driver announces how many fingers are down with one tool key at a time
                // (input_mt_report_finger_count): the old count's key goes up, the new count's goes down.
                if kind == .touchpad, fingersBefore != slots.count {
                    for (key, value) in [(Self.toolKey(fingersBefore), 0), (Self.toolKey(slots.count), 1)] {
                        if let key { events.append(InputEvent(time: stamp, type: EventType.key, code: key, value: Int32(value))) }
                    }
                }
                events.append(InputEvent(time: stamp, type: EventType.syn, code: SynCode.report, value: 0))
            }
            return Recording(description: description, events: events)
        }
    }

    /// The key that announces `fingers` fingers (BTN_TOOL_FINGER for one); none for no finger.
    private static func toolKey(_ fingers: Int) -> UInt16? {
        fingers == 0 ? nil : KeyCode.fingerCounts.last { $0.fingers <= fingers }?.code
    }

    /// The virtual device: a touchscreen with 10 slots, or a clickpad with 5 (as most laptops' touchpads have),
    /// the button it presses and the keys that announce up to five fingers. Its axes span the surface at
    /// `resolution` units a millimetre, so that its size is known exactly.
    private var deviceDescription: DeviceDescription {
        let r = Self.resolution
        let w = Int32(surface.width) * r, h = Int32(surface.height) * r
        let touchpad = kind == .touchpad
        let keys: Set<UInt16> = touchpad ? Set([KeyCode.touch, KeyCode.buttonLeft] + KeyCode.fingerCounts.map(\.code)) : [KeyCode.touch]
        return DeviceDescription(
            name: "gestured synthetic \(kind.rawValue)", bus: 0x06, vendor: 0x1209, product: touchpad ? 0x0002 : 0x0001, version: 1,
            properties: touchpad ? [InputProperty.pointer, InputProperty.buttonPad] : [InputProperty.direct], codes: [EventType.key: keys],
            axes: [
                AbsCode.x: AbsInfo(minimum: 0, maximum: w, resolution: r), AbsCode.y: AbsInfo(minimum: 0, maximum: h, resolution: r),
                AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: touchpad ? 4 : 9), AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
                AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: w, resolution: r),
                AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: h, resolution: r),
            ])
    }

    /// The words of one line, read in order.
    private struct Words {
        private let words: [String]
        private var index = 0

        init(_ words: [String]) { self.words = words }

        mutating func skip() { index += 1 }

        /// The next word, or nil at the end of the line.
        mutating func optionalWord() -> String? {
            guard index < words.count else { return nil }
            defer { index += 1 }
            return words[index]
        }

        mutating func word(_ what: String) throws(ScriptError) -> String {
            guard index < words.count else { throw ScriptError(message: "expected \(what) at the end of the line") }
            defer { index += 1 }
            return words[index]
        }

        /// Whether the next word is `keyword`, taking it if so.
        mutating func accept(_ keyword: String) throws(ScriptError) -> Bool {
            guard index < words.count, words[index] == keyword else { return false }
            index += 1
            return true
        }

        mutating func expect(_ keyword: String) throws(ScriptError) {
            let w = try word("'\(keyword)'")
            guard w == keyword else { throw ScriptError(message: "expected '\(keyword)', got '\(w)'") }
        }

        mutating func number(_ what: String, _ range: ClosedRange<Double>) throws(ScriptError) -> Double {
            let w = try word(what)
            guard let v = Double(w), range.contains(v) else {
                throw ScriptError(message: "\(what) must be a number from \(range.lowerBound) to \(range.upperBound), got '\(w)'")
            }
            return v
        }

        mutating func point() throws(ScriptError) -> Point {
            Point(x: try number("x (mm)", 0...2000), y: try number("y (mm)", 0...2000))
        }

        mutating func option(_ name: String, _ range: ClosedRange<Int>) throws(ScriptError) -> Int? {
            guard index < words.count, words[index] == name else { return nil }
            index += 1
            let w = try word("a count after \(name)")
            guard let v = Int(w), range.contains(v) else { throw ScriptError(message: "\(name) must be from \(range.lowerBound) to \(range.upperBound), got '\(w)'") }
            return v
        }

        func end() throws(ScriptError) {
            guard index >= words.count else { throw ScriptError(message: "unexpected '\(words[index])'") }
        }
    }
}
