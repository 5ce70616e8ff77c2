import ActionService
import ArgumentParser
import ConfigSchema
import Foundation
import GestureActions
import GestureClient
import GestureConfig

/// Gesture actions without code: runs commands and types key combinations as an actions file says, for as long as
/// it runs, reconnecting whenever the daemon restarts and taking the file again whenever it changes
/// (docs/actions.md).
struct ActionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "actions",
        abstract: "Run commands and type keys on gestures, as an actions file says; the file is read again when it changes.")

    @OptionGroup var socketOption: SocketOption

    @Option(name: .long, help: "The actions file (default: $XDG_CONFIG_HOME/gestured/actions.toml, else ~/.config/gestured/actions.toml).")
    var file: String?

    @Flag(
        name: .long,
        help: "Only check the file: print its errors with their lines and columns, or that it is fine. The names it binds are checked against the daemon's when one answers.")
    var check = false

    @Option(name: .long, help: "Seconds a command may run before it is ended, with what it started.")
    var commandTimeout: Double = 30

    @Option(name: .long, help: "The folder of the desktops' shortcut presets (default: PREFIX/share/gestured/presets beside this program).")
    var presets: String?

    static var defaultFile: String {
        let environment = ProcessInfo.processInfo.environment
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.config")
        return config + "/gestured/actions.toml"
    }

    func run() async throws {
        let path = file ?? Self.defaultFile
        let socket = socketOption.socket ?? GestureClient.defaultSocketPath()
        let loader = ActionsLoader(path: path, presets: presets ?? ActionsLoader.installedPresets)
        // The daemon's names, when one answers, so that the file's every mistake is in one report.
        let daemon = try? await GestureClient(socket: socket, name: check ? "gesturectl actions --check" : "gesturectl actions")
        let configured = try? await daemon?.configuredRecognizers()
        let first: ActionsFile
        switch loader.load(daemon: configured, everyDesktop: check) {
        case .success(let actions): first = actions
        case .failure(let errors):
            daemon?.close()
            ActionService.refuse(errors)
        }
        if check {
            // What gesturectl actions will do with the daemon: its recognizers added, on this connection, which
            // takes them away again as it closes.
            let refused = configured == nil ? [] : await OwnAdditions.add(first, to: daemon!)
            daemon?.close()
            if !refused.isEmpty { ActionService.refuse(ConfigErrors(refused)) }
            let unchecked = configured == nil ? "; no daemon answered at \(socket), so the names of its recognizers are not checked" : ""
            print("\(path): ok (\(first.actions.count) actions, \(first.recognizers.count) recognizers)\(unchecked)")
            if let daemon, let configured, daemon.hello.additions == .shared {
                for note in first.sharedArbitrationNotes(daemon: configured) { print("note: \(note)") }
            }
            return
        }
        guard commandTimeout > 0 else {
            daemon?.close()
            throw ValidationError("--command-timeout must be more than 0 seconds")
        }
        let performer = ActionPerformer(first, effects: .system(commands: CommandRunner(timeout: commandTimeout, say: ActionService.say)))
        let session = ActionsSession(loader: loader, socket: socket, file: first, performer: performer)
        let watch = try FileWatch(path) { session.fileChanged() }
        defer { watch.stop() }
        await session.run(connected: daemon)
    }

}
