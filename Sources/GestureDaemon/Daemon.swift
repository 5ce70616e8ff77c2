import CaptureFormats
import ConfigFiles
import DeviceFactsDatabase
import Foundation
import GestureConfig
import GestureCore
import GestureEngine
import GestureProtocol
import InputCore
import LinuxInput
import Logging
import SystemCalls

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
    /// The device of a replayed recording that describes none (a file `Recording.parse` reads a description from).
    public var replayDescription: String?
    /// What the replayed device is, instead of what its capabilities suggest.
    public var replayKind: DeviceKind?
    /// The device database's folders, in order (docs/devices.md).
    public var deviceDatabase: [String] = []

    public init(
        configPath: String, socketPath: String? = nil, replay: String? = nil, fallbackReplay: String? = nil, loop: Bool = false,
        speed: Double = 1, replayDescription: String? = nil, replayKind: DeviceKind? = nil, deviceDatabase: [String] = []
    ) {
        self.deviceDatabase = deviceDatabase
        self.speed = speed
        self.replayDescription = replayDescription
        self.replayKind = replayKind
        self.configPath = configPath
        self.socketPath = socketPath
        self.replay = replay
        self.fallbackReplay = fallbackReplay
        self.loop = loop
    }
}

/// The daemon: one thread, the caller's, running one poll(2) loop over the devices, the socket and its clients,
/// and a signalfd (SIGTERM/SIGINT stop, SIGHUP reloads).
///
/// No other thread: an event goes from the device to the clients' sockets without a hand-off. No Swift
/// concurrency and no Dispatch: libdispatch on Linux arms a one-second timer that wakes its manager thread for as
/// long as the process lives once any worker thread has run, and an idle daemon must not wake.
public final class Daemon {
    private let options: DaemonOptions
    private let configuration: Configuration
    private let logger: Logger

    public init(options: DaemonOptions, configuration: Configuration, logger: Logger) {
        self.options = options
        self.configuration = configuration
        self.logger = logger
    }

    /// Runs until SIGTERM or SIGINT.
    public func run() throws {
        LibevdevLog.route(to: logger)
        // First: blocked from here on, SIGHUP cannot exit the daemon before READY.
        let signals = try SignalReader([SIGTERM, SIGINT, SIGHUP])
        MemoryTrim.useOneArena()
        let notifier = SystemdNotifier()
        var socketSettings = configuration.daemon
        // A socket named on the command line belongs to whoever runs the daemon by hand (`make run`): the
        // service's group may not exist there.
        if options.socketPath != nil { socketSettings.socketGroup = nil }
        if let before = try DescriptorLimit.raise(for: configuration.daemon.maxClients) {
            logger.info(
                "open descriptor limit raised for daemon.max_clients",
                metadata: ["limit.before": "\(before)", "limit": "\(DescriptorLimit.needed(maxClients: configuration.daemon.maxClients))"])
        }
        let server = SocketServer(settings: socketSettings, logger: logger)
        let core = DaemonCore(configuration: configuration, access: .resolve(configuration, logger: logger), outbox: server, logLevel: logger.logLevel)
        // Unowned: the core outlives the server's use of it (both end with `run`). Read at each accept, so a
        // reload's daemon.control counts from the next connection on.
        server.isTrusted = { [unowned core] in core.mayControl($0) }
        let path = options.configPath
        let reader = try ConfigurationReader(file: path) { [logger] in Configuration.load(path, files: SystemFiles()).map { ($0, Access.resolve($0, logger: logger)) } }
        let knowledge = deviceKnowledge()
        let source: InputLoop.Source =
            if let replay = options.replay { .replay(try replaySource(replay, knowledge: knowledge)) } else {
                .devices(
                    try InputHub(
                        selector: DeviceSelector(kinds: [.touchscreen, .touchpad, .tablet]), describe: { knowledge($0).facts.corrected($0) }))
            }
        let fallback = options.replay == nil ? try options.fallbackReplay.map { try replaySource($0, knowledge: knowledge) } : nil
        let loop = try InputLoop(
            core: core, server: server, signals: signals, source: source, fallback: fallback, logger: logger, notifier: notifier,
            watchdog: SystemdWatchdog.fromEnvironment(), reader: reader, knowledge: knowledge)
        try loop.start()
        try server.start(path: options.socketPath ?? configuration.daemon.socketPath, activated: try SocketActivation.listeningSocket())
        defer { server.shutdown() }
        logger.notice(
            "gestured started",
            metadata: [
                "config.file": "\(configuration.file)", "source": "\(loop.sourceName)", "devices": "\(core.deviceCount)",
                "recognizers": "\(configuration.recognizers.count)", "version": "\(GesturedVersion.string)",
            ])
        notifier.notify("READY=1\nSTATUS=\(core.statusLine)")
        do {
            try loop.run()
        } catch {
            throw DaemonError("reading the input devices failed: \(error)")
        }
        logger.notice("gestured stopped")
    }

    /// The device database, read once at start (a change applies from the next start), and what it knows of a
    /// device on this machine: its DMI modalias tells two machines' same pads apart. A refused entry is logged;
    /// the others apply.
    private func deviceKnowledge() -> (DeviceDescription) -> DeviceKnowledge {
        let database = DeviceDatabase.load(folders: options.deviceDatabase, files: SystemFiles())
        for error in database.refused {
            logger.warning("device database entry refused; the others apply", metadata: ["error": "\(error)"])
        }
        let machine = MachineIdentity.dmiModalias()
        return { database.knowledge(of: DeviceIdentity($0, dmi: machine)) }
    }

    private func replaySource(_ path: String, knowledge: (DeviceDescription) -> DeviceKnowledge) throws -> ReplaySource {
        let given = try options.replayDescription.map { file in
            try Recording.deviceDescription(in: String(decoding: try fileContents(file), as: UTF8.self), source: file)
        }
        let text = String(decoding: try fileContents(path), as: UTF8.self)
        let parsed = try Recording.parse(text, source: path, description: given)
        let known = parsed.description.map(knowledge)
        let recording = (known?.correct(parsed) ?? parsed).slotted()
        return try ReplaySource(
            recording: recording, source: path, loop: options.loop, speed: options.speed, kind: options.replayKind, knowledge: known)
    }
}
