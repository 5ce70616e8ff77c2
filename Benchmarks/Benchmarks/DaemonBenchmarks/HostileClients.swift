import Glibc

/// A client that subscribes to everything, raw touches too, and never reads: the daemon must cut it off once
/// daemon.client_queue_bytes are waiting for it. It only polls for the hang-up, then connects again.
final class NonReadingClient: PacedClient {
    private let path: String
    private let reconnect: Int64
    private let tally: LoadTally
    private var socket: ClientSocket?
    private var subscribed: Int64 = 0
    private(set) var wakeAt: Int64?

    init(path: String, reconnect: Int64, first: Int64, tally: LoadTally) {
        self.path = path
        self.reconnect = reconnect
        self.tally = tally
        wakeAt = first
    }

    var fd: Int32? { socket?.fd }
    // POLLRDHUP and POLLHUP only: with POLLIN, the events it does not read would wake the loop all the time.
    var pollEvents: Int16 { Self.pollReadHangUp }
    /// POLLRDHUP, which Glibc only declares with _GNU_SOURCE.
    private static let pollReadHangUp: Int16 = 0x2000

    func wake(now: Int64) {
        wakeAt = nil
        guard var s = ClientSocket(path: path) else {
            tally.connectFailures += 1
            wakeAt = now + reconnect
            return
        }
        _ = s.send(
            "{\"type\":\"hello\",\"version\":1,\"client\":\"never-reads\"}\n"
                + "{\"type\":\"subscribe\",\"events\":[\"gestures\",\"touches\",\"devices\",\"config\"]}")
        socket = s
        subscribed = now
        tally.nonReaderConnections += 1
    }

    func ready(_ revents: Int16, now: Int64) {
        guard let s = socket, revents & (Self.pollReadHangUp | Int16(POLLHUP | POLLERR)) != 0 else { return }
        var unread: Int32 = 0
        _ = ioctl(s.fd, UInt(FIONREAD), &unread)
        // A refusal (too many clients) is a reply at the head of what was not read; anything else is the cut.
        var head = [UInt8](repeating: 0, count: 512)
        let peeked = recv(s.fd, &head, head.count, Int32(MSG_PEEK | MSG_DONTWAIT))
        if peeked > 0, let code = firstError(head[0..<peeked]) {
            tally.error(code)
        } else {
            tally.nonReadersCut += 1
            tally.cutAfter.append(Double(now - subscribed) / 1e9)
            tally.unreadBytes.append(Int(unread))
        }
        s.close()
        socket = nil
        wakeAt = now + reconnect
    }

    /// The code of an error among the first lines, before any event.
    private func firstError(_ bytes: ArraySlice<UInt8>) -> String? {
        for line in bytes.split(separator: UInt8(ascii: "\n")).prefix(2) where ReplyLine.type(line) == "error" {
            return ReplyLine.code(line)
        }
        return nil
    }

    func stop() {
        socket?.close()
        socket = nil
        wakeAt = nil
    }
}

/// A client that sends nonsense, a line each period: random bytes, broken JSON, unknown requests and fields, a
/// request before hello, JSON nested deeper than any decoder should follow. Each line must get one error reply
/// and the connection must stay open.
final class GarbageClient: PacedClient {
    private let path: String
    private let period: Int64
    private let tally: LoadTally
    private var socket: ClientSocket?
    private var sent = 0
    /// Lines sent that have not had their reply yet.
    private(set) var awaiting = 0
    private(set) var wakeAt: Int64?

    init(path: String, period: Int64, first: Int64, tally: LoadTally) {
        self.path = path
        self.period = period
        self.tally = tally
        wakeAt = first
    }

    var fd: Int32? { socket?.fd }
    var pollEvents: Int16 { Int16(socket?.wantsToWrite == true ? POLLIN | POLLOUT : POLLIN) }

    private static let lines: [[UInt8]] = [
        Array("{\"type\":\"status\"".utf8),
        Array("{\"type\":\"fly\",\"id\":7}".utf8),
        Array("{\"type\":\"status\",\"colour\":\"red\"}".utf8),
        Array("{\"type\":\"subscribe\",\"events\":\"everything\"}".utf8),
        Array("[1,2,3]".utf8),
        Array("{\"type\":\"unsubscribe\",\"subscription\":424242}".utf8),
        Array("{\"type\":\"subscribe\",\"filter\":{\"kinds\":[\"juggle\"]}}".utf8),
        Array("{\"type\":\"hello\",\"version\":99}".utf8),
        Array("{\"type\":\"hello\",\"version\":1,\"client\":\"".utf8) + [0xFF, 0xFE] + Array("\"}".utf8),
        Array(repeating: UInt8(ascii: "["), count: 20_000) + Array(repeating: UInt8(ascii: "]"), count: 20_000),
        Array("null".utf8),
        [],
    ]

