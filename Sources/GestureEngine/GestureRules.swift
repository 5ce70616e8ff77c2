/// Delegate decisions given as data: relations between recognizers by name, and predicates for
/// should-begin and should-receive. One instance can serve as the delegate of many recognizers; the
/// configuration file and the trace form build these.
public final class GestureRules: GestureRecognizerDelegate {
    /// The names relations mention, numbered: a relation is a table of bits, and a recognizer keeps its name's
    /// number (`GestureRecognizer.rulesNumber`), so that deciding a relation (asked for every pair of the
    /// recognizers a new touch reaches) hashes no string.
    // Read for every pair a new touch reaches, changed only while the rules are being made: unchecked for
    // exclusivity, as the engine's per-frame state is.
    @exclusivity(unchecked) private var numbers: [String: Int] = [:]
    /// The number of `GestureRules.any`, asked for with every relation; -1 while no relation mentions it.
    @exclusivity(unchecked) private var anyNumber = -1
    /// Replaced whenever a name is numbered or the numbers are forgotten: a kept number is good while its
    /// version is this one.
    @exclusivity(unchecked) private var version = Version()
    final class Version {}

    @exclusivity(unchecked) private var simultaneous = Relation()
    @exclusivity(unchecked) private var requiresFailure = Relation()
    @exclusivity(unchecked) private var requiredToFailBy = Relation()
    /// `requiredToFailBy` the other way round: row `a` holds `b` when `b` is required to fail by `a`.
    @exclusivity(unchecked) private var requiredToFailByReverse = Relation()
    @exclusivity(unchecked) private var cannotPrevent = Relation()
    @exclusivity(unchecked) private var cannotBePrevented = Relation()
    /// Per recognizer name: no means it fails instead of beginning. Both are read for every recognizer a new
    /// touch reaches and set only while configuring: unchecked, as the relations.
    @exclusivity(unchecked) public var shouldBegin: [String: (GestureRecognizer) -> Bool] = [:]
    /// Per recognizer name: no means it never sees that touch.
    @exclusivity(unchecked) public var shouldReceive: [String: (GestureRecognizer, Touch) -> Bool] = [:]

    /// Any recognizer, where a relation takes a name.
    public static let any = "*"

    public init() {}

    /// `a` and `b` may recognize at the same time.
    public func allowSimultaneous(_ a: String, _ b: String) {
        simultaneous.insert(number(a), number(b))
        simultaneous.insert(number(b), number(a))
    }

    /// `a` waits for `b` to fail, decided per attempt from `a`'s side.
    public func require(_ a: String, toFail b: String) { requiresFailure.insert(number(a), number(b)) }

    /// `b` is required to fail by `a`, decided per attempt from `b`'s side: the same relation as
    /// `require(a, toFail: b)`, declared by the one that is waited for.
    public func require(_ b: String, toBeRequiredToFailBy a: String) {
        requiredToFailBy.insert(number(b), number(a))
        requiredToFailByReverse.insert(number(a), number(b))
    }

    /// `a` beginning does not make `b` (or `GestureRules.any`) fail.
    public func preventNot(_ a: String, _ b: String) { cannotPrevent.insert(number(a), number(b)) }

    /// `b` (or `GestureRules.any`) beginning does not make `a` fail.
    public func notPreventable(_ a: String, by b: String) { cannotBePrevented.insert(number(a), number(b)) }

    /// Forgets every relation and predicate, so that the relations of the recognizers still there can be
    /// declared again: relations are by name, and only their declarers know which are theirs.
    public func removeAll() {
        simultaneous = Relation()
        requiresFailure = Relation()
        requiredToFailBy = Relation()
        requiredToFailByReverse = Relation()
        cannotPrevent = Relation()
        cannotBePrevented = Relation()
        numbers.removeAll()
        anyNumber = -1
        version = Version()
        shouldBegin.removeAll()
        shouldReceive.removeAll()
    }

    /// Relations and predicates held, for checks that removals leave nothing behind.
    public var count: Int {
        simultaneous.count + requiresFailure.count + requiredToFailBy.count + cannotPrevent.count + cannotBePrevented.count
            + shouldBegin.count + shouldReceive.count
    }

    private func number(_ name: String) -> Int {
        if let n = numbers[name] { return n }
        let n = numbers.count
        numbers[name] = n
        if name == Self.any { anyNumber = n }
        version = Version()
        return n
    }

    /// The number of the recognizer's name; -1 when no relation mentions it.
    private func number(of recognizer: GestureRecognizer) -> Int {
        if recognizer.rulesVersion === version { return recognizer.rulesNumber }
        let n = numbers[recognizer.name] ?? -1
        recognizer.rulesNumber = n
        recognizer.rulesVersion = version
        return n
    }

