import CGesturedInput
import Glibc
import Synchronization

/// Work for the input thread from the socket server's thread, with an eventfd
/// that wakes the input thread's poll: the core stays single-threaded and nothing polls on a timer.
final class CommandQueue: Sendable {
    enum Command: Sendable {
        case connected(ClientID, PeerCredentials)
        case line(ClientID, [UInt8])
        case disconnected(ClientID, reason: String)
    }

    let fd: Int32
    private let items = Mutex<[Command]>([])

    init() throws(DaemonError) {
        fd = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard fd >= 0 else { throw DaemonError("eventfd: \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd) }

    func post(_ command: Command) {
        items.withLock { $0.append(command) }
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    /// Everything posted so far, in order.
    func drain() -> [Command] {
        var count: UInt64 = 0
        _ = read(fd, &count, 8)
        return items.withLock { items in
            defer { items.removeAll(keepingCapacity: true) }
            return items
        }
    }
}

/// A failure that stops the daemon from starting, said in a sentence.
public struct DaemonError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