    func wake(now: Int64) {
        wakeAt = now + period
        guard socket != nil else { return connect() }
        var line: [UInt8]
        if sent % (Self.lines.count + 1) == Self.lines.count {
            line = (0..<Int.random(in: 1...300)).map { _ in UInt8.random(in: 0...255) }.filter { $0 != 10 && $0 != 13 }
        } else {
            line = Self.lines[sent % (Self.lines.count + 1)]
        }
        line.append(10)
        send(line)
        tally.garbageLines += 1
    }

    private func connect() {
        guard let s = ClientSocket(path: path) else {
            tally.connectFailures += 1
            return
        }
        socket = s
        awaiting = 0
        // A request before hello, then hello: the garbage that follows is sent by a greeted client.
        send(Array("{\"type\":\"status\"}\n{\"type\":\"hello\",\"version\":1,\"client\":\"garbage\"}\n".utf8))
        awaiting += 1
    }

    private func send(_ bytes: [UInt8]) {
        guard var s = socket else { return }
        sent += 1
        awaiting += 1
        let ok = s.send(bytes)
        socket = s
        if !ok { closed("the connection broke while writing") }
    }

    func ready(_ revents: Int16, now: Int64) {
        guard var s = socket else { return }
        if revents & Int16(POLLOUT) != 0, !s.flush() { return closed("the connection broke while writing") }
        let open = s.receive { line in
            awaiting -= 1
            switch ReplyLine.type(line) {
            case "error":
                tally.garbageReplies += 1
                tally.error(ReplyLine.code(line) ?? "?")
            case "hello":
                break
            case let other:
                tally.surprise("garbage: a \(other ?? "non-JSON") reply")
            }
        }
        socket = s
        if !open { closed("the daemon closed a client that sent garbage") }
    }

    private func closed(_ why: String) {
        tally.surprise(why)
        tally.garbageUnanswered += awaiting
        socket?.close()
        socket = nil
    }

    func stop() {
        tally.garbageUnanswered += awaiting
        socket?.close()
        socket = nil
        wakeAt = nil
    }
}

/// A client that says hello and then sends a line longer than the protocol's 65536 bytes, every other time
/// without any newline: the daemon must answer line_too_long and close. It connects again a period later.
final class HugeLineClient: PacedClient {
    private let path: String
    private let period: Int64
    private let size: Int
    private let tally: LoadTally
    private var socket: ClientSocket?
    private var sentAt: Int64 = 0
    private var told = false
    private var round = 0
    private(set) var wakeAt: Int64?
    /// How long the daemon may take to close after the line.
    private static let patience: Int64 = 5_000_000_000

    init(path: String, period: Int64, size: Int, first: Int64, tally: LoadTally) {
        self.path = path
        self.period = period
        self.size = size
        self.tally = tally
        wakeAt = first
    }

    var fd: Int32? { socket?.fd }
    var pollEvents: Int16 { Int16(socket?.wantsToWrite == true ? POLLIN | POLLOUT : POLLIN) }

    func wake(now: Int64) {
        if socket != nil {
            tally.surprise("huge line: the daemon kept the connection open")
            return finish(now)
        }
        guard var s = ClientSocket(path: path) else {
            tally.connectFailures += 1
            wakeAt = now + period
            return
        }
        round += 1
        let filler = Array(repeating: UInt8(ascii: "x"), count: size)
        let line = round % 2 == 0
            ? Array("{\"type\":\"status\",\"pad\":\"".utf8) + filler + Array("\"}\n".utf8)
            : filler
        _ = s.send(Array("{\"type\":\"hello\",\"version\":1,\"client\":\"huge\"}\n".utf8) + line)
        socket = s
        told = false
        sentAt = now
        wakeAt = now + Self.patience
        tally.hugeLines += 1
    }

    func ready(_ revents: Int16, now: Int64) {
        guard var s = socket else { return }
        // Writing fails once the daemon has closed: what it said before is still there to read.
        if revents & Int16(POLLOUT) != 0 { _ = s.flush() }
        let open = s.receive { line in
            switch (ReplyLine.type(line), ReplyLine.code(line)) {
            case ("hello", _): break
            case ("error", "line_too_long"):
                told = true
                tally.lineTooLong += 1
            case ("error", let code): tally.error(code ?? "?")
            case (let other, _): tally.surprise("huge line: a \(other ?? "non-JSON") reply")
            }
        }
        socket = s
        guard !open else { return }
        if told { tally.closedAfterHugeLine += 1 } else { tally.surprise("huge line: closed without line_too_long") }
        finish(now)
    }

    private func finish(_ now: Int64) {
        socket?.close()
        socket = nil
        wakeAt = max(now, sentAt + period)
    }

    func stop() {
        socket?.close()
        socket = nil
        wakeAt = nil
    }
}
