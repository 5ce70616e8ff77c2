import Glibc

/// Bytes as a client receives them from the daemon, handed out a line at a time: received straight into the
/// buffer's free room (`room`, then `received`), each line found once (memchr from where the last search stopped)
/// and given as a view of the buffer, no copy. The room is made again only when a receive needs it: the lines
/// before are dropped by one move of what is left. Nothing generic and no closure on the way: each line through a
/// generic reader cost a lookup of its type's metadata, more than finding the line. A line-at-a-time reader that
/// copied each line out and moved the rest after it cost more than decoding the line (docs/protocol.md, Reading
/// the stream).
public final class LineBuffer {
    /// A line longer than this, newline excluded, is not the daemon's (its longest reply, list_recognizers of a
    /// configuration at its bounds, is a few hundred kilobytes): `room` refuses to grow past it.
    public static let maximumLineBytes = 16 << 20

    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The unread bytes are storage[start..<end]; storage[start..<scanned] holds no newline.
    private var start = 0
    private var end = 0
    private var scanned = 0

    public init(capacity: Int = 65_536) {
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Whether a whole line is there, without receiving.
    public func hasLine() -> Bool { newline() != nil }

    /// The next whole line, without its newline, valid until the next `room`; nil when no whole line is there yet.
    public func nextLine() -> UnsafeBufferPointer<UInt8>? {
        guard let newline = newline() else { return nil }
        let line = UnsafeBufferPointer(start: storage + start, count: newline - start)
        start = newline + 1
        scanned = start
        return line
    }

    /// The free room to receive into, made first (the lines handed out before are gone then); nil when the line
    /// being received would pass the maximum. Then `received` says how much of it was filled.
    public func room() -> UnsafeMutableRawBufferPointer? {
        if start > 0 && (end == capacity || start >= capacity / 4) {
            let unread = end - start
            memmove(storage, storage + start, unread)
            scanned -= start
            start = 0
            end = unread
        }
        if end == capacity {
            guard capacity <= Self.maximumLineBytes else { return nil }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: min(capacity * 2, Self.maximumLineBytes + 1))
            grown.update(from: storage, count: end)
            storage.deallocate()
            storage = grown
            capacity = min(capacity * 2, Self.maximumLineBytes + 1)
        }
        return UnsafeMutableRawBufferPointer(start: storage + end, count: capacity - end)
    }

    /// `count` bytes were received into the room.
    public func received(_ count: Int) {
        end = min(capacity, end + max(0, count))
    }

    /// The index of the first newline after `start`, searching only bytes not searched before.
    private func newline() -> Int? {
        guard scanned < end else { return nil }
        guard let found = memchr(storage + scanned, 0x0A, end - scanned) else {
            scanned = end
            return nil
        }
        return UnsafeMutableRawPointer(found) - UnsafeMutableRawPointer(storage)
    }
}
