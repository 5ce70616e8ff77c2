import GestureCore
import CGesturedInput
import GestureConfig
import GestureEngine
import GestureProtocol
import Glibc
import LinuxInput
import Logging
import SystemCalls
import SystemPackage

/// The Unix socket, on the input thread: accepts clients within the limits, hands their request lines to the
/// core one at a time, and writes what the core produced straight to their sockets at the end of each frame.
/// One thread does everything, so an event reaches the kernel's socket buffer without a hand-off to another
/// thread (which cost 45 µs at the median here).
///
/// Bounded work (docs/protocol.md, Limits and backpressure): a connection's received bytes stay in its buffer
/// and lines are taken out as the core gets to them, one per connection in turn; a connection is read again only
/// when it has no complete line; its next line waits while more than 64 KiB of replies wait for it; each user's
/// lines come at a bounded rate (RequestRates); a connection that hung up has nothing more handled.
///
/// Backpressure: a write never blocks. What a client's socket buffer cannot take waits in its own queue, up to
/// daemon.client_queue_bytes; a client that lets it fill is disconnected, and the others never wait for it.
final class SocketServer: Outbox {
    /// What happened on the socket, for the core, in order. A line is a slice of the connection's buffer, valid
    /// for as long as it is kept (the core handles it at once).
    enum Event {
        case connected(ClientID, PeerCredentials)
        case line(ClientID, ArraySlice<UInt8>)
        case disconnected(ClientID, reason: String)
    }

    /// The limits (max_clients, max_clients_per_user, client_queue_bytes) follow reloads through `apply`.
    private var settings: DaemonSettings
    private let logger: Logger
    /// Peers daemon.control allows: not counted against max_clients_per_user, not held to the request rate.
    var isTrusted: (PeerCredentials) -> Bool = { _ in false }
    private var listener: FileDescriptor?
    // Read every turn (the poll set, a line's client) by the loop's thread alone, never while another access is
    // open: unchecked, as `written` below.
    @exclusivity(unchecked) private var clients: [ClientID: PeerConnection] = [:]
    private var byDescriptor: [FileDescriptor: PeerConnection] = [:]
    private var nextID: ClientID = 1
    /// Connections and disconnections, oldest first; those before `handedOut` were given to the loop already.
    @exclusivity(unchecked) private var changes: [Event] = []
    @exclusivity(unchecked) private var handedOut = 0
    /// Connections with a request line buffered, served in turn from `nextServed` (one line each a pass). Those
    /// closed or without a line any more are taken out as the pass meets them.
    @exclusivity(unchecked) private var withLines: [PeerConnection] = []
    @exclusivity(unchecked) private var nextServed = 0
    /// A whole pass found no line it could hand out (their clients' replies unread, their users' rates spent):
    /// none is looked for until a reply is written, a line arrives, or `recheck` (a rate's next token) passes.
    @exclusivity(unchecked) private var linesBlocked = false
    @exclusivity(unchecked) private var recheck: Timestamp?
    private var rates = RequestRates()
    /// Connections of each user not trusted, for max_clients_per_user.
    private var connectionsOfUser: [UInt32: Int] = [:]
    private var refused = RefusedConnections()
    private var acceptPause = AcceptPause()
    /// Connections accepted, at most 1,000 a second after a burst of 128: each costs the kernel and the core
    /// work whoever makes it, and a user connecting and closing in a loop (27,000 a second here) kept a core
    /// busy. The rest wait in the listener's backlog; while the rate is spent, the listener is not polled.
    private var acceptRate = TokenBucket(burst: 128, perSecond: 1000)
    @exclusivity(unchecked) private var acceptsThrottled = false
    /// Memory given back after large frees: the server's own buffers, and what the loop notes (a reload).
    let memory = MemoryTrim()
    /// Lines clients cause, each kind within its budget (LogBudget).
    private var refusalLog = LogBudget(), acceptLog = LogBudget(), dropLog = LogBudget()
    /// Clients the current frame sent something (unchecked, as in DeviceSession), and clients the core asked to
    /// close (unchecked too: every frame's flush looks at both).
    @exclusivity(unchecked) private var written: [ClientID] = []
    @exclusivity(unchecked) private var closing: [(ClientID, String)] = []
    /// One receive: a client's buffer holds at most a partial line (65,536 bytes) and this much more.
    private var scratch = [UInt8](repeating: 0, count: 16 * 1024)
    /// The socket file this process created, removed at shutdown.
    private var boundPath: String?
    /// Nanoseconds spent writing to clients, added up while the caller has set it (FrameLatency's sampled
    /// frames); nil: flushes are not timed and read no clock. Read by every frame's flush, on the loop's thread
    /// alone: unchecked.
    @exclusivity(unchecked) var writingTime: Int64?
    /// The turn's clock reading (the loop's), for rates, pauses and lingering refusals.
    @exclusivity(unchecked) private var turnTime = Timestamp.zero

