@testable import GestureCore
@testable import GestureDaemon
import GestureEngine
import Glibc
import SystemPackage
import Testing

/// The parts that bound what clients can make the daemon do, on made-up times and socket pairs: rates, log
/// budgets, the accept pause, refused connections lingering, a connection's lines taken one at a time, memory
/// given back.
@Suite struct SocketBoundsTests {
    static func ms(_ n: Int64) -> Timestamp { Timestamp(nanoseconds: n * 1_000_000) }

    @Test func aBucketGivesItsBurstThenItsRate() {
        var bucket = TokenBucket(burst: 4, perSecond: 10)
        let t = Self.ms(1000)
        #expect((0..<6).map { _ in bucket.take(at: t) } == [true, true, true, true, false, false])
        #expect(bucket.nextToken == Self.ms(1100))
        let got1 = bucket.take(at: Self.ms(1099))
        #expect(!got1)
        let got2 = bucket.take(at: Self.ms(1100))
        #expect(got2)
        let got3 = bucket.take(at: Self.ms(1100))
        #expect(!got3)
        // Unused, it fills up again to its burst and no further.
        #expect(!bucket.isFull(at: Self.ms(1499)) && bucket.isFull(at: Self.ms(1500)))
        let later = Self.ms(5000)
        #expect((0..<5).map { _ in bucket.take(at: later) } == [true, true, true, true, false])
    }

    @Test func eachUserHasItsRateAndAFullBucketIsForgotten() {
        var rates = RequestRates()
        let t = Self.ms(1000)
        let burst = (0..<RequestRates.burst).map { _ in rates.take(for: 1000, at: t) }
        #expect(!burst.contains(false))
        let got4 = rates.take(for: 1000, at: t)
        #expect(!got4)
        let got5 = rates.take(for: 1001, at: t)
        #expect(got5, "another user's rate is its own")
        // Reconnecting does not refill a spent bucket: it is kept while not full.
        rates.forget(1000, at: t)
        let got6 = rates.take(for: 1000, at: t)
        #expect(!got6)
        #expect(rates.nextToken(for: 1000) > t)
        let full = Timestamp(nanoseconds: t.nanoseconds + 1_000_000_000)
        rates.forget(1000, at: full)
        #expect(rates.nextToken(for: 1000) == .zero)
    }

    @Test func aLogBudgetCountsWhatItLeftOutOnTheNextLine() {
        var budget = LogBudget(burst: 3, perSecond: 2)
        var logged: [String] = []
        for n in 0..<10 { budget.log(at: Self.ms(1000), ["n": "\(n)"]) { logged.append("\($0["n"]!) \($0["log.dropped"] ?? "-")") } }
        #expect(logged == ["0 -", "1 -", "2 -"])
        #expect(budget.dropped == 7)
        budget.log(at: Self.ms(1500), ["n": "10"]) { logged.append("\($0["n"]!) \($0["log.dropped"] ?? "-")") }
        #expect(logged.last == "10 7")
        let got7 = budget.allow(at: Self.ms(1500))
        #expect(got7 == false)
        let got8 = budget.takeDropped()
        #expect(got8 == 1)
    }

    @Test func acceptingPausesLongerWhileItFailsAndResumesOnSuccess() {
        var pause = AcceptPause()
        let got9 = pause.failed(at: Self.ms(0))
        #expect(got9, "the first failure starts an episode")
        #expect(pause.until == Self.ms(50))
        pause.resume(at: Self.ms(49))
        #expect(pause.isPaused)
        pause.resume(at: Self.ms(50))
        #expect(!pause.isPaused)
        let got10 = pause.failed(at: Self.ms(50))
        #expect(!got10)
        #expect(pause.until == Self.ms(150))
        for n in 0..<10 { _ = pause.failed(at: Self.ms(1000 * Int64(n))) }
        #expect(pause.until == Self.ms(10_000), "at most a second")
        let episode = pause.succeeded()
        #expect(episode?.failures == 12 && episode?.since == Self.ms(0))
        #expect(pause.succeeded() == nil)
        _ = pause.failed(at: Self.ms(20_000))
        #expect(pause.until == Self.ms(20_050), "a new episode starts short again")
    }

