import Foundation
import GestureConfig
import GestureDaemon
import GestureProtocol
import InputCore
import Logging

/// What one recognizer made of one recording: what it recognized, in order (a shape recognizer's shape names, any
/// other kind's own name), and why it failed each time it did (`--explain`'s words: `deadline: drawing for longer
/// than 5 s`).
struct RecognizerOutcome: Equatable {
    struct Recognized: Equatable {
        var name: String
        var score: Double?
    }

    var recognized: [Recognized] = []
    var failures: [String] = []

    /// As a recognizer requiring `minimumScore` would have decided: a shape scoring less is a failure.
    func scoring(_ minimumScore: Double) -> RecognizerOutcome {
        guard minimumScore > 0 else { return self }
        var kept = self
        kept.recognized = recognized.filter { ($0.score ?? 1) >= minimumScore }
        if kept.recognized.count < recognized.count { kept.failures.append("the best shape scores below \(minimumScore)") }
        return kept
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
    private let failed: String

    init(recognizer: String) {
        self.recognizer = recognizer
        failed = " \(recognizer): possible -> failed, "
    }

    func take(_ line: UnsafeBufferPointer<UInt8>) {
        if line.first == UInt8(ascii: "#") {
            let text = String(decoding: line, as: UTF8.self)
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
                RecognizerOutcome.Recognized(name: gesture.values.shape ?? gesture.recognizer, score: gesture.values.score))
        default:
            break
        }
    }
}
