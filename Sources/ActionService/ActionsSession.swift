import ConfigSchema
import Foundation
import GestureActions
import GestureClient
import GestureConfig

/// `gesturectl actions`' life with the daemon, for as long as it runs: connect (again after every restart of the
/// daemon, with a pause that grows while it is away), check the names the file binds against the daemon's
/// configuration, add the file's own recognizers and shapes, then perform each gesture. A daemon reload that
/// drops a name an action binds is said in the log; a changed file is checked against the daemon's names before
/// it replaces the actions, and a change of its own recognizers is taken by connecting anew (a connection's
/// additions go with it).
public final class ActionsSession: @unchecked Sendable {
    /// Seconds between attempts to connect while the daemon is away: the first pause, doubling up to the last.
    static let retry = (first: 0.25, last: 4.0)

    private let loader: ActionsLoader
    private var path: String { loader.path }
    private let socket: String
    private let performer: ActionPerformer
    private let lock = NSLock()
    private var file: ActionsFile
    /// The daemon's configured recognizers, as of the last connection or reload; nil before the first.
    private var configured: [ConfiguredRecognizer]?
    private var client: GestureClient?
    /// Whether a connection has been set up: until then a name the daemon lacks or an addition it refuses ends the
    /// program, as a mistake in the file does; after, they are said in the log and the rest goes on.
    private var started = false

    public init(loader: ActionsLoader, socket: String, file: ActionsFile, performer: ActionPerformer) {
        self.loader = loader
        self.socket = socket
        self.file = file
        self.performer = performer
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Returns only when its task is cancelled: the program ends by a signal, or at the first connection's refusals.
    /// (A loop without an exit, in an async function returning Never, kept the release build's loop-invariant code
    /// motion pass running for the better part of an hour.) `connected` is a connection made already (the one the
    /// file was checked on at start), served first.
    public func run(connected: GestureClient?) async {
        var connected = connected
        var pause = Self.retry.first
        var away: String?
        while !Task.isCancelled {
            do {
                let client: GestureClient
                if let made = connected {
                    client = made
                    connected = nil
                } else {
                    client = try await GestureClient(socket: socket, name: "gesturectl actions")
                }
                pause = Self.retry.first
                away = nil
                try await serve(client)
                performer.connection(owner: nil)
                ActionService.say("actions: the daemon closed the connection; connecting again")
            } catch {
                performer.connection(owner: nil)
                let why = "\(error)"
                if away != why {
                    ActionService.say("actions: \(why); trying again every \(Int(Self.retry.last)) s at most")
                    away = why
                }
                try? await Task.sleep(nanoseconds: UInt64(pause * 1e9))
                pause = min(pause * 2, Self.retry.last)
            }
        }
    }

    /// One connection, from its setup until it closes.
    private func serve(_ client: GestureClient) async throws {
        let configured = try await client.configuredRecognizers()
        let (file, first) = locked { (self.file, !started) }
        let unknown = file.unknownNames(daemon: configured)
        if !unknown.isEmpty {
            if first { ActionService.refuse(ConfigErrors(unknown)) }
            ActionService.say("actions: the daemon's configuration lacks names \(path) binds; those actions do nothing:\n\(ConfigErrors(unknown))")
        }
        let refused = await OwnAdditions.add(file, to: client)
        if !refused.isEmpty {
            if first { ActionService.refuse(ConfigErrors(refused)) }
            ActionService.say("actions: the daemon refused recognizers of \(path):\n\(ConfigErrors(refused))")
        }
        if client.hello.additions == .shared {
            for note in file.sharedArbitrationNotes(daemon: configured) { ActionService.say("actions: note: \(note)") }
        }
        performer.connection(owner: "client \(client.hello.client)")
        locked {
            self.client = client
            self.configured = configured
            started = true
        }
        // Only the lines of the recognizers its actions bind: the rest of the stream is not its to read.
        _ = try await client.subscribe(events: [.gestures, .config], recognizers: Self.bound(file))
        ActionService.say(
            "actions: \(file.actions.count) actions and \(file.recognizers.count - refused.count) recognizers of \(path), connected to gestured \(client.hello.daemonVersion)")
        var missing = Set(unknown.map(\.description))
        for try await event in client.events {
            switch event {
            case .gesture(let gesture):
                performer.perform(gesture)
            case .configReloaded:
                let now = try await client.configuredRecognizers()
                let current = locked {
                    self.configured = now
                    return self.file
                }
                let errors = current.unknownNames(daemon: now)
                for error in errors where !missing.contains(error.description) {
                    ActionService.say("actions: the daemon's configuration was reloaded and no longer has what this binds: \(error)")
                }
                missing = Set(errors.map(\.description))
            default:
                break
            }
        }
        locked { self.client = nil }
    }

    /// The recognizers whose lines the actions need: those they bind.
    static func bound(_ file: ActionsFile) -> Set<String> { Set(file.actions.map(\.gesture)) }

    /// The file changed: taken when every name it binds is the daemon's or its own, else the actions before stay.
    public func fileChanged() {
        let (old, configured, client) = locked { (file, self.configured, self.client) }
        switch loader.load(daemon: configured) {
        case .failure(let errors):
            ActionService.say("actions: \(path) was refused; the actions before stay:\n\(errors)")
        case .success(let new):
            performer.replace(new)
            locked { file = new }
            ActionService.say("actions: read \(path) again: \(new.actions.count) actions")
            let own = { (f: ActionsFile) in f.recognizers.map { [$0.request: $0.shapes] } }
            if own(new) != own(old), let client {
                ActionService.say("actions: its recognizers changed: connecting anew to add them")
                client.close()
            } else if Self.bound(new) != Self.bound(old), let client {
                ActionService.say("actions: it binds other recognizers: connecting anew to subscribe to theirs")
                client.close()
            }
        }
    }
}
