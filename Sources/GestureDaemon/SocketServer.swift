import CGesturedInput
import GestureConfig
import GestureProtocol
import Glibc
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// The Unix socket: accepts clients, frames their request lines and hands them to the input thread's queue;
/// sends what the core produced. One event-loop thread does all socket I/O, so a slow client costs the input
/// thread nothing: the core's lines are handed over in one batch per frame.
///
/// Backpressure: each client has a bounded queue (daemon.client_queue_bytes, on top of the kernel's socket
/// buffer). A client that lets it fill is disconnected; the others never wait for it.
final class SocketServer: Outbox, @unchecked Sendable {
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private var loop: any EventLoop { group.next() }
    private let queue: CommandQueue
    private let logger: Logger
    private let settings: DaemonSettings
    private let nextID = Atomic<Int>(1)
    /// Only touched on the event loop.
    private var channels: [ClientID: any Channel] = [:]
    /// Only touched on the input thread: the lines of the current frame, per client, and who to close.
    private var pending: [ClientID: [UInt8]] = [:]
    private var closing: [(ClientID, String)] = []
    private var serverChannel: (any Channel)?
    /// The socket file this process created, removed at shutdown.
    private var boundPath: String?

    init(settings: DaemonSettings, queue: CommandQueue, logger: Logger) {
        self.settings = settings
        self.queue = queue
        self.logger = logger
    }

    /// Listens on the socket systemd passed, else binds `path` with the configured group and mode.
    func start(path: String, activated fd: Int32?) throws {
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .childChannelOption(.writeBufferWaterMark, value: .init(low: settings.clientQueueBytes / 2, high: settings.clientQueueBytes))
            .childChannelInitializer { [self] channel in
                let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFramer(maximumLength: ProtocolVersion.maximumLineBytes)))
                    try channel.pipeline.syncOperations.addHandler(ClientHandler(id: id, server: self))
                }
            }
        if let fd {
            serverChannel = try bootstrap.withBoundSocket(fd).wait()
            logger.info("listening on the socket systemd passed", metadata: ["socket.fd": "\(fd)"])
            return
        }
        try refuseIfServed(path)
        let previous = umask(0o177)
        defer { umask(previous) }
        serverChannel = try bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: true).wait()
        boundPath = path
        try setOwnership(path)
        logger.info("listening", metadata: ["socket.path": "\(path)", "socket.mode": "0o\(String(settings.socketMode, radix: 8))", "socket.group": "\(settings.socketGroup ?? "-")"])
    }

    /// Another daemon answering on `path` keeps it: removing its socket would cut off its clients.
    private func refuseIfServed(_ path: String) throws {
        if case .success(let fd) = UnixSocketConnection.connect(to: path) {
            Glibc.close(fd)
            throw DaemonError("another gestured is already serving \(path)")
        }
    }

    private func setOwnership(_ path: String) throws {
        guard chmod(path, mode_t(settings.socketMode)) == 0 else {
            throw DaemonError("chmod \(path): \(String(cString: strerror(errno)))")
        }
        guard let name = settings.socketGroup else { return }
        guard let group = getgrnam(name) else {
            throw DaemonError("daemon.socket_group '\(name)' is not a group on this machine (create it, or see systemd/gestured.sysusers)")
        }
        guard chown(path, uid_t.max, group.pointee.gr_gid) == 0 else {
            throw DaemonError("cannot give \(path) to group '\(name)': \(String(cString: strerror(errno)))")
        }
    }

    func shutdown() {
        try? serverChannel?.close().wait()
        if let boundPath { unlink(boundPath) }
        try? group.syncShutdownGracefully()
    }

    // MARK: Outbox, on the input thread

    func send(_ line: [UInt8], to client: ClientID) {
        pending[client, default: []].append(contentsOf: line)
    }

    func close(_ client: ClientID, reason: String) {
        closing.append((client, reason))
    }

    func flush() {
        guard !pending.isEmpty || !closing.isEmpty else { return }
        let batch = pending
        let doomed = closing
        pending.removeAll(keepingCapacity: true)
        closing.removeAll(keepingCapacity: true)
        loop.execute { [self] in
            for (id, bytes) in batch {
                guard let channel = channels[id], channel.isActive else { continue }
                channel.writeAndFlush(channel.allocator.buffer(bytes: bytes), promise: nil)
            }
            for (id, reason) in doomed {
                guard let channel = channels[id] else { continue }
                (try? channel.pipeline.syncOperations.handler(type: ClientHandler.self))?.reason = reason
                channel.close(promise: nil)
            }
        }
    }

    // MARK: On the event loop

    fileprivate func opened(_ id: ClientID, _ channel: any Channel, peer: PeerCredentials) {
        channels[id] = channel
        queue.post(.connected(id, peer))
    }

    fileprivate func received(_ id: ClientID, _ line: ByteBuffer) {
        queue.post(.line(id, Array(line.readableBytesView)))
    }

    fileprivate func closed(_ id: ClientID, reason: String) {
        channels[id] = nil
        queue.post(.disconnected(id, reason: reason))
    }

    fileprivate func log(_ message: Logger.Message, _ id: ClientID, _ reason: String) {
        logger.notice(message, metadata: ["client.id": "\(id)", "reason": "\(reason)"])
    }
}

