import CGesturedInput
import GestureConfig
import GestureEngine
import GestureProtocol
import Glibc
import LinuxInput
import Logging
import SystemCalls
import SystemPackage

/// The Unix socket, on the input thread: accepts clients, splits their request lines, and writes what the core
/// produced straight to their sockets at the end of each frame. One thread does everything, so an event reaches
/// the kernel's socket buffer without a hand-off to another thread (which cost 45 µs at the median here).
///
/// Backpressure: a write never blocks. What a client's socket buffer cannot take waits in its own queue, up to
/// daemon.client_queue_bytes; a client that lets it fill is disconnected, and the others never wait for it.
final class SocketServer: Outbox {
    /// What happened on the socket, for the core, in order.
    enum Event {
        case connected(ClientID, PeerCredentials)
        case line(ClientID, [UInt8])
        case disconnected(ClientID, reason: String)
    }

    private let settings: DaemonSettings
    private let logger: Logger
    private var listener: FileDescriptor?
    // Read every turn (the poll set, a line's client) by the loop's thread alone, never while another access is
    // open: unchecked, as `written` below.
    @exclusivity(unchecked) private var clients: [ClientID: ClientConnection] = [:]
    private var byDescriptor: [FileDescriptor: ClientConnection] = [:]
    private var nextID: ClientID = 1
    /// What happened, oldest first; those before `handedOut` were given to the loop already.
    @exclusivity(unchecked) private var events: [Event] = []
    @exclusivity(unchecked) private var handedOut = 0
    /// Clients the current frame sent something (unchecked, as in DeviceSession), and clients the core asked to
    /// close (unchecked too: every frame's flush looks at both).
    @exclusivity(unchecked) private var written: [ClientID] = []
    @exclusivity(unchecked) private var closing: [(ClientID, String)] = []
    private var scratch = [UInt8](repeating: 0, count: 65536)
    /// The socket file this process created, removed at shutdown.
    private var boundPath: String?
    /// Nanoseconds spent writing to clients, added up while the caller has set it (FrameLatency's sampled
    /// frames); nil: flushes are not timed and read no clock. Read by every frame's flush, on the loop's thread
    /// alone: unchecked.
    @exclusivity(unchecked) var writingTime: Int64?

    init(settings: DaemonSettings, logger: Logger) {
        self.settings = settings
        self.logger = logger
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
            listener = try UnixSocketConnection.listen(at: path, backlog: 64)
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
        polled.removeAll()
        descriptorsVersion += 1
        listener?.closeReleasing()
        listener = nil
        // The file may be gone already (removed by hand): nothing then to remove.
        if let boundPath { try? removeStale(boundPath) }
    }

    // MARK: Polling

    /// The listener and every client; a client with bytes queued is also waited on for room to write. A client
    /// whose request lines still wait to be handled is not read meanwhile: what it sends waits in its socket,
    /// so a client that floods the daemon holds no more of its memory than one receive's worth.
    func descriptors(into set: inout [pollfd]) {
        if let listener { set.append(pollfd(fd: listener.rawValue, events: Int16(POLLIN), revents: 0)) }
        for client in polled { set.append(pollfd(fd: client.fd.rawValue, events: Self.events(of: client), revents: 0)) }
    }

    /// What each client is waited on for, set again in the entries `descriptors` gave from `start` on: it changes
    /// with the client's queues from turn to turn, the descriptors themselves only with `descriptorsVersion`.
    func updateEvents(in set: inout [pollfd], from start: Int) {
        var i = start + (listener == nil ? 0 : 1)
        for client in polled {
            set[i].events = Self.events(of: client)
            i += 1
        }
    }

    private static func events(of client: ClientConnection) -> Int16 {
        var events: Int32 = client.waitingLines == 0 ? POLLIN : 0
        if client.queuedBytes > 0 { events |= POLLOUT }
        return Int16(events)
    }

    /// The clients in the order `descriptors` gives theirs, and a count that changes whenever that order or the
    /// listener does: the loop keeps its poll set between turns and builds it again only then (building it every
    /// turn, a dictionary walked and an entry appended for each descriptor, cost 600 instructions a turn).
    @exclusivity(unchecked) private var polled: [ClientConnection] = []
    @exclusivity(unchecked) private(set) var descriptorsVersion = 0

