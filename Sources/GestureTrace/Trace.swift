import Conditioning
import GestureEngine

/// Runs a scenario written in the trace form and returns what happened, one line per action or touch
/// delivery. The form (see docs/traces.md):
///
///     units pt                       # lengths in points (0.16 mm) or mm (the default)
///     surface 400 800                # the root region's size
///     region V 0 0 400 800           # a region (optionally `in PARENT`)
///     tap single in V taps=1         # a recognizer: KIND NAME [in REGION] [key=value ...]
///     require single fail double     # relations: require, required-by, simultaneous, prevent-not,
///                                    # unpreventable, should-begin, should-receive
///     show pan translation velocity  # values to print with a recognizer's actions
///     conditioning touchpad settle_mm=4  # touches go through touch conditioning first
///     0.00 down 1 100 100            # timed lines: down, move, up, cancel, button, advance,
///     0.10 up 1                      # disable, enable, set; equal times make one frame
///
/// Output lines: `0.100 single: ended` for actions, `0.100 V: touch 1 cancelled` for deliveries, with
/// conditioning what the stage gives the engine (`0.100 touch 1 ended (50,30)`) and holds back (`0.100 palm 2
/// began (20,40)`), and with `explain` every recognizer transition and every contact's change with its cause,
/// before the lines of the same moment: `0.100 # single: possible -> ended, touches ended #1: tap 1 of 1 lifted`,
/// `0.100 # contact 2: settling #2 -> palm, pressure 0.8 > 0.45`. Pending deadlines are flushed at the end.
public enum Trace {
    public static func run(_ text: String, explain: Bool = false) throws(TraceError) -> [String] {
        let session = TraceSession(explain: explain)
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard !words.isEmpty else { continue }
            do {
                try session.execute(words)
            } catch let message as TraceSession.Message {
                throw TraceError(line: lineNumber, message.text)
            } catch {
                throw TraceError(line: lineNumber, "\(error)")
            }
        }
        session.finish()
        return session.lines
    }
}

final class TraceSession {
    struct Message: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    var lines: [String] = []
    private let explain: Bool
    private var scale = 1.0
    private var surface = Size(width: 400, height: 800)
    private var engine: GestureEngine?
    private var regions: [String: Region] = [:]
    private var recognizers: [String: GestureRecognizer] = [:]
    private var shown: [String: [String]] = [:]
    private let rules = GestureRules()
    private var touches: [TouchID: Touch] = [:]
    private var touchOrder: [TouchID] = []
    private var frame: [Touch] = []
    private var frameTime: Timestamp?
    private var lastTime = Timestamp.zero
    private var events: [EngineEvent] = []
    /// Touch conditioning, when a `conditioning` line asks for it.
    private var conditioning: TraceConditioning?
    /// Conditioning and the engine as the daemon runs them: made with the first timed line, when the surface and
    /// the conditioning are known.
    private var pipeline: TouchPipeline?
    /// The physical buttons down (`button down`), in every frame until `button up`.
    private var buttons: UInt8 = 0

    init(explain: Bool) {
        self.explain = explain
    }

    private var factory: TraceRecognizers { TraceRecognizers(toMillimetres: { [scale] in $0 * scale }) }

    private func theEngine() -> GestureEngine {
        if let engine { return engine }
        let made = GestureEngine(surface: Size(width: surface.width * scale, height: surface.height * scale))
        if explain {
            made.transitionObserver = { [unowned self] transition in
                lines.append(TraceFormat.time(transition.time) + " # " + transition.description)
            }
        }
        engine = made
        return made
    }

    func execute(_ words: [String]) throws {
        if let seconds = TraceFormat.number(words[0]) {
            // Far inside the engine's clock (Int64 nanoseconds, 292 years), so that deadlines after it exist.
            guard (0...1e9).contains(seconds) else { throw Message("a time is from 0 to 1000000000 seconds, got \(words[0])") }
            try timed(Timestamp(seconds: seconds), Array(words.dropFirst()))
        } else {
            try setup(words)
        }
    }

    // MARK: Setup

