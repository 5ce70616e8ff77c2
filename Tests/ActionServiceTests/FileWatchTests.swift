import Foundation
import Synchronization
import SystemCalls
import Testing

@testable import ActionService

/// gesturectl actions' watch of its file: each change seen, nothing after `stop`, and its inotify descriptor
/// closed by the thread that reads it, however often watches start and stop while the file changes.
@Suite(.serialized) struct FileWatchTests {
    /// Counts `changed` calls, from the watch's thread.
    final class Calls: Sendable {
        private let count = Mutex(0)

        func changed() { count.withLock { $0 += 1 } }
        var calls: Int { count.withLock { $0 } }
    }

    /// The process's inotify descriptors (no other code of the tests' process makes any).
    static var inotifyDescriptors: Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == "anon_inode:inotify" }.count
    }

    static func write(_ text: String, to path: String) throws { try text.write(toFile: path, atomically: false, encoding: .utf8) }

    /// Whether a watch of `path` started just before `change` calls for it. Nothing to wait for, even when no call
    /// is expected: `stop` returns once the thread has read every event queued before the watch's end, and closed
    /// the descriptor, its last act (so none calls after it).
    static func seen(_ path: String, _ change: () throws -> Void) throws -> Bool {
        let descriptors = inotifyDescriptors
        let calls = Calls()
        let watch = try FileWatch(path) { calls.changed() }
        #expect(inotifyDescriptors == descriptors + 1)
        try change()
        watch.stop()
        #expect(inotifyDescriptors == descriptors, "the watch's descriptor is still open after stop")
        return calls.calls > 0
    }

    @Test func aCreationAWriteAndAReplacementAreEachSeenAndOtherFilesAreNot() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/actions.toml"
        #expect(try Self.seen(path) { try Self.write("a", to: path) }, "creation")
        #expect(try Self.seen(path) { try Self.write("b", to: path) }, "writing anew")
        // An editor's save: a new file renamed over it.
        try Self.write("c", to: directory + "/saved.tmp")
        #expect(try Self.seen(path) { if rename(directory + "/saved.tmp", path) != 0 { throw POSIXError(.init(rawValue: errno)!) } }, "a rename over it")
        #expect(try !Self.seen(path) { try Self.write("d", to: directory + "/other.toml") }, "another file")
    }

    /// The descriptor was closed by another thread while this one read it: its number could go to the next
    /// watch's descriptor, and a blocked read stayed blocked on the old one.
    @Test func watchesStartedAndStoppedWhileTheFileChangesEachSeeTheirChangesAndCloseTheirDescriptors() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/actions.toml"
        // Another writer all along, so that events arrive while watches start and stop.
        let writing = Calls(), finished = DispatchSemaphore(value: 0)
        let writer = Thread {
            while writing.calls == 0 { try? Self.write("another writer", to: path) }
            finished.signal()
        }
        writer.start()
        defer {
            writing.changed()
            finished.wait()
        }
        for cycle in 0..<200 {
            #expect(try Self.seen(path) { try Self.write("cycle \(cycle)", to: path) }, "watch \(cycle) saw no change")
        }
    }

    @Test func aWatchThatCannotBeMadeSaysWhyAndKeepsNoDescriptor() {
        let descriptors = Self.inotifyDescriptors
        #expect(throws: SystemCallError("inotify_add_watch", on: "/nonexistent-folder-of-gestured", .noSuchFileOrDirectory)) {
            try FileWatch("/nonexistent-folder-of-gestured/actions.toml") {}
        }
        #expect(Self.inotifyDescriptors == descriptors)
    }

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "/gesturectl-watch-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
