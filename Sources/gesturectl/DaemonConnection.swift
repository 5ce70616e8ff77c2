import GestureProtocol
import Glibc
import SystemCalls
import SystemPackage

/// A blocking connection to the daemon's socket: send a request line, read reply and event lines.
final class DaemonConnection {
    private let fd: FileDescriptor
    private let buffer = LineBuffer()
    private var reader = ServerLineReader()
    let path: String

    init(path: String) throws(ClientError) {
        self.path = path
        do {
            fd = try UnixSocketConnection.connect(to: path)
        } catch {
            switch error.errno {
            case .fileNameTooLong:
                throw ClientError("socket path too long: \(path)")
            case .noSuchFileOrDirectory, .connectionRefused:
                throw ClientError("gestured is not running: nothing listens on \(path) (start it with `systemctl start gestured`, or `make run` in the source tree; --socket or GESTURED_SOCKET name another socket)")
            case .permissionDenied, .notPermitted:
                throw ClientError("access denied to \(path): the socket is for its group only; add your user to that group (`ls -l \(path)` shows it, usually gestured) and log in again")
            default:
                throw ClientError("cannot connect to \(path): \(error.errno)")
            }
        }
    }

    // Not run when init throws: the instance never had a descriptor.
    deinit { fd.closeReleasing() }

    func send(_ line: [UInt8]) throws(ClientError) {
        var sent = 0
        while sent < line.count {
            let n = try? systemCall("send", on: path) {
                line[sent...].withUnsafeBytes { Glibc.send(fd.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            guard let n, n > 0 else { throw ClientError("the daemon closed the connection") }
            sent += n
        }
    }

    /// Receives once, blocking; false when the daemon closed the connection.
    private func receive() throws(ClientError) -> Bool {
        guard let room = buffer.room() else { throw ClientError("the daemon sent a line longer than \(LineBuffer.maximumLineBytes) bytes") }
        let received: Int
        do {
            received = try systemCall("recv", on: path) { recv(fd.rawValue, room.baseAddress, room.count, 0) }
        } catch {
            throw ClientError("reading from \(path): \(error.errno)")
        }
        buffer.received(received)
        return received > 0
    }

    /// Whether a line is there to read within `seconds`: one already received, or bytes on the socket (or its
    /// closing, which `read` then tells).
    func hasLine(within seconds: Double) -> Bool {
        if buffer.hasLine() { return true }
        var ready = pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0)
        return (try? systemCall("poll", on: path) { poll(&ready, 1, Int32(max(0, seconds) * 1000)) }).map { $0 > 0 } ?? true
    }

    /// Whether a whole line is received already: reading it will not wait.
    var hasReceivedLine: Bool { buffer.hasLine() }

    /// The next line, given to `use` as sent (without its newline; valid only during the call) and decoded, waiting
    /// for it; false when the daemon closed the connection.
    func read(_ use: (UnsafeBufferPointer<UInt8>, ServerLine) -> Void) throws(ClientError) -> Bool {
        while true {
            if let line = buffer.nextLine() {
                let decoded: ServerLine
                do throws(RequestError) {
                    decoded = try reader.decode(line)
                } catch {
                    throw ClientError("the daemon sent a line gesturectl cannot read (\(error.message))")
                }
                use(line, decoded)
                return true
            }
            guard try receive() else { return false }
        }
    }

    /// A line from the daemon, as sent and decoded.
    struct Message {
        var line: [UInt8]
        var decoded: ServerLine
    }

    /// The next line, copied and decoded; nil when the daemon closed the connection.
    func readMessage() throws(ClientError) -> Message? {
        var message: Message?
        guard try read({ message = Message(line: Array($0), decoded: $1) }) else { return nil }
        return message
    }

    /// Sends a request and returns its reply, skipping events that arrive first; an error reply throws.
    func request(_ request: Request) throws(ClientError) -> (line: [UInt8], reply: Reply) {
        let id = Int.random(in: 1...Int(Int32.max))
        try send(request.line(id: .number(id)))
        while let message = try readMessage() {
            guard case .reply(.number(id)?, let reply) = message.decoded else { continue }
            if case .error(let error) = reply { throw ClientError(([error.message] + error.errors).joined(separator: "\n")) }
            return (message.line, reply)
        }
        throw ClientError("the daemon closed the connection")
    }

    func hello() throws(ClientError) {
        _ = try request(.hello(version: ProtocolVersion.current, client: "gesturectl"))
    }
}

struct ClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
