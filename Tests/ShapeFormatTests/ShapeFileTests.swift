import ConfigFiles
import ConfigSchema
import Foundation
import GestureEngine
import ShapeFormat
import Testing

/// Shape files (docs/shapes.md): what a person writes, what `write` writes and reads back, and every mistake
/// with its line and column.
@Suite struct ShapeFileTests {
    static let file = "check.shape"

    /// Every error of `text`, as the user sees them; empty when it is valid.
    static func errors(_ text: String) -> [String] {
        do {
            _ = try ShapeFile.parse(text, file: file)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    /// Expects exactly `expected` (each `line:column: message`, the file name added).
    static func expectErrors(_ text: String, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(errors(text) == expected.map { "\(file):\($0)" }, sourceLocation: sourceLocation)
    }

    /// A valid file's head and one example, for the mistakes further on to follow.
    static let head = "shape check\nexample\nstroke\n0 0 0\n1 1 0.01\n"

    @Test func aFileAsAPersonWritesIt() throws {
        let text = """
            # A check mark, drawn down then up.
            shape check

            example            # the first drawing
            stroke
            \t10   40   0.000
            20 50 0.05\r
            45.5 10 0.2  # the top of the long stroke

            example
            stroke
            12 42 0
            22 52 0.04
            stroke             # a second stroke: a tick drawn in two
            22 52 0.3
            48 12 0.45
            """
        let template = try ShapeFile.parse(text, file: Self.file)
        let p = ShapePoint.init(x:y:time:)
        #expect(
            template
                == ShapeTemplate(
                    name: "check", fingers: 1,
                    examples: [
                        ShapeExample(strokes: [[p(10, 40, 0), p(20, 50, 0.05), p(45.5, 10, 0.2)]]),
                        ShapeExample(strokes: [[p(12, 42, 0), p(22, 52, 0.04)], [p(22, 52, 0.3), p(48, 12, 0.45)]]),
                    ]))
    }

    @Test func whatWriteWritesReadsBackTheSame() throws {
        let p = ShapePoint.init(x:y:time:)
        let template = ShapeTemplate(
            name: "two-finger.zigzag_2", fingers: 2,
            examples: [
                ShapeExample(strokes: [[p(0, 0, 0), p(-12.25, 1e-7, 0.016), p(0.1 + 0.2, 3.0e8, 0.033)]]),
                ShapeExample(strokes: [[p(1, 2, 100), p(3, 4, 100)], [p(5, 6, 100.5), p(-0.0, 7, 101)]]),
            ])
        let text = ShapeFile.write(template)
        #expect(try ShapeFile.parse(text, file: Self.file) == template)
        #expect(
            text.hasSuffix(
                """
                shape two-finger.zigzag_2
                fingers 2

                example
                stroke
                0 0 0
                -12.25 1e-07 0.016
                0.30000000000000004 300000000 0.033

                example
                stroke
                1 2 100
                3 4 100
                stroke
                5 6 100.5
                0 7 101

                """))
    }

    @Test func fingersDefaultToOne() throws {
        #expect(try ShapeFile.parse(Self.head, file: Self.file).fingers == 1)
        #expect(try ShapeFile.parse("shape check\nfingers 3\nexample\nstroke\n0 0 0\n1 1 1\n", file: Self.file).fingers == 3)
    }

    @Test func strokesNeedAPointAndExamplesAStroke() {
        Self.expectErrors(
            Self.head + "stroke\n2 2 0.02\nstroke\nexample\nexample\nstroke\n0 0 0\n",
            [
                "8:1: a stroke with no points: a stroke needs one (a dot) or more",
                "9:1: an example with no strokes: begin each with a line 'stroke'",
            ])
    }

