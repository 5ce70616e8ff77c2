import ArgumentParser
import CaptureFormats
import ConfigFiles
import Foundation
import GestureConfig
import LabelledRecordings

/// `make quality`: every labelled recording of the shared set through `gestured replay` with every shipped
/// configuration of its device's kind, scored against what its label asks of that configuration
/// (docs/quality.md), each configuration with a floor its total must not fall below.
@main
struct QualityBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "QualityBenchmark",
        abstract: "Score gestured's recognition on labelled recordings of real touch (docs/quality.md).")

    @Option(help: "The gestured executable.")
    var gestured = ".build/release/gestured"

    @Option(help: "The folder of the shared recordings.")
    var recordings = "../shared/recordings"

    @Option(help: "The project folder: the label table and the configurations are found from it.")
    var project = "."

    @Option(help: "The floors: lines 'CONFIGURATION right N', '... wrong_kind N' (at most) and '... taps P' (a fraction).")
    var floor: String?

    @Option(help: "Only recordings whose name matches this pattern (* matches anything).")
    var only: String?

    @Flag(help: "Print every file's score, not only those that are not right.")
    var all = false

    @Option(help: "Replays run at once.")
    var jobs = 2

    @Option(help: "KIND=FILE: score that kind of device with this configuration only, instead of the table's (to try settings; no floor).")
    var config: [String] = []

    @Option(help: "Write each touchpad file's first gesture of each class its label asks for (ms after its first contact landed) to this file.")
    var firstGestures: String?

    @Option(help: "A file --first-gestures wrote before: print how much sooner or later each class's first gestures come now.")
    var compareFirst: String?

    func run() throws {
        guard FileManager.default.fileExists(atPath: recordings + "/README.md") else {
            print("quality: the shared recordings are not at \(recordings); nothing to score (skipped)")
            return
        }
        let labelPath = project + "/docs/quality.md"
        var table = try QualityTables(markdown: String(contentsOfFile: labelPath, encoding: .utf8), source: labelPath)
        for item in config {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--config takes KIND=FILE, got \(item)") }
            table.configurations[parts[0]] = [parts[1]]
        }
        let tables = table
        for configuration in tables.configurations.values.joined() where tables.classes[configuration] != nil {
            try checkClasses(of: configuration, in: tables)
        }
        var files = LabelledRecording.all(in: recordings)
        if let only { files = files.filter { glob(only, matches: $0.name) } }

        var skipped: [(String, String)] = []
        var unlabelled: [String] = []
        var work: [(file: Int, label: QualityTables.Label)] = []
        for (i, file) in files.enumerated() {
            guard let label = tables.label(for: file.name) else {
                unlabelled.append(file.name)
                continue
            }
            if case .skip(let reason) = label.expectation {
                skipped.append((file.name, reason))
                continue
            }
            work.append((i, label))
        }
        // Every file with every configuration of its kind; two replays at once keep both cores busy, each score
        // goes to its own place.
        let jobsList = work.flatMap { item in
            (tables.configurations[files[item.file].kind(in: recordings, tables: tables)] ?? []).map { (item.file, item.label, $0) }
        }
        let results = Results(count: jobsList.count)
        let (queue, chosen) = (jobsList, files)
        DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { worker in
            for (n, (i, label, configuration)) in queue.enumerated() where n % max(1, jobs) == worker {
                results.set(n, (configuration, self.score(chosen[i], label: tables.label(label, for: configuration), configuration: configuration, tables: tables)))
            }
        }
        let scored = results.all.compactMap { $0 }
        let order = tables.configurations.keys.sorted().flatMap { tables.configurations[$0]! }
        var reports: [(String, QualityReport)] = []
        for configuration in order {
            let scores = scored.filter { $0.0 == configuration }.map(\.1)
            guard !scores.isEmpty else { continue }
            let report = QualityReport(scores: scores)
            reports.append((configuration, report))
            print("\n## \(configuration)\n")
            print(report.table())
            for score in scores where all || !score.isRight {
                let verdict = score.isRight ? "right" : (score.hasWrongKind ? "WRONG KIND" : "missed")
                let detail = score.error ?? ([score.seen] + score.unmet.map { "(\($0))" }).joined(separator: " ")
                print("  \(verdict): \(score.name) [\(score.category)]: \(detail)")
            }
        }
        print("\n## Every configuration\n")
        print(QualityReport.summary(reports))
        print("\n## Each half (docs/quality.md, Two halves)\n")
        print(QualityReport.halves(reports))
        print("\n## Issue 40's goals, each touchpad configuration and half\n")
        for (configuration, report) in reports where tables.configurations["touchpad"]?.contains(configuration) == true {
            for half in Set(report.scores.map(\.half)).sorted() {
                print("\(configuration), half \(half.isEmpty ? "none" : half):")
                for line in QualityReport(scores: report.scores.filter { $0.half == half }).goals(laptop: configuration.contains("laptop")) {
                    print("  \(line)")
                }
            }
        }
        let touchpadReports = reports.filter { tables.configurations["touchpad"]?.contains($0.0) == true }
        let firsts = FirstGestures(touchpadReports)
        if let firstGestures { try firsts.text.write(toFile: firstGestures, atomically: true, encoding: .utf8) }
        if let compareFirst {
            print("\n## First gestures against \(compareFirst) (gestured's own; docs/quality.md, First gestures)\n")
            print(try firsts.comparison(with: FirstGestures(text: String(contentsOfFile: compareFirst, encoding: .utf8))))
        }
        print("skipped \(skipped.count) (reasons in docs/quality.md); unlabelled \(unlabelled.count)\(unlabelled.isEmpty ? "" : ": " + unlabelled.joined(separator: ", "))")
        if let floor, only == nil, config.isEmpty { try check(reports, against: floor) }
    }

    /// The table must name every recognizer of a shipped configuration and only those: a recognizer added to a
    /// configuration without a class would count as its own name and be a wrong kind everywhere.
    private func checkClasses(of configuration: String, in tables: QualityTables) throws {
        let path = configuration.hasPrefix("/") ? configuration : project + "/" + configuration
        let names: [String]
        switch Configuration.load(path, files: SystemFiles()) {
        case .success(let loaded): names = loaded.recognizers.map(\.name)
        case .failure(let errors): throw QualityError("\(errors)")
        }
        let listed = Set(tables.classes[configuration, default: [:]].keys)
        let missing = names.filter { !listed.contains($0) }, extra = listed.subtracting(names).sorted()
        guard missing.isEmpty, extra.isEmpty else {
            throw QualityError("docs/quality.md's classes of \(configuration): " + [
                missing.isEmpty ? nil : "missing \(missing.joined(separator: ", "))",
                extra.isEmpty ? nil : "not in the file: \(extra.joined(separator: ", "))",
            ].compactMap { $0 }.joined(separator: "; "))
        }
    }

    /// Replays one file with one configuration and scores what came out.
    private func score(_ file: LabelledRecording, label: QualityTables.Label, configuration: String, tables: QualityTables) -> FileScore {
        do {
            let text = try String(contentsOfFile: file.path, encoding: .isoLatin1)
            let (paths, description) = try file.descriptionFiles(in: recordings, tables: tables)
            var arguments = paths.flatMap { ["--description", $0] }
            let recording = try Recording.parse(text, source: file.path, description: description)
            if let row = tables.device(for: file.name) {
                if let kind = row.kind { arguments += ["--kind", kind] }
                arguments += row.replayOptions
            }
            arguments += ["--device-database", project + "/devices"]
            let path = configuration.hasPrefix("/") ? configuration : project + "/" + configuration
            let (status, output, errors) = try runGestured(["replay", "--config", path] + arguments + [file.path])
            guard status == 0 else {
                var failed = FileScore(name: file.name, category: label.category, error: "replay failed: \(errors.trimmingCharacters(in: .whitespacesAndNewlines))")
                failed.half = tables.half(of: file.name) ?? ""
                return failed
            }
            var scored = FileScore(
                name: file.name, label: label, contacts: LabelledRecording.contacts(of: recording),
                gestures: gestures(inReplayOutput: output, classOf: { tables.gestureClass(of: $0, in: configuration) }),
                landed: LabelledRecording.firstLanding(in: recording))
            scored.half = tables.half(of: file.name) ?? ""
            return scored
        } catch {
            return FileScore(name: file.name, category: label.category, error: "\(error)")
        }
    }

    private func runGestured(_ arguments: [String]) throws -> (Int32, Data, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gestured)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Stderr is small (an error message); stdout is read to the end first so the pipe never fills.
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output, String(decoding: errors, as: UTF8.self))
    }

    /// Each configuration against its own floor: lines `CONFIGURATION right N`, `... wrong_kind N` (at most) and
    /// `... taps P` (a fraction). A configuration scored without a floor fails too: every shipped one has one.
    private func check(_ reports: [(String, QualityReport)], against path: String) throws {
        var failures: [String] = []
        var floored: Set<String> = []
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ").map(String.init)
            guard words.count == 3, let value = Double(words[2]) else { continue }
            guard let report = reports.first(where: { $0.0 == words[0] })?.1 else {
                failures.append("\(words[0]) has a floor but was not scored")
                continue
            }
            floored.insert(words[0])
            switch words[1] {
            case "right" where Double(report.right) < value:
                failures.append("\(words[0]): \(report.right) files right, below the floor of \(Int(value))")
            case "wrong_kind" where Double(report.wrongKind) > value:
                failures.append("\(words[0]): \(report.wrongKind) files with a wrong kind, above the ceiling of \(Int(value))")
            case "taps" where report.tapRate < value:
                failures.append("\(words[0]): taps recognized \(report.tapRate), below the floor of \(value)")
            default:
                continue
            }
        }
        for (configuration, _) in reports where !floored.contains(configuration) {
            failures.append("\(configuration) has no floor in \(path)")
        }
        if !failures.isEmpty {
            print("quality: " + failures.joined(separator: "; "))
            throw ExitCode.failure
        }
        print("quality: every configuration at or above its floor in \(path)")
    }
}

/// Scores filled in by the workers, under a lock.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var scores: [(String, FileScore)?]

    init(count: Int) { scores = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ score: (String, FileScore)) {
        lock.lock()
        scores[index] = score
        lock.unlock()
    }

    var all: [(String, FileScore)?] {
        lock.lock()
        defer { lock.unlock() }
        return scores
    }
}
