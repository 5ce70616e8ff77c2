import Foundation
import GestureConfig
import GestureEngine
import UnistrokeLogs

/// Every drawing of the $1 logs, by speed, person and shape, each shape's drawings in file order.
struct UnistrokeSet {
    let subjects: [String]
    /// [speed][person][shape]
    let drawings: [String: [[String: [UnistrokeDrawing]]]]

    init(folder: String, speeds: [String] = UnistrokeLog.speeds) throws {
        subjects = UnistrokeLog.subjects(in: folder)
        var bySpeed: [String: [[String: [UnistrokeDrawing]]]] = [:]
        for speed in speeds {
            bySpeed[speed] = try subjects.map { subject in
                Dictionary(grouping: try UnistrokeLog.drawings(in: folder, subject: subject, speed: speed), by: \.shape)
            }
        }
        drawings = bySpeed
    }

    var all: [UnistrokeDrawing] {
        UnistrokeLog.speeds.flatMap { speed in
            (drawings[speed] ?? []).flatMap { person in person.keys.sorted().flatMap { person[$0]! } }
        }
    }
}

/// The shape recognizer's keys besides its shapes, in a measure's configuration.
enum RecognizerSetting: String, CaseIterable, Sendable {
    /// Only its shapes: what a user has who configures nothing else (minimum_score 0.8, maximum_duration 20).
    case defaults
    /// `minimum_score = 0`: every drawing decided, its best shape, its score and the next shape's kept, so that any
    /// minimum score and margin can be applied afterwards. At 0, the nearest shape whatever its score, as the $1
    /// paper counts.
    case everyScore = "every score"

    var keys: [String] { self == .defaults ? [] : ["minimum_score = 0"] }
}

/// One set of templates and the drawings matched against it.
struct AccuracyJob {
    var measure: String
    var setting = RecognizerSetting.defaults
    var speed: String
    /// Each shape's examples, by name, in the order the shape files are listed.
    var templates: [(shape: String, drawings: [UnistrokeDrawing])]
    var candidates: [UnistrokeDrawing]
}

/// How one drawing fared: through the recognizer, and with the matcher alone on the same examples taken from the
/// logs' points (the nearest shape, and whether it also reaches the minimum score).
struct AccuracyResult {
    var speed: String
    var expected: String
    var outcome: RecognizerOutcome
    var matcherNearest: Bool
    var matcherAboveMinimum: Bool
    /// Whether the reference $P (ReferencePDollar) finds the drawing's shape nearest; nil where not asked.
    var referenceNearest: Bool?
}

/// Drawings right, of a wrong shape and of none, overall and by speed; no shape by why.
struct Tally {
    var right: [String: Int] = [:], all: [String: Int] = [:]
    var wrong = 0
    var none: [String: Int] = [:]
    var matcherNearest = 0, matcherAboveMinimum = 0, referenceNearest = 0

    /// A result, counting only shapes recognized as `threshold` allows.
    mutating func add(_ r: AccuracyResult, threshold: Threshold = Threshold(score: 0)) {
        all[r.speed, default: 0] += 1
        switch Verdict(r.outcome.scoring(threshold), expected: r.expected) {
        case .right: right[r.speed, default: 0] += 1
        case .wrong: wrong += 1
        case .none(let cause): none[cause, default: 0] += 1
        }
        if r.matcherNearest { matcherNearest += 1 }
        if r.matcherAboveMinimum { matcherAboveMinimum += 1 }
        if r.referenceNearest == true { referenceNearest += 1 }
    }

    var count: Int { all.values.reduce(0, +) }
    var rightCount: Int { right.values.reduce(0, +) }
    var rate: Double { Double(rightCount) / Double(max(count, 1)) }
    func rate(_ speed: String) -> Double { Double(right[speed, default: 0]) / Double(max(all[speed, default: 0], 1)) }
    var noneCount: Int { none.values.reduce(0, +) }
}

/// The $1 paper's protocol, through the recognizer: examples chosen at random (seeded, the same on every run), the
/// matcher alone given the same choices beside it, so that any difference is the path from a recording to the
/// recognizer's decision.
enum Accuracy {
    /// Rounds of choices for each person at each speed.
    static let ownChoices = 2
    static let othersChoices = 1
    static let minimumScore = 0.8

