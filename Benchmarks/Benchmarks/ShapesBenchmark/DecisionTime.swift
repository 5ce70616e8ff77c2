import Dispatch
import GestureEngine
import UnistrokeLogs

/// The time a shape recognizer takes to decide at the lift: its matcher's `best` with the recognizer's minimum
/// score, against 16 shapes of 10 examples (one person's every drawing at medium speed, learned as a user learns
/// them), on the strokes the recognizer collects from every other person's drawings.
enum DecisionTime {
    static let templateSubject = "s02"
    static let templateSpeed = "medium"

    struct Setup {
        var matcher: ShapeMatcher
        var candidates: [(shape: String, strokes: [[ShapePoint]])]
    }

    static func setup(_ set: UnistrokeSet, examples: ShapeFiles.Examples) throws -> Setup {
        guard let index = set.subjects.firstIndex(of: templateSubject), let own = set.drawings[templateSpeed]?[index] else {
            throw ShapesError("no drawings of \(templateSubject) at \(templateSpeed) speed")
        }
        let templates = try own.keys.sorted().map { try examples.template($0, own[$0]!) }
        var candidates: [(String, [[ShapePoint]])] = []
        for speed in UnistrokeLog.speeds {
            for (i, person) in (set.drawings[speed] ?? []).enumerated() where i != index {
                for shape in person.keys.sorted() {
                    for drawing in person[shape]! { candidates.append((shape, try examples.example(of: drawing).strokes)) }
                }
            }
        }
        return Setup(matcher: ShapeMatcher(templates: templates), candidates: candidates)
    }

    struct Figures {
        var decisions: Int
        var recognized: Int
        var right: Int
        /// Each drawing's decision, the least of its timed passes (a pass the scheduler interrupted is not the
        /// decision's cost), in microseconds.
        var mean: Double
        var p50: Double
        var p99: Double
        var max: Double
        /// The longest single decision of any pass, interruptions included.
        var longest: Double
        /// Steps of matching (ShapeWork) a decision takes: its mean and most, what the daemon's work bound counts.
        var meanSteps: Double
        var mostSteps: Int
    }

    static let passes = 3

    /// Every candidate decided once to warm up, then `passes` times more, timed.
    static func measure(_ setup: Setup) -> Figures {
        var recognized = 0, right = 0, steps = 0, mostSteps = 0
        for c in setup.candidates {
            var work = ShapeWork.unbounded
            let found = setup.matcher.best(c.strokes, fingers: 1, minimumScore: Accuracy.minimumScore, work: &work)
            steps += work.spent
            mostSteps = Swift.max(mostSteps, work.spent)
            guard let match = found else { continue }
            recognized += 1
            if match.name == c.shape { right += 1 }
        }
        var least = Array(repeating: Double.infinity, count: setup.candidates.count)
        var longest = 0.0
        for _ in 0..<passes {
            for (i, c) in setup.candidates.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = setup.matcher.best(c.strokes, fingers: 1, minimumScore: Accuracy.minimumScore)
                let took = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
                least[i] = min(least[i], took)
                longest = Swift.max(longest, took)
            }
        }
        let sorted = least.sorted()
        func quantile(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int((q * Double(sorted.count)).rounded(.up)) - 1)] }
        return Figures(
            decisions: sorted.count, recognized: recognized, right: right, mean: sorted.reduce(0, +) / Double(Swift.max(sorted.count, 1)),
            p50: quantile(0.5), p99: quantile(0.99), max: sorted.last ?? 0, longest: longest,
            meanSteps: Double(steps) / Double(Swift.max(setup.candidates.count, 1)), mostSteps: mostSteps)
    }

    /// `count` decisions and nothing else, for callgrind (scripts/shape-instructions counts ShapeMatcher.best's
    /// instructions a call). Returns how many recognized a shape, so that the work cannot be left out.
    static func decideOnly(_ setup: Setup, count: Int) -> Int {
        var recognized = 0
        for i in 0..<count {
            let strokes = setup.candidates[i % setup.candidates.count].strokes
            if setup.matcher.best(strokes, fingers: 1, minimumScore: Accuracy.minimumScore) != nil { recognized += 1 }
        }
        return recognized
    }
}
