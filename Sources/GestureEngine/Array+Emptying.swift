extension Array {
    /// Empties the array, keeping its storage, one element at a time from the end. For the handful of touches a
    /// frame's reused lists hold, this costs a few instructions an element, where `removeAll(keepingCapacity:
    /// true)` cost about 80 a call: a call into its generic `replaceSubrange`, which the optimizer does not inline
    /// for the engine's types (docs/daemon.md, What a frame costs). For long lists the standard call is the one.
    @inlinable package mutating func removeFewKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}