    private func setup(_ words: [String]) throws {
        guard engine == nil || !["units", "surface"].contains(words[0]) else {
            throw Message("\(words[0]) must come before regions and recognizers")
        }
        switch words[0] {
        case "units":
            switch words.dropFirst().first {
            case "pt": scale = Points.millimetresPerPoint
            case "mm": scale = 1
            default: throw Message("expected units pt or mm")
            }
        case "surface":
            guard words.count == 3, let w = TraceFormat.number(words[1]), let h = TraceFormat.number(words[2]) else {
                throw Message("expected surface WIDTH HEIGHT")
            }
            surface = Size(width: w, height: h)
        case "region":
            try addRegion(words)
        case "require":
            guard words.count == 4, words[2] == "fail" else { throw Message("expected require A fail B") }
            try recognizer(words[1]).require(toFail: try recognizer(words[3]))
        case "delegate-require":
            guard words.count == 4, words[2] == "fail" else { throw Message("expected delegate-require A fail B") }
            try delegate(words[1], words[3])
            rules.require(words[1], toFail: words[3])
        case "required-by":
            guard words.count == 3 else { throw Message("expected required-by B A (B must fail for A)") }
            try delegate(words[1], words[2])
            rules.require(words[1], toBeRequiredToFailBy: words[2])
        case "simultaneous":
            guard words.count == 3 else { throw Message("expected simultaneous A B") }
            try delegate(words[1], words[2])
            rules.allowSimultaneous(words[1], words[2])
        case "prevent-not":
            guard words.count == 3 else { throw Message("expected prevent-not A B") }
            try delegate(words[1], words[2] == GestureRules.any ? words[1] : words[2])
            rules.preventNot(words[1], words[2])
        case "unpreventable":
            guard words.count == 2 || (words.count == 4 && words[2] == "by") else {
                throw Message("expected unpreventable A [by B]")
            }
            try delegate(words[1], words.count == 4 ? words[3] : words[1])
            rules.notPreventable(words[1], by: words.count == 4 ? words[3] : GestureRules.any)
        case "should-begin", "should-receive":
            guard words.count == 3, words[2] == "no" else { throw Message("expected \(words[0]) NAME no") }
            try delegate(words[1], words[1])
            if words[0] == "should-begin" {
                rules.shouldBegin[words[1]] = { _ in false }
            } else {
                rules.shouldReceive[words[1]] = { _, _ in false }
            }
        case "conditioning":
            guard pipeline == nil, conditioning == nil else { throw Message("conditioning must come once, before the timed lines") }
            conditioning = try TraceConditioning(words)
        case "show":
            guard words.count >= 3 else { throw Message("expected show NAME FIELD...") }
            _ = try recognizer(words[1])
            shown[words[1], default: []] += words.dropFirst(2)
        default:
            try addRecognizer(words)
        }
    }

    private func addRegion(_ words: [String]) throws {
        guard words.count == 6 || (words.count == 8 && words[6] == "in"),
            let x = TraceFormat.number(words[2]), let y = TraceFormat.number(words[3]), let w = TraceFormat.number(words[4]), let h = TraceFormat.number(words[5])
        else { throw Message("expected region NAME X Y WIDTH HEIGHT [in PARENT]") }
        guard regions[words[1]] == nil else { throw Message("region \(words[1]) is defined twice") }
        let parent = words.count == 8 ? try region(words[7]) : nil
        let frame = Rect(x: x * scale, y: y * scale, width: w * scale, height: h * scale)
        regions[words[1]] = try theEngine().addRegion(name: words[1], frame: frame, parent: parent)
    }

