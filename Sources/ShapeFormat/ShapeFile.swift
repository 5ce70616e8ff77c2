import ConfigLanguage
import ConfigSchema
import GestureEngine
import GestureProtocol

/// A shape's examples in a text file a person can read and write, one shape a file (docs/shapes.md, The shape
/// file): `shape NAME`, an optional `fingers N`, then examples, each `example` then its strokes, each `stroke`
/// then its points, one `x y t` a line (millimetres, seconds); `#` comments. Checked like the configuration:
/// every problem with its line and column.
public enum ShapeFile {
    /// Points a file may hold: a hundred examples of a hundred points, ten times what recognizing a shape well
    /// needs. A longer file is refused at its first point beyond, before it is read further.
    public static let maximumPoints = 10_000
    /// Every number's magnitude at most: far beyond any surface (millimetres) or recording (seconds), and far
    /// from where sums of squares overflow.
    static let largest = 1e9
    /// Errors reported at most: past a hundred, a file is one mistake repeated, and reading stops.
    static let maximumErrors = 100
    static let keywords = ["shape", "fingers", "example", "stroke"]

    /// The shape a file's text describes, or every problem in it (up to `maximumErrors`), each with its line and
    /// column.
    public static func parse(_ text: String, file: String) throws(ConfigErrors) -> ShapeTemplate {
        var text = text
        var parser = ShapeFileParser(file: file)
        text.withUTF8 { parser.read($0) }
        return try parser.template()
    }

    /// Reads and checks a shape file; a file that cannot be read is one error, at its start.
    public static func load(_ path: String, files: any FileSource) -> Result<ShapeTemplate, ConfigErrors> {
        Result { () throws(ConfigErrors) in try parse(try files.text(of: path), file: path) }
    }

    /// Points an example written by `example` holds at most: a hundred examples fit a file (`maximumPoints`). A
    /// slow drawing on a touchscreen reporting at 100 Hz or more has a thousand (LowVision's do, docs/shapes.md, The
    /// multistroke sets), where the matcher resamples every drawing to 32 points along its strokes.
    public static let examplePoints = maximumPoints / 100

    /// A drawing as an example that `gestured shape learn` and `gesturectl shape record` write: at most
    /// `examplePoints` points (each stroke's first and last kept, the others taken evenly along it, a dot whole),
    /// each to a hundredth of a millimetre and a millisecond, finer than touch devices report, so that the file
    /// reads `61.2`, not the `61.199999999999996` that turning device units into millimetres leaves.
    public static func example(_ strokes: [[ShapePoint]]) -> ShapeExample {
        let total = strokes.reduce(0) { $0 + $1.count }
        let share = min(1, Double(examplePoints) / Double(max(total, 1)))
        return ShapeExample(strokes: strokes.map { stroke in
            let keep = stroke.count <= 2 ? stroke.count : max(2, Int(Double(stroke.count) * share))
            let kept = keep == stroke.count ? stroke : (0..<keep).map { k in stroke[Int((Double(k) * Double(stroke.count - 1) / Double(keep - 1)).rounded())] }
            return kept.map { ShapePoint(x: ($0.x * 100).rounded() / 100, y: ($0.y * 100).rounded() / 100, time: ($0.time * 1000).rounded() / 1000) }
        })
    }

    /// The file `parse` reads back as `template`, for any template it could have returned.
    public static func write(_ template: ShapeTemplate) -> String {
        var text = """
            # A shape for gestured (docs/shapes.md): its examples, each a drawing of one or more strokes,
            # each stroke its points: x y in millimetres (y down), t in seconds.
            shape \(template.name)
            fingers \(template.fingers)

            """
        for example in template.examples {
            text += "\nexample\n"
            for stroke in example.strokes {
                text += "stroke\n"
                for p in stroke { text += "\(number(p.x)) \(number(p.y)) \(number(p.time))\n" }
            }
        }
        return text
    }

    /// As short as it reads back exactly: `12` rather than `12.0`, Swift's shortest form otherwise.
    static func number(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}

/// Reads a shape file's lines in one pass over its bytes, keeping only the examples: a file too long is
/// refused at its first point beyond the bound, whatever follows.
private struct ShapeFileParser {
    let file: String
    private(set) var errors: [ConfigError] = []
    private var name: String?
    private var shapeLine: SourcePosition?
    private var fingers: Int?
    private var examples: [ShapeExample] = []
    /// Where the current example and stroke began, the stroke's point lines (a point refused still counts, so
    /// that one mistake is one error) and the latest time in the example.
    private var example: SourcePosition?
    private var stroke: SourcePosition?
    private var strokeLines = 0
    private var latest: (time: Double, line: Int)?
    private var points = 0
    /// Whether a line came before any `shape` line, and was reported.
    private var reportedNoShape = false
    private var suggestionsLeft = ConfigLimits.suggestions
    /// Set when reading must stop: too many points or errors.
    private var stopped = false

