import Foundation
import CaptureFormats
import GestureEngine
import InputCore
@testable import ShapesBenchmark
import Testing
import UnistrokeLogs

/// How `make shapes` reads the $1 logs, makes recordings of them and scores what the replays print, on data written
/// by hand (docs/shapes.md, Measured).
@Suite struct ShapesBenchmarkTests {
    static let xml = """
        \u{FEFF}<?xml version="1.0" encoding="utf-8" standalone="yes"?>
        <Gesture Name="check07" Subject="2" Speed="medium" Number="7" NumPts="4" Millseconds="30" AppName="Gestures">
          <Point X="50" Y="242" T="11435895" />
          <Point X="52" Y="246" T="11435905" />
          <Point X="52" Y="246" T="11435915" />
          <Point Y="240" X="60" T="11435925" />
        </Gesture>
        """

    /// The drawing's touch: down at the first point, a frame per point that moved with only the axes that changed,
    /// and the lift at the last point's time in a frame of its own.
    @Test func aDrawingIsOneFingersTouchWithItsOwnTiming() throws {
        let drawing = UnistrokeDrawing(shape: "check", subject: "s02", speed: "medium", file: "s02/medium/check07.xml", points: UnistrokeLog.points(inXML: Self.xml))
        let recording = DrawingRecording.recording(of: drawing, start: 2)
        let frames = recording.events.split { $0.type == EventType.syn }
        #expect(frames.count == 4, "down, two moves (the repeated point is none), the lift")
        #expect(frames[0].map(\.code) == [AbsCode.mtTrackingID, AbsCode.mtPositionX, AbsCode.mtPositionY, KeyCode.touch])
        #expect(frames[0].first?.time == Timestamp(seconds: 2))
        #expect(frames[1].map(\.value) == [52, 246])
        #expect(frames[2].map(\.code) == [AbsCode.mtPositionX, AbsCode.mtPositionY] && frames[2].map(\.value) == [60, 240])
        #expect(frames[2].first?.time == Timestamp(nanoseconds: 2_030_000_000))
        #expect(frames[3].map(\.value) == [-1, 0] && frames[3].first?.time == frames[2].first?.time)

        // Through the frame builder, as a replay reads it: millimetres at 0.25 a pixel.
        let built = try Replay.frames(of: recording, source: drawing.file)
        #expect(built.count == 4)
        let first = try #require(built.first?.touches.first)
        #expect(abs(first.location.x - 12.5) < 1e-9 && abs(first.location.y - 60.5) < 1e-9)
        #expect(built.last?.touches.first?.phase == .ended)
    }

