import Foundation
import GestureActions
import GestureClient
import GestureConfig
import LinuxInput

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

    /// A connection is set up: its additions are owned by `owner`.
    func connected(owner: String) {
        lock.lock()
        runner.owner = owner
        lock.unlock()
    }

    /// The connection is gone: no gesture under way goes on.
    func disconnected() {
        lock.lock()
        runner.owner = nil
        lock.unlock()
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
