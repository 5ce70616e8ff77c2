import GestureEngine

extension Optional where Wrapped == Timestamp {
    /// The earlier of two moments, either of which may be none: the loop's next wake-up, worked out every turn
    /// from every part's next deadline, without an array made for it.
    func earliest(_ other: Timestamp?) -> Timestamp? {
        guard let self else { return other }
        guard let other else { return self }
        return Swift.min(self, other)
    }
}
