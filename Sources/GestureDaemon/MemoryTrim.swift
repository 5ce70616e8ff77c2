import CGesturedInput
import GestureEngine

/// Gives memory freed after a burst of clients back to the system. glibc keeps what a program freed for its next
/// allocations, so after 126 connections flooding the daemon its resident memory stayed at the burst's peak;
/// `malloc_trim(0)` returns the free pages. It walks the heap, so it runs only after large frees (buffers let go,
/// connections gone), at most once a second, from the loop's turn (time is an input).
final class MemoryTrim {
    /// Bytes let go since the last trim.
    private(set) var released = 0
    private var lastTrim: Timestamp?
    /// Less than this let go is left to the allocator: it would reuse it soon anyway.
    static let threshold = 256 * 1024
    static let period: Int64 = 1_000_000_000
    /// The call, replaceable in tests; true when memory went back.
    var trim: () -> Bool = { malloc_trim(0) != 0 }

    func note(released bytes: Int) { released += bytes }

    /// One malloc arena for the whole process, called before any thread starts. glibc gives each new thread an
    /// arena of its own, and what the configuration reader's thread allocated stayed there, out of the main
    /// arena's trims: a reload of a 1 MB file left 60 MB resident with an arena for the reader, 49 MB with one
    /// (28 MB before the reload). The loop allocates little, so the reader seldom waits for the arena's lock.
    static func useOneArena() {
        _ = mallopt(M_ARENA_MAX, 1)
    }

    /// When a trim is due: for the loop's timer, so that memory comes back even if nothing else happens.
    var due: Timestamp? {
        guard released >= Self.threshold else { return nil }
        return Timestamp(nanoseconds: lastTrim.map { $0.nanoseconds + Self.period } ?? 0)
    }

    /// Trims if enough was let go and the last trim was a second ago or more.
    func trimIfDue(at time: Timestamp) {
        guard let due, due <= time else { return }
        _ = trim()
        lastTrim = time
        released = 0
    }
}
