import Foundation
import Glibc
import Synchronization

/// A stand-in for Hyprland's request socket, for the one desktop that cannot run where the tests run: it serves
/// as Hyprland v0.50's hyprCtlFDTick does, one request a connection (read in chunks of 1023 bytes until a short
/// one), the reply written and the connection closed. Replies are the test's, by request; a request it has no
/// reply for is answered "unknown request", as Hyprland answers; `never` holds the connection without a word.
final class FakeHyprlandSocket: Sendable {
    static let never = "\u{0}never"

    let path: String
    private let listener: Int32
    private let received = Mutex<[String]>([])
    private let stopping = Atomic<Bool>(false)
    private let finished = Mutex<Bool>(false)

    var requests: [String] { received.withLock { $0 } }

    init(path: String, replies: [String: String]) throws {
        self.path = path
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 8) == 0 else { throw TestFailure("cannot listen at \(path): \(String(cString: strerror(errno)))") }
        let thread = Thread { [self] in serve(replies) }
        thread.start()
    }

    /// Stops serving and removes the socket, as a Hyprland that quits does; waits until the server's thread ended.
    func stop() {
        guard !stopping.exchange(true, ordering: .sequentiallyConsistent) else { return }
        try? waitUntil("the stand-in's thread to end") { finished.withLock { $0 } }
        close(listener)
        unlink(path)
    }

    private func serve(_ replies: [String: String]) {
        var held: [Int32] = []
        while !stopping.load(ordering: .sequentiallyConsistent) {
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 20) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            var request: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1023)
            while true {
                let n = read(connection, &chunk, chunk.count)
                if n > 0 { request += chunk[..<n] }
                if n < chunk.count { break }
            }
            let text = String(decoding: request, as: UTF8.self)
            received.withLock { $0.append(text) }
            let reply = replies[text] ?? "unknown request"
            if reply == Self.never {
                held.append(connection)
                continue
            }
            let bytes = Array(reply.utf8)
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard n > 0 else { break }
                sent += n
            }
            close(connection)
        }
        for connection in held { close(connection) }
        finished.withLock { $0 = true }
    }
}