    /// A connection's next line waits while more than this is queued for it: replies count against the client
    /// that asked, so a pipelined flood of large replies waits for the client to read instead of growing.
    static let replyBudget = 64 * 1024

    init(settings: DaemonSettings, logger: Logger) {
        self.settings = settings
        self.logger = logger
    }

    /// A reloaded configuration's limits; connections over a lowered limit stay.
    func apply(_ new: DaemonSettings) {
        settings.maxClients = new.maxClients
        settings.maxClientsPerUser = new.maxClientsPerUser
        settings.clientQueueBytes = new.clientQueueBytes
    }

    /// Listens on the socket systemd passed, else binds `path` with the configured group and mode.
    func start(path: String, activated fd: Int32?) throws {
        if let fd {
            let activated = FileDescriptor(rawValue: fd)
            try activated.setNonBlocking()
            listener = activated
            logger.info("listening on the socket systemd passed", metadata: ["socket.fd": "\(fd)"])
            return
        }
        try refuseIfServed(path)
        try removeStale(path)
        let previous = umask(0o177)
        defer { umask(previous) }
        do {
            listener = try UnixSocketConnection.listen(at: path, backlog: Self.backlog)
        } catch {
            throw DaemonError("cannot listen on \(path): \(error.errno)")
        }
        boundPath = path
        try setOwnership(path)
        logger.info("listening", metadata: ["socket.path": "\(path)", "socket.mode": "0o\(String(settings.socketMode, radix: 8))", "socket.group": "\(settings.socketGroup ?? "-")"])
    }

    /// Another daemon answering on `path` keeps it: removing its socket would cut off its clients.
    private func refuseIfServed(_ path: String) throws {
        if let fd = try? UnixSocketConnection.connect(to: path) {
            fd.closeReleasing()
            throw DaemonError("another gestured is already serving \(path)")
        }
    }

    /// A socket file nobody answers on, left by a daemon that did not stop cleanly; none there is fine.
    private func removeStale(_ path: String) throws(SystemCallError) {
        do {
            _ = try systemCall("unlink", on: path) { unlink(path) }
        } catch where error.errno == .noSuchFileOrDirectory {}
    }

    private func setOwnership(_ path: String) throws {
        _ = try systemCall("chmod", on: path) { chmod(path, mode_t(settings.socketMode)) }
        guard let name = settings.socketGroup else { return }
        guard let group = getgrnam(name) else {
            throw DaemonError("daemon.socket_group '\(name)' is not a group on this machine (create it, or see systemd/gestured.sysusers)")
        }
        do {
            _ = try systemCall("chown", on: path) { chown(path, uid_t.max, group.pointee.gr_gid) }
        } catch {
            throw DaemonError("cannot give \(path) to group '\(name)': \(error.errno)")
        }
    }

    func shutdown() {
        clients.removeAll()
        byDescriptor.removeAll()
        withLines.removeAll()
        refused.closeAll()
        polled.removeAll()
        descriptorsVersion += 1
        listener?.closeReleasing()
        listener = nil
        // The file may be gone already (removed by hand): nothing then to remove.
        if let boundPath { try? removeStale(boundPath) }
    }

    // MARK: Polling

    /// The listener, every client and the refused connections still lingering. A client is waited on for reading
    /// only while it has no complete line buffered (what it sends meanwhile waits in its socket), for room to
    /// write while it has bytes queued, and always for hanging up (poll reports that unasked).
    func descriptors(into set: inout [pollfd]) {
        if let listener { set.append(pollfd(fd: listener.rawValue, events: listenerEvents, revents: 0)) }
        for client in polled { set.append(pollfd(fd: client.fd.rawValue, events: Self.events(of: client), revents: 0)) }
        for entry in refused.lingering { set.append(pollfd(fd: entry.fd.rawValue, events: Int16(POLLIN), revents: 0)) }
    }

