import Foundation
import Glibc

/// Calls `changed` on a thread of its own whenever a file is written anew, replaced (an editor saving through a
/// new file and a rename) or created: inotify on its folder, which also sees a file that did not exist yet.
final class FileWatch: @unchecked Sendable {
    private let descriptor: Int32

    init(_ path: String, _ changed: @escaping @Sendable () -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path, name = url.lastPathComponent
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw ClientError("inotify_init1: \(String(cString: strerror(errno)))") }
        guard inotify_add_watch(descriptor, folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw ClientError("cannot watch \(folder): \(reason)")
        }
        let fd = descriptor
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                var offset = 0, matched = false
                // Each event: its header, then its name padded with NULs.
                while offset + MemoryLayout<inotify_event>.size <= n {
                    let length = Int(buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 12, as: UInt32.self) })
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = buffer[start..<min(start + length, n)].prefix { $0 != 0 }
                    if String(decoding: bytes, as: UTF8.self) == name { matched = true }
                    offset = start + length
                }
                if matched { changed() }
            }
        }
        thread.name = "actions file watch"
        thread.start()
    }

    /// Ends the watch: the thread's read returns and it ends.
    func stop() { close(descriptor) }
}
