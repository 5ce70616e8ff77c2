import Foundation
import LabelledRecordings

/// gestured's own first gesture of each class a touchpad file's label asks for, in milliseconds after the file's
/// first contact landed (`make quality` with `--first-gestures FILE`), and how two runs compare
/// (`--compare-first FILE`; docs/quality.md, First gestures). A screen for a change that moves first actions,
/// in seconds where `make bench-first-action` takes twenty minutes; only that bench says where libinput is.
struct FirstGestures {
    struct Row: Hashable {
        var configuration, half, gestureClass, file: String
    }

    private(set) var rows: [Row: Double] = [:]

    init(_ reports: [(String, QualityReport)]) {
        for (configuration, report) in reports {
            for score in report.scores {
                for (gestureClass, ms) in score.firstAsked {
                    rows[Row(configuration: configuration, half: score.half, gestureClass: gestureClass, file: score.name)] = ms
                }
            }
        }
    }

    /// Reads what `text` wrote.
    init(text: String) throws {
        for (n, line) in text.split(separator: "\n").enumerated() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let ms = Double(fields[4]) else {
                throw QualityError("first gestures, line \(n + 1): expected CONFIGURATION, HALF, CLASS, FILE and MS, tab-separated")
            }
            rows[Row(configuration: fields[0], half: fields[1], gestureClass: fields[2], file: fields[3])] = ms
        }
    }

    /// One line a file and class: configuration, half, class, file, ms, tab-separated.
    var text: String {
        rows.sorted { "\($0.key)" < "\($1.key)" }.map { row, ms in
            [row.configuration, row.half, row.gestureClass, row.file, String(format: "%.1f", ms)].joined(separator: "\t") + "\n"
        }.joined()
    }

    /// A Markdown table: per configuration, half and class, the files both runs have, the median change (below
    /// zero: sooner now), and how many came sooner and later by more than a millisecond, with their medians.
    func comparison(with before: FirstGestures) -> String {
        var groups: [[String]: [Double]] = [:]
        for (row, now) in rows {
            guard let then = before.rows[row] else { continue }
            groups[[row.configuration, row.half, row.gestureClass], default: []].append(now - then)
        }
        var lines = [
            "| configuration | half | class | files | median change | sooner | by (median) | later | by (median) |",
            "|---|---|---|---:|---:|---:|---:|---:|---:|",
        ]
        for key in groups.keys.sorted(by: { $0.joined(separator: " ") < $1.joined(separator: " ") }) {
            let changes = groups[key]!
            let sooner = changes.filter { $0 < -1 }, later = changes.filter { $0 > 1 }
            lines.append(
                "| `\(key[0])` | \(key[1]) | \(key[2]) | \(changes.count) | \(Self.ms(Self.median(changes))) | \(sooner.count) | "
                    + "\(sooner.isEmpty ? "" : Self.ms(Self.median(sooner))) | \(later.count) | \(later.isEmpty ? "" : Self.ms(Self.median(later))) |")
        }
        return lines.joined(separator: "\n")
    }

    private static func median(_ values: [Double]) -> Double {
        let v = values.sorted()
        return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
    }

    /// Whole milliseconds with their sign; no "-0".
    private static func ms(_ value: Double) -> String {
        let rounded = value.rounded()
        return rounded == 0 ? "0 ms" : String(format: "%+.0f ms", rounded)
    }
}