    /// What the listener and each client are waited on for, set again in the entries `descriptors` gave from
    /// `start` on: it changes with the clients' buffers from turn to turn, the descriptors themselves only with
    /// `descriptorsVersion`.
    func updateEvents(in set: inout [pollfd], from start: Int) {
        var i = start
        if listener != nil {
            set[i].events = listenerEvents
            i += 1
        }
        for client in polled {
            set[i].events = Self.events(of: client)
            i += 1
        }
    }

    /// The listener is not polled while accepting is paused or the accept rate is spent, nor while the core has
    /// many connections and disconnections still to hear of (a user connecting and closing faster than the core
    /// takes them would otherwise grow that queue without bound): connections wait in the kernel's backlog.
    private var listenerEvents: Int16 {
        acceptPause.isPaused || acceptsThrottled || changes.count - handedOut >= Self.changesWaiting ? 0 : Int16(POLLIN)
    }
    private static let changesWaiting = 64

    private static func events(of client: PeerConnection) -> Int16 {
        var events: Int32 = client.hasLine ? 0 : POLLIN
        if client.queuedBytes > 0 { events |= POLLOUT }
        return Int16(events)
    }

    /// The clients in the order `descriptors` gives theirs, and a count that changes whenever that order, the
    /// listener or the lingering refusals do: the loop keeps its poll set between turns and builds it again only
    /// then (building it every turn, a dictionary walked and an entry appended for each descriptor, cost 600
    /// instructions a turn).
    @exclusivity(unchecked) private var polled: [PeerConnection] = []
    @exclusivity(unchecked) private(set) var descriptorsVersion = 0

    /// Handles a descriptor `descriptors` gave that poll found ready.
    func ready(_ entry: pollfd) {
        if let listener, entry.fd == listener.rawValue {
            accept(listener)
            return
        }
        if turnStarted == nil { turnStarted = monotonicNow().nanoseconds }
        // Room to write and hang-ups are always taken: they only empty queues and free descriptors (connections
        // closing as fast as they come would otherwise fill max_clients while the budget went to reading).
        if entry.revents & Int16(POLLOUT | POLLHUP | POLLERR) == 0, overBudget { return }
        guard let client = byDescriptor[FileDescriptor(rawValue: entry.fd)] else {
            if refused.ready(entry.fd, scratch: &scratch) == true { descriptorsVersion += 1 }
            return
        }
        // Gone (closed, not merely done writing): nothing it sent is handled, since no one would read the replies.
        if entry.revents & Int16(POLLHUP | POLLERR) != 0 { return drop(client, reason: "the client hung up") }
        if entry.revents & Int16(POLLOUT) != 0 {
            let wasOver = client.queuedBytes > Self.replyBudget
            do {
                try client.write(released: memory.note)
            } catch {
                return drop(client, reason: "the connection broke: \(error.errno)")
            }
            if wasOver, client.queuedBytes <= Self.replyBudget, client.hasLine { linesBlocked = false }
        }
        if entry.revents & Int16(POLLIN) != 0, !client.hasLine { receive(client) }
    }

    /// The next thing for the core: connections and disconnections (in order) and request lines (one
    /// connection's after another's) in turn, so that a user connecting and closing in a loop cannot hold back
    /// the others' requests. A connection's lines go only after the core was told of it. `time` is the turn's,
    /// for the users' rates.
    func nextEvent(at time: Timestamp) -> Event? {
        if lineNext {
            if let line = nextLine(at: time) {
                lineNext = false
                return line
            }
            return nextChange()
        }
        if let change = nextChange() {
            lineNext = true
            return change
        }
        return nextLine(at: time)
    }

    /// Whether a line goes before a change when there are both.
    @exclusivity(unchecked) private var lineNext = false

    private func nextChange() -> Event? {
        guard handedOut < changes.count else { return nil }
        let event = changes[handedOut]
        handedOut += 1
        if handedOut == changes.count {
            changes.removeAll(keepingCapacity: true)
            handedOut = 0
        }
        if case .connected(let id, _) = event, let client = clients[id] {
            client.announced = true
            if client.hasLine { linesBlocked = false }
        }
        return event
    }