    private func addRecognizer(_ words: [String]) throws {
        guard words.count >= 2, let (made, kind) = factory.make(kind: words[0], name: words[1]) else {
            throw Message("unknown line \(words[0]); expected a setting, a relation or a recognizer kind (\(TraceRecognizers.kinds.joined(separator: ", ")))")
        }
        guard recognizers[words[1]] == nil else { throw Message("recognizer \(words[1]) is defined twice") }
        var rest = words.dropFirst(2)
        var target: Region?
        if rest.first == "in" {
            guard rest.count >= 2 else { throw Message("expected a region after in") }
            target = try region(rest[rest.startIndex + 1])
            rest = rest.dropFirst(2)
        }
        for assignment in rest {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw Message("expected key=value, got \(assignment)") }
            if let error = factory.apply(parts[0], parts[1], to: made, of: kind) { throw Message(error) }
        }
        recognizers[words[1]] = made
        theEngine().add(made, to: target)
    }

    private func region(_ name: String) throws -> Region {
        guard let found = regions[name] else { throw Message("no region named \(name)") }
        return found
    }

    private func recognizer(_ name: String) throws -> GestureRecognizer {
        guard let found = recognizers[name] else { throw Message("no recognizer named \(name)") }
        return found
    }

    /// Relations go through the shared rules delegate of the recognizers they name.
    private func delegate(_ names: String...) throws {
        for name in names where name != GestureRules.any { try recognizer(name).delegate = rules }
    }

    // MARK: Timed lines

    private func timed(_ time: Timestamp, _ words: [String]) throws {
        guard let verb = words.first else { throw Message("expected a verb after the time") }
        guard time >= lastTime else { throw Message("time goes backwards (\(TraceFormat.time(time)) after \(TraceFormat.time(lastTime)))") }
        if let frameTime, frameTime != time { flushFrame() }
        lastTime = time
        let engine = theEngine()
        if pipeline == nil {
            let size = Size(width: surface.width * scale, height: surface.height * scale)
            // As on a device: a stage with no part on (a touchscreen's defaults, or no `conditioning` line) is no
            // stage at all.
            let made = TouchPipeline(
                engine: engine, conditioner: conditioning?.conditioner(surface: size) ?? TouchConditioner(settings: .none, surface: size))
            if explain, made.conditions {
                made.contactObserver = { [unowned self] transition in
                    lines.append(TraceFormat.time(transition.time) + " # " + transition.description)
                }
            }
            pipeline = made
        }
        switch verb {
        case "down":
            var values = words.dropFirst(4)
            guard words.count >= 4, let id = TouchID(words[1]), let x = TraceFormat.number(words[2]), let y = TraceFormat.number(words[3]) else {
                throw Message("expected down ID X Y [direct|indirect|stylus] [pressure=P] [major=LENGTH]")
            }
            guard touches[id] == nil else { throw Message("touch \(id) is already down") }
            var type = conditioning?.touchType ?? .direct
            if let word = values.first, !word.contains("=") {
                guard let t = TouchType.allCases.first(where: { $0.description == word }) else {
                    throw Message("expected a touch type direct, indirect or stylus, got \(word)")
                }
                type = t
                values = values.dropFirst()
            }
            let location = Point(x: x * scale, y: y * scale)
            var touch = Touch(id: id, phase: .began, location: location, timestamp: time, type: type)
            try measure(&touch, values)
            touchOrder.append(id)
            stage(touch, at: time)
        case "move":
            guard words.count >= 4, let id = TouchID(words[1]), let x = TraceFormat.number(words[2]), let y = TraceFormat.number(words[3]) else {
                throw Message("expected move ID X Y [pressure=P] [major=LENGTH]")
            }
            let stagedNow = frame.contains { $0.id == id }
            var touch = try down(id)
            touch.previousLocation = touch.location
            touch.location = Point(x: x * scale, y: y * scale)
            // A touch that goes down and moves within one frame is still beginning.
            touch.phase = stagedNow && touch.phase == .began ? .began : .moved
            touch.timestamp = time
            try measure(&touch, words.dropFirst(4))
            stage(touch, at: time)
        case "up", "cancel":
            guard words.count == 2, let id = TouchID(words[1]) else { throw Message("expected \(verb) ID") }
            var touch = try down(id)
            touch.previousLocation = touch.location
            touch.phase = verb == "up" ? .ended : .cancelled
            touch.timestamp = time
            stage(touch, at: time)
        case "button":
            guard words.count == 2, words[1] == "down" || words[1] == "up" else { throw Message("expected button down or button up") }
            // The pad's click, in this frame and those after it.
            buttons = words[1] == "down" ? 1 : 0
            frameTime = time
        case "advance":
            flushFrame()
            advance(to: time)
        case "disable", "enable":
            guard words.count == 2 else { throw Message("expected \(verb) NAME") }
            flushFrame()
            // An input at its time: what is due before it first; then the engine's clock comes to it, so that a
            // recognizer disabled mid-gesture is cancelled then (the engine would say its change at its last time).
            fireDeadlines(through: time, inclusive: false)
            try recognizer(words[1]).isEnabled = verb == "enable"
            engine.advance(to: time, into: &events)
            record()
            advance(to: time)
        case "set":
            flushFrame()
            try set(Array(words.dropFirst()))
        default:
            throw Message("unknown verb \(verb); expected down, move, up, cancel, button, advance, disable, enable or set")
        }
    }

    /// A touch's `pressure=P` (0 to 1 of the pressure axis) and `major=LENGTH` (its contact's major axis, in the
    /// trace's units), for touch conditioning's palm rules. They stay until a line changes them.
    private func measure(_ touch: inout Touch, _ values: ArraySlice<String>) throws {
        for assignment in values {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = TraceFormat.number(parts[1]) else { throw Message("expected pressure=P or major=LENGTH, got \(assignment)") }
            switch parts[0] {
            case "pressure": touch.pressure = value
            case "major": touch.majorRadius = value * scale / 2
            default: throw Message("a touch takes pressure=P and major=LENGTH, not \(parts[0])")
            }
        }
    }

    /// Moves the clock to `time`: what is due by then fires in the daemon's order.
    private func advance(to time: Timestamp) {
        fireDeadlines(through: time, inclusive: true)
        theEngine().advance(to: time, into: &events)
        record()
    }

    private func down(_ id: TouchID) throws -> Touch {
        if let staged = frame.last(where: { $0.id == id }) {
            guard !staged.phase.isFinal else { throw Message("touch \(id) has already lifted") }
            return staged
        }
        guard let touch = touches[id] else { throw Message("touch \(id) is not down") }
        return touch
    }

    private func stage(_ touch: Touch, at time: Timestamp) {
        frameTime = time
        frame.removeAll { $0.id == touch.id }
        frame.append(touch)
    }

    private func set(_ words: [String]) throws {
        guard words.count >= 3 else { throw Message("expected set NAME translation X Y | scale S | rotation R") }
        let target = try recognizer(words[0])
        switch (words[1], target) {
        case ("translation", let pan as PanGestureRecognizer):
            guard words.count == 4, let x = TraceFormat.number(words[2]), let y = TraceFormat.number(words[3]) else {
                throw Message("expected set NAME translation X Y")
            }
            pan.setTranslation(Point(x: x * scale, y: y * scale))
        case ("scale", let pinch as PinchGestureRecognizer):
            guard let s = TraceFormat.number(words[2]) else { throw Message("expected set NAME scale S") }
            pinch.setScale(s)
        case ("rotation", let rotation as RotationGestureRecognizer):
            guard let r = TraceFormat.number(words[2]) else { throw Message("expected set NAME rotation RADIANS") }
            rotation.setRotation(r)
        default:
            throw Message("\(words[0]) has no \(words[1]) to set")
        }
    }

    /// Sends the staged touches, with every other touch that is down as stationary, as one frame.
    private func flushFrame() {
        guard let time = frameTime else { return }
        frameTime = nil
        var all: [Touch] = []
        for id in touchOrder {
            if let staged = frame.first(where: { $0.id == id }) {
                all.append(staged)
            } else if var resting = touches[id] {
                resting.phase = .stationary
                resting.previousLocation = resting.location
                resting.timestamp = time
                all.append(resting)
            }
        }
        for touch in frame {
            touches[touch.id] = touch.phase.isFinal ? nil : touch
        }
        touchOrder.removeAll { touches[$0] == nil }
        frame.removeAll()
        var made = TouchFrame(timestamp: time, touches: all)
        made.physicalButtons = buttons
        guard let pipeline else { return }
        // What was due before the frame first, as the daemon has it: conditioning's own frames and the engine's
        // timers.
        fireDeadlines(through: time, inclusive: false)
        let conditioned = pipeline.condition(made)
        if pipeline.conditions { recordStage(conditioned, pipeline.classified, at: time) }
        guard let conditioned else { return }
        pipeline.engine.process(conditioned, into: &events)
        record()
    }

    func finish() {
        flushFrame()
        fireDeadlines(through: TimeRule.end, inclusive: true)
    }

    /// Fires what is due by `time` (before it, when not `inclusive`) by the daemon's rule of time (TimeRule) and in
    /// its order (TouchPipeline.fire): at each deadline, conditioning's frame, then the engine's timers.
    private func fireDeadlines(through time: Timestamp, inclusive: Bool) {
        guard let pipeline else { return }
        var fired: Timestamp?
        while let due = pipeline.nextDeadline, TimeRule.fires(due, through: time, inclusive: inclusive, after: fired) {
            fire(at: due)
            fired = due
        }
    }

    /// A deadline of the pipeline's: what it makes recorded, and given to the engine, as the daemon gives it.
    private func fire(at due: Timestamp) {
        let engine = theEngine()
        pipeline?.fire(
            at: due,
            conditioned: { conditioned, classified in
                recordStage(conditioned, classified, at: due)
                guard let conditioned else { return }
                engine.process(conditioned, into: &events)
                record()
            },
            timers: {
                engine.advance(to: due, into: &events)
                record()
            })
    }

    // MARK: Touch conditioning

    /// What the stage did in a frame: the touches it gives the engine that began, moved or ended
    /// (`0.030 touch 1 ended (50,30)`, ids as the engine knows them), then the contacts it holds back as palms,
    /// thumbs or clicks, as the raw touch stream hears of them (`0.020 palm 2 began (20,40)`).
    private func recordStage(_ conditioned: TouchFrame?, _ classified: [(touch: Touch, class: ContactClass)], at time: Timestamp) {
        let when = TraceFormat.time(time) + " "
        for touch in conditioned?.touches ?? [] where touch.phase != .stationary {
            lines.append(when + "touch " + touch.id.description + " " + touch.phase.description + " " + TraceFormat.point(touch.location, scale: scale))
        }
        for (touch, contactClass) in classified {
            lines.append(when + contactClass.description + " " + touch.id.description + " " + touch.phase.description + " " + TraceFormat.point(touch.location, scale: scale))
        }
    }

    // MARK: Output

    private func record() {
        for event in events {
            switch event {
            case .action(let action):
                var line = TraceFormat.time(action.time) + " " + action.recognizer + ": " + action.state.description
                for field in shown[action.recognizer] ?? [] { line += " " + field + "=" + value(field, of: action) }
                lines.append(line)
            case .touch(let delivery):
                lines.append(
                    TraceFormat.time(delivery.time) + " " + delivery.region + ": touch " + delivery.touch.id.description
                        + " " + delivery.phase.description)
            }
        }
        events.removeAll(keepingCapacity: true)
    }

    private func value(_ field: String, of action: GestureAction) -> String {
        switch (field, action.detail) {
        case ("location", _): return TraceFormat.point(action.location, scale: scale)
        case ("touches", _): return String(action.numberOfTouches)
        case ("taps", .tap(let taps)): return String(taps)
        case ("translation", .pan(let t, _)), ("translation", .edgePan(_, let t, _)):
            return TraceFormat.point(t, scale: scale)
        case ("velocity", .pan(_, let v)), ("velocity", .edgePan(_, _, let v)):
            return TraceFormat.point(v, scale: scale)
        case ("velocity", .pinch(_, let v)), ("velocity", .rotation(_, let v)): return TraceFormat.number(v)
        case ("scale", .pinch(let s, _)): return TraceFormat.number(s)
        case ("rotation", .rotation(let r, _)): return TraceFormat.number(r)
        case ("direction", .swipe(let d)): return d.description
        case ("edge", .edgePan(let e, _, _)): return e.description
        case ("shape", .shape(let name, _)): return name
        case ("score", .shape(_, let score)): return TraceFormat.number(score)
        case (let key, .custom(let values)):
            guard let v = values[key] else { return "?" }
            return TraceFormat.number(key.hasSuffix("X") || key.hasSuffix("Y") ? v / scale : v)
        default: return "?"
        }
    }
}