    /// Handles a descriptor `descriptors` gave that poll found ready.
    func ready(_ entry: pollfd) {
        let now = monotonicNow().nanoseconds
        if turnStarted == nil { turnStarted = now }
        // Room to write is always taken: it only empties queues.
        if entry.revents & Int16(POLLOUT) == 0, now - turnStarted! > Self.readingBudget { return }
        if let listener, entry.fd == listener.rawValue {
            accept(listener)
            return
        }
        guard let client = byDescriptor[FileDescriptor(rawValue: entry.fd)] else { return }
        if entry.revents & Int16(POLLOUT) != 0 {
            do {
                try client.write()
            } catch {
                return drop(client.id, reason: "the connection broke: \(error.errno)")
            }
        }
        if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { read(client) }
    }

    /// The oldest event not handed out yet.
    func nextEvent() -> Event? {
        guard handedOut < events.count else { return nil }
        let event = events[handedOut]
        handedOut += 1
        if case .line(let id, _) = event { clients[id]?.waitingLines -= 1 }
        if handedOut == events.count {
            events.removeAll(keepingCapacity: true)
            handedOut = 0
        } else if handedOut > 1024, handedOut * 2 > events.count {
            events.removeFirst(handedOut)
            handedOut = 0
        }
        return event
    }

    /// Events that `nextEvent` has not handed out yet: the loop comes back for them without waiting.
    var hasWaitingEvents: Bool { handedOut < events.count }

    /// Reading clients and accepting stop for the turn once this many nanoseconds went to them since the turn's
    /// first ready descriptor: poll reports the rest again, after the input that came meanwhile.
    private static let readingBudget: Int64 = 100_000
    @exclusivity(unchecked) private var turnStarted: Int64?

    /// A new turn of the loop: its budget starts with the first descriptor handled, after poll's wait.
    func beginTurn() { turnStarted = nil }

    /// Connections taken from the backlog in one turn; the rest are taken on the next.
    private static let acceptsPerTurn = 16

    private func accept(_ listener: FileDescriptor) {
        for _ in 0..<Self.acceptsPerTurn {
            let accepted: Int32?
            do {
                accepted = try nonBlockingCall("accept4", on: "the socket") { gestured_accept_cloexec(listener.rawValue) }
            } catch where error.errno == .connectionAbort {
                continue
            } catch {
                // EMFILE and the like: the client waits in the backlog until one leaves.
                logger.warning("accept failed", metadata: ["error": "\(error.errno)"])
                return
            }
            // Nothing waiting: all taken.
            guard let accepted else { return }
            let fd = FileDescriptor(rawValue: accepted)
            let id = nextID
            nextID += 1
            let client = ClientConnection(id: id, fd: fd)
            clients[id] = client
            byDescriptor[fd] = client
            polled.append(client)
            descriptorsVersion += 1
            // An unknown peer is nobody: no uid or group any configuration allows.
            events.append(.connected(id, PeerCredentials.read(fd) ?? PeerCredentials(pid: 0, uid: UInt32.max, gid: UInt32.max)))
        }
    }

    private func read(_ client: ClientConnection) {
        let id = client.id
        let outcome = client.read(into: &scratch, maximumLine: ProtocolVersion.maximumLineBytes) {
            events.append(.line(id, Array($0)))
            client.waitingLines += 1
        }
        switch outcome {
        case .open:
            break
        case .closed(let reason):
            drop(id, reason: reason)
        case .lineTooLong:
            let reason = "sent a line over \(ProtocolVersion.maximumLineBytes) bytes"
            logger.notice("client disconnected", metadata: ["client.id": "\(id)", "reason": "\(reason)"])
            Reply.error(RequestError("line_too_long", "a request line may be at most \(ProtocolVersion.maximumLineBytes) bytes; closing"), id: nil)
                .withUnsafeBufferPointer { client.enqueue($0) }
            // A last word, as far as the socket takes it: the connection is dropped either way.
            try? client.write()
            drop(id, reason: reason)
        }
    }

    private func drop(_ id: ClientID, reason: String) {
        guard let client = clients.removeValue(forKey: id) else { return }
        byDescriptor[client.fd] = nil
        polled.removeAll { $0 === client }
        descriptorsVersion += 1
        events.append(.disconnected(id, reason: reason))
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
            do {
                try client.write()
            } catch {
                drop(id, reason: "the connection broke: \(error.errno)")
                continue
            }
            if client.queuedBytes > settings.clientQueueBytes {
                let reason = "stopped reading: more than daemon.client_queue_bytes queued"
                logger.notice("client disconnected for not reading", metadata: ["client.id": "\(id)", "reason": "\(reason)"])
                drop(id, reason: reason)
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
