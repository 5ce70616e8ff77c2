import GestureProtocol
import InputCore
import Logging

/// What the core asks its caller to do: the core does no I/O (docs/daemon.md, One thread and data flow). Lines
/// for clients go into its `Outbox`, a queue the caller writes out; everything else comes back as these, in the
/// order the core decided them, from `DaemonCore.takeActions` after each call.
public enum CoreAction {
    /// Grab the device and make its twin (docs/passthrough.md); answer with `DaemonCore.grabbed` or `grabFailed`.
    case grab(DeviceID, node: String, description: DeviceDescription)
    /// Let the device go and remove its twin.
    case release(DeviceID)
    /// Write these events to the device's twin: one frame of the touches the recognizers let through.
    case writeTwin(DeviceID, events: [InputEvent])
    /// Read the configuration file again (a reload request); answer with `DaemonCore.finishReload`.
    case readConfiguration
    /// A status request's answer, to complete with what only the caller knows (the source, the uptime, where a
    /// frame's time goes) and send to the client.
    case answerStatus(client: ClientID, id: RequestID?, DaemonStatus)
    /// A line for the daemon's log.
    case log(Logger.Level, Logger.Message, Logger.Metadata)
}

/// The core's log lines as actions: a handler that queues them for the caller, which writes them to the real log.
/// The core's logger filters by the level the caller gave, as the real one would.
final class CoreActions {
    @exclusivity(unchecked) private(set) var queued: [CoreAction] = []

    func append(_ action: CoreAction) { queued.append(action) }

    /// Every queued action, in order, and those that carrying them out queues (a grab answered by `grabFailed`
    /// queues its warning), until none is left.
    func take(_ body: (CoreAction) -> Void) {
        while !queued.isEmpty {
            let actions = queued
            queued.removeAll(keepingCapacity: true)
            for action in actions { body(action) }
        }
    }

    struct LogHandler: Logging.LogHandler {
        let actions: CoreActions
        var logLevel: Logger.Level
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(
            level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String, function: String, line: UInt
        ) {
            actions.append(.log(level, message, self.metadata.merging(metadata ?? [:]) { _, new in new }))
        }
    }

    /// A logger whose lines become `.log` actions, at `level` and above.
    func logger(label: String, level: Logger.Level) -> Logger {
        Logger(label: label) { _ in LogHandler(actions: self, logLevel: level) }
    }
}
