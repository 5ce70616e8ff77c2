import Foundation
import Glibc
import SystemCalls
import SystemPackage

/// Calls `changed` on a thread of its own whenever a file is written anew, replaced (an editor saving through a
/// new file and a rename) or created: inotify on its folder, which also sees a file that did not exist yet.
///
/// The thread that reads the inotify descriptor is the one that closes it, when it reads that its watch is gone
/// (IN_IGNORED): `stop` removes the watch, and the kernel says so in the same queue as the events, after them.
/// Closed by another thread, the descriptor's number could be given to a file opened meanwhile (the next watch's
/// descriptor, say), which the thread would then read; and a read under way is not woken by a close.
public final class FileWatch: Sendable {
    private let descriptor: FileDescriptor
    private let watch: Int32
    private let lifetime = Lifetime()

    /// What the watch and its thread share. An NSLock (a pthread mutex), not Synchronization's Mutex: its futex is
    /// invisible to ThreadSanitizer, which then took the locked accesses for a race.
    private final class Lifetime: @unchecked Sendable {
        /// Whether the thread has closed the descriptor (the folder went away, or reading failed), under `lock`,
        /// which `stop` holds while it removes the watch; and whether `stop` was called.
        private var state = (closed: false, stopped: false)
        private let lock = NSLock()
        let ended = DispatchSemaphore(value: 0)

        func withLock<T>(_ body: (inout (closed: Bool, stopped: Bool)) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&state)
        }
    }

    public init(_ path: String, _ changed: @escaping @Sendable () -> Void) throws(SystemCallError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path, name = url.lastPathComponent
        let descriptor = FileDescriptor(rawValue: try systemCall("inotify_init1", on: "a watch of \(folder)") { inotify_init1(Int32(IN_CLOEXEC)) })
        do {
            watch = try systemCall("inotify_add_watch", on: folder) {
                inotify_add_watch(descriptor.rawValue, folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE))
            }
        } catch {
            descriptor.closeReleasing()
            throw error
        }
        self.descriptor = descriptor
        let (watch, lifetime) = (watch, lifetime)
        let thread = Thread {
            Self.read(descriptor, watch: watch, name: name, changed)
            lifetime.withLock { state in
                descriptor.closeReleasing()
                state.closed = true
            }
            lifetime.ended.signal()
        }
        thread.name = "actions file watch"
        thread.start()
    }

    /// Until the watch is gone or reading fails: each read's events, `changed` once if any names the file.
    private static func read(_ descriptor: FileDescriptor, watch: Int32, name: String, _ changed: @Sendable () -> Void) {
        let header = MemoryLayout<inotify_event>.size
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            guard let n = try? systemCall("read", on: "the inotify descriptor", { buffer.withUnsafeMutableBytes { Glibc.read(descriptor.rawValue, $0.baseAddress, $0.count) } }),
                n > 0
            else { return }
            var offset = 0, matched = false, gone = false
            // Each event: its header (wd, mask, cookie, len), then its name padded with NULs.
            while offset + header <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes {
                    ($0.load(fromByteOffset: offset, as: Int32.self), $0.load(fromByteOffset: offset + 4, as: UInt32.self), Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let start = offset + header
                let bytes = buffer[start..<min(start + length, n)].prefix { $0 != 0 }
                if String(decoding: bytes, as: UTF8.self) == name { matched = true }
                if wd == watch && mask & UInt32(IN_IGNORED) != 0 { gone = true }
                offset = start + length
            }
            if matched { changed() }
            if gone { return }
        }
    }

    /// Ends the watch and returns once its thread has: `changed` is not called after this (so `changed` must not
    /// call it). Again, it does nothing.
    public func stop() {
        let first = lifetime.withLock { state in
            defer { state.stopped = true }
            guard !state.stopped else { return false }
            // The kernel queues IN_IGNORED, which ends the thread. Unless the thread has closed the descriptor
            // already: this lock keeps it from doing so in between.
            if !state.closed { _ = try? systemCall("inotify_rm_watch", on: "the inotify descriptor") { inotify_rm_watch(descriptor.rawValue, watch) } }
            return true
        }
        if first { lifetime.ended.wait() }
    }

    deinit { stop() }
}
