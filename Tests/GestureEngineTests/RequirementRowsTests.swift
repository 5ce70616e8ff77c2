@testable import GestureEngine
import Testing

/// With many receivers of a new touch, the configuration's rules give the failure requirements from their
/// relations' rows (`GestureRules.requirements(among:)`) instead of being asked pair by pair: the same pairs, in the
/// same order, whatever the relations, `*` and unnamed recognizers included.
struct RequirementRowsTests {
    /// A generator the same for the same seed.
    struct Random {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
    }

    /// The pairs the engine's walk gets by asking the delegate of every pair.
    static func askedPairs(_ rules: GestureRules, _ receivers: [GestureRecognizer]) -> [[Int]] {
        var pairs: [[Int]] = []
        for (i, a) in receivers.enumerated() {
            for (j, b) in receivers.enumerated() where i != j {
                if rules.gestureRecognizer(a, shouldRequireFailureOf: b) || rules.gestureRecognizer(b, shouldBeRequiredToFailBy: a) {
                    pairs.append([i, j])
                }
            }
        }
        return pairs
    }

    @Test(arguments: 1...60)
    func theRowsGiveWhatThePairsGive(seed: Int) {
        var random = Random(state: UInt64(seed))
        let names = (0..<40).map { "r\($0)" }
        let rules = GestureRules()
        for _ in 0..<(random.next(120) + 1) {
            let a = random.next(12) == 0 ? GestureRules.any : names[random.next(names.count)]
            let b = random.next(12) == 0 ? GestureRules.any : names[random.next(names.count)]
            if random.next(2) == 0 { rules.require(a, toFail: b) } else { rules.require(a, toBeRequiredToFailBy: b) }
        }
        // Receivers in a shuffled order, some named in no relation at all.
        var pool = names + (0..<5).map { "unrelated\($0)" }
        var receivers: [GestureRecognizer] = []
        for _ in 0..<(random.next(30) + 17) where !pool.isEmpty {
            receivers.append(TapGestureRecognizer(name: pool.remove(at: random.next(pool.count))))
        }
        var found: [[Int]] = []
        #expect(rules.requirements(among: receivers) { found.append([$0, $1]) })
        #expect(found == Self.askedPairs(rules, receivers))
    }

    @Test func twoReceiversOfOneNameAreLeftToThePairs() {
        let rules = GestureRules()
        rules.require("a", toFail: "b")
        let receivers = [TapGestureRecognizer(name: "a"), TapGestureRecognizer(name: "b"), TapGestureRecognizer(name: "a")]
        var found: [[Int]] = []
        #expect(!rules.requirements(among: receivers) { found.append([$0, $1]) })
        #expect(found.isEmpty)
    }
}