    private func has(_ relation: Relation, _ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        guard relation.count > 0 else { return false }
        let a = number(of: a)
        return relation.contains(a, number(of: b)) || relation.contains(a, anyNumber)
    }

    // Kept between calls of `requirements(among:)`, so that it allocates nothing in steady state.
    @exclusivity(unchecked) private var receiverByNumber: [Int] = []
    @exclusivity(unchecked) private var receiverNumbers: [Int] = []
    @exclusivity(unchecked) private var offeredToAll: [Int] = []
    @exclusivity(unchecked) private var candidates: [Int] = []

    /// The failure requirements that asking every pair of `receivers` (`shouldRequireFailureOf`, then
    /// `shouldBeRequiredToFailBy`) would give, found from the relations' rows: `add(i, j)` for receiver `i` waiting
    /// for receiver `j`, `i` in order and each one's `j` in order, as the pairs come in the engine's walk. The walk
    /// asks R² pairs for each new touch: with a thousand recognizers, milliseconds a touch. False, having added
    /// nothing, when two receivers have one name (a name's relations are then the pairs': the engine asks them).
    func requirements(among receivers: [GestureRecognizer], _ add: (Int, Int) -> Void) -> Bool {
        guard requiresFailure.count > 0 || requiredToFailBy.count > 0 else { return true }
        receiverByNumber.removeAll(keepingCapacity: true)
        receiverByNumber.append(contentsOf: repeatElement(-1, count: numbers.count))
        receiverNumbers.removeAll(keepingCapacity: true)
        offeredToAll.removeAll(keepingCapacity: true)
        for (i, receiver) in receivers.enumerated() {
            let n = number(of: receiver)
            receiverNumbers.append(n)
            guard n >= 0 else { continue }
            if receiverByNumber[n] >= 0 { return false }
            receiverByNumber[n] = i
            if requiredToFailBy.contains(n, anyNumber) { offeredToAll.append(i) }
        }
        for i in receivers.indices {
            let n = receiverNumbers[i]
            if n >= 0, requiresFailure.contains(n, anyNumber) {
                for j in receivers.indices where j != i { add(i, j) }
                continue
            }
            candidates.removeAll(keepingCapacity: true)
            candidates.append(contentsOf: offeredToAll)
            if n >= 0 {
                requiresFailure.forEach(in: n) { if receiverByNumber.indices.contains($0), receiverByNumber[$0] >= 0 { candidates.append(receiverByNumber[$0]) } }
                requiredToFailByReverse.forEach(in: n) {
                    if receiverByNumber.indices.contains($0), receiverByNumber[$0] >= 0 { candidates.append(receiverByNumber[$0]) }
                }
            }
            candidates.sort()
            var last = -1
            for j in candidates where j != last && j != i {
                add(i, j)
                last = j
            }
        }
        return true
    }

    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        shouldBegin[recognizer.name]?(recognizer) ?? true
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        shouldReceive[recognizer.name]?(recognizer, touch) ?? true
    }

    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        has(simultaneous, recognizer, other)
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        has(requiresFailure, recognizer, other)
    }

    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
    ) -> Bool {
        has(requiredToFailBy, recognizer, other)
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, canPrevent other: GestureRecognizer) -> Bool {
        !has(cannotPrevent, recognizer, other)
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, canBePreventedBy other: GestureRecognizer) -> Bool {
        !has(cannotBePrevented, recognizer, other)
    }
}

/// Pairs of numbered names, as bits: row `a` holds bit `b` when the relation goes from `a` to `b`.
private struct Relation {
    private var rows: [[UInt64]] = []
    /// Pairs held.
    private(set) var count = 0

    mutating func insert(_ a: Int, _ b: Int) {
        if rows.count <= a { rows += Array(repeating: [], count: a + 1 - rows.count) }
        let word = b >> 6, bit: UInt64 = 1 << UInt64(b & 63)
        if rows[a].count <= word { rows[a] += Array(repeating: 0, count: word + 1 - rows[a].count) }
        if rows[a][word] & bit == 0 { count += 1 }
        rows[a][word] |= bit
    }

    /// Calls `body` with every `b` row `a` holds, in increasing order.
    func forEach(in a: Int, _ body: (Int) -> Void) {
        guard a >= 0, a < rows.count else { return }
        for (w, word) in rows[a].enumerated() {
            var bits = word
            while bits != 0 {
                body(w << 6 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
    }

    func contains(_ a: Int, _ b: Int) -> Bool {
        guard a >= 0, b >= 0, a < rows.count else { return false }
        let word = b >> 6
        return word < rows[a].count && rows[a][word] & (1 << UInt64(b & 63)) != 0
    }
}
