import ArgumentParser
import ConfigFiles
import GestureConfig
import GestureDaemon
import Logging

/// The daemon: devices (or a recording) in, gestures out on the Unix socket.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the daemon: recognize gestures on touch devices and serve them on a Unix socket."
    )

    @Option(name: .long, help: "The configuration file.")
    var config = "/etc/gestured/gestured.toml"

    @Option(name: .long, help: "The socket to listen on (overrides daemon.socket; daemon.socket_group is then not applied).")
    var socket: String?

    @Option(name: .long, help: "Serve this recording as if it were a device, instead of the machine's devices.")
    var replay: String?

    @Option(name: .long, help: "Serve this recording when the machine has no readable touch device.")
    var fallbackReplay: String?

    @Flag(name: .long, help: "Play the recording again and again.")
    var loop = false

    @Option(name: .long, help: "Play the recording this many times faster than it was recorded.")
    var speed = 1.0

    @OptionGroup var device: CaptureDeviceOptions

    @OptionGroup var database: DeviceDatabaseOptions

    @Option(name: .long, help: "trace, debug, info, notice, warning, error or critical (overrides daemon.log_level).")
    var logLevel: String?

    func validate() throws {
        if (device.description != nil || device.kind != nil) && replay == nil && fallbackReplay == nil {
            throw ValidationError("--description and --kind describe a replayed recording: give --replay or --fallback-replay too")
        }
    }

    func run() throws {
        let configuration: Configuration
        switch Configuration.load(config, files: SystemFiles()) {
        case .success(let c): configuration = c
        case .failure(let errors):
            printError("the configuration has errors; nothing started:\n\(errors)")
            throw ExitCode(2)
        }
        guard let level = Logger.Level(rawValue: logLevel ?? configuration.daemon.logLevel) else {
            throw ValidationError("--log-level must be one of \(DaemonSettings.logLevels.joined(separator: ", "))")
        }
        guard speed > 0 && speed <= 1000 else { throw ValidationError("--speed must be above 0 and at most 1000") }
        LoggingSystem.bootstrap { _ in JournalLogHandler(level: level) }
        let logger = Logger(label: "gestured")
        let daemon = Daemon(
            options: DaemonOptions(
                configPath: config, socketPath: socket, replay: replay, fallbackReplay: fallbackReplay, loop: loop, speed: speed,
                replayDescription: device.description, replayKind: device.kind, deviceDatabase: database.chosen),
            configuration: configuration, logger: logger)
        do {
            try daemon.run()
        } catch {
            logger.critical("gestured failed", metadata: ["error": "\(error)"])
            throw ExitCode.failure
        }
    }
}