    static func pair() -> (FileDescriptor, Int32) {
        var fds: [Int32] = [0, 0]
        _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds)
        return (FileDescriptor(rawValue: fds[0]), fds[1])
    }

    static func send(_ fd: Int32, _ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    static func receive(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        return n > 0 ? String(decoding: buffer[..<n], as: UTF8.self) : n == 0 ? "<end>" : "<nothing>"
    }

    /// The refusal is written before the close and the client's own writes do not fail meanwhile, so a client
    /// that sends its hello first still reads why.
    @Test func aRefusedClientReadsWhyThenTheEndAndMayWriteMeanwhile() {
        var refused = RefusedConnections()
        var scratch = [UInt8](repeating: 0, count: 1024)
        let (daemonSide, client) = Self.pair()
        defer { close(client) }
        Self.send(client, "{\"type\":\"hello\",\"version\":1}\n")
        #expect(refused.refuse(daemonSide, with: Array("{\"code\":\"too_many_clients\"}\n".utf8), at: Self.ms(0), scratch: &scratch))
        Self.send(client, "{\"type\":\"status\"}\n")
        #expect(Self.receive(client) == "{\"code\":\"too_many_clients\"}\n")
        #expect(Self.receive(client) == "<end>")
        let got11 = refused.ready(daemonSide.rawValue, scratch: &scratch)
        #expect(got11 == false, "still open: it lingers")
        #expect(refused.nextExpiry == Self.ms(1000))
        let got12 = refused.expire(at: Self.ms(999))
        #expect(!got12)
        let got13 = refused.expire(at: Self.ms(1000))
        #expect(got13)
        #expect(refused.lingering.isEmpty)
    }

    @Test func aRefusedClientThatClosesIsClosedAtOnceAndAtMostThirtyTwoLinger() {
        var refused = RefusedConnections()
        var scratch = [UInt8](repeating: 0, count: 1024)
        var clients: [Int32] = []
        defer { for c in clients { close(c) } }
        for _ in 0..<(RefusedConnections.capacity + 3) {
            let (daemonSide, client) = Self.pair()
            clients.append(client)
            _ = refused.refuse(daemonSide, with: Array("no\n".utf8), at: Self.ms(0), scratch: &scratch)
        }
        #expect(refused.lingering.count == RefusedConnections.capacity)
        #expect(clients.suffix(3).allSatisfy { Self.receive($0) == "no\n" }, "those closed at once were told too")
        let first = refused.lingering[0].fd.rawValue
        close(clients.removeFirst())
        let got14 = refused.ready(first, scratch: &scratch)
        #expect(got14 == true)
        #expect(refused.lingering.count == RefusedConnections.capacity - 1)
        let got15 = refused.ready(12345, scratch: &scratch)
        #expect(got15 == nil)
        refused.closeAll()
    }

    static func connection() -> (PeerConnection, Int32) {
        let (fd, client) = pair()
        return (PeerConnection(id: 1, fd: fd, peer: PeerCredentials(pid: 1, uid: 1000, gid: 1000), trusted: false), client)
    }

    static func lines(_ connection: PeerConnection) -> [String] {
        var lines: [String] = []
        while let line = connection.takeLine(released: { _ in }) { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }

    @Test func linesAreTakenOneAtATimeBlankOnesSkippedAndTheSocketReadOnlyWhenNoneIsLeft() {
        let (connection, client) = Self.connection()
        defer { close(client) }
        var scratch = [UInt8](repeating: 0, count: 16)
        Self.send(client, "\n\r\n \t\n{\"a\":1}\r\n\n{\"b\":2}\n{\"c\"")
        // One receive: the scratch buffer's 16 bytes, the blank lines, the first request and a blank line.
        #expect(connection.receive(into: &scratch, maximumLine: 100) == .open)
        #expect(connection.hasLine)
        #expect(Self.lines(connection) == ["{\"a\":1}"])
        #expect(connection.receive(into: &scratch, maximumLine: 100) == .open)
        #expect(Self.lines(connection) == ["{\"b\":2}"])
        #expect(connection.receive(into: &scratch, maximumLine: 100) == .open)
        #expect(!connection.hasLine, "a partial line waits for its end")
        Self.send(client, ":3}\n")
        #expect(connection.receive(into: &scratch, maximumLine: 100) == .open)
        #expect(Self.lines(connection) == ["{\"c\":3}"])
        close(client)
        #expect(connection.receive(into: &scratch, maximumLine: 100) == .closed(reason: "closed by the client"))
    }

    @Test func aLineLongerThanTheLimitIsCaughtWithoutItsEnd() {
        let (connection, client) = Self.connection()
        defer { close(client) }
        var scratch = [UInt8](repeating: 0, count: 64)
        Self.send(client, String(repeating: "x", count: 101))
        #expect(connection.receive(into: &scratch, maximumLine: 100) == .open)
        #expect(connection.receive(into: &scratch, maximumLine: 100) == .lineTooLong)
        let (other, sender) = Self.connection()
        defer { close(sender) }
        Self.send(sender, String(repeating: "y", count: 101) + "\n")
        #expect(other.receive(into: &scratch, maximumLine: 100) == .open)
        #expect(other.receive(into: &scratch, maximumLine: 100) == .lineTooLong, "ended, but too long all the same")
    }

    /// A flood grows the buffer; once emptied it is let go, and the line handed out stays valid.
    @Test func aGrownBufferIsLetGoWhenItEmpties() {
        let (connection, client) = Self.connection()
        defer { close(client) }
        var scratch = [UInt8](repeating: 0, count: 128 * 1024)
        var released = 0
        let big = "{\"pad\":\"" + String(repeating: "p", count: 100_000) + "\"}"
        Self.send(client, big + "\n")
        while !connection.hasLine { _ = connection.receive(into: &scratch, maximumLine: 200_000) }
        #expect(connection.capacity > PeerConnection.keptCapacity)
        let line = connection.takeLine { released += $0 }
        #expect(released > PeerConnection.keptCapacity)
        #expect(line.map { String(decoding: $0, as: UTF8.self) } == big)
        #expect(connection.capacity == 0)
    }

    @Test func memoryIsTrimmedAfterLargeFreesAtMostOnceASecond() {
        let trim = MemoryTrim()
        var trims = 0
        trim.trim = {
            trims += 1
            return true
        }
        trim.note(released: 1000)
        #expect(trim.due == nil, "small frees are left to the allocator")
        trim.note(released: MemoryTrim.threshold)
        #expect(trim.due == .zero)
        trim.trimIfDue(at: Self.ms(5000))
        #expect(trims == 1 && trim.released == 0)
        trim.note(released: MemoryTrim.threshold)
        #expect(trim.due == Self.ms(6000))
        trim.trimIfDue(at: Self.ms(5500))
        #expect(trims == 1)
        trim.trimIfDue(at: Self.ms(6000))
        #expect(trims == 2)
    }

    @Test func theWatchdogIsFedEveryHalfIntervalAndOnlyWhenWatched() {
        var unwatched = SystemdWatchdog(interval: nil)
        let unwatchedDue = unwatched.isDue(at: Self.ms(0))
        #expect(unwatched.deadline == nil && !unwatchedDue)
        var watchdog = SystemdWatchdog(interval: 5_000_000_000)
        #expect(watchdog.deadline == .zero, "at once, the first time")
        let got16 = watchdog.isDue(at: Self.ms(1000))
        #expect(got16)
        let got17 = watchdog.isDue(at: Self.ms(5999))
        #expect(!got17)
        #expect(watchdog.deadline == Self.ms(6000))
        let got18 = watchdog.isDue(at: Self.ms(6100))
        #expect(got18)
        #expect(watchdog.deadline == Self.ms(11_100))
    }

    @Test func theDescriptorsNeededFollowMaxClients() {
        #expect(DescriptorLimit.needed(maxClients: 128) == 128 + DescriptorLimit.besideClients)
    }
}
