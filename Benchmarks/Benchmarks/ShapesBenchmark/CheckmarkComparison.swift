import ConfigFiles
import Foundation
import GestureConfig
import GestureEngine
import UnistrokeLogs

/// The guide's check mark two ways on the same drawings, both configured and replayed alike: the Swift sample
/// (`kind = "checkmark"`, CheckmarkGestureRecognizer, written once for everyone) and a shape recognizer holding
/// only a `check` shape. What counts: the checks recognized, and any other shape taken for a check.
enum CheckmarkComparison {
    static let shape = "check"

    /// Checks recognized of the checks replayed, and each other shape accepted of its drawings replayed.
    struct Tally {
        var checks = 0, checksRecognized = 0
        var others: [String: (accepted: Int, all: Int)] = [:]

        mutating func add(_ drawing: UnistrokeDrawing, recognized: Bool) {
            if drawing.shape == CheckmarkComparison.shape {
                checks += 1
                if recognized { checksRecognized += 1 }
            } else {
                others[drawing.shape, default: (0, 0)].all += 1
                if recognized { others[drawing.shape, default: (0, 0)].accepted += 1 }
            }
        }

        mutating func add(_ other: Tally) {
            checks += other.checks
            checksRecognized += other.checksRecognized
            for (shape, n) in other.others {
                others[shape, default: (0, 0)].accepted += n.accepted
                others[shape, default: (0, 0)].all += n.all
            }
        }

        var otherDrawings: Int { others.values.map(\.all).reduce(0, +) }
        var otherAccepted: Int { others.values.map(\.accepted).reduce(0, +) }
    }

    /// One replay: the recognizer's configuration and the drawings it is shown.
    struct Job {
        var variant: String
        var speed: String
        /// The check shape's examples; none: the sample.
        var examples: [UnistrokeDrawing]
        var candidates: [UnistrokeDrawing]
    }

    /// The sample on every drawing, a person at a speed at a time.
    static func sampleJobs(_ set: UnistrokeSet) -> [Job] {
        UnistrokeLog.speeds.flatMap { speed in
            (set.drawings[speed] ?? []).map { person in
                Job(variant: "sample", speed: speed, examples: [], candidates: person.keys.sorted().flatMap { person[$0]! })
            }
        }
    }

    /// A `check` shape of `count` of a person's own checks (chosen as the accuracy protocol chooses them, two rounds),
    /// matched against every other drawing of theirs at that speed; and the same examples matched against every
    /// other person's drawings at that speed: a check drawn by someone else, as a shape shipped with an application
    /// would be.
    static func shapeJobs(_ set: UnistrokeSet, examples count: Int) -> [Job] {
        var jobs: [Job] = []
        for speed in UnistrokeLog.speeds {
            let people = set.drawings[speed] ?? []
            for (index, person) in people.enumerated() {
                var generator = SeededGenerator(seed: UInt64(count))
                for round in 0..<Accuracy.ownChoices {
                    let shuffled = (person[shape] ?? []).shuffled(using: &generator)
                    let chosen = Array(shuffled.prefix(count))
                    let rest = person.keys.sorted().flatMap { $0 == shape ? Array(shuffled.dropFirst(count)) : person[$0]! }
                    jobs.append(Job(variant: "own \(count)", speed: speed, examples: chosen, candidates: rest))
                    guard round == 0 else { continue }
                    let others = people.enumerated().filter { $0.offset != index }.flatMap { _, p in p.keys.sorted().flatMap { p[$0]! } }
                    jobs.append(Job(variant: "other \(count)", speed: speed, examples: chosen, candidates: others))
                }
            }
        }
        return jobs
    }

    static func run(_ job: Job, in folder: String, examples: ShapeFiles.Examples) throws -> Tally {
        let configuration: Configuration
        let recognizer: String
        if job.examples.isEmpty {
            recognizer = "check"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/checkmark.toml"
            try "[[recognizer]]\nname = \"check\"\nkind = \"checkmark\"\n".write(toFile: path, atomically: false, encoding: .utf8)
            switch Configuration.load(path, files: SystemFiles()) {
            case .success(let c): configuration = c
            case .failure(let errors): throw ShapesError("\(path): \(errors)")
            }
        } else {
            recognizer = "drawn"
            configuration = try ShapeFiles.configuration([try examples.template(shape, job.examples)], in: folder)
        }
        let outcomes = try ShapeReplay.run(ShapeReplay.inputs(job.candidates), configuration: configuration, recognizer: recognizer)
        var tally = Tally()
        for drawing in job.candidates { tally.add(drawing, recognized: !(outcomes[drawing.file]?.recognized.isEmpty ?? true)) }
        return tally
    }
}
