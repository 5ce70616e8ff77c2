import Foundation

/// The tables of `first-action` results (FIRST-ACTION lines): gestured's first action against libinput's per
/// category of label and per class of action, the totals, and the goals of issue 31, in Markdown.
enum FirstActionTable {
    static func print(_ text: String, files: Bool) throws {
        var results: [FirstActionResult] = []
        var boards: [[String: Any]] = []
        var failures: [String] = []
        for line in text.split(separator: "\n") {
            if let json = line.range(of: "FIRST-ACTION-BOARD ").map({ line[$0.upperBound...] }) {
                if let board = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] { boards.append(board) }
            } else if let json = line.range(of: "FIRST-ACTION ").map({ line[$0.upperBound...] }) {
                results.append(try JSONDecoder().decode(FirstActionResult.self, from: Data(json.utf8)))
            } else if line.hasPrefix("first-action: ") {
                failures.append(String(line))
            }
        }
        guard !results.isEmpty else { throw BenchmarkError("no FIRST-ACTION lines: no board was played") }

        Swift.print(
            "| board | device | machine | files | frames | seconds | frames written late, p99 | kernel drops | gestured's device database | libinput's quirks |\n"
                + "|---|---|---|---:|---:|---:|---:|---:|---|---|")
        for board in boards {
            func number(_ key: String...) -> Double {
                var value: Any? = board
                for k in key { value = (value as? [String: Any])?[k] }
                return (value as? Double) ?? Double(value as? Int ?? 0)
            }
            Swift.print("| \(board["board"] ?? "?") | \(board["device"] ?? "?") | `\(board["dmi"] ?? "-")` | \(Int(number("files"))) | \(Int(number("frames"))) | "
                + String(format: "%.0f | %.1f ms | %d | ", number("seconds"), number("late_ms", "p99"), Int(number("kernel_drops")))
                + [board["database"], board["quirks"]].map { (($0 as? [String]) ?? []).joined(separator: "; ").replacingOccurrences(of: "|", with: "\\|") }
                    .map { $0.isEmpty ? "none" : $0 }.joined(separator: " | ") + " |")
            if let without = board["without_touches"] as? [String], !without.isEmpty {
                failures.append("\(board["board"] ?? "?"): not played, no touch in them: \(without.joined(separator: ", "))")
            }
        }
        Swift.print("\nPer category of label:\n")
        Swift.print(Comparison.header)
        for (name, group) in grouped(results, by: \.category) { Swift.print(Comparison(group).row(name)) }
        Swift.print(Comparison(results).row("**total**"))
        Swift.print("\nPer class of the action the label asks for:\n")
        Swift.print(Comparison.header)
        let byClass = grouped(results) { $0.classes.joined(separator: ", ") }
        for (name, group) in byClass { Swift.print(Comparison(group).row(name)) }

        let all = Comparison(results)
        let withOneSided = all.noLaterByFrame + all.onlyGestured, decided = all.both + all.onlyGestured + all.onlyLibinput
        Swift.print("""

            Goals:
            - first action no later than libinput's (by frame) in at least 95% of the files: \(all.noLaterByFrame) of the \(all.both) where both acted \
            (\(percent(all.noLaterByFrame, all.both))): \(Double(all.noLaterByFrame) >= 0.95 * Double(all.both) ? "met" : "not met"); with the files where \
            only one acted (only gestured: no later, only libinput: later), \(withOneSided) of \(decided) (\(percent(withOneSided, decided)))
            """)
        for action in ["scroll", "pointer"] {
            let comparison = Comparison(byClass.first { $0.0 == action }?.1 ?? [])
            guard let median = comparison.quartiles?.median else {
                Swift.print("- \(action): no file where both acted")
                continue
            }
            Swift.print("- \(action == "scroll" ? "a scroll's" : "a pointer move's") median no later than libinput's: " + String(format: "%+.1f ms", median)
                + " over \(comparison.both) files: \(median <= 0 ? "met" : "not met")")
        }
        for failure in failures { Swift.print("\n" + failure) }

        guard files else { return }
        Swift.print("\n| file | board | category | gestured: frame, ms | libinput: frame, ms | gestured − libinput |\n|---|---|---|---|---|---:|")
        func cell(_ action: FirstAction?) -> String { action.map { String(format: "%d, %.0f ms: %@", $0.frame, $0.ms, $0.what) } ?? "-" }
        for result in results.sorted(by: { ($0.category, $0.name, $0.path) < ($1.category, $1.name, $1.path) }) {
            let difference = result.gestured.flatMap { g in result.libinput.map { String(format: "%+.0f ms", g.ms - $0.ms) } } ?? ""
            Swift.print("| \(result.path) | \(result.board) | \(result.category) | \(cell(result.gestured)) | \(cell(result.libinput)) | \(difference) |")
        }
    }

    /// Groups in the order of their names.
    static func grouped(_ results: [FirstActionResult], by key: (FirstActionResult) -> String) -> [(String, [FirstActionResult])] {
        Dictionary(grouping: results, by: key).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    static func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "-" : String(format: "%.0f%%", Double(part) / Double(whole) * 100)
    }
}

/// gestured's first actions against libinput's over a group of files.
struct Comparison {
    var files = 0
    var both = 0
    var onlyGestured = 0
    var onlyLibinput = 0
    var neither = 0
    /// Of the files where both acted: gestured's action about the same frame or an earlier one.
    var noLaterByFrame = 0
    /// Of the files where both acted: gestured's action read no later than libinput's.
    var noLaterByArrival = 0
    /// Of the files where both acted: gestured's arrival minus libinput's, ms, sorted.
    var differences: [Double] = []

    init(_ results: [FirstActionResult]) {
        files = results.count
        for result in results {
            switch (result.gestured, result.libinput) {
            case let (g?, l?):
                both += 1
                if g.frame <= l.frame { noLaterByFrame += 1 }
                if g.ms <= l.ms { noLaterByArrival += 1 }
                differences.append(g.ms - l.ms)
            case (.some, nil): onlyGestured += 1
            case (nil, .some): onlyLibinput += 1
            case (nil, nil): neither += 1
            }
        }
        differences.sort()
    }

    /// The quartiles of the differences, each between the two nearest ranks (the median of an even count is the
    /// mean of the middle two).
    var quartiles: (first: Double, median: Double, third: Double)? {
        guard !differences.isEmpty else { return nil }
        func at(_ p: Double) -> Double {
            let h = Double(differences.count - 1) * p, low = Int(h.rounded(.down))
            return low + 1 < differences.count ? differences[low] + (h - Double(low)) * (differences[low + 1] - differences[low]) : differences[low]
        }
        return (at(0.25), at(0.5), at(0.75))
    }

    static let header = """
        | | files | both acted | gestured no later, by frame | by arrival | gestured − libinput: median | quartiles | only gestured | only libinput | neither |
        |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
        """

    func row(_ name: String) -> String {
        let spread = quartiles.map { String(format: "%+.0f ms | %+.0f to %+.0f ms", $0.median, $0.first, $0.third) } ?? "- | -"
        return "| \(name) | \(files) | \(both) | \(noLaterByFrame) (\(FirstActionTable.percent(noLaterByFrame, both))) | "
            + "\(noLaterByArrival) (\(FirstActionTable.percent(noLaterByArrival, both))) | \(spread) | \(onlyGestured) | \(onlyLibinput) | \(neither) |"
    }
}
