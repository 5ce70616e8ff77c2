import Foundation
import LabelledRecordings

/// What gestured made of one recording, against what its label asks for.
struct FileScore {
    var name: String
    var category: String
    /// Classes seen, with how many gestures of each.
    var counts: [String: Int] = [:]
    var wrongKinds: Set<String> = []
    var unmet: [String] = []
    var error: String?
    var tapsAsked = 0
    var tapsRecognized = 0
    /// The half of the set its person is in (docs/quality.md, Two halves).
    var half = ""
    /// Its label asks this configuration for nothing at all (a palm or a resting thumb alone, say).
    var expectsNothing = false
    /// Milliseconds from the recording's first contact landing to the first gesture of a class its label asks
    /// for (began, or ended for a discrete one), per class; none for a class that never came.
    var firstAsked: [String: Double] = [:]

    var isRight: Bool { error == nil && unmet.isEmpty && wrongKinds.isEmpty }
    var hasWrongKind: Bool { error != nil || !wrongKinds.isEmpty }

    /// One gesture from start to finish: its class, the last translation it reported, if any, and how far it went
    /// along each axis counting every step (a scroll back and forth goes far and ends near where it began).
    struct Gesture {
        var gestureClass: String
        /// The replay's time of its first line, in seconds.
        var time: Double?
        var translation: (x: Double, y: Double)?
        var path: (x: Double, y: Double) = (0, 0)

        mutating func moved(to t: (x: Double, y: Double)) {
            let from = translation ?? (0, 0)
            path.x += abs(t.x - from.x)
            path.y += abs(t.y - from.y)
            translation = t
        }
    }

    init(name: String, label: QualityTables.Label, contacts: (touches: Int, pairs: Int), gestures: [Gesture], landed: Double? = nil) {
        self.name = name
        category = label.category
        for g in gestures { counts[g.gestureClass, default: 0] += 1 }
        expectsNothing = label.expectation == .nothing
        let expected = label.expectation.classes
        if let landed {
            for g in gestures where expected.contains(g.gestureClass) && firstAsked[g.gestureClass] == nil {
                if let time = g.time { firstAsked[g.gestureClass] = (time - landed) * 1000 }
            }
        }
        wrongKinds = Set(counts.keys).subtracting(expected).subtracting(label.allowed)
        guard case .items(let items) = label.expectation else { return }
        for item in items {
            switch item {
            case .any(let c):
                if counts[c, default: 0] == 0 { unmet.append("no \(c)") }
            case .perTouch(let c), .perPair(let c):
                let asked: Int
                if case .perTouch = item { asked = contacts.touches } else { asked = contacts.pairs }
                let got = counts[c, default: 0]
                tapsAsked += asked
                tapsRecognized += min(got, asked)
                if got < asked || asked == 0 { unmet.append("\(got) \(c) of \(asked)") }
            case .scroll(let direction):
                let matching = gestures.contains { g in
                    guard g.gestureClass == "scroll", let t = g.translation else { return false }
                    return Self.goes(t, path: g.path, direction)
                }
                if !matching { unmet.append("no scroll \(direction.rawValue)") }
            }
        }
    }

    init(name: String, category: String, error: String) {
        self.name = name
        self.category = category
        self.error = error
    }

    /// A direction is the last translation's; an axis (asked of scrolls back and forth) is where the path went.
    private static func goes(_ t: (x: Double, y: Double), path: (x: Double, y: Double), _ direction: Expectation.Direction) -> Bool {
        let horizontal = abs(t.x) > abs(t.y)
        switch direction {
        case .up: return !horizontal && t.y < 0
        case .down: return !horizontal && t.y > 0
        case .left: return horizontal && t.x < 0
        case .right: return horizontal && t.x > 0
        case .horizontal: return path.x > path.y
        case .vertical: return path.y > path.x
        }
    }

    /// "pointer 2, tap 3" in a stable order.
    var seen: String {
        counts.isEmpty ? "nothing" : counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}

/// Reads `gestured replay` output: each gesture once, continuous ones from began to their end.
func gestures(inReplayOutput output: Data, classOf: (String) -> String) -> [FileScore.Gesture] {
    var result: [FileScore.Gesture] = []
    var open: [String: Int] = [:]
    for line in output.split(separator: UInt8(ascii: "\n")) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
            object["type"] as? String == "gesture", let recognizer = object["recognizer"] as? String,
            let state = object["state"] as? String
        else { continue }
        var translation: (x: Double, y: Double)?
        if let values = object["values"] as? [String: Any], let t = values["translation_mm"] as? [Double], t.count == 2 {
            translation = (t[0], t[1])
        }
        switch state {
        case "began":
            open[recognizer] = result.count
            var g = FileScore.Gesture(gestureClass: classOf(recognizer), time: object["time"] as? Double)
            if let translation { g.moved(to: translation) }
            result.append(g)
        case "changed", "ended", "cancelled":
            if let index = open[recognizer] {
                if let translation { result[index].moved(to: translation) }
                if state != "changed" { open[recognizer] = nil }
            } else if state == "ended" {
                var g = FileScore.Gesture(gestureClass: classOf(recognizer), time: object["time"] as? Double)
                if let translation { g.moved(to: translation) }
                result.append(g)
            }
        default:
            continue
        }
    }
    return result
}