    /// One pass at most over the connections with lines, from where the last one stopped.
    private func nextLine(at time: Timestamp) -> Event? {
        guard !linesBlocked else { return nil }
        var looked = 0
        var earliestToken: Timestamp?
        while looked < withLines.count {
            if nextServed >= withLines.count { nextServed = 0 }
            let client = withLines[nextServed]
            guard client.isOpen, client.hasLine else {
                withLines.remove(at: nextServed)
                continue
            }
            looked += 1
            guard client.announced, client.queuedBytes <= Self.replyBudget else {
                nextServed += 1
                continue
            }
            guard client.trusted || rates.take(for: client.peer.uid, at: time) else {
                let next = rates.nextToken(for: client.peer.uid)
                if earliestToken.map({ next < $0 }) ?? true { earliestToken = next }
                nextServed += 1
                continue
            }
            let line = client.takeLine(released: memory.note)!
            if client.hasLine { nextServed += 1 } else { withLines.remove(at: nextServed) }
            return .line(client.id, line)
        }
        linesBlocked = !withLines.isEmpty
        recheck = earliestToken
        return nil
    }

    /// Connections, disconnections or lines the loop can have now: it comes back for them without waiting.
    var hasWaitingEvents: Bool { handedOut < changes.count || (!withLines.isEmpty && !linesBlocked) }

    /// The earliest moment the server has something to do without a descriptor being ready: a user's rate lets
    /// lines through again, accepting resumes (after a pause, or with the accept rate's next token), a refused
    /// connection's linger ends, freed memory is given back, the log can tell of lines it left out.
    var nextDeadline: Timestamp? {
        (linesBlocked ? recheck : nil).earliest(refused.nextExpiry).earliest(memory.due)
            .earliest(acceptPause.until).earliest(acceptsThrottled ? acceptRate.nextToken : nil)
            .earliest(refusalLog.reportDue).earliest(acceptLog.reportDue).earliest(dropLog.reportDue)
    }

    /// Reading clients stops for the turn once this many nanoseconds went to them since the turn's first ready
    /// descriptor: poll reports the rest again, after the input that came meanwhile. Accepting has a budget of
    /// its own (`acceptBudget`), so that neither a flood of connections nor one of requests holds up the other.
    private static let readingBudget: Int64 = 100_000
    private static let acceptBudget: Int64 = 50_000
    @exclusivity(unchecked) private var turnStarted: Int64?
    private var overBudget: Bool { monotonicNow().nanoseconds - (turnStarted ?? 0) > Self.readingBudget }

    /// A new turn of the loop at `time` (its clock reading, after the wait): the reading budget starts with the
    /// first descriptor handled; what was due by then happens.
    func beginTurn(at time: Timestamp) {
        turnTime = time
        turnStarted = nil
        acceptPause.resume(at: time)
        if acceptsThrottled, acceptRate.hasToken(at: time) { acceptsThrottled = false }
        if refused.expire(at: time) { descriptorsVersion += 1 }
        if linesBlocked, let recheck, recheck <= time { linesBlocked = false }
        memory.trimIfDue(at: time)
        refusalLog.reportDropped(at: time) { logger.warning("client refused", metadata: $0) }
        acceptLog.reportDropped(at: time) { logger.warning("accept failed", metadata: $0) }
        dropLog.reportDropped(at: time) { logger.notice("client disconnected", metadata: $0) }
    }

    /// Connections waiting to be accepted (gestured.socket's Backlog= too): at the accept rate, a new connection
    /// waits behind at most this many of a user connecting in a loop.
    static let backlog: Int32 = 64

    /// Connections taken from the backlog in one turn, within the accept budget; the rest are taken on the next.
    private static let acceptsPerTurn = 16

