import Foundation
import GestureProtocol

/// The socket of a `GestureClient`, shared by the callers and the thread that reads it: replies go to the call
/// that waits for them (by request id), events to the client's stream. It lives until both the client and the
/// reading thread are done with it, and closes the descriptor then, so no call can use a number reused since.
final class ClientConnection: @unchecked Sendable {
    private let socket: DaemonSocket
    private let sink: AsyncThrowingStream<Event, Error>.Continuation
    /// Guards the waiting calls, the next id and how the connection ended.
    private let lock = NSLock()
    private var waiting: [Int: CheckedContinuation<Reply, Error>] = [:]
    private var nextID = 1
    private var closedWith: GestureClientError?

    init(path: String, events: AsyncThrowingStream<Event, Error>.Continuation) throws(GestureClientError) {
        socket = try DaemonSocket(path: path)
        sink = events
        let reader = Thread { [self] in readLines() }
        reader.name = "gestured client"
        reader.start()
    }

    /// Ends the connection; the reading thread then finishes everything.
    func shutdown() { socket.shutdown() }

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
                    try socket.send(request.line(id: .number(id)))
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

    // MARK: Reading

    /// The reading thread: lines until the daemon closes the connection (or `shutdown`), then everything ends.
    private func readLines() {
        do throws(GestureClientError) {
            while try socket.read({ _, decoded in handle(decoded) }) {}
            finish(GestureClientError.closed)
        } catch {
            finish(error)
        }
    }

    private func handle(_ decoded: ServerLine) {
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