    /// Each person's own drawings at each speed: `count` examples of each shape chosen at random, the rest matched.
    static func samePersonJobs(_ set: UnistrokeSet, examples count: Int) -> [AccuracyJob] {
        var jobs: [AccuracyJob] = []
        for speed in UnistrokeLog.speeds {
            for person in set.drawings[speed] ?? [] {
                var generator = SeededGenerator(seed: UInt64(count))
                for _ in 0..<ownChoices {
                    var job = AccuracyJob(measure: "per_person_\(count)", speed: speed, templates: [], candidates: [])
                    for (shape, list) in person.sorted(by: { $0.key < $1.key }) {
                        let shuffled = list.shuffled(using: &generator)
                        job.templates.append((shape, Array(shuffled.prefix(count))))
                        job.candidates += shuffled.dropFirst(count)
                    }
                    jobs.append(job)
                }
            }
        }
        return jobs
    }

    /// Across people: one example of each shape from each of the others at the same speed, every drawing of the
    /// person matched.
    static func acrossPeopleJobs(_ set: UnistrokeSet) -> [AccuracyJob] {
        var jobs: [AccuracyJob] = []
        for speed in UnistrokeLog.speeds {
            let people = set.drawings[speed] ?? []
            var generator = SeededGenerator(seed: 1)
            for (person, own) in people.enumerated() {
                for _ in 0..<othersChoices {
                    var examples: [String: [UnistrokeDrawing]] = [:]
                    for (other, drawings) in people.enumerated() where other != person {
                        for (shape, list) in drawings.sorted(by: { $0.key < $1.key }) {
                            examples[shape, default: []].append(list.randomElement(using: &generator)!)
                        }
                    }
                    jobs.append(
                        AccuracyJob(
                            measure: "across_people", speed: speed, templates: examples.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                            candidates: own.keys.sorted().flatMap { own[$0]! }))
                }
            }
        }
        return jobs
    }

    /// One job: its shape files and configuration in `folder`, every candidate replayed through the recognizer.
    static func run(_ job: AccuracyJob, in folder: String, examples: ShapeFiles.Examples) throws -> [AccuracyResult] {
        let templates = try job.templates.map { try examples.template($0.shape, $0.drawings) }
        let configuration = try ShapeFiles.configuration(templates, in: folder, keys: job.setting.keys)
        let outcomes = try ShapeReplay.run(ShapeReplay.inputs(job.candidates), configuration: configuration, recognizer: "drawn")
        let fromPoints = job.templates.map { shape, drawings in
            ShapeTemplate(name: shape, examples: drawings.map { ShapeExample(strokes: DrawingRecording.strokes(of: $0)) })
        }
        let matcher = ShapeMatcher(templates: fromPoints)
        // The reference once, beside the shipped defaults.
        let reference = job.setting == .defaults ? ReferencePDollar(templates: fromPoints) : nil
        return job.candidates.map { drawing in
            let strokes = DrawingRecording.strokes(of: drawing)
            return AccuracyResult(
                speed: job.speed, expected: drawing.shape, outcome: outcomes[drawing.file] ?? RecognizerOutcome(),
                matcherNearest: matcher.best(strokes)?.name == drawing.shape,
                matcherAboveMinimum: matcher.best(strokes, minimumScore: minimumScore)?.name == drawing.shape,
                referenceNearest: reference.map { $0.nearest(strokes) == drawing.shape })
        }
    }
}

/// SplitMix64: random choices that are the same on every run and platform.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `count` pieces of work on `jobs` threads, each result in its place.
func parallelMap<T>(_ count: Int, jobs: Int, _ work: @escaping @Sendable (Int) throws -> T) throws -> [T] {
    let results = ParallelResults<T>(count)
    let workers = max(1, min(jobs, count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
        for i in stride(from: worker, to: count, by: workers) { results.set(i, Result { try work(i) }) }
    }
    return try results.items.map { try $0!.get() }
}

/// The results of parallelMap's workers, under a lock.
final class ParallelResults<T>: @unchecked Sendable {
    private(set) var items: [Result<T, Error>?]
    private let lock = NSLock()

    init(_ count: Int) { items = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<T, Error>) {
        lock.lock()
        items[index] = result
        lock.unlock()
    }
}
