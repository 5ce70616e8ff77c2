/// The scores summed per category and in all.
struct QualityReport {
    var scores: [FileScore]

    var right: Int { scores.filter(\.isRight).count }
    var wrongKind: Int { scores.filter(\.hasWrongKind).count }
    var tapsAsked: Int { scores.reduce(0) { $0 + $1.tapsAsked } }
    var tapsRecognized: Int { scores.reduce(0) { $0 + $1.tapsRecognized } }
    var tapRate: Double { tapsAsked == 0 ? 1 : (Double(tapsRecognized) / Double(tapsAsked) * 1000).rounded() / 1000 }

    /// A Markdown table: one row per category, then the total.
    func table() -> String {
        var rows = ["| category | files | right | wrong kind | taps recognized |", "|---|---:|---:|---:|---:|"]
        // Scrolls are shown by the direction their label asks for.
        var groups: [String: [FileScore]] = [:]
        for score in scores { groups[score.category, default: []].append(score) }
        func row(_ name: String, _ group: [FileScore]) -> String {
            let r = group.filter(\.isRight).count, w = group.filter(\.hasWrongKind).count
            let asked = group.reduce(0) { $0 + $1.tapsAsked }, got = group.reduce(0) { $0 + $1.tapsRecognized }
            return "| \(name) | \(group.count) | \(r) (\(percent(r, group.count))) | \(w) (\(percent(w, group.count))) | \(asked == 0 ? "" : "\(got) of \(asked) (\(percent(got, asked)))") |"
        }
        for name in groups.keys.sorted() { rows.append(row(name, groups[name]!)) }
        rows.append(row("**total**", scores))
        return rows.joined(separator: "\n")
    }

    func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "-" : "\(Int((Double(part) / Double(whole) * 100).rounded()))%"
    }

    /// One row per configuration and half of the set: rules chosen on one half are checked on the other.
    static func halves(_ reports: [(String, QualityReport)]) -> String {
        var rows = ["| configuration | half | files | right | wrong kind | taps recognized |", "|---|---|---:|---:|---:|---:|"]
        for (name, report) in reports {
            for half in Set(report.scores.map(\.half)).sorted() {
                let part = QualityReport(scores: report.scores.filter { $0.half == half })
                let files = part.scores.count
                rows.append("| `\(name)` | \(half.isEmpty ? "none" : half) | \(files) | \(part.right) (\(part.percent(part.right, files))) | \(part.wrongKind) (\(part.percent(part.wrongKind, files))) | \(part.tapsAsked == 0 ? "-" : "\(part.tapsRecognized) of \(part.tapsAsked) (\(part.percent(part.tapsRecognized, part.tapsAsked)))") |")
            }
        }
        return rows.joined(separator: "\n")
    }

    /// Issue 40's goals for a touchpad configuration, each as a line saying the figure, the goal and whether it
    /// is met: files right and with a wrong kind, no gesture on a palm or resting thumb alone, taps; and for the
    /// laptop's (which leaves the pointer and scrolling to libinput) no gesture on the files of what it leaves,
    /// and its two-finger taps and pinches right.
    func goals(laptop: Bool) -> [String] {
        let files = scores.count
        func line(_ what: String, _ part: Int, _ whole: Int, _ goal: String, _ met: Bool) -> String {
            "\(what): \(part) of \(whole) (\(percent(part, whole))), goal \(goal): \(met ? "met" : "not met")"
        }
        let alone = scores.filter { ["palm", "thumb"].contains($0.category) && $0.expectsNothing }
        let made = alone.filter { !$0.counts.isEmpty }.count
        var lines = [
            line("right", right, files, "at least 95%", right * 100 >= 95 * files),
            line("with a wrong kind", wrongKind, files, "at most 5%", wrongKind * 100 <= 5 * files),
            line("palm or thumb alone, with a gesture", made, alone.count, "none", made == 0),
            line("taps recognized", tapsRecognized, tapsAsked, "at least 98%", tapsRecognized * 100 >= 98 * tapsAsked),
        ]
        if laptop {
            let quiet = scores.filter { ["scroll", "pointer", "tap", "drumroll", "select", "palm"].contains($0.category) }
            let loud = quiet.filter { !$0.counts.isEmpty }.count
            lines.append(line("scroll, pointer, tap, drumroll, select and palm files with a gesture", loud, quiet.count, "at most 1%", loud * 100 <= quiet.count))
            let asked = scores.filter { ["two-finger tap", "pinch"].contains($0.category) }
            let good = asked.filter(\.isRight).count
            lines.append(line("two-finger taps and pinches right", good, asked.count, "at least 95%", good * 100 >= 95 * asked.count))
        }
        return lines
    }

    /// One row per configuration.
    static func summary(_ reports: [(String, QualityReport)]) -> String {
        var rows = ["| configuration | files | right | wrong kind | taps recognized |", "|---|---:|---:|---:|---:|"]
        for (name, report) in reports {
            let files = report.scores.count
            rows.append("| `\(name)` | \(files) | \(report.right) (\(report.percent(report.right, files))) | \(report.wrongKind) (\(report.percent(report.wrongKind, files))) | \(report.tapsAsked == 0 ? "-" : "\(report.tapsRecognized) of \(report.tapsAsked) (\(report.percent(report.tapsRecognized, report.tapsAsked)))") |")
        }
        return rows.joined(separator: "\n")
    }
}
