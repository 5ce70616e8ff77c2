import Foundation
import GestureConfig
import GestureEngine
import InputCore
import LinuxInput
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals

/// How `gestured run` was asked to run.
public struct DaemonOptions: Sendable {
    public var configPath: String
    /// Overrides daemon.socket.
    public var socketPath: String?
    /// Serve this recording instead of the machine's devices.
    public var replay: String?
    /// Serve this recording when the machine has no touch device.
    public var fallbackReplay: String?
    public var loop = false
    /// How many times faster than recorded a replay plays.
    public var speed = 1.0

    public init(
        configPath: String, socketPath: String? = nil, replay: String? = nil, fallbackReplay: String? = nil, loop: Bool = false,
        speed: Double = 1
    ) {
        self.speed = speed
        self.configPath = configPath
        self.socketPath = socketPath
        self.replay = replay
        self.fallbackReplay = fallbackReplay
        self.loop = loop
    }
}

/// The service: the socket server on its event loop, the input loop on its own thread, SIGHUP for reloads.
/// A ServiceGroup runs it and turns SIGTERM/SIGINT into a graceful shutdown.
public final class Daemon: Service {
    private let options: DaemonOptions
    private let configuration: Configuration
    private let logger: Logger

    public init(options: DaemonOptions, configuration: Configuration, logger: Logger) {
        self.options = options
        self.configuration = configuration
        self.logger = logger
    }

    public func run() async throws {
        let notifier = SystemdNotifier()
        let queue = try CommandQueue()
        var socketSettings = configuration.daemon
        // A socket named on the command line belongs to whoever runs the daemon by hand (`make run`): the
        // service's group may not exist there.
        if options.socketPath != nil { socketSettings.socketGroup = nil }
        let server = SocketServer(settings: socketSettings, queue: queue, logger: logger)
        let core = DaemonCore(
            configuration: configuration, policy: RawTouchPolicy.resolve(configuration.daemon, logger: logger), outbox: server, logger: logger)
        let path = options.configPath
        core.reloadSource = { Configuration.load(path) }
        let source: InputLoop.Source =
            if let replay = options.replay { .replay(try replaySource(replay)) } else {
                .devices(try InputHub(selector: DeviceSelector(kinds: [.touchscreen, .touchpad, .tablet])))
            }
        let fallback = options.replay == nil ? try options.fallbackReplay.map(replaySource) : nil
        let loop = InputLoop(core: core, queue: queue, source: source, fallback: fallback, logger: logger, notifier: notifier)
        let started = monotonicNow()
        core.statusExtras = {
            [("source", loop.sourceName), ("uptime_s", String(format: "%.1f", Double(monotonicNow().nanoseconds - started.nanoseconds) / 1e9))]
        }
        try loop.start()
        try server.start(path: options.socketPath ?? configuration.daemon.socketPath, activated: try SocketActivation.listeningSocket())
        defer { server.shutdown() }
        logger.notice(
            "gestured started",
            metadata: [
                "config.file": "\(configuration.file)", "source": "\(loop.sourceName)", "devices": "\(core.sessions.count)",
                "recognizers": "\(configuration.recognizers.count)", "version": "\(GesturedVersion.string)",
            ])
        // SIGHUP is trapped before READY: a reload right after start must not hit the default action (exit).
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        notifier.notify("READY=1\nSTATUS=\(core.statusLine)")

        let stopping = ManagedAtomicFlag()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    let thread = Thread {
                        loop.run()
                        done.resume()
                    }
                    thread.name = "gestured-input"
                    thread.start()
                }
                if !stopping.isSet { throw DaemonError("the input loop stopped on its own; see the log above") }
            }
            group.addTask {
                await cancelWhenGracefulShutdown {
                    for await _ in hangups { queue.post(.reload) }
                }
                stopping.set()
                notifier.notify("STOPPING=1")
                queue.post(.stop)
            }
            try await group.next()
            try await group.next()
        }
        logger.notice("gestured stopped")
    }

    private func replaySource(_ path: String) throws -> ReplaySource {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let recording = try Recording.parse(text, source: path)
        return try ReplaySource(recording: recording, source: path, loop: options.loop, speed: options.speed)
    }
}

/// A flag set once from one task and read from another.
final class ManagedAtomicFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
