import ArgumentParser
import ConfigFiles
import DeviceFactsDatabase
import Dispatch
import Foundation
import GestureConfig
import LabelledRecordings
import UnistrokeLogs

/// `make shapes`: shape recognizers as a user has them (docs/shapes.md, Measured). The $1 unistroke drawings, each
/// replayed as a recording of a finger on a touchscreen through a shape recognizer whose shape files were learned
/// from other drawings as `gestured shape learn` learns them; the labelled recordings of `make quality`, none of
/// them a shape, with a shape recognizer beside the shipped ones; the time a decision takes at the lift; and the
/// guide's check mark as the Swift sample beside a `check` shape. Everything made from the drawings is made in a
/// temporary folder and removed.
@main
struct ShapesBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ShapesBenchmark",
        abstract: "Shape recognizers on the $1 unistroke drawings and the labelled recordings (docs/shapes.md, Measured).")

    @Option(help: "The folder of the shared recordings.")
    var recordings = "../shared/recordings"

    @Option(help: "The project folder: the label table, the configurations and the device database are found from it.")
    var project = "."

    @Option(help: "The floors: lines 'MEASURE SHARE' (Benchmarks/Shapes/floor.txt).")
    var floor: String?

    @Option(help: "Replays run at once.")
    var jobs = 2

    @Option(help: "Only these parts, comma-separated: accuracy, false-accepts, decision, checkmark (no floor is checked).")
    var parts: String?

    @Option(help: "Only make this many decisions at the lift and print nothing else (scripts/shape-instructions runs it under callgrind).")
    var decideOnly: Int?

    @Option(help: "A multistroke set of the Gester testbed's JSON, NAME=FOLDER (scripts/shape-data puts them in .build/shape-data; repeatable).")
    var multistroke: [String] = []

    static let allParts = ["accuracy", "false-accepts", "decision", "checkmark", "multistroke"]

    /// Millimetres a unit of each known set's coordinates: LowVision's are pixels of a tablet of 1280 by 800 (taken
    /// at 216 pixels an inch, a 7-inch tablet's; the paper does not say), NicIcon's and HOMUS's near millimetres.
    /// The matcher scales every drawing to one size: only its minimum length and a dot's place depend on them.
    static let millimetresPerUnit = ["LowVision": 25.4 / 216, "NicIcon": 1.0, "HOMUS": 1.0]

    func validate() throws {
        for part in chosenParts where !Self.allParts.contains(part) {
            throw ValidationError("--parts takes \(Self.allParts.joined(separator: ", ")); got \(part)")
        }
        if let decideOnly, decideOnly < 1 { throw ValidationError("--decide-only must be at least 1") }
    }

    var chosenParts: [String] { parts.map { $0.split(separator: ",").map(String.init) } ?? Self.allParts }

    func run() throws {
        let logs = UnistrokeLog.folder(in: recordings)
        guard FileManager.default.fileExists(atPath: recordings + "/README.md"), FileManager.default.fileExists(atPath: logs) else {
            print("shapes: the shared recordings (with dollar1-unistroke) are not at \(recordings); nothing to measure (skipped)")
            return
        }
        let examples = ShapeFiles.Examples()
        if let decideOnly {
            let set = try UnistrokeSet(folder: logs, speeds: [DecisionTime.templateSpeed])
            let setup = try DecisionTime.setup(set, examples: examples)
            let recognized = DecisionTime.decideOnly(setup, count: decideOnly)
            print("decisions \(decideOnly), a shape in \(recognized)")
            return
        }
        let started = Date()
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("gestured-shapes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let set = try UnistrokeSet(folder: logs)
        print("shapes: \(set.all.count) drawings of the $1 unistroke logs, \(set.subjects.count) people (\(seconds(since: started)))")

        var figures: [String: Double] = [:]
        let parts = chosenParts
        var sweep = Sweep()
        if parts.contains("accuracy") {
            figures.merge(try accuracy(set, examples: examples, in: temporary + "/accuracy", sweep: &sweep), uniquingKeysWith: { $1 })
            print("(\(seconds(since: started)))")
        }
        if parts.contains("false-accepts") {
            figures.merge(try falseAccepts(set, examples: examples, in: temporary + "/false-accepts", sweep: &sweep), uniquingKeysWith: { $1 })
            print("(\(seconds(since: started)))")
        }
        sweep.print()
        if parts.contains("decision") {
            try decision(set, examples: examples)
            print("(\(seconds(since: started)))")
        }
        if parts.contains("checkmark") {
            figures.merge(try checkmark(set, examples: examples, in: temporary + "/checkmark"), uniquingKeysWith: { $1 })
            print("(\(seconds(since: started)))")
        }
        if parts.contains("multistroke") {
            figures.merge(try multistrokeSets(in: temporary + "/multistroke"), uniquingKeysWith: { $1 })
            print("(\(seconds(since: started)))")
        }
        guard let floor, parts == Self.allParts else { return }
        let floors = try ShapeFloors(String(contentsOfFile: floor, encoding: .utf8), source: floor)
        let failures = floors.failures(figures)
        if !failures.isEmpty {
            print("shapes: " + failures.joined(separator: "; "))
            throw ExitCode.failure
        }
        print("shapes: every figure at or past its floor in \(floor)")
    }

    private func seconds(since start: Date) -> String { String(format: "%.0f s", Date().timeIntervalSince(start)) }

    // MARK: Accuracy

    static let accuracyRows = [
        ("per_person_1", "1, same person", 0.97), ("per_person_3", "3, same person", 0.99), ("per_person_5", "5, same person", 0.995),
        ("across_people", "9, one from each other person", 0.95),
    ]

    private func accuracy(_ set: UnistrokeSet, examples: ShapeFiles.Examples, in folder: String, sweep: inout Sweep) throws -> [String: Double] {
        var jobsList: [AccuracyJob] = []
        for setting in RecognizerSetting.allCases {
            for var job in [1, 3, 5].flatMap({ Accuracy.samePersonJobs(set, examples: $0) }) + Accuracy.acrossPeopleJobs(set) {
                job.setting = setting
                jobsList.append(job)
            }
        }
        let chosen = jobsList
        let results = try parallelMap(chosen.count, jobs: jobs) { i in try Accuracy.run(chosen[i], in: folder + "/\(i)", examples: examples) }
        var tallies: [String: Tally] = [:]
        // With every score kept, the recognizer should recognize exactly what the matcher alone finds nearest.
        var disagreements = 0, decided = 0
        for (job, list) in zip(jobsList, results) {
            for r in list {
                switch job.setting {
                case .defaults: tallies[job.measure, default: Tally()].add(r)
                case .everyScore:
                    if (Verdict(r.outcome, expected: r.expected) == .right) != r.matcherNearest { disagreements += 1 }
                    decided += 1
                    tallies["nearest_" + job.measure, default: Tally()].add(r)
                    for t in Sweep.thresholds { sweep.accuracy[t, default: [:]][job.measure, default: Tally()].add(r, threshold: t) }
                }
            }
        }
        var figures: [String: Double] = [:]
        for (setting, prefix) in [(RecognizerSetting.defaults, ""), (.everyScore, "nearest_")] {
            print(
                setting == .defaults
                    ? "\n## Accuracy through the recognizer, as configured with only its shapes (minimum_score 0.8, maximum_duration 20)\n"
                    : "\n## Accuracy through the recognizer, the best shape whatever its score (minimum_score 0, maximum_duration 20)\n")
            let header = ["examples of each shape", "drawings", "recognized"] + UnistrokeLog.speeds + ["wrong shape", "no shape"]
            let reference = setting == .defaults ? ["$P (reference), nearest"] : []
            print(row(header + ["matcher alone, nearest", "matcher alone, ≥ \(Accuracy.minimumScore)"] + reference + ["goal"]))
            print("|---|" + String(repeating: "---:|", count: header.count + 2 + reference.count))
            for (measure, title, goal) in Self.accuracyRows {
                guard let t = tallies[prefix + measure] else { continue }
                figures[prefix + measure] = t.rate
                let none = t.none.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                let matcher = [t.matcherNearest, t.matcherAboveMinimum].map { percent(Double($0) / Double(t.count)) }
                var referenceColumn: [String] = []
                if setting == .defaults {
                    figures["reference_" + measure] = Double(t.referenceNearest) / Double(t.count)
                    referenceColumn = [percent(Double(t.referenceNearest) / Double(t.count))]
                }
                print(
                    row(
                        [title, "\(t.count)", percent(t.rate)] + UnistrokeLog.speeds.map { percent(t.rate($0)) }
                            + ["\(t.wrong)", "\(t.noneCount)" + (none.isEmpty ? "" : " (\(none))")] + matcher + referenceColumn + [percent(goal)]))
            }
        }
        print("\nDrawings where the recognizer with every score kept and the matcher alone disagree: \(disagreements)")
        figures["matcher_agreement"] = 1 - Double(disagreements) / Double(max(decided, 1))
        return figures
    }

    // MARK: Multistroke sets

    /// gestured's matcher alone beside the reference $P on each multistroke set given (`--multistroke`).
    private func multistrokeSets(in folder: String) throws -> [String: Double] {
        print("\n## Multistroke sets: the matcher alone beside the reference $P, nearest shape (docs/shapes.md, The multistroke sets)\n")
        guard !multistroke.isEmpty else {
            print("no multistroke set given (scripts/shape-data, then --multistroke NAME=FOLDER): skipped")
            return [:]
        }
        var figures: [String: Double] = [:]
        print(
            row([
                "set", "drawings read", "split", "drawings", "recognized (shipped defaults)", "matcher alone, nearest",
                "matcher alone, ≥ \(Accuracy.minimumScore)", "$P (reference), nearest",
            ]))
        print("|---|---:|---|---:|---:|---:|---:|---:|")
        var pauses: [(String, MultistrokePauses.Summary)] = []
        for entry in multistroke {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--multistroke \(entry): NAME=FOLDER") }
            guard FileManager.default.fileExists(atPath: parts[1]) else {
                print(row([parts[0], "", "not at \(parts[1]) (scripts/shape-data): skipped", "", "", "", ""]))
                continue
            }
            let set = try MultistrokeSet(name: parts[0], folder: parts[1], millimetresPerUnit: Self.millimetresPerUnit[parts[0]] ?? 1)
            pauses.append((set.name, MultistrokePauses.summary(set)))
            for (n, r) in try MultistrokeComparison.run(set, jobs: jobs, in: folder).enumerated() {
                let share = { (k: Int) in Double(k) / Double(max(r.drawings, 1)) }
                let key = "multistroke.\(set.name.lowercased())_\(n == 0 ? "per_person_3" : "across_people")"
                figures[key + "_nearest"] = share(r.nearest)
                figures[key + "_reference"] = share(r.reference)
                figures[key] = share(r.recognized)
                print(
                    row([
                        set.name, "\(set.drawings.count)", r.split, "\(r.drawings)", percent(share(r.recognized)), percent(share(r.nearest)),
                        percent(share(r.aboveMinimum)), percent(share(r.reference)),
                    ]))
            }
        }
        print("\nPauses between the strokes of a shape, and the share of multistroke drawings each stroke_pause keeps whole:\n")
        print(row(["set", "multistroke drawings", "pauses", "median", "90th percentile"] + MultistrokePauses.candidates.map { "\($0) s" }))
        print("|---|---:|---:|---:|---:|" + String(repeating: "---:|", count: MultistrokePauses.candidates.count))
        for (name, p) in pauses {
            let times = [0.5, 0.9].map { String(format: "%.2f s", MultistrokePauses.quantile(p.pauses, $0)) }
            print(row([name, "\(p.drawings)", "\(p.pauses.count)"] + times + p.keptWhole.map { percent($0.share) }))
        }
        print("\nDrawings (of all, one stroke or more) that take longer than each maximum_duration, first point to last:\n")
        print(row(["set"] + MultistrokePauses.durations.map { "\(Int($0)) s" }))
        print("|---|" + String(repeating: "---:|", count: MultistrokePauses.durations.count))
        for (name, p) in pauses { print(row([name] + p.longer.map { percent($0.share) })) }
        return figures
    }

    // MARK: False accepts

    private func falseAccepts(_ set: UnistrokeSet, examples: ShapeFiles.Examples, in folder: String, sweep: inout Sweep) throws -> [String: Double] {
        let labelPath = project + "/docs/quality.md"
        let tables = try QualityTables(markdown: String(contentsOfFile: labelPath, encoding: .utf8), source: labelPath)
        // 16 shapes of 5 examples, one person's first five drawings of each at medium speed.
        guard let index = set.subjects.firstIndex(of: DecisionTime.templateSubject), let own = set.drawings["medium"]?[index] else {
            throw ShapesError("no drawings of \(DecisionTime.templateSubject) at medium speed")
        }
        let templates = try own.keys.sorted().map { try examples.template($0, Array(own[$0]!.prefix(5))) }
        var configurations: [String: Configuration] = [:]
        for (n, path) in Set(tables.configurations.values.joined()).sorted().enumerated() {
            let base = try String(contentsOfFile: project + "/" + path, encoding: .utf8)
            for (m, arbitration) in FalseAccepts.Arbitration.allCases.enumerated() {
                configurations[arbitration.rawValue + " " + path] = try ShapeFiles.configuration(
                    templates, in: folder + "/\(n)-\(m)", name: URL(fileURLWithPath: path).lastPathComponent, base: base,
                    recognizer: FalseAccepts.recognizer, keys: arbitration.keys)
            }
        }
        let database = DeviceDatabase.load(folders: [project + "/devices"], files: SystemFiles())
        let work = FalseAccepts.work(recordings: recordings, tables: tables)
        let (chosen, configured) = (recordings, configurations)
        let results = try parallelMap(work.count, jobs: jobs) { i in
            FalseAccepts.replay(
                work[i], configuration: configured[work[i].arbitration.rawValue + " " + work[i].configuration]!, recordings: chosen, tables: tables,
                database: database)
        }
        print("\n## False accepts: labelled recordings that draw no shape, a shape recognizer (16 shapes of 5 examples) beside each shipped configuration\n")
        print("| shape recognizer | configuration | files | files with a shape | replays failed |")
        print("|---|---|---:|---:|---:|")
        var figures: [String: Double] = [:]
        for arbitration in [FalseAccepts.Arbitration.unpreventable, .added, .everyType] {
            let mine = results.filter { $0.arbitration == arbitration }
            for configuration in tables.configurations.keys.sorted().flatMap({ tables.configurations[$0]! }) {
                let rows = mine.filter { $0.configuration == configuration }
                let accepting = rows.filter { !$0.recognized.isEmpty }.count, failed = rows.filter { $0.error != nil }.count
                print(row([arbitration.rawValue, "`\(configuration)`", "\(rows.count)", "\(accepting)", "\(failed)"]))
            }
            let files = Set(mine.map(\.name))
            let accepting = Set(mine.filter { !$0.recognized.isEmpty }.map(\.name))
            print(row([arbitration.rawValue, "any of them", "\(files.count)", share(accepting.count, of: files.count), ""]))
            let measure = [FalseAccepts.Arbitration.unpreventable: "false_accepts", .everyType: "false_accepts_on_touchpads_too"][arbitration]
            if let measure { figures[measure] = Double(accepting.count) / Double(max(files.count, 1)) }
        }
        print("")
        for r in results where !r.recognized.isEmpty && r.arbitration != .everyScore {
            let shapes = r.recognized.map { "\($0.name) \(String(format: "%.3f", $0.score ?? 0))" }.joined(separator: ", ")
            print("  \(r.arbitration.rawValue): \(r.name) with \(r.configuration): \(shapes)")
        }
        // What a lower minimum score would add: the best shape of each file that scores 0.7 or more, any configuration.
        var nearMisses: [String: RecognizerOutcome.Recognized] = [:]
        for r in results where r.arbitration == .everyScore {
            for shape in r.recognized where (shape.score ?? 0) >= 0.7 && (shape.score ?? 0) > (nearMisses[r.name]?.score ?? 0) { nearMisses[r.name] = shape }
        }
        for (name, shape) in nearMisses.sorted(by: { ($0.value.score ?? 0) > ($1.value.score ?? 0) }) {
            print("  every score kept: \(name): \(shape.name) \(String(format: "%.3f", shape.score ?? 0))")
        }
        for r in results where r.error != nil { print("  replay failed: \(r.name) with \(r.configuration) (\(r.arbitration.rawValue)): \(r.error!)") }
        sweep.files = Set(results.map(\.name)).count
        for t in Sweep.thresholds {
            let accepting = results.filter { r in r.arbitration == .everyScore && r.recognized.contains { t.accepts($0) } }
            sweep.falseAccepts[t] = Set(accepting.map(\.name)).count
        }
        return figures
    }

    /// Every measure at several minimum scores and margins, from the runs that keep every score: what a lower
    /// minimum_score would recognize, what a margin over the next shape would refuse, and what each would accept
    /// where nothing is drawn.
    struct Sweep {
        static let thresholds =
            [0, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8].map { Threshold(score: $0) }
            + [0.6, 0.7].flatMap { score in [0.02, 0.05, 0.1].map { Threshold(score: score, margin: $0) } }
        var accuracy: [Threshold: [String: Tally]] = [:]
        var falseAccepts: [Threshold: Int] = [:]
        var files = 0

        func print() {
            guard !accuracy.isEmpty || !falseAccepts.isEmpty else { return }
            Swift.print(
                "\n## At other minimum scores and margins (applied to the best shape's score and the next one's, as --explain gives it; maximum_duration 20)\n")
            Swift.print(row(["minimum_score", "minimum_margin"] + ShapesBenchmark.accuracyRows.map { $0.1 } + ["labelled files with a shape"]))
            Swift.print("|---:|---:|" + String(repeating: "---:|", count: ShapesBenchmark.accuracyRows.count + 1))
            for t in Self.thresholds {
                let rates = ShapesBenchmark.accuracyRows.map { row in accuracy[t]?[row.0].map { percent($0.rate) } ?? "" }
                Swift.print(row(["\(t.score)", "\(t.margin)"] + rates + [falseAccepts[t].map { share($0, of: files) } ?? ""]))
            }
        }
    }

    // MARK: Decision time

    private func decision(_ set: UnistrokeSet, examples: ShapeFiles.Examples) throws {
        let setup = try DecisionTime.setup(set, examples: examples)
        let f = DecisionTime.measure(setup)
        let learned = "\(DecisionTime.templateSubject), \(DecisionTime.templateSpeed)"
        print("\n## Deciding at the lift: 16 shapes of 10 examples (\(learned)), minimum score \(Accuracy.minimumScore)\n")
        print("| decisions | a shape | the right one | mean | p50 | p99 | max | longest, interruptions included | steps, mean | steps, most |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        func µs(_ v: Double) -> String { String(format: "%.1f µs", v) }
        print(row(["\(f.decisions)", "\(f.recognized)", "\(f.right)"] + [f.mean, f.p50, f.p99, f.max, f.longest].map(µs) + [String(format: "%.0f", f.meanSteps), "\(f.mostSteps)"]))
        print("\nEach drawing's time is the least of \(DecisionTime.passes) timed passes; `scripts/shape-instructions` counts the instructions.")
    }

    // MARK: The check mark

    /// The sample's figures for the floors: the checks it recognizes (`checkmark_sample`), and the drawings of the
    /// 14 shapes other than a check and a v it takes for one (`false_accepts_checkmark_sample`: a v is half a check
    /// to it, a known limit the table shows).
    private func checkmark(_ set: UnistrokeSet, examples: ShapeFiles.Examples, in folder: String) throws -> [String: Double] {
        let jobsList = CheckmarkComparison.sampleJobs(set) + [1, 3, 5].flatMap { CheckmarkComparison.shapeJobs(set, examples: $0) }
        let results = try parallelMap(jobsList.count, jobs: jobs) { i in
            (jobsList[i].variant, try CheckmarkComparison.run(jobsList[i], in: folder + "/\(i)", examples: examples))
        }
        var tallies: [String: CheckmarkComparison.Tally] = [:]
        for (variant, tally) in results { tallies[variant, default: .init()].add(tally) }
        print("\n## The check mark: the Swift sample beside a shape recognizer holding only `check`\n")
        print("| recognizer | checks recognized | v taken for a check | the other 14 shapes taken for a check | which |")
        print("|---|---:|---:|---:|---|")
        let order = ["sample"] + [1, 3, 5].map { "own \($0)" } + [1, 3, 5].map { "other \($0)" }
        for variant in order {
            guard let t = tallies[variant] else { continue }
            let v = t.others["v"] ?? (0, 0)
            let rest = t.others.filter { $0.key != "v" }
            let restAccepted = rest.values.map(\.accepted).reduce(0, +), restAll = rest.values.map(\.all).reduce(0, +)
            let which = t.others.filter { $0.value.accepted > 0 }.sorted { $0.value.accepted > $1.value.accepted }
            print(
                row([
                    variant, share(t.checksRecognized, of: t.checks), share(v.accepted, of: v.all), share(restAccepted, of: restAll),
                    which.map { "\($0.key) \($0.value.accepted)" }.joined(separator: ", "),
                ]))
        }
        guard let sample = tallies["sample"] else { return [:] }
        let rest = sample.others.filter { $0.key != "v" }.values
        return [
            "checkmark_sample": Double(sample.checksRecognized) / Double(max(sample.checks, 1)),
            "false_accepts_checkmark_sample": Double(rest.map(\.accepted).reduce(0, +)) / Double(max(rest.map(\.all).reduce(0, +), 1)),
        ]
    }
}

/// A Markdown table's row.
func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }

/// `3 of 193 (1.55%)`.
func share(_ count: Int, of all: Int) -> String { "\(count) of \(all) (\(percent(Double(count) / Double(max(all, 1)))))" }
