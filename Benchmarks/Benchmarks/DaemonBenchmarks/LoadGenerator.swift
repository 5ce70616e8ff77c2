import Foundation
import Glibc

/// One connection (or a connection that comes and goes) of the load, driven by LoadGenerator's poll loop.
protocol PacedClient: AnyObject {
    /// The socket to poll, or nil while the client waits to connect again.
    var fd: Int32? { get }
    /// What to poll it for.
    var pollEvents: Int16 { get }
    /// When the client next acts by itself (CLOCK_MONOTONIC nanoseconds), or nil.
    var wakeAt: Int64? { get }
    func ready(_ revents: Int16, now: Int64)
    func wake(now: Int64)
    /// Closes the connection for good.
    func stop()
}

/// Many paced connections on one thread with poll(2): the load's own cost stays small and on one core, so that
/// the two-core machine measures the daemon and not the load generator.
final class LoadGenerator: @unchecked Sendable {
    private let clients: [any PacedClient]
    /// Written to stop the loop: a pipe, so that a poll without a timeout still ends.
    private var wakePipe: [Int32] = [-1, -1]
    private let finished = DispatchSemaphore(value: 0)

    init(_ clients: [any PacedClient]) {
        self.clients = clients
        _ = pipe(&wakePipe)
    }

    deinit { wakePipe.forEach { close($0) } }

    func start() {
        Thread { [self] in
            run()
            finished.signal()
        }.start()
    }

    /// Ends the loop and closes every connection.
    func stop() {
        var byte: UInt8 = 0
        _ = write(wakePipe[1], &byte, 1)
        finished.wait()
        clients.forEach { $0.stop() }
    }

    private func run() {
        var polled: [pollfd] = []
        var owners: [any PacedClient] = []
        while true {
            polled.removeAll(keepingCapacity: true)
            owners.removeAll(keepingCapacity: true)
            polled.append(pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0))
            var next = Int64.max
            for client in clients {
                if let fd = client.fd {
                    polled.append(pollfd(fd: fd, events: client.pollEvents, revents: 0))
                    owners.append(client)
                }
                if let t = client.wakeAt { next = min(next, t) }
            }
            let now = monotonicNanoseconds()
            // Paced to the millisecond: the load's timing need not be finer than that.
            let timeout = next == .max ? -1 : Int32(clamping: max(0, (next - now + 999_999) / 1_000_000))
            guard poll(&polled, nfds_t(polled.count), timeout) >= 0 || errno == EINTR else { return }
            if polled[0].revents != 0 { return }
            let after = monotonicNanoseconds()
            for (entry, client) in zip(polled.dropFirst(), owners) where entry.revents != 0 {
                client.ready(entry.revents, now: after)
            }
            for client in clients {
                if let t = client.wakeAt, t <= after { client.wake(now: after) }
            }
        }
    }
}

/// What the load's clients did and what the daemon answered, added up on the load thread and read after it
/// stopped.
final class LoadTally: @unchecked Sendable {
    var churnCycles = 0
    /// Connect, hello, subscribe, unsubscribe, close, in nanoseconds.
    var churnCycleTimes: [Int64] = []
    var connectFailures = 0
    var nonReaderConnections = 0
    var nonReadersCut = 0
    /// Per cut non-reader: seconds from its subscription to the daemon closing it, and bytes left unread.
    var cutAfter: [Double] = []
    var unreadBytes: [Int] = []
    var garbageLines = 0
    var garbageReplies = 0
    /// Garbage lines with no reply when their connection ended (the last one may be in flight at a stop).
    var garbageUnanswered = 0
    var hugeLines = 0
    var lineTooLong = 0
    var closedAfterHugeLine = 0
    /// Error replies by code, across every client of the load.
    var errors: [String: Int] = [:]
    /// What went against the protocol, with a count each.
    var surprises: [String: Int] = [:]

    func error(_ code: String) { errors[code, default: 0] += 1 }
    func surprise(_ what: String) { surprises[what, default: 0] += 1 }
}