    @Test func aVerdictTellsAWrongShapeFromNoneAndNoneByItsRule() {
        func outcome(_ names: [String], _ failures: [String] = []) -> RecognizerOutcome {
            RecognizerOutcome(recognized: names.map { .init(name: $0, score: 0.9) }, failures: failures)
        }
        #expect(Verdict(outcome(["check"]), expected: "check") == .right)
        #expect(Verdict(outcome(["v"]), expected: "check") == .wrong("v"))
        #expect(Verdict(outcome(["check", "check"]), expected: "check") == .wrong("check+check"))
        #expect(Verdict(outcome([], ["deadline: drawing for longer than 5 s"]), expected: "check") == .none("maximum_duration"))
        #expect(
            Verdict(outcome([], ["touches ended #1: no shape of 1 finger(s) scores 0.8, or the strokes moved less than 5 mm"]), expected: "check")
                == .none("minimum_score"))
        #expect(Verdict(outcome([], ["excluded by pan"]), expected: "check") == .none("excluded by pan"))
        #expect(Verdict(outcome([]), expected: "check") == .none("no decision"))
    }

    /// A replay's lines, as OfflineReplay writes them: each recording's device added, its gesture lines and the
    /// explanations between them.
    @Test func theCollectorGivesEachRecordingItsShapesAndFailures() {
        let collector = OutcomeCollector(recognizer: "drawn")
        let lines = [
            #"{"type":"device_added","device":{"name":"touch","node":"a.xml","device_name":"x","kind":"touchscreen","size_mm":[60,80],"size_source":"resolution","rotation":0}}"#,
            "# 1.500000 touch drawn: possible -> ended, touches ended #1: check scored 0.91 over 1 stroke(s), next v 0.84",
            #"{"type":"gesture","recognizer":"drawn","kind":"shape","state":"ended","device":"touch","node":"a.xml","region":"touch","time":1.5,"touches":1,"location":{"mm":[10,10],"normalized":[0.2,0.1]},"values":{"shape":"check","score":0.91}}"#,
            #"{"type":"device_removed","device":"touch","node":"a.xml","time":1.5}"#,
            #"{"type":"device_added","device":{"name":"touch","node":"b.xml","device_name":"x","kind":"touchscreen","size_mm":[60,80],"size_source":"resolution","rotation":0}}"#,
            "# 16.000000 touch drawn: possible -> failed, deadline: drawing for longer than 5 s",
            "# 16.000000 touch other: possible -> failed, deadline: whatever",
        ]
        for line in lines { Array((line + "\n").utf8).withUnsafeBufferPointer(collector.take) }
        #expect(collector.outcomes["a.xml"]?.recognized.map(\.name) == ["check"])
        #expect(collector.outcomes["a.xml"]?.recognized.first?.score == 0.91)
        #expect(collector.outcomes["a.xml"]?.recognized.first?.next == 0.84)
        #expect(collector.outcomes["b.xml"]?.recognized.isEmpty == true)
        #expect(collector.outcomes["b.xml"]?.failures == ["deadline: drawing for longer than 5 s"])
    }

    /// A threshold keeps a shape scoring at least its score and at least its margin ahead of the next; a shape
    /// whose next is unknown (none within the search) is ahead by its whole score.
    @Test func aThresholdWeighsTheScoreAndTheMarginOverTheNext() {
        let close = RecognizerOutcome.Recognized(name: "check", score: 0.82, next: 0.8)
        let alone = RecognizerOutcome.Recognized(name: "check", score: 0.82)
        #expect(Threshold(score: 0.8).accepts(close) && !Threshold(score: 0.85).accepts(close))
        #expect(!Threshold(score: 0.8, margin: 0.05).accepts(close) && Threshold(score: 0.8, margin: 0.05).accepts(alone))
        let outcome = RecognizerOutcome(recognized: [close], failures: [])
        #expect(outcome.scoring(Threshold(score: 0.7, margin: 0.05)).recognized.isEmpty)
        #expect(outcome.scoring(Threshold(score: 0.7)).recognized == [close])
    }

    @Test func floorsAreSharesAtLeastAndFalseAcceptsAtMost() throws {
        let floors = try ShapeFloors("# goals\nper_person_1 0.97\n\nfalse_accepts 0.01  # files\nacross_people 0.95\n", source: "floor.txt")
        #expect(floors.lines.map(\.measure) == ["per_person_1", "false_accepts", "across_people"])
        #expect(floors.failures(["per_person_1": 0.97, "false_accepts": 0.01, "across_people": 0.951]).isEmpty)
        #expect(
            floors.failures(["per_person_1": 0.9699, "false_accepts": 0.0104]) == [
                "per_person_1 96.99%, below the floor of 97.0%", "false_accepts 1.04%, above the ceiling of 1.0%",
                "across_people was not measured",
            ])
        #expect(throws: ShapesError.self) { try ShapeFloors("per_person_1 97\n", source: "floor.txt") }
        // A multistroke set's floor holds only where the set was measured.
        let sets = try ShapeFloors("multistroke.lowvision_per_person_3_nearest 0.89\n", source: "floor.txt")
        #expect(sets.failures([:]).isEmpty)
        #expect(sets.failures(["multistroke.lowvision_per_person_3_nearest": 0.88]) == ["multistroke.lowvision_per_person_3_nearest 88.0%, below the floor of 89.0%"])
    }

    @Test func theRecognizerSectionNamesItsFilesAndKeys() {
        #expect(
            ShapeFiles.section(["a.shape", "b.shape"], recognizer: "drawn", keys: [#"cannot_be_prevented_by = ["*"]"#])
                == "[[recognizer]]\nname = \"drawn\"\nkind = \"shape\"\nshapes = [\"a.shape\", \"b.shape\"]\ncannot_be_prevented_by = [\"*\"]\n")
    }
}

/// The reference $P as the paper has it: each template its own nearest, and a drawing's strokes in any order,
/// either way round, and any number of them, the same cloud.
@Suite struct ReferencePDollarTests {
    static func line(_ from: (Double, Double), _ to: (Double, Double), points: Int = 10) -> [ShapePoint] {
        (0..<points).map { k in
            let t = Double(k) / Double(points - 1)
            return ShapePoint(x: from.0 + (to.0 - from.0) * t, y: from.1 + (to.1 - from.1) * t, time: t)
        }
    }

    static let cross = [line((0, 0), (40, 40)), line((40, 0), (0, 40))]
    static let tee = [line((0, 0), (40, 0)), line((20, 0), (20, 40))]
    static let bar = [line((20, 0), (20, 40))]

    @Test func eachTemplateIsItsOwnNearestWhateverTheOrderOfItsStrokes() {
        let reference = ReferencePDollar(templates: [
            ShapeTemplate(name: "x", examples: [ShapeExample(strokes: Self.cross)]),
            ShapeTemplate(name: "t", examples: [ShapeExample(strokes: Self.tee)]),
            ShapeTemplate(name: "i", examples: [ShapeExample(strokes: Self.bar)]),
        ])
        #expect(reference.nearest(Self.cross) == "x" && reference.nearest(Self.tee) == "t" && reference.nearest(Self.bar) == "i")
        #expect(reference.nearest(Self.cross.reversed().map { $0.reversed() }) == "x")
        #expect(reference.nearest([Self.line((20, 0), (20, 20)), Self.line((20, 20), (20, 40)), Self.line((0, 0), (40, 0))]) == "t")
        #expect(reference.nearest([[ShapePoint(x: 1, y: 1, time: 0)]]) == nil, "no length: no shape")
    }
}

