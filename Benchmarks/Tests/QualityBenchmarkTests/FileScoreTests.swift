import Foundation
import LabelledRecordings
@testable import QualityBenchmark
import Testing

/// How `make quality` scores a file (docs/quality.md, "How a file is scored"), on replay output written by hand.
@Suite struct FileScoreTests {
    /// Replay output: one gesture line per (recognizer, state, translation).
    static func output(_ lines: [(String, String, [Double]?)]) -> Data {
        var text = #"{"type":"device_added"}"# + "\n"
        for (recognizer, state, t) in lines {
            let values = t.map { #","values":{"translation_mm":[\#($0[0]),\#($0[1])]}"# } ?? ""
            text += #"{"type":"gesture","recognizer":"\#(recognizer)","state":"\#(state)"\#(values)}"# + "\n"
        }
        return Data(text.utf8)
    }

    static func score(_ expected: String, allowed: Set<String> = [], touches: Int = 0, _ lines: [(String, String, [Double]?)]) throws -> FileScore {
        let label = QualityTables.Label(pattern: "*", category: "test", expectation: try Expectation(expected), allowed: allowed)
        let found = gestures(inReplayOutput: output(lines), classOf: { $0 == "two-finger-pan" ? "scroll" : $0 })
        return FileScore(name: "file", label: label, contacts: (touches, 0), gestures: found)
    }

    @Test func aScrollBackAndForthGoesAlongTheAxisItTravelled() throws {
        // Right 20 mm, back left 18 mm, 5 mm down on the way: the net translation (2, 5) points down, the path
        // went 38 mm across and 5 mm down.
        let lines: [(String, String, [Double]?)] = [
            ("scroll", "began", [1, 0]), ("scroll", "changed", [20, 2]), ("scroll", "changed", [2, 5]), ("scroll", "ended", [2, 5]),
        ]
        #expect(try Self.score("scroll horizontal", lines).isRight)
        #expect(try !Self.score("scroll vertical", lines).isRight)
        // A direction is the last translation's.
        #expect(try Self.score("scroll down", lines).isRight)
        #expect(try !Self.score("scroll right", lines).isRight)
    }

    @Test func aClassNeitherExpectedNorAllowedIsAWrongKind() throws {
        let lines: [(String, String, [Double]?)] = [("pointer", "began", [2, 0]), ("pointer", "ended", [9, 0]), ("two-finger-pan", "began", [0, 3])]
        let strict = try Self.score("scroll down", lines)
        #expect(strict.hasWrongKind && strict.wrongKinds == ["pointer"])
        #expect(try Self.score("scroll down", allowed: ["pointer"], lines).isRight)
    }

    @Test func tapsCountPerContactUpToWhatWasAsked() throws {
        let three = try Self.score("tap per touch", touches: 4, [("tap", "ended", nil), ("tap", "ended", nil), ("tap", "ended", nil)])
        #expect(!three.isRight && three.tapsAsked == 4 && three.tapsRecognized == 3)
        let five = try Self.score("tap per touch", touches: 4, Array(repeating: ("tap", "ended", nil), count: 5))
        #expect(five.isRight && five.tapsRecognized == 4)
    }
}

/// What a label asks of each configuration (docs/quality.md, "What a label asks of a configuration").
@Suite struct ConfigurationExpectationTests {
    static let tables = """
        | device kind | configuration |
        |---|---|
        | touchpad | desktop.toml |
        | touchpad | laptop.toml |

        | configuration | recognizer | class |
        |---|---|---|
        | desktop.toml | pointer | pointer |
        | desktop.toml | tap | tap |
        | desktop.toml | two-finger-pan | scroll |
        | desktop.toml | pinch | pinch |
        | laptop.toml | two-finger-tap | two-finger-tap |
        | laptop.toml | pinch | pinch |

        | recordings | category | expected | also allowed |
        |---|---|---|---|
        | scroll-* | scroll | scroll up | pointer |
        | tap-* | tap | tap per touch, pointer | |
        """

    @Test func aConfigurationIsAskedOnlyForWhatItsRecognizersMake() throws {
        let tables = try QualityTables(markdown: Self.tables, source: "table")
        #expect(tables.configurations["touchpad"] == ["desktop.toml", "laptop.toml"])
        let scroll = try #require(tables.label(for: "scroll-1"))
        #expect(tables.label(scroll, for: "desktop.toml").expectation == .items([.scroll(.up)]))
        #expect(tables.label(scroll, for: "desktop.toml").allowed == ["pointer"])
        // The laptop makes no scroll and no pointer: a scroll file must make nothing, and its pinch is wrong.
        let laptop = tables.label(scroll, for: "laptop.toml")
        #expect(laptop.expectation == .nothing && laptop.allowed.isEmpty)
        let pinched = FileScore(name: "scroll-1", label: laptop, contacts: (2, 1), gestures: [.init(gestureClass: "pinch")])
        #expect(pinched.hasWrongKind && pinched.wrongKinds == ["pinch"])
        #expect(FileScore(name: "scroll-1", label: laptop, contacts: (2, 1), gestures: []).isRight)
        // Only the items a configuration makes are kept, and taps are not asked of one without taps.
        let tap = try #require(tables.label(for: "tap-1"))
        #expect(tables.label(tap, for: "desktop.toml").expectation == .items([.perTouch("tap"), .any("pointer")]))
        let untapped = FileScore(name: "tap-1", label: tables.label(tap, for: "laptop.toml"), contacts: (3, 0), gestures: [])
        #expect(untapped.isRight && untapped.tapsAsked == 0)
    }

    /// The halves go by the recordings' names, the first pattern that matches; each configuration's figures are
    /// given per half.
    @Test func eachRecordingIsInTheHalfOfItsPerson() throws {
        let tables = try QualityTables(markdown: Self.tables + "\n\n| recordings | half |\n|---|---|\n| userstudy/lumpy/* | A |\n| * | B |\n", source: "table")
        #expect(tables.half(of: "userstudy/lumpy/click-any_angle_click.tap") == "A")
        #expect(tables.half(of: "touchmtb/drumroll_lumpy") == "B")
        let label = QualityTables.Label(pattern: "*", category: "tap", expectation: try Expectation("tap per touch"), allowed: [])
        var a = FileScore(name: "tap-1", label: label, contacts: (1, 0), gestures: [.init(gestureClass: "tap")])
        a.half = "A"
        var b = FileScore(name: "tap-2", label: label, contacts: (1, 0), gestures: [.init(gestureClass: "pinch")])
        b.half = "B"
        let halves = QualityReport.halves([("desktop.toml", QualityReport(scores: [a, b]))])
        #expect(halves.contains("| `desktop.toml` | A | 1 | 1 (100%) | 0 (0%) | 1 of 1 (100%) |"), "\(halves)")
        #expect(halves.contains("| `desktop.toml` | B | 1 | 0 (0%) | 1 (100%) | 0 of 1 (0%) |"), "\(halves)")
    }

    @Test func aRecognizerListedTwiceForOneConfigurationIsRefused() {
        let twice = Self.tables.replacingOccurrences(of: "| laptop.toml | pinch | pinch |", with: "| laptop.toml | pinch | pinch |\n| laptop.toml | pinch | rotation |")
        #expect(throws: QualityError.self) { try QualityTables(markdown: twice, source: "table") }
    }
}