    /// What learn and record write: at most a hundred points an example (a hundred examples fit a file), each stroke's
    /// ends kept and its other points taken evenly, a dot whole; a short drawing as it is.
    @Test func anExampleWrittenHoldsAtMostAHundredPoints() {
        let long = (0..<1000).map { ShapePoint(x: Double($0) / 10, y: 0, time: Double($0) / 1000) }
        let short = (0..<500).map { ShapePoint(x: 0, y: Double($0) / 10, time: 1 + Double($0) / 1000) }
        let dot = [ShapePoint(x: 5, y: 5, time: 2)]
        let example = ShapeFile.example([long, short, dot])
        #expect(example.strokes.map(\.count) == [66, 33, 1])
        #expect(example.strokes[0].first == long.first && example.strokes[0].last == long.last && example.strokes[1].last == short.last)
        #expect(ShapeFile.example([Array(long.prefix(50))]).strokes[0].count == 50)
    }

    /// A stroke of one point is a dot (a finger that touched and lifted): an exclamation mark is a line and a dot.
    @Test func aDotIsAStrokeOfOnePoint() throws {
        let shape = try ShapeFile.parse("shape exclamation\nexample\nstroke\n0 0 0\n0 30 0.3\nstroke\n0 40 0.6\n", file: Self.file)
        #expect(shape.examples.first?.strokes.map(\.count) == [2, 1])
    }

    @Test func numbersMustBeNumbersAndFinite() {
        Self.expectErrors(
            Self.head + "1,5 2 0.1\n1 nan 0.1\n1 2 inf\n1e10 2 0.1\n2 3 four\nnan 2 0.1\n",
            [
                "6:1: x must be a number in millimetres, got '1,5'",
                "7:3: y must be a finite number from -1e9 to 1e9, got nan",
                "8:5: t must be a finite number from -1e9 to 1e9, got inf",
                "9:1: x must be a finite number from -1e9 to 1e9, got 1e10",
                "10:5: t must be a number in seconds, got 'four'",
                "11:1: x must be a finite number from -1e9 to 1e9, got nan",
            ])
    }

    @Test func aPointIsThreeNumbers() {
        Self.expectErrors(
            Self.head + "3 3\n4\n5 5 0.1 7\n",
            ["6:4: a point is x y t: t missing", "7:2: a point is x y t: y t missing", "8:9: a point is x y t: unexpected '7'"])
        // A line of a hundred thousand numbers is read no further than its fourth.
        Self.expectErrors(Self.head + String(repeating: "1 ", count: 100_000), ["6:7: a point is x y t: unexpected '1'"])
    }

    @Test func timeNeverGoesBackwardsWithinAnExample() {
        // Across strokes too; a new example starts again. A point refused is still a point of its stroke: the
        // stroke at line 7 is not also short of points.
        Self.expectErrors(
            Self.head + "2 2 0.005\nstroke\n3 3 0.02\n4 4 0.015\nexample\nstroke\n0 0 0\n1 1 0\n",
            [
                "6:5: time goes backwards: 0.005 s after 0.01 s on line 5",
                "9:5: time goes backwards: 0.015 s after 0.02 s on line 8",
            ])
    }

    @Test func aFileHoldsAtMostTenThousandPointsAndStopsReadingThere() {
        let points = (0..<ShapeFile.maximumPoints).map { "\($0) 0 \($0)\n" }.joined()
        #expect(Self.errors("shape line\nexample\nstroke\n" + points).isEmpty)
        Self.expectErrors(
            "shape line\nexample\nstroke\n" + points + "1 2 3\n",
            ["10004:1: more than 10000 points: a shape file holds at most 10000"])
        // A million points: refused at the first beyond the bound, the rest never read (nor checked: time goes
        // backwards on every line here).
        Self.expectErrors(
            "shape line\nexample\nstroke\n" + String(repeating: "1 2 3\n", count: 1_000_000),
            ["10004:1: more than 10000 points: a shape file holds at most 10000"])
    }

