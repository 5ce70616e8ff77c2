/// The floors `make shapes` holds its figures to (Benchmarks/Shapes/floor.txt): lines `MEASURE VALUE`, `#` comments.
/// A measure is a share of drawings recognized, at least VALUE; `false_accepts` is a share of files, at most VALUE.
/// A `multistroke.` measure is held only where its set was measured: the sets are not the project's, and a machine
/// without them skips them (scripts/shape-data).
struct ShapeFloors: Equatable {
    var lines: [Line]

    struct Line: Equatable {
        var measure: String
        var value: Double
        var isCeiling: Bool { measure.hasPrefix("false_accepts") }
    }

    init(_ text: String, source: String) throws {
        lines = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = (raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").split(separator: " ")
            guard !words.isEmpty else { continue }
            guard words.count == 2, let value = Double(words[1]), (0...1).contains(value) else {
                throw ShapesError("\(source):\(n + 1): expected MEASURE VALUE, VALUE a share from 0 to 1, got '\(raw)'")
            }
            lines.append(Line(measure: String(words[0]), value: value))
        }
    }

    /// Each figure past its floor or ceiling, and each floor without a figure, said as a sentence.
    func failures(_ figures: [String: Double]) -> [String] {
        lines.compactMap { line in
            guard let figure = figures[line.measure] else { return line.measure.hasPrefix("multistroke.") ? nil : "\(line.measure) was not measured" }
            if line.isCeiling, figure > line.value { return "\(line.measure) \(percent(figure)), above the ceiling of \(percent(line.value))" }
            if !line.isCeiling, figure < line.value { return "\(line.measure) \(percent(figure)), below the floor of \(percent(line.value))" }
            return nil
        }
    }
}

/// 0.9953 as `99.53%`.
func percent(_ share: Double) -> String {
    let hundredths = (share * 10000).rounded()
    return "\(hundredths / 100)%"
}