    private func accept(_ listener: FileDescriptor) {
        let started = monotonicNow().nanoseconds
        for n in 0..<Self.acceptsPerTurn {
            let spent = monotonicNow().nanoseconds - started > Self.acceptBudget
            if n > 0, spent || changes.count - handedOut >= Self.changesWaiting { return }
            guard acceptRate.hasToken(at: turnTime) else {
                acceptsThrottled = true
                return
            }
            let accepted: Int32?
            do {
                accepted = try nonBlockingCall("accept4", on: "the socket") { gestured_accept_cloexec(listener.rawValue) }
            } catch where error.errno == .connectionAbort {
                continue
            } catch where [.tooManyOpenFiles, .tooManyOpenFilesInSystem, .noBufferSpace, .noMemory].contains(error.errno) {
                // The client waits in the backlog until descriptors are free again; polling the listener meanwhile
                // would spin.
                if acceptPause.failed(at: turnTime) {
                    logger.warning(
                        "cannot accept connections: out of descriptors or memory; pausing accepts (50 ms, doubling up to 1 s) until one succeeds",
                        metadata: ["error": "\(error.errno)", "clients": "\(clients.count)"])
                }
                return
            } catch {
                acceptLog.log(at: turnTime, ["error": "\(error.errno)"]) { logger.warning("accept failed", metadata: $0) }
                return
            }
            // Nothing waiting: all taken.
            guard let accepted else { return }
            _ = acceptRate.take(at: turnTime)
            if let episode = acceptPause.succeeded() {
                logger.notice(
                    "accepting connections again",
                    metadata: ["accept.failures": "\(episode.failures)", "accept.paused_s": "\(turnTime - episode.since)"])
            }
            admit(FileDescriptor(rawValue: accepted))
        }
    }

    /// A connection within max_clients and its user's max_clients_per_user becomes a client; one beyond is told
    /// why and let go (RefusedConnections). The core is never handed a connection over the limits.
    private func admit(_ fd: FileDescriptor) {
        // An unknown peer is nobody: no uid or group any configuration allows.
        let peer = PeerCredentials.read(fd) ?? PeerCredentials(pid: 0, uid: UInt32.max, gid: UInt32.max)
        let trusted = isTrusted(peer)
        let refusal: RequestError?
        if clients.count >= settings.maxClients {
            refusal = RequestError("too_many_clients", "the daemon serves at most \(settings.maxClients) clients (daemon.max_clients)")
        } else if !trusted, connectionsOfUser[peer.uid, default: 0] >= settings.maxClientsPerUser {
            refusal = RequestError(
                "too_many_connections_for_user",
                "uid \(peer.uid) already has \(settings.maxClientsPerUser) connections, the most daemon.max_clients_per_user allows")
        } else {
            refusal = nil
        }
        if let refusal {
            refusalLog.log(at: turnTime, ["client.pid": "\(peer.pid)", "client.uid": "\(peer.uid)", "code": "\(refusal.code)"]) {
                logger.warning("client refused", metadata: $0)
            }
            if refused.refuse(fd, with: GestureProtocol.Event.notice(refusal).line(), at: turnTime, scratch: &scratch) { descriptorsVersion += 1 }
            return
        }
        let id = nextID
        nextID = nextID.next
        let client = PeerConnection(id: id, fd: fd, peer: peer, trusted: trusted)
        clients[id] = client
        byDescriptor[fd] = client
        polled.append(client)
        if !trusted { connectionsOfUser[peer.uid, default: 0] += 1 }
        descriptorsVersion += 1
        changes.append(.connected(id, peer))
    }

    private func receive(_ client: PeerConnection) {
        switch client.receive(into: &scratch, maximumLine: ProtocolVersion.maximumLineBytes) {
        case .open:
            if client.hasLine {
                withLines.append(client)
                linesBlocked = false
            }
        case .closed(let reason):
            drop(client, reason: reason)
        case .lineTooLong:
            let reason = "sent a line over \(ProtocolVersion.maximumLineBytes) bytes"
            dropLog.log(at: turnTime, ["client.id": "\(client.id)", "reason": "\(reason)"]) { logger.notice("client disconnected", metadata: $0) }
            GestureProtocol.Event.notice(RequestError("line_too_long", "a request line may be at most \(ProtocolVersion.maximumLineBytes) bytes; closing")).line()
                .withUnsafeBufferPointer { client.enqueue($0) }
            // A last word, as far as the socket takes it: the connection is dropped either way.
            try? client.write()
            drop(client, reason: reason)
        }
    }

