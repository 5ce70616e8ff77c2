/// The matching a search for the nearest shape may do, counted in steps: one step is one squared distance between
/// a point of the drawing and a point of an example (a grid look-up counts as one), so that steps follow a search's
/// instructions (about 25 a step, docs/shapes.md, Work) whatever the shapes and drawing. A search stops, undecided,
/// before a comparison once its steps are spent: the daemon bounds what one connection's shapes cost a frame so,
/// since no bound on their size alone can tell how much of a lift they take together.
public struct ShapeWork: Sendable {
    /// Steps the search may take; it may go past them by at most one comparison (`ShapeMatcher.worstComparison`).
    public var allowed: Int
    /// Steps it took.
    public internal(set) var spent = 0
    /// Whether it stopped before it was done, its steps spent: its answer is no answer.
    public internal(set) var ranOut = false

    public init(allowed: Int) { self.allowed = allowed }

    /// As much as the search needs.
    public static var unbounded: ShapeWork { ShapeWork(allowed: .max) }

    /// Whether another comparison may start; notes that the search ran out when not.
    mutating func mayCompare() -> Bool {
        guard spent < allowed else {
            ranOut = true
            return false
        }
        return true
    }
}
