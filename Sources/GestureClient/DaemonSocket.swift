import GestureProtocol
import Glibc
import SystemCalls
import SystemPackage

/// The daemon's socket as lines: connecting (each failure by its code), sending a line, and reading the next line
/// the daemon sent, as sent and decoded. The one socket client of the project: `GestureClient` reads it on a thread
/// of its own; `gesturectl` reads it where it waits, with `request` for a request's reply.
///
/// Sending and reading may happen on two threads at once (a `GestureClient`'s callers and its reading thread):
/// sending touches only the descriptor, and everything reading keeps is the reading thread's.
public final class DaemonSocket: @unchecked Sendable {
    public let path: String
    private let fd: FileDescriptor
    private let buffer = LineBuffer()
    private var reader = ServerLineReader()

    /// Connects to `path`. Fails with `path_too_long`, `not_running` (nothing listens there), `access_denied` (the
    /// socket is for its group) or `connect_failed`.
    public init(path: String) throws(GestureClientError) {
        self.path = path
        do {
            fd = try UnixSocketConnection.connect(to: path)
        } catch {
            switch error.errno {
            case .fileNameTooLong:
                throw GestureClientError(code: "path_too_long", message: "socket path too long: \(path)")
            case .noSuchFileOrDirectory, .connectionRefused:
                throw GestureClientError(code: "not_running", message: "nothing listens on \(path): is gestured running?")
            case .permissionDenied, .notPermitted:
                throw GestureClientError(code: "access_denied", message: "\(path) is for its group only (usually gestured): join it and log in again")
            default:
                throw GestureClientError(code: "connect_failed", message: "cannot connect to \(path): \(error.errno)")
            }
        }
    }

    // Not run when init throws: the instance never had a descriptor.
    deinit { fd.closeReleasing() }

    /// Sends a whole line; `connection_closed` when the daemon has gone.
    public func send(_ line: [UInt8]) throws(GestureClientError) {
        var sent = 0
        while sent < line.count {
            let n = try? systemCall("send", on: path) {
                line[sent...].withUnsafeBytes { Glibc.send(fd.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            guard let n, n > 0 else { throw GestureClientError.closed }
            sent += n
        }
    }

    /// Ends the connection both ways, waking a thread that waits to read it (shutdown, not close: that thread may be
    /// in recv on the descriptor).
    public func shutdown() { _ = Glibc.shutdown(fd.rawValue, Int32(SHUT_RDWR)) }

    /// The next line, given to `use` as sent (without its newline; valid only during the call) and decoded, waiting
    /// for it; false when the daemon closed the connection. `malformed_line` for a line the wire cannot read or
    /// longer than `LineBuffer.maximumLineBytes`.
    public func read(_ use: (UnsafeBufferPointer<UInt8>, ServerLine) -> Void) throws(GestureClientError) -> Bool {
        while true {
            if let line = buffer.nextLine() {
                let decoded: ServerLine
                do throws(RequestError) {
                    decoded = try reader.decode(line)
                } catch {
                    throw GestureClientError(code: "malformed_line", message: error.message)
                }
                use(line, decoded)
                return true
            }
            guard let room = buffer.room() else {
                throw GestureClientError(code: "malformed_line", message: "a line longer than \(LineBuffer.maximumLineBytes) bytes")
            }
            let received = (try? systemCall("recv", on: path) { recv(fd.rawValue, room.baseAddress, room.count, 0) }) ?? 0
            guard received > 0 else { return false }
            buffer.received(received)
        }
    }

    /// Whether a line is there to read within `seconds`: one already received, or bytes on the socket (or its
    /// closing, which `read` then tells).
    public func hasLine(within seconds: Double) -> Bool {
        if buffer.hasLine() { return true }
        var ready = pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0)
        return (try? systemCall("poll", on: path) { poll(&ready, 1, Int32(max(0, seconds) * 1000)) }).map { $0 > 0 } ?? true
    }

    /// Whether a whole line is received already: reading it will not wait.
    public var hasReceivedLine: Bool { buffer.hasLine() }

    /// A line from the daemon, as sent and decoded.
    public struct Message {
        public var line: [UInt8]
        public var decoded: ServerLine
    }

    /// The next line, copied and decoded; nil when the daemon closed the connection.
    public func readMessage() throws(GestureClientError) -> Message? {
        var message: Message?
        guard try read({ message = Message(line: Array($0), decoded: $1) }) else { return nil }
        return message
    }

    /// Sends `request` and waits for its reply, reading past the events that come first (they are dropped); a reply
    /// of type `error` throws the daemon's refusal. For a client that asks one thing at a time, where it waits.
    public func request(_ request: Request) throws(GestureClientError) -> (line: [UInt8], reply: Reply) {
        let id = Int.random(in: 1...Int(Int32.max))
        try send(request.line(id: .number(id)))
        while let message = try readMessage() {
            guard case .reply(.number(id)?, let reply) = message.decoded else { continue }
            if case .error(let error) = reply { throw GestureClientError(error) }
            return (message.line, reply)
        }
        throw GestureClientError.closed
    }
}
