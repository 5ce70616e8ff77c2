import Foundation
import Glibc

/// The window in front, kept as the desktop says it changes, where it says so (sway, Hyprland, X11, KWin): a thread
/// of its own waits for the desktop's word (FocusChanges) and asks its own source then (or takes the window the word
/// names: KWin's), so that a gesture's question reads what was found, with no round trip (29 ms a question on KDE,
/// 4.8 ms on sway, were each gesture's). While the word cannot be had (the desktop restarting, or GNOME, which never
/// says), `front` is nil and the caller asks; the thread tries again every `retry`.
public final class FrontWatch: @unchecked Sendable {
    /// Seconds between attempts to hear from the desktop while it cannot be heard.
    public static let retry = 2.0

    private let lock = NSLock()
    private var latest: Result<WindowIdentity?, FocusError>?
    /// Written to end the thread's waits.
    private let stopping: (read: Int32, write: Int32)

    /// A watch of `source`'s desktop, if it says when the window in front changes; nil for one that does not.
    public init?(_ source: any FocusSource) {
        guard let source = source as? any FocusChangeSource else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        stopping = (ends[0], ends[1])
        // The source is this thread's alone from here on (a source is used from one thread at a time).
        nonisolated(unsafe) let owned = source
        let thread = Thread { [self] in watch(owned) }
        thread.name = "window in front"
        thread.start()
    }

    /// What the desktop last said of the window in front; nil while it cannot be heard (ask it).
    public var front: Result<WindowIdentity?, FocusError>? {
        lock.lock()
        defer { lock.unlock() }
        return latest
    }

    /// Ends the thread (it closes the pipe's read end as it goes).
    public func stop() {
        _ = write(stopping.write, "x", 1)
    }

    deinit { close(stopping.write) }

    private func set(_ value: Result<WindowIdentity?, FocusError>?) {
        lock.lock()
        latest = value
        lock.unlock()
    }

    /// Subscribed first, then asked: a change between the two is in the subscription's queue, and asked again.
    private func watch(_ source: any FocusChangeSource) {
        defer { close(stopping.read) }
        while true {
            if let changes = try? source.changes() {
                var change = FocusChange.ask
                while true {
                    switch change {
                    case .ask: set(Result { () throws(FocusError) in try source.front() })
                    case .window(let window): set(.success(window))
                    }
                    guard let next = changes.next(stopping: stopping.read) else { break }
                    change = next
                }
                set(nil)
            }
            var stop = pollfd(fd: stopping.read, events: Int16(POLLIN), revents: 0)
            if poll(&stop, 1, Int32(Self.retry * 1000)) != 0 { return }
        }
    }
}
