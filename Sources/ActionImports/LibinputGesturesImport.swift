/// libinput-gestures' libinput-gestures.conf: its gestures made recognizers and actions, with libinput-gestures'
/// rules for which line acts (the last for a gesture; one with a finger count before one without, which acts for
/// every count). Its commands run without a shell, so each is quoted for the `/bin/sh -c` gesturectl actions runs.
struct LibinputGesturesImport {
    var document: ActionsDocument
    /// Touchpad fingers, swipes as short as on config/examples/laptop-touchpad.toml's touchpad and as long as
    /// libinput-gestures waits (its timeout, 1.5 s unless set).
    var style = RecognizerStyle(touchTypes: ["indirect"], swipeDistance: 6, swipeDuration: 1.5)
    let winners: Winners
    /// The pinches imported with the other way of their pair, by line: the line of that other way.
    var paired: [Int: Int] = [:]

    /// The finger counts a line without one acts for: libinput's swipes have 3 or more fingers (5 are rare), its
    /// pinches 2 or more (the engine's take 2), its holds 1 or more.
    static let counts = ["swipe": [3, 4], "pinch": [2], "hold": [1, 2, 3, 4]]

    static func convert(_ text: String, file: String) throws(ImportError) -> ImportedActions {
        let raws = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        var lines: [(Int, LibinputGesturesLine)] = []
        for (index, raw) in raws.enumerated() {
            if let line = try LibinputGesturesLine.parse(raw, number: index + 1, file: file) { lines.append((index + 1, line)) }
        }
        var importer = LibinputGesturesImport(
            document: ActionsDocument(source: .libinputGestures, file: file),
            winners: Winners(lines.compactMap { if case .gesture(let g) = $0.1 { g } else { nil } }))
        // Settings hold wherever they are written: the last one counts.
        for (_, line) in lines {
            switch line {
            case .swipeThreshold(let dots) where dots > 0:
                // libinput's units are about a thousandth of an inch (accelerated, so this is approximate).
                importer.style.swipeDistance = max(6, (Double(dots) * 0.0254 * 10).rounded() / 10)
            case .timeout(let seconds):
                importer.style.swipeDuration = seconds == 0 ? 60 : min(seconds, 60)
            default: break
            }
        }
        for (number, line) in lines {
            let origin = ActionsDocument.Origin(line: number, what: raws[number - 1].trimmingBlanks())
            switch line {
            case .gesture(let gesture): importer.gesture(gesture)
            case .otherGesture(let type):
                importer.document.leaveOut(origin, .ignoredByTool("gesturectl import reads libinput-gestures' swipe, pinch and hold gestures, not \(type)"))
            case .device: importer.document.leaveOut(origin, .devices)
            case .swipeThreshold: importer.document.remark(origin, "the swipes' minimum_distance_mm (6 mm at least)")
            case .timeout: importer.document.remark(origin, "the swipes' maximum_duration")
            }
        }
        return try importer.document.finished()
    }

    /// The line libinput-gestures runs for a gesture of `count` fingers: the last with that count, else the last
    /// without one.
    func winner(_ type: String, _ motion: String, _ count: Int) -> LibinputGesturesLine.Gesture? {
        winners.lines["\(type) \(motion)"].flatMap { $0.byCount[count] ?? $0.anyCount }
    }

    /// The lines that act, found in one pass over the file (each gesture looking through every other line for the
    /// one that acts took 15 s for 20,000 lines, 61 s for 40,000).
    struct Winners {
        /// By type and motion ("swipe up"): the last line with each finger count, and the last without one.
        var lines: [String: (byCount: [Int: LibinputGesturesLine.Gesture], anyCount: LibinputGesturesLine.Gesture?)] = [:]
        /// By finger count: how many hold motions (on, on+1.5, ...) have a line that acts.
        var holdMotions: [Int: Int] = [:]

        init(_ gestures: [LibinputGesturesLine.Gesture]) {
            for gesture in gestures {
                let key = "\(gesture.type) \(gesture.motion)"
                if let fingers = gesture.fingers {
                    lines[key, default: ([:], nil)].byCount[fingers] = gesture
                } else {
                    lines[key, default: ([:], nil)].anyCount = gesture
                }
            }
            let holds = Set(gestures.filter { $0.type == "hold" }.map(\.motion))
            // A line's fingers are one digit.
            for count in 0...9 {
                holdMotions[count] = holds.count { lines["hold \($0)"].map { $0.byCount[count] ?? $0.anyCount } != nil }
            }
        }
    }

    /// The finger counts `gesture` acts for.
    func counts(_ gesture: LibinputGesturesLine.Gesture) -> [Int] {
        (gesture.fingers.map { [$0] } ?? Self.counts[gesture.type]!).filter { winner(gesture.type, gesture.motion, $0)?.line == gesture.line }
    }
}
