import Foundation
import GestureConfig
import GestureDaemon
import GestureProtocol
import InputCore
import Logging
import UnistrokeLogs

/// What one recognizer made of one recording: what it recognized, in order (a shape recognizer's shape names, any
/// other kind's own name), and why it failed each time it did (`--explain`'s words: `deadline: drawing for longer
/// than 5 s`).
struct RecognizerOutcome: Equatable {
    struct Recognized: Equatable {
        var name: String
        var score: Double?
        /// The next shape's score, as `--explain` gives it (two decimals), when the search reached one.
        var next: Double? = nil
    }

    var recognized: [Recognized] = []
    var failures: [String] = []

    /// As a recognizer requiring `setting` would have decided: a shape scoring less, or less far ahead of the next
    /// shape, is a failure.
    func scoring(_ setting: Threshold) -> RecognizerOutcome {
        guard setting != Threshold(score: 0) else { return self }
        var kept = self
        kept.recognized = recognized.filter { setting.accepts($0) }
        if kept.recognized.count < recognized.count { kept.failures.append("the best shape scores below \(setting.score)") }
        return kept
    }
}

/// A minimum score and margin (ShapeGestureRecognizer's minimum_score and minimum_margin).
struct Threshold: Hashable {
    var score: Double
    var margin = 0.0

    func accepts(_ shape: RecognizerOutcome.Recognized) -> Bool {
        let score = shape.score ?? 1
        // No margin asks nothing of the next shape, whose score is rounded.
        return score >= self.score && (margin == 0 || score - (shape.next ?? 0) >= margin)
    }
}

/// Whether a drawing of `expected` came out right: the one gesture line names its shape. A wrong shape and no
/// shape are counted apart, and no shape by why the recognizer failed.
enum Verdict: Equatable {
    case right
    case wrong(String)
    case none(String)

    init(_ outcome: RecognizerOutcome, expected: String) {
        let names = outcome.recognized.map(\.name)
        if names == [expected] {
            self = .right
        } else if !names.isEmpty {
            self = .wrong(names.joined(separator: "+"))
        } else {
            self = .none(Self.cause(of: outcome.failures.last))
        }
    }

    /// A failure's words, shortened to the rule that made it: the configuration key a user would change.
    static func cause(of failure: String?) -> String {
        guard let failure else { return "no decision" }
        if failure.contains("drawing for longer than") { return "maximum_duration" }
        if failure.contains(" scores ") { return "minimum_score" }
        if let range = failure.range(of: "excluded by ") { return "excluded by " + failure[range.upperBound...].prefix { $0 != ":" } }
        return failure
    }
}

/// Recordings through the daemon's core in process, as `gestured replay` runs them (OfflineReplay: every recording a
/// device added, played, its timers run out, removed), with one subscriber of gestures and the explanation of every
/// transition; each recording's lines told apart by its device node, which is its source.
enum ShapeReplay {
    static let logger: Logger = {
        var logger = Logger(label: "shapes")
        logger.logLevel = .error
        return logger
    }()

    /// Each input's outcome for `recognizer`, by source.
    static func run(_ inputs: [OfflineReplay.Input], configuration: Configuration, recognizer: String) throws -> [String: RecognizerOutcome] {
        let collector = OutcomeCollector(recognizer: recognizer)
        for input in inputs { collector.outcomes[input.source] = RecognizerOutcome() }
        try OfflineReplay.run(configuration: configuration, recordings: inputs, touches: false, explain: true, logger: logger) { line in
            collector.take(line)
        }
        return collector.outcomes
    }

    /// Drawings as recordings, one after another on the same clock (ten seconds apart, longer than any drawing and
    /// its timers), each its own device, named by its file.
    static func inputs(_ drawings: [UnistrokeDrawing]) -> [OfflineReplay.Input] {
        drawings.enumerated().map { i, drawing in
            let recording = DrawingRecording.recording(of: drawing, start: 1 + 10 * Double(i))
            return OfflineReplay.Input(source: drawing.file, recording: recording, kind: .touchscreen)
        }
    }
}

/// Reads a replay's lines as they come: `device_added` says whose lines follow, a gesture line that ended is
/// recognized, an explanation (`# TIME DEVICE NAME: possible -> failed, CAUSE`) a failure.
final class OutcomeCollector {
    let recognizer: String
    var outcomes: [String: RecognizerOutcome] = [:]
    private var current: String?
    private let failed: String, ended: String
    /// The next shape's score that the explanation of the recognition just read gave.
    private var next: Double?

    init(recognizer: String) {
        self.recognizer = recognizer
        failed = " \(recognizer): possible -> failed, "
        ended = " \(recognizer): possible -> ended, "
    }

    func take(_ line: UnsafeBufferPointer<UInt8>) {
        if line.first == UInt8(ascii: "#") {
            let text = String(decoding: line, as: UTF8.self)
            if text.contains(ended), let range = text.range(of: ", next ") {
                // `# TIME DEVICE NAME: possible -> ended, CAUSE: SHAPE scored S over N stroke(s), next OTHER S2`, just
                // before the gesture line.
                next = text[range.upperBound...].split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Double($0) }
            }
            guard let current, let range = text.range(of: failed) else { return }
            outcomes[current, default: RecognizerOutcome()].failures.append(
                String(text[range.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines))
            return
        }
        let text = line.last == UInt8(ascii: "\n") ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
        guard case .event(let event)? = try? ServerLine.decode(text) else { return }
        switch event {
        case .deviceAdded(let device):
            current = device.node
        case .gesture(let gesture) where gesture.recognizer == recognizer && gesture.state == .ended:
            let node = gesture.node.isEmpty ? current ?? "" : gesture.node
            outcomes[node, default: RecognizerOutcome()].recognized.append(
                RecognizerOutcome.Recognized(name: gesture.values.shape ?? gesture.recognizer, score: gesture.values.score, next: next))
            next = nil
        default:
            break
        }
    }
}