    @Test func theShapeNeedsANameAndComesFirst() {
        Self.expectErrors("shape\nexample\nstroke\n0 0 0\n1 1 1\n", ["1:1: shape needs a name: shape NAME"])
        Self.expectErrors("shape check*\n" + Self.head.dropFirst(12), ["1:7: shape name 'check*' must be 1 to 64 letters, digits, '-', '_' or '.'"])
        Self.expectErrors("# no shape line\nexample\nstroke\n0 0 0\n1 1 1\n", ["2:1: the file must begin with 'shape NAME'"])
        Self.expectErrors("example\nstroke\n0 0 0\n1 1 1\nshape late\n", ["1:1: the file must begin with 'shape NAME'"])
        Self.expectErrors(
            "", ["1:1: no shape: the file must begin with 'shape NAME'", "1:1: the file has no example: add one, a line 'example' then its strokes"])
        Self.expectErrors("# nothing but this\nshape lonely\n", ["2:1: shape 'lonely' has no example: add one, a line 'example' then its strokes"])
        Self.expectErrors(Self.head + "shape again\n", ["6:1: a second shape line: a file holds one shape (named on line 1)"])
        Self.expectErrors("shape check extra\n" + Self.head.dropFirst(12), ["1:13: unexpected 'extra' after shape NAME"])
    }

    @Test func fingersFromOneToTenBeforeTheExamples() {
        let body = Self.head.dropFirst(12)
        Self.expectErrors("shape check\nfingers 0\n" + body, ["2:9: fingers must be a whole number from 1 to 10, got '0'"])
        Self.expectErrors("shape check\nfingers 11\n" + body, ["2:9: fingers must be a whole number from 1 to 10, got '11'"])
        Self.expectErrors("shape check\nfingers two\n" + body, ["2:9: fingers must be a whole number from 1 to 10, got 'two'"])
        Self.expectErrors("shape check\nfingers\n" + body, ["2:1: fingers needs a number from 1 to 10: fingers N"])
        Self.expectErrors("shape check\nfingers 2\nfingers 3\n" + body, ["3:1: a second fingers line"])
        Self.expectErrors(Self.head + "fingers 2\n", ["6:1: fingers must come before the first example"])
    }

    @Test func unknownKeywordsAndMisplacedLines() {
        Self.expectErrors(
            "shape check\nexample\nstrok\n0 0 0\nstroke 2\n0 0 0\n1 1 1\nExample\nfinger 2\n",
            [
                "3:1: unknown keyword 'strok'; did you mean 'stroke'?: a line is shape, fingers, example, stroke or a point (x y t)",
                "4:1: a point outside a stroke: begin the stroke with a line 'stroke'",
                "5:8: unexpected '2' after stroke",
                "8:1: unknown keyword 'Example'; did you mean 'example'?: a line is shape, fingers, example, stroke or a point (x y t)",
                "9:1: unknown keyword 'finger'; did you mean 'fingers'?: a line is shape, fingers, example, stroke or a point (x y t)",
            ])
        Self.expectErrors("shape check\nstroke\n0 0 0\n1 1 1\n", [
            "2:1: a stroke outside an example: begin the drawing with a line 'example'",
            "3:1: a point outside a stroke: begin the stroke with a line 'stroke'",
            "4:1: a point outside a stroke: begin the stroke with a line 'stroke'",
            "1:1: shape 'check' has no example: add one, a line 'example' then its strokes",
        ].sorted())
    }

    @Test func columnsCountCharactersNotBytes() {
        // 'ü' is two bytes: the '3' after it is the seventh character and the eighth byte.
        Self.expectErrors(Self.head + "1 ü 2 3\n", ["6:7: a point is x y t: unexpected '3'"])
    }

    @Test func loadReadsAFileAndSaysWhenItCannot() throws {
        let path = NSTemporaryDirectory() + "gestured-shape-\(UUID().uuidString).shape"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.head.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try ShapeFile.load(path, files: SystemFiles()).get().name == "check")
        let missing = path + ".missing"
        #expect(throws: ConfigErrors.self) { try ShapeFile.load(missing, files: SystemFiles()).get() }
        if case .failure(let errors) = ShapeFile.load(missing, files: SystemFiles()) {
            #expect(errors.description == "\(missing):1:1: does not exist")
        }
    }

    @Test func theReferencesExampleIsValid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let reference = try String(contentsOf: root.appendingPathComponent("docs/shapes.md"), encoding: .utf8)
        let section = try #require(reference.components(separatedBy: "## The shape file").dropFirst().first)
        let example = try #require(section.components(separatedBy: "```").dropFirst().first)
        let template = try ShapeFile.parse(example, file: "docs/shapes.md")
        #expect(template.name == "check" && template.examples.map(\.strokes.count) == [1, 2])
    }
}
