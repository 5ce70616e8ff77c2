import Foundation
import GestureProtocol
import SystemCalls
import SystemPackage

/// The socket of a `GestureClient`, shared by the callers and the thread that reads it: replies go to the call
/// that waits for them (by request id), events to the client's stream. It lives until both the client and the
/// reading thread are done with it, and closes the descriptor then, so no call can use a number reused since.
final class ClientConnection: @unchecked Sendable {
    private let socket: FileDescriptor
    private let sink: AsyncThrowingStream<Event, Error>.Continuation
    /// Guards the waiting calls, the next id and how the connection ended.
    private let lock = NSLock()
    private var waiting: [Int: CheckedContinuation<Reply, Error>] = [:]
    private var nextID = 1
    private var closedWith: GestureClientError?

    init(path: String, events: AsyncThrowingStream<Event, Error>.Continuation) throws(GestureClientError) {
        do {
            socket = try UnixSocketConnection.connect(to: path)
        } catch {
            switch error.errno {
            case .noSuchFileOrDirectory, .connectionRefused:
                throw GestureClientError(code: "not_running", message: "nothing listens on \(path): is gestured running?")
            case .permissionDenied, .notPermitted:
                throw GestureClientError(code: "access_denied", message: "\(path) is for its group only (usually gestured): join it and log in again")
            default:
                throw GestureClientError(code: "connect_failed", message: "\(error)")
            }
        }
        sink = events
        let reader = Thread { [self] in readLines() }
        reader.name = "gestured client"
        reader.start()
    }

    deinit { socket.closeReleasing() }

    /// Ends the connection; the reading thread then finishes everything. (shutdown, not close: that thread may be
    /// in recv on the descriptor.)
    func shutdown() {
        _ = Glibc.shutdown(socket.rawValue, Int32(SHUT_RDWR))
    }

    /// Sends a request and waits for its reply; a reply of type `error` throws it.
    func request(_ request: Request) async throws(GestureClientError) -> Reply {
        let reply: Reply
        do {
            reply = try await withCheckedThrowingContinuation { continuation in
                lock.lock()
                if let closedWith {
                    lock.unlock()
                    continuation.resume(throwing: closedWith)
                    return
                }
                let id = nextID
                nextID += 1
                waiting[id] = continuation
                lock.unlock()
                do {
                    try send(request.line(id: .number(id)))
                } catch {
                    lock.lock()
                    let stillWaiting = waiting.removeValue(forKey: id)
                    lock.unlock()
                    stillWaiting?.resume(throwing: error)
                }
            }
        } catch let error as GestureClientError {
            throw error
        } catch {
            throw GestureClientError(code: "failed", message: "\(error)")
        }
        if case .error(let error) = reply { throw GestureClientError(error) }
        return reply
    }

    private func send(_ line: [UInt8]) throws(GestureClientError) {
        var sent = 0
        while sent < line.count {
            let n = try? systemCall("send", on: "the gestured socket") {
                line[sent...].withUnsafeBytes { Glibc.send(socket.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            guard let n, n > 0 else { throw GestureClientError.closed }
            sent += n
        }
    }

    // MARK: Reading

    /// The reading thread: lines until the daemon closes the connection (or `close`), then everything ends.
    private func readLines() {
        let buffer = LineBuffer()
        var reader = ServerLineReader()
        var ending = GestureClientError.closed
        reading: while true {
            guard let room = buffer.room() else {
                ending = GestureClientError(code: "malformed_line", message: "a line longer than \(LineBuffer.maximumLineBytes) bytes")
                break
            }
            let received = (try? systemCall("recv", on: "the gestured socket") { recv(socket.rawValue, room.baseAddress, room.count, 0) }) ?? 0
            guard received > 0 else { break }
            buffer.received(received)
            while let line = buffer.nextLine() {
                do {
                    try handle(line, &reader)
                } catch {
                    ending = error
                    break reading
                }
            }
        }
        finish(ending)
    }

    private func handle(_ line: UnsafeBufferPointer<UInt8>, _ reader: inout ServerLineReader) throws(GestureClientError) {
        let decoded: ServerLine
        do {
            decoded = try reader.decode(line)
        } catch {
            throw GestureClientError(code: "malformed_line", message: error.message)
        }
        switch decoded {
        case .event(let event):
            sink.yield(event)
        case .reply(.number(let id)?, let reply):
            lock.lock()
            let continuation = waiting.removeValue(forKey: id)
            lock.unlock()
            continuation?.resume(returning: reply)
        case .reply:
            // Not an answer to any request of this client's: every request it sends has a number.
            break
        }
    }

    private func finish(_ error: GestureClientError) {
        lock.lock()
        closedWith = error
        let stillWaiting = waiting.values
        waiting.removeAll()
        lock.unlock()
        for continuation in stillWaiting { continuation.resume(throwing: error) }
        sink.finish(throwing: error)
    }
}