    private func drop(_ client: PeerConnection, reason: String) {
        guard client.isOpen else { return }
        client.isOpen = false
        clients[client.id] = nil
        byDescriptor[client.fd] = nil
        polled.removeAll { $0 === client }
        if !client.trusted {
            connectionsOfUser[client.peer.uid]! -= 1
            if connectionsOfUser[client.peer.uid] == 0 {
                connectionsOfUser[client.peer.uid] = nil
                rates.forget(client.peer.uid, at: turnTime)
            }
        }
        memory.note(released: client.capacity)
        descriptorsVersion += 1
        changes.append(.disconnected(client.id, reason: reason))
    }

    private func drop(_ id: ClientID, reason: String) {
        if let client = clients[id] { drop(client, reason: reason) }
    }

    // MARK: Outbox

    func send(_ line: [UInt8], to client: ClientID) {
        line.withUnsafeBufferPointer { send($0, to: client) }
    }

    func send(_ line: UnsafeBufferPointer<UInt8>, to client: ClientID) {
        guard let connection = clients[client] else { return }
        if !connection.scheduled {
            connection.scheduled = true
            written.append(client)
        }
        connection.enqueue(line)
    }

    func close(_ client: ClientID, reason: String) {
        closing.append((client, reason))
    }

    func flush() {
        guard !written.isEmpty || !closing.isEmpty else { return }
        let started = writingTime == nil ? nil : monotonicNow()
        defer { if let started { writingTime! += monotonicNow().nanoseconds - started.nanoseconds } }
        for id in written {
            guard let client = clients[id] else { continue }
            client.scheduled = false
            let wasOver = client.queuedBytes > Self.replyBudget
            do {
                try client.write(released: memory.note)
            } catch {
                drop(client, reason: "the connection broke: \(error.errno)")
                continue
            }
            if client.queuedBytes > settings.clientQueueBytes {
                let reason = "stopped reading: more than daemon.client_queue_bytes queued"
                dropLog.log(at: turnTime, ["client.id": "\(id)", "reason": "\(reason)"]) { logger.notice("client disconnected for not reading", metadata: $0) }
                drop(client, reason: reason)
            } else if wasOver, client.queuedBytes <= Self.replyBudget, client.hasLine {
                linesBlocked = false
            }
        }
        written.removeAll(keepingCapacity: true)
        for (id, reason) in closing {
            // What was queued for it (its last reply) goes out as far as the socket takes it.
            try? clients[id]?.write()
            drop(id, reason: reason)
        }
        closing.removeAll(keepingCapacity: true)
    }
}

extension PeerCredentials {
    /// SO_PEERCRED and SO_PEERGROUPS of a connected Unix socket: who connected, with the groups it had when it
    /// connected. Both are the kernel's record of the connection, so a peer that exits and leaves its pid to
    /// another process cannot lend that process's groups (reading /proc/PID/status after the fact could).
    static func read(_ fd: FileDescriptor) -> PeerCredentials? {
        var credentials = gestured_peer_credentials()
        var length = socklen_t(MemoryLayout<gestured_peer_credentials>.size)
        guard (try? systemCall("getsockopt(SO_PEERCRED)", on: "a client", { getsockopt(fd.rawValue, SOL_SOCKET, SO_PEERCRED, &credentials, &length) })) != nil
        else { return nil }
        return PeerCredentials(pid: credentials.pid, uid: credentials.uid, gid: credentials.gid, groups: peerGroups(fd))
    }

    /// The peer's supplementary groups; none when the kernel cannot say (then only its uid and gid count).
    static func peerGroups(_ fd: FileDescriptor) -> [UInt32] {
        var groups = [UInt32](repeating: 0, count: 32)
        while true {
            var length = socklen_t(groups.count * MemoryLayout<UInt32>.size)
            do {
                _ = try systemCall("getsockopt(SO_PEERGROUPS)", on: "a client") {
                    groups.withUnsafeMutableBytes { getsockopt(fd.rawValue, SOL_SOCKET, gestured_so_peergroups(), $0.baseAddress, &length) }
                }
                return Array(groups.prefix(Int(length) / MemoryLayout<UInt32>.size))
            } catch {
                // ERANGE: the kernel says how much room the list needs (NGROUPS_MAX is 65536).
                let needed = Int(length) / MemoryLayout<UInt32>.size
                guard error.errno == .outOfRange, needed > groups.count, needed <= 65_536 else { return [] }
                groups = [UInt32](repeating: 0, count: needed)
            }
        }
    }
}
