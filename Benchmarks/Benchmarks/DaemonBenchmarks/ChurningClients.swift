import Glibc

/// A client that comes and goes: once a period it connects, says hello, subscribes to gestures and raw touches,
/// unsubscribes and closes, each step waiting for the daemon's reply (and reading the events that come
/// meanwhile), as a well-behaved but restless client would.
final class ChurningClient: PacedClient {
    private enum Step {
        case waiting
        case hello, subscribe, unsubscribe
    }

    private let path: String
    private let period: Int64
    private let tally: LoadTally
    private var socket: ClientSocket?
    private var step = Step.waiting
    private var cycleStart: Int64 = 0
    private(set) var wakeAt: Int64?
    private var subscription = 0

    /// The first cycle starts at `first`; spreading the clients' starts over a period spreads their cycles.
    init(path: String, period: Int64, first: Int64, tally: LoadTally) {
        self.path = path
        self.period = period
        self.tally = tally
        wakeAt = first
    }

    var fd: Int32? { socket?.fd }
    var pollEvents: Int16 { Int16(socket?.wantsToWrite == true ? POLLIN | POLLOUT : POLLIN) }

    func wake(now: Int64) {
        wakeAt = nil
        cycleStart = now
        guard let connected = ClientSocket(path: path) else {
            tally.connectFailures += 1
            return schedule(after: now)
        }
        socket = connected
        step = .hello
        send("{\"type\":\"hello\",\"version\":1,\"client\":\"churn\"}")
    }

    func ready(_ revents: Int16, now: Int64) {
        guard var s = socket else { return }
        if revents & Int16(POLLOUT) != 0, !s.flush() { return broken("the connection broke while writing", now) }
        var replies: [ArraySlice<UInt8>] = []
        let open = s.receive { line in
            // Events between subscribe and unsubscribe are read and dropped; only replies move the cycle on.
            if let type = ReplyLine.type(line), type != "gesture", type != "touch" { replies.append(line) }
        }
        socket = s
        for line in replies { reply(line, now: now) }
        if !open, socket != nil { broken("the daemon closed a churning client", now) }
    }

    private func reply(_ line: ArraySlice<UInt8>, now: Int64) {
        let type = ReplyLine.type(line)
        if type == "error" {
            tally.error(ReplyLine.code(line) ?? "?")
            return finish(now, completed: false)
        }
        switch (step, type) {
        case (.hello, "hello"):
            step = .subscribe
            send("{\"type\":\"subscribe\",\"events\":[\"gestures\",\"touches\"]}")
        case (.subscribe, "subscribed"):
            subscription = Self.number(after: "\"subscription\":", in: line) ?? 0
            step = .unsubscribe
            send("{\"type\":\"unsubscribe\",\"subscription\":\(subscription)}")
        case (.unsubscribe, "unsubscribed"):
            finish(now, completed: true)
        default:
            tally.surprise("churn: a \(type ?? "non-JSON") line at step \(step)")
        }
    }

    private func send(_ line: String) {
        guard var s = socket else { return }
        let ok = s.send(line)
        socket = s
        if !ok { broken("the connection broke while writing", monotonicNanoseconds()) }
    }

    private func broken(_ why: String, _ now: Int64) {
        tally.surprise("churn: \(why)")
        finish(now, completed: false)
    }

    private func finish(_ now: Int64, completed: Bool) {
        socket?.close()
        socket = nil
        step = .waiting
        if completed {
            tally.churnCycles += 1
            tally.churnCycleTimes.append(now - cycleStart)
        }
        schedule(after: now)
    }

    /// The next period's start: a cycle that ran past it skips it, so a slow daemon is not sent a backlog.
    private func schedule(after now: Int64) {
        var next = cycleStart + period
        while next <= now { next += period }
        wakeAt = next
    }

    func stop() {
        socket?.close()
        socket = nil
        wakeAt = nil
    }

    private static func number(after key: String, in line: ArraySlice<UInt8>) -> Int? {
        let pattern = Array(key.utf8)
        guard let start = line.indices.first(where: { line[$0...].starts(with: pattern) }) else { return nil }
        return Int(String(decoding: line[(start + pattern.count)...].prefix { $0 >= 48 && $0 <= 57 }, as: UTF8.self))
    }
}