    init(file: String) {
        self.file = file
    }

    /// A word of a line: its bytes, where it starts and the column just after it.
    private struct Token {
        var bytes: UnsafeBufferPointer<UInt8>.SubSequence
        var position: SourcePosition
        var after: Int
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
        var tokens: [Token] = []
        var line = 1, start = 0
        while start <= bytes.count, !stopped {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            tokens.removeAll(keepingCapacity: true)
            Self.split(bytes[start..<end], line: line, into: &tokens)
            if !tokens.isEmpty { take(tokens) }
            line += 1
            start = end + 1
        }
        if !stopped { finishExample() }
    }

    /// The first four words of a line before any `#`, split at spaces, tabs and carriage returns: no line has
    /// more, and a fourth is reported as one too many. Columns count characters (UTF-8 sequences), as every
    /// error of a configuration does.
    private static func split(_ line: UnsafeBufferPointer<UInt8>.SubSequence, line number: Int, into tokens: inout [Token]) {
        var i = line.startIndex, column = 1
        var first: (index: Int, column: Int)?
        func endWord() {
            guard let start = first else { return }
            let position = SourcePosition(line: number, column: start.column)
            tokens.append(Token(bytes: line[start.index..<i], position: position, after: column))
            first = nil
        }
        while i < line.endIndex, line[i] != UInt8(ascii: "#"), tokens.count < 4 {
            if isSpace(line[i]) {
                endWord()
            } else if first == nil {
                first = (i, column)
            }
            if line[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        if tokens.count < 4 { endWord() }
    }

    private static func isSpace(_ b: UInt8) -> Bool {
        b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r")
    }

    private mutating func take(_ tokens: [Token]) {
        let first = tokens[0]
        switch first.text {
        case "shape": shape(tokens)
        case "fingers": fingersLine(tokens)
        case "example": exampleLine(tokens)
        case "stroke": strokeLine(tokens)
        default:
            // A number, or what was meant as one ("1,5", "nan"): a point, whose numbers are then checked.
            let lead = first.bytes.first!
            if Double(first.text) != nil || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lead) || "+-.".utf8.contains(lead) {
                point(tokens)
            } else {
                content(first)
                let hint = suggestionsLeft > 0 ? NameSuggestion.didYouMean(first.text, among: ShapeFile.keywords) : ""
                suggestionsLeft -= 1
                let lines = "a line is shape, fingers, example, stroke or a point (x y t)"
                error(first.position, "unknown keyword '\(first.text)'\(hint): \(lines)")
            }
        }
    }

    /// A line other than `shape`: the file must have begun with one.
    private mutating func content(_ first: Token) {
        if shapeLine == nil, !reportedNoShape {
            reportedNoShape = true
            error(first.position, "the file must begin with 'shape NAME'")
        }
    }

    private mutating func shape(_ tokens: [Token]) {
        if let shapeLine {
            return error(tokens[0].position, "a second shape line: a file holds one shape (named on line \(shapeLine.line))")
        }
        shapeLine = tokens[0].position
        guard tokens.count > 1 else { return error(tokens[0].position, "shape needs a name: shape NAME") }
        guard ConfigReader.isValidName(tokens[1].text) else {
            return error(tokens[1].position, "shape name '\(tokens[1].text)' must be 1 to 64 letters, digits, '-', '_' or '.'")
        }
        name = tokens[1].text
        extra(tokens, after: 2, "shape NAME")
    }

    private mutating func fingersLine(_ tokens: [Token]) {
        content(tokens[0])
        guard fingers == nil else { return error(tokens[0].position, "a second fingers line") }
        guard example == nil else { return error(tokens[0].position, "fingers must come before the first example") }
        guard tokens.count > 1 else { return error(tokens[0].position, "fingers needs a number from 1 to 10: fingers N") }
        guard let n = Int(tokens[1].text), (1...10).contains(n) else {
            return error(tokens[1].position, "fingers must be a whole number from 1 to 10, got '\(tokens[1].text)'")
        }
        fingers = n
        extra(tokens, after: 2, "fingers N")
    }

    private mutating func exampleLine(_ tokens: [Token]) {
        content(tokens[0])
        finishExample()
        example = tokens[0].position
        examples.append(ShapeExample(strokes: []))
        latest = nil
        extra(tokens, after: 1, "example")
    }

    private mutating func strokeLine(_ tokens: [Token]) {
        content(tokens[0])
        guard example != nil else {
            return error(tokens[0].position, "a stroke outside an example: begin the drawing with a line 'example'")
        }
        finishStroke()
        stroke = tokens[0].position
        strokeLines = 0
        examples[examples.count - 1].strokes.append([])
        extra(tokens, after: 1, "stroke")
    }

    private mutating func point(_ tokens: [Token]) {
        content(tokens[0])
        points += 1
        guard points <= ShapeFile.maximumPoints else {
            stopped = true
            let most = ShapeFile.maximumPoints
            let line = SourcePosition(line: tokens[0].position.line, column: 1)
            return error(line, "more than \(most) points: a shape file holds at most \(most)")
        }
        guard stroke != nil else {
            return error(tokens[0].position, "a point outside a stroke: begin the stroke with a line 'stroke'")
        }
        strokeLines += 1
        guard tokens.count >= 3 else {
            let missing = ["x", "y", "t"][tokens.count...].joined(separator: " ")
            let end = SourcePosition(line: tokens[0].position.line, column: tokens.last!.after)
            return error(end, "a point is x y t: \(missing) missing")
        }
        guard tokens.count == 3 else { return error(tokens[3].position, "a point is x y t: unexpected '\(tokens[3].text)'") }
        let values = zip(tokens, [("x", "millimetres"), ("y", "millimetres"), ("t", "seconds")]).map { number($0, $1.0, $1.1) }
        guard let x = values[0], let y = values[1], let t = values[2] else { return }
        if let latest, t < latest.time {
            let before = "\(ShapeFile.number(latest.time)) s on line \(latest.line)"
            return error(tokens[2].position, "time goes backwards: \(tokens[2].text) s after \(before)")
        }
        latest = (t, tokens[0].position.line)
        let e = examples.count - 1
        examples[e].strokes[examples[e].strokes.count - 1].append(ShapePoint(x: x, y: y, time: t))
    }

    private mutating func number(_ token: Token, _ what: String, _ unit: String) -> Double? {
        guard let value = Double(token.text) else {
            error(token.position, "\(what) must be a number in \(unit), got '\(token.text)'")
            return nil
        }
        guard value.isFinite, abs(value) <= ShapeFile.largest else {
            error(token.position, "\(what) must be a finite number from -1e9 to 1e9, got \(token.text)")
            return nil
        }
        return value
    }

    /// Words after a line's last.
    private mutating func extra(_ tokens: [Token], after count: Int, _ form: String) {
        if tokens.count > count { error(tokens[count].position, "unexpected '\(tokens[count].text)' after \(form)") }
    }

    private mutating func finishStroke() {
        guard let stroke else { return }
        // One point is a dot: a finger that touched and lifted without moving.
        if strokeLines == 0 { error(stroke, "a stroke with no points: a stroke needs one (a dot) or more") }
        self.stroke = nil
    }

    private mutating func finishExample() {
        finishStroke()
        guard let example else { return }
        if examples.last!.strokes.isEmpty { error(example, "an example with no strokes: begin each with a line 'stroke'") }
        self.example = nil
    }

    private mutating func error(_ position: SourcePosition, _ message: String) {
        errors.append(ConfigError(file: file, position: position, message))
        if errors.count >= ShapeFile.maximumErrors { stopped = true }
    }

    func template() throws(ConfigErrors) -> ShapeTemplate {
        var errors = errors
        if !stopped && examples.isEmpty {
            let at = shapeLine ?? SourcePosition(line: 1, column: 1)
            let what = name.map { "shape '\($0)'" } ?? "the file"
            let message = "\(what) has no example: add one, a line 'example' then its strokes"
            errors.append(ConfigError(file: file, position: at, message))
        }
        if !stopped && shapeLine == nil && !reportedNoShape {
            let start = SourcePosition(line: 1, column: 1)
            errors.append(ConfigError(file: file, position: start, "no shape: the file must begin with 'shape NAME'"))
        }
        guard errors.isEmpty, let name else { throw ConfigErrors(errors) }
        return ShapeTemplate(name: name, fingers: fingers ?? 1, examples: examples)
    }
}
