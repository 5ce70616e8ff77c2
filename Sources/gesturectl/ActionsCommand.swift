import ArgumentParser
import Foundation
import GestureActions
import GestureClient
import GestureConfig
import LinuxInput

/// Gesture actions without code: runs commands and types key combinations as an actions file says, for as long as
/// the daemon runs, taking the file again whenever it changes (docs/actions.md).
struct ActionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "actions",
        abstract: "Run commands and type keys on gestures, as an actions file says; the file is read again when it changes.")

    @OptionGroup var socketOption: SocketOption

    @Option(name: .long, help: "The actions file (default: $XDG_CONFIG_HOME/gestured/actions.toml, else ~/.config/gestured/actions.toml).")
    var file: String?

    @Flag(name: .long, help: "Only check the file: print its errors with their lines and columns, or that it is fine.")
    var check = false

    /// Where the keys are typed: the virtual keyboard's name, as evtest and libinput list it.
    static let keyboardName = "gestured actions keyboard"

    static var defaultFile: String {
        let environment = ProcessInfo.processInfo.environment
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.config")
        return config + "/gestured/actions.toml"
    }

    func run() async throws {
        let path = file ?? Self.defaultFile
        let first: ActionsFile
        switch ActionsFile.load(path) {
        case .success(let actions): first = actions
        case .failure(let errors):
            FileHandle.standardError.write(Data("\(errors)\n".utf8))
            throw ExitCode(2)
        }
        if check {
            print("\(path): ok (\(first.actions.count) actions)")
            return
        }
        let performer = try ActionPerformer(first)
        // Commands run on their own; their exit statuses are not waited for.
        signal(SIGCHLD, SIG_IGN)
        let watch = try FileWatch(path) {
            switch ActionsFile.load(path) {
            case .success(let actions):
                do {
                    try performer.replace(actions)
                    say("actions: read \(path) again: \(actions.actions.count) actions")
                } catch {
                    say("actions: \(path) asks for keys, but \(error); the actions before stay")
                }
            case .failure(let errors):
                say("actions: \(path) was refused; the actions before stay:\n\(errors)")
            }
        }
        let client = try await GestureClient(socket: socketOption.socket ?? GestureClient.defaultSocketPath(), name: "gesturectl actions")
        _ = try await client.subscribe(events: [.gestures])
        say("actions: \(first.actions.count) actions from \(path), connected to gestured \(client.hello.daemonVersion)")
        do {
            for try await event in client.events {
                if case .gesture(let gesture) = event { performer.perform(gesture) }
            }
        } catch let error as GestureClientError {
            watch.stop()
            fail("\(error)")
        }
    }
}

/// Prints a line at once: the journal of a user unit reads it through a pipe.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The actions in force and what carries them out: the virtual keyboard (made when an action first needs keys)
/// and the commands. The file watcher's thread replaces the actions while events are performed, hence the lock.
final class ActionPerformer: @unchecked Sendable {
    private let lock = NSLock()
    private var runner: ActionRunner
    private var keyboard: UinputKeyboard?

    init(_ actions: ActionsFile) throws {
        runner = ActionRunner(actions: actions)
        try makeKeyboardIfNeeded(actions)
    }

    func replace(_ actions: ActionsFile) throws {
        lock.lock()
        defer { lock.unlock() }
        try makeKeyboardIfNeeded(actions)
        runner.actions = actions
    }

    private func makeKeyboardIfNeeded(_ actions: ActionsFile) throws {
        guard keyboard == nil, actions.actions.contains(where: { $0.keys != nil || $0.keysBack != nil }) else { return }
        do {
            keyboard = try UinputKeyboard(name: ActionsCommand.keyboardName, keys: KeyNames.codes)
        } catch {
            // Not a ValidationError: ArgumentParser prints those with the usage text, as if the command line were wrong.
            throw ClientError(
                "typing keys needs write access to /dev/uinput (\(error)); whoever may write it can make any input device, so grant it deliberately (docs/actions.md)")
        }
    }

    func perform(_ gesture: GestureEvent) {
        lock.lock()
        let effects = runner.effects(of: gesture)
        let keyboard = keyboard
        lock.unlock()
        for effect in effects {
            switch effect {
            case .keys(let keys):
                do { try keyboard?.type(keys) } catch { say("actions: cannot type keys: \(error)") }
            case .command(let command, let environment):
                run(command, environment)
            }
        }
    }

    private func run(_ command: String, _ variables: [String: String]) {
        let environment = ProcessInfo.processInfo.environment.merging(variables) { _, new in new }.map { "\($0)=\($1)" }
        let words: [String] = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let rc = posix_spawn(&pid, "/bin/sh", nil, nil, argv, envp)
        if rc != 0 { say("actions: cannot run \(command): \(String(cString: strerror(rc)))") }
    }
}
