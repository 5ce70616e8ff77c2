import Dispatch
import Foundation
import GestureActions
import GestureClient
import GestureConfig
import LinuxInput

/// The actions in force and what carries them out: the virtual keyboard and mouse (each made when an action first
/// needs it), the commands, and a timer for the steps by time. Events come from the connection's task, the file
/// watcher's thread replaces the actions and the timer fires on its own queue, hence the lock.
final class ActionPerformer: @unchecked Sendable {
    /// Where the keys are typed and the pointer moved: the virtual devices' names, as evtest and libinput list them.
    static let keyboardName = "gestured actions keyboard"
    static let mouseName = "gestured actions mouse"

    private let lock = NSLock()
    private var runner: ActionRunner
    private var keyboard: UinputKeyboard?
    private var mouse: UinputMouse?
    private let timer: DispatchSourceTimer
    private let commands: CommandRunner
    /// The desktop, asked when an action with application rules needs it.
    private lazy var desktop = WindowAsker()

    init(_ actions: ActionsFile, commands: CommandRunner) throws {
        runner = ActionRunner(actions: actions)
        self.commands = commands
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "gesturectl actions steps"))
        // Active before anything can throw: a source released before it was ever activated is a crash in Dispatch.
        timer.activate()
        try makeDevices(for: actions)
        timer.setEventHandler { [weak self] in self?.tick() }
    }

    deinit { timer.cancel() }

    /// The seconds of the clock events and steps are timed by (CLOCK_MONOTONIC, as the timer's).
    static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    func replace(_ actions: ActionsFile) throws {
        lock.lock()
        defer { lock.unlock() }
        try makeDevices(for: actions)
        carryOut(runner.replace(actions))
    }

    /// A connection is set up, its additions owned by `owner`; or gone (nil): what was held is released.
    func connection(owner: String?) {
        lock.lock()
        defer { lock.unlock() }
        carryOut(runner.connection(owner: owner))
    }

    func perform(_ gesture: GestureEvent) {
        lock.lock()
        defer { lock.unlock() }
        var windows = ActionRunner.Windows()
        // The desktop is looked for only once an action asks.
        if let question = runner.windowQuestion(for: gesture) { windows = desktop.windows(question) }
        carryOut(runner.effects(of: gesture, at: Self.now, windows: windows))
    }

    private func tick() {
        lock.lock()
        defer { lock.unlock() }
        carryOut(runner.tick(at: Self.now))
    }

    /// The keyboard when any action types or holds a key, the mouse when any clicks, holds a button, moves the
    /// pointer or turns the wheel; each needs /dev/uinput.
    private func makeDevices(for actions: ActionsFile) throws {
        let codes = Set(actions.actions.flatMap { ($0.keys ?? []) + ($0.keysBack ?? []) + ($0.hold ?? []) })
        let needsKeyboard = codes.contains { !KeyNames.isButton($0) }
        let needsMouse = codes.contains(where: KeyNames.isButton) || actions.actions.contains { $0.pointer || $0.wheel != nil || $0.wheelBack != nil }
        do {
            if needsKeyboard, keyboard == nil { keyboard = try UinputKeyboard(name: Self.keyboardName, keys: KeyNames.codes) }
            if needsMouse, mouse == nil { mouse = try UinputMouse(name: Self.mouseName, buttons: KeyNames.buttonCodes) }
        } catch {
            let what = needsKeyboard ? needsMouse ? "typing keys and using the mouse" : "typing keys" : "using the mouse"
            // Not a ValidationError: ArgumentParser prints those with the usage text, as if the command line were wrong.
            throw ClientError(
                "\(what) needs write access to /dev/uinput (\(error)); whoever may write it can make any input device, so grant it deliberately (docs/actions.md)")
        }
    }

    /// Carries the effects out, in order, and sets the timer for the next step by time. Called with the lock held.
    private func carryOut(_ effects: [ActionRunner.Effect]) {
        for effect in effects {
            do {
                switch effect {
                case .command(let command, let environment): commands.run(command, environment)
                case .keys(let codes):
                    for code in codes { try set(code, down: true) }
                    for code in codes.reversed() { try set(code, down: false) }
                case .press(let codes): for code in codes { try set(code, down: true) }
                case .release(let codes): for code in codes { try set(code, down: false) }
                case .pointer(let dx, let dy): try mouse?.move(dx: dx, dy: dy)
                case .wheel(let vertical, let horizontal): try mouse?.move(wheel: vertical, horizontalWheel: horizontal)
                }
            } catch {
                say("actions: cannot send input: \(error)")
            }
        }
        if let due = runner.nextDeadline {
            timer.schedule(deadline: DispatchTime(uptimeNanoseconds: UInt64(max(due, 0) * 1e9)))
        } else {
            timer.schedule(deadline: .distantFuture)
        }
    }

    private func set(_ code: UInt16, down: Bool) throws {
        if KeyNames.isButton(code) { try mouse?.set(code, down: down) } else { try keyboard?.set(code, down: down) }
    }
}
