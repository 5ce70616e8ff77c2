import ArgumentParser
import Foundation
import InputCore

/// `make quality`: every labelled recording of the shared set through `gestured replay`, scored against what
/// its label asks for (docs/quality.md), with a floor the total must not fall below.
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

    @Option(help: "The floor: lines 'right N', 'wrong_kind N' (at most) and 'taps P' (a fraction).")
    var floor: String?

    @Option(help: "Only recordings whose name matches this pattern (* matches anything).")
    var only: String?

    @Flag(help: "Print every file's score, not only those that are not right.")
    var all = false

    @Option(help: "Replays run at once.")
    var jobs = 2

    @Option(help: "KIND=FILE: use this configuration for that kind of device instead of the table's (to try settings).")
    var config: [String] = []

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
            table.configurations[parts[0]] = parts[1]
        }
        let tables = table
        var files = LabelledRecording.all(in: recordings)
        if let only { files = files.filter { glob(only, matches: $0.name) } }

        var skipped: [(String, String)] = []
        var unlabelled: [String] = []
        var work: [(Int, QualityTables.Label)] = []
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
        // Two replays at once keep both cores busy; each file's score goes to its own place.
        let results = Results(count: files.count)
        let (queue, chosen) = (work, files)
        DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { worker in
            for (n, (i, label)) in queue.enumerated() where n % max(1, jobs) == worker {
                results.set(i, self.score(chosen[i], label: label, tables: tables))
            }
        }
        let scores = results.all
        let scored = scores.compactMap { $0 }
        let report = QualityReport(scores: scored)
        print(report.table())
        for score in scored where all || !score.isRight {
            let verdict = score.isRight ? "right" : (score.hasWrongKind ? "WRONG KIND" : "missed")
            let detail = score.error ?? ([score.seen] + score.unmet.map { "(\($0))" }).joined(separator: " ")
            print("  \(verdict): \(score.name) [\(score.category)]: \(detail)")
        }
        print("skipped \(skipped.count) (reasons in docs/quality.md); unlabelled \(unlabelled.count)\(unlabelled.isEmpty ? "" : ": " + unlabelled.joined(separator: ", "))")
        if let floor, only == nil { try check(report, against: floor) }
    }

    /// Replays one file with the configuration of its device's kind and scores what came out.
    private func score(_ file: LabelledRecording, label: QualityTables.Label, tables: QualityTables) -> FileScore {
        do {
            let text = try String(contentsOfFile: file.path, encoding: .isoLatin1)
            var arguments: [String] = []
            var description: DeviceDescription?
            var kind: String?
            if let row = tables.device(for: file.name) {
                kind = row.kind
                if let d = row.description {
                    let path = recordings + "/" + d
                    arguments += ["--description", path]
                    description = try Recording.parse(String(contentsOfFile: path, encoding: .utf8), source: path).description
                }
            }
            if file.name.hasPrefix("evemu/") {
                let stem = String(file.path.dropLast(".event".count))
                for candidate in [stem + ".prop", recordings + "/evemu/ntrig-xt2.device"] where FileManager.default.fileExists(atPath: candidate) {
                    arguments += ["--description", candidate]
                    description = try Recording.parse(String(contentsOfFile: candidate, encoding: .utf8), source: candidate).description
                    break
                }
            }
            let recording = try Recording.parse(text, source: file.path, description: description)
            if let kind { arguments += ["--kind", kind] }
            let deviceKind = kind ?? recording.description.map { DeviceKind.classify($0).rawValue } ?? "touchscreen"
            guard let config = tables.configurations[deviceKind] else {
                return FileScore(name: file.name, category: label.category, error: "no configuration for a \(deviceKind) in the table")
            }
            let path = config.hasPrefix("/") ? config : project + "/" + config
            let (status, output, errors) = try runGestured(["replay", "--config", path] + arguments + [file.path])
            guard status == 0 else {
                return FileScore(name: file.name, category: label.category, error: "replay failed: \(errors.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
            return FileScore(
                name: file.name, label: label, contacts: LabelledRecording.contacts(of: recording),
                gestures: gestures(inReplayOutput: output, classOf: tables.gestureClass))
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

    private func check(_ report: QualityReport, against path: String) throws {
        var failures: [String] = []
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ")
            guard words.count == 2, let value = Double(words[1]) else { continue }
            switch words[0] {
            case "right" where Double(report.right) < value:
                failures.append("\(report.right) files right, below the floor of \(Int(value))")
            case "wrong_kind" where Double(report.wrongKind) > value:
                failures.append("\(report.wrongKind) files with a wrong kind, above the ceiling of \(Int(value))")
            case "taps" where report.tapRate < value:
                failures.append("taps recognized \(report.tapRate), below the floor of \(value)")
            default:
                continue
            }
        }
        if !failures.isEmpty {
            print("quality: " + failures.joined(separator: "; "))
            throw ExitCode.failure
        }
        print("quality: at or above the floor in \(path)")
    }
}

/// Scores filled in by the workers, under a lock.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var scores: [FileScore?]

    init(count: Int) { scores = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ score: FileScore) {
        lock.lock()
        scores[index] = score
        lock.unlock()
    }

    var all: [FileScore?] {
        lock.lock()
        defer { lock.unlock() }
        return scores
    }
}
