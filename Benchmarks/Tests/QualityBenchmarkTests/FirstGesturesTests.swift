import Foundation
import LabelledRecordings
@testable import QualityBenchmark
import Testing

/// `make quality`'s first gestures (docs/quality.md, First gestures): a file's first gesture of each class its
/// label asks for, counted from its first contact, written and read back, and two runs compared.
@Suite struct FirstGesturesTests {
    static func score(_ name: String, half: String, landed: Double, _ lines: [(String, String, Double)]) throws -> FileScore {
        var text = ""
        for (recognizer, state, time) in lines {
            text += #"{"type":"gesture","recognizer":"\#(recognizer)","state":"\#(state)","time":\#(time)}"# + "\n"
        }
        let label = QualityTables.Label(pattern: "*", category: "scroll", expectation: try Expectation("scroll"), allowed: ["pointer"])
        var score = FileScore(
            name: name, label: label, contacts: (2, 1), gestures: gestures(inReplayOutput: Data(text.utf8), classOf: { $0 }), landed: landed)
        score.half = half
        return score
    }

    @Test func theFirstAskedForGestureCountsFromTheFirstContact() throws {
        // A pointer (allowed, not asked for) comes first; the scroll asked for begins 0.25 s after the landing.
        let score = try Self.score("f", half: "A", landed: 10, [("pointer", "began", 10.1), ("scroll", "began", 10.25), ("scroll", "ended", 10.9)])
        #expect(score.firstAsked == ["scroll": 250])
    }

    @Test func twoRunsCompareByFileAndTheirTextReadsBack() throws {
        let before = FirstGestures([("pad.toml", QualityReport(scores: [
            try Self.score("f1", half: "A", landed: 0, [("scroll", "began", 0.3)]),
            try Self.score("f2", half: "A", landed: 0, [("scroll", "began", 0.2)]),
            try Self.score("f3", half: "A", landed: 0, [("scroll", "began", 0.2)]),
        ]))])
        let now = FirstGestures([("pad.toml", QualityReport(scores: [
            try Self.score("f1", half: "A", landed: 0, [("scroll", "began", 0.25)]),
            try Self.score("f2", half: "A", landed: 0, [("scroll", "began", 0.2)]),
            try Self.score("f3", half: "A", landed: 0, [("scroll", "began", 0.23)]),
        ]))])
        #expect(try FirstGestures(text: before.text).rows == before.rows)
        // Changes -50, 0 and +30 ms: the median is 0; one sooner by 50, one later by 30.
        #expect(now.comparison(with: before).split(separator: "\n").last == "| `pad.toml` | A | scroll | 3 | 0 ms | 1 | -50 ms | 1 | +30 ms |")
        #expect(throws: QualityError.self) { try FirstGestures(text: "pad.toml\tA\tscroll\n") }
    }
}