/// One connection on the event loop: identifies the peer, passes lines on, enforces the limits.
private final class ClientHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    let id: ClientID
    let server: SocketServer
    /// Why the connection ended, for the log.
    var reason = "closed by the client"

    init(id: ClientID, server: SocketServer) {
        self.id = id
        self.server = server
    }

    /// On the event loop the option is read at once, so the core hears of the peer before any of its lines.
    func channelActive(context: ChannelHandlerContext) {
        let (id, server, channel) = (id, server, context.channel)
        PeerCredentials.read(channel).whenComplete { result in
            // An unknown peer is nobody: no uid or group any configuration allows.
            let peer = (try? result.get()) ?? PeerCredentials(pid: 0, uid: UInt32.max, gid: UInt32.max)
            server.opened(id, channel, peer: peer)
        }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        server.received(id, unwrapInboundIn(data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        server.closed(id, reason: reason)
        context.fireChannelInactive()
    }

    /// The kernel buffer and the bounded queue are full: the client stopped reading.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if !context.channel.isWritable {
            reason = "stopped reading: more than daemon.client_queue_bytes queued"
            server.log("client disconnected for not reading", id, reason)
            context.close(promise: nil)
        }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is LineFramer.LineTooLong {
            reason = "sent a line over \(ProtocolVersion.maximumLineBytes) bytes"
            server.log("client disconnected", id, reason)
            let reply = Reply.error(RequestError("line_too_long", "a request line may be at most \(ProtocolVersion.maximumLineBytes) bytes; closing"), id: nil)
            context.writeAndFlush(NIOAny(context.channel.allocator.buffer(bytes: reply)), promise: nil)
        } else {
            reason = "\(error)"
        }
        context.close(promise: nil)
    }
}

extension gestured_peer_credentials: @retroactive @unchecked Sendable {}

extension PeerCredentials {
    struct Unavailable: Error {}

    /// SO_PEERCRED of a connected Unix socket, with the peer's supplementary groups from /proc.
    static func read(_ channel: any Channel) -> EventLoopFuture<PeerCredentials> {
        guard let provider = channel as? any SocketOptionProvider else { return channel.eventLoop.makeFailedFuture(Unavailable()) }
        let future: EventLoopFuture<gestured_peer_credentials> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
        return future.map { PeerCredentials(pid: $0.pid, uid: $0.uid, gid: $0.gid, groups: supplementaryGroups(of: $0.pid)) }
    }

    /// The "Groups:" line of /proc/PID/status; empty when the process is already gone.
    private static func supplementaryGroups(of pid: Int32) -> [UInt32] {
        guard let file = fopen("/proc/\(pid)/status", "r") else { return [] }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            if text.hasPrefix("Groups:") {
                return text.dropFirst(7).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).compactMap { UInt32($0) }
            }
        }
        return []
    }
}
