/// Delegate decisions given as data: relations between recognizers by name, and predicates for
/// should-begin and should-receive. One instance can serve as the delegate of many recognizers; the
/// configuration file and the trace form build these.
public final class GestureRules: GestureRecognizerDelegate {
    private struct Pair: Hashable {
        let a: String
        let b: String
    }

    private var simultaneous: Set<Pair> = []
    private var requiresFailure: Set<Pair> = []
    private var requiredToFailBy: Set<Pair> = []
    private var cannotPrevent: Set<Pair> = []
    private var cannotBePrevented: Set<Pair> = []
    /// Per recognizer name: no means it fails instead of beginning.
    public var shouldBegin: [String: (GestureRecognizer) -> Bool] = [:]
    /// Per recognizer name: no means it never sees that touch.
    public var shouldReceive: [String: (GestureRecognizer, Touch) -> Bool] = [:]

    /// Any recognizer, where a relation takes a name.
    public static let any = "*"

    public init() {}

    /// `a` and `b` may recognize at the same time.
    public func allowSimultaneous(_ a: String, _ b: String) {
        simultaneous.insert(Pair(a: a, b: b))
        simultaneous.insert(Pair(a: b, b: a))
    }

    /// `a` waits for `b` to fail, decided per attempt from `a`'s side.
    public func require(_ a: String, toFail b: String) { requiresFailure.insert(Pair(a: a, b: b)) }

    /// `b` is required to fail by `a`, decided per attempt from `b`'s side: the same relation as
    /// `require(a, toFail: b)`, declared by the one that is waited for.
    public func require(_ b: String, toBeRequiredToFailBy a: String) { requiredToFailBy.insert(Pair(a: b, b: a)) }

    /// `a` beginning does not make `b` (or `GestureRules.any`) fail.
    public func preventNot(_ a: String, _ b: String) { cannotPrevent.insert(Pair(a: a, b: b)) }

    /// `b` (or `GestureRules.any`) beginning does not make `a` fail.
    public func notPreventable(_ a: String, by b: String) { cannotBePrevented.insert(Pair(a: a, b: b)) }

    /// Forgets every relation and predicate, so that the relations of the recognizers still there can be
    /// declared again: relations are by name, and only their declarers know which are theirs.
    public func removeAll() {
        simultaneous.removeAll()
        requiresFailure.removeAll()
        requiredToFailBy.removeAll()
        cannotPrevent.removeAll()
        cannotBePrevented.removeAll()
        shouldBegin.removeAll()
        shouldReceive.removeAll()
    }

    /// Relations and predicates held, for checks that removals leave nothing behind.
    public var count: Int {
        simultaneous.count + requiresFailure.count + requiredToFailBy.count + cannotPrevent.count + cannotBePrevented.count
            + shouldBegin.count + shouldReceive.count
    }

    private func has(_ set: Set<Pair>, _ a: String, _ b: String) -> Bool {
        !set.isEmpty && (set.contains(Pair(a: a, b: b)) || set.contains(Pair(a: a, b: Self.any)))
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
        has(simultaneous, recognizer.name, other.name)
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        has(requiresFailure, recognizer.name, other.name)
    }

    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
    ) -> Bool {
        has(requiredToFailBy, recognizer.name, other.name)
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, canPrevent other: GestureRecognizer) -> Bool {
        !has(cannotPrevent, recognizer.name, other.name)
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, canBePreventedBy other: GestureRecognizer) -> Bool {
        !has(cannotBePrevented, recognizer.name, other.name)
    }
}