/// The multistroke sets as the Gester testbed's JSON holds them: a drawing's points split into strokes by their
/// stroke_id, in millimetres and seconds from its first point, its person and repetition from the file; the splits
/// by person; and the pauses between strokes.
@Suite struct MultistrokeSetTests {
    static func drawing(_ shape: String, subject: Int, _ strokes: [[(Double, Double, Double)]]) -> String {
        var points: [String] = []
        for (id, stroke) in strokes.enumerated() {
            for (x, y, t) in stroke { points.append(#"{"x": \#(x), "y": \#(y), "w": null, "t": \#(t), "stroke_id": \#(id)}"#) }
        }
        return #"{"name": "\#(shape)", "subject": \#(subject), "date": null, "paths": {"Pen": {"strokes": [\#(points.joined(separator: ", "))]}}}"#
    }

    @Test func strokesPeopleRepetitionsAndPauses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("multistroke-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for subject in [7, 8] {
            let person = folder.appendingPathComponent("group/\(subject)")
            try FileManager.default.createDirectory(at: person, withIntermediateDirectories: true)
            for n in 0..<4 {
                let tee = [[(0.0, 0.0, 1000.0), (40, 0, 1300)], [(20, 0, 1300 + 400 * Double(n + 1)), (20, 40, 1900 + 400 * Double(n + 1))]]
                try Self.drawing("tee", subject: subject, tee).write(to: person.appendingPathComponent("tee2-\(n).json"), atomically: true, encoding: .utf8)
                let dot = [[(10.0, 10.0, 500.0)]]
                try Self.drawing("dot", subject: subject, dot).write(to: person.appendingPathComponent("dot1-\(n).json"), atomically: true, encoding: .utf8)
            }
        }
        let set = try MultistrokeSet(name: "test", folder: folder.path, millimetresPerUnit: 0.5)
        #expect(set.drawings.count == 16 && set.people == ["7", "8"])
        let tee = try #require(set.drawings.first { $0.shape == "tee" && $0.person == "7" && $0.repetition == 1 })
        #expect(tee.strokes.map(\.count) == [2, 2])
        #expect(tee.strokes[0][1] == ShapePoint(x: 20, y: 0, time: 0.3))
        #expect(abs(tee.strokes[1][0].time - 1.1) < 1e-9, "seconds from the first point")
        #expect(set.drawings.first { $0.shape == "dot" }?.strokes.map(\.count) == [1])

        let same = set.samePerson(examples: 3)
        #expect(same.count == 2 && same.allSatisfy { $0.templates.count == 2 && $0.candidates.count == 2 })
        #expect(same[0].candidates.allSatisfy { $0.repetition == 3 }, "the first three of each shape are the examples")
        let across = set.acrossPeople(examples: 2)
        #expect(across.count == 1 && across[0].candidates.allSatisfy { $0.person == "8" })
        #expect(across[0].templates.map { $0.examples.count } == [2, 2])

        // Pauses of 0.4, 0.8, 1.2 and 1.6 s, each person's tees: 0.5 s keeps a quarter whole, 1 s half.
        let pauses = MultistrokePauses.summary(set)
        #expect(pauses.drawings == 8 && pauses.pauses.count == 8)
        #expect(pauses.keptWhole.first { $0.pause == 0.5 }?.share == 0.25 && pauses.keptWhole.first { $0.pause == 1.0 }?.share == 0.5)
        // Every drawing is over within 3 s: none longer than any maximum_duration measured.
        #expect(pauses.longer.map(\.duration) == [5, 10, 15, 20, 30] && pauses.longer.allSatisfy { $0.share == 0 })
    }
}

/// A multistroke drawing as a recording: a touch a stroke, a dot a touch of 20 ms, the drawing moved 10 mm in from
/// the corner; read back through the frame builder and the stroke collector, the same strokes.
@Suite struct MultistrokeRecordingTests {
    @Test func eachStrokeIsATouchAndComesBackAsItsStroke() throws {
        let strokes = [
            [ShapePoint(x: -20, y: 5, time: 0), ShapePoint(x: 0, y: 5, time: 0.1), ShapePoint(x: 20, y: 5, time: 0.2)],
            [ShapePoint(x: 0, y: 30, time: 0.8)],
        ]
        let recording = MultistrokeRecording.recording(of: strokes, start: 1).slotted()
        var collector = StrokeCollector(fingers: 1)
        for frame in try Replay.frames(of: recording, source: "test") { collector.observe(frame) }
        #expect(collector.strokes.map(\.count) == [3, 1])
        #expect(collector.strokes[0].first.map { ($0.x, $0.y) } ?? (0, 0) == (10, 10), "10 mm in from the corner")
        let dot = try #require(collector.strokes[1].first)
        #expect(abs(dot.x - 30) < 1e-9 && abs(dot.y - 35) < 1e-9 && abs(dot.time - 0.8) < 1e-9, "\(dot)")
    }
}
