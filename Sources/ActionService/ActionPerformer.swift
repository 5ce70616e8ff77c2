import Dispatch
import Foundation
import GestureActions
import GestureClient
import GestureConfig
import SystemCalls

/// The actions in force and what carries them out (`Effects`): the keyboard and mouse (each made when an action
/// first needs it), the commands, the desktop's windows, and a timer for the steps by time. Events come from the
/// connection's task, the file watcher's thread replaces the actions and the timer fires on its own queue, hence
/// the lock.
public final class ActionPerformer: @unchecked Sendable {
    private let lock = NSLock()
    private var runner: ActionRunner
    private let effects: Effects
    private var keyboard: KeyOutput?
    private var mouse: PointerOutput?
    private let timer: DispatchSourceTimer
    /// The desktop, asked when an action with application rules needs it.
    private lazy var desktop = effects.windows()

    /// What was last said of a virtual device that could not be made, so that it is said once, not every time.
    private var saidMissing: String?

    public init(_ actions: ActionsFile, effects: Effects) {
        runner = ActionRunner(actions: actions)
        self.effects = effects
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "gesturectl actions steps"))
        timer.activate()
        makeDevices(for: actions)
        timer.setEventHandler { [weak self] in self?.tick() }
    }

    deinit { timer.cancel() }

    /// The seconds of the clock events and steps are timed by (CLOCK_MONOTONIC, as the timer's).
    public static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    public func replace(_ actions: ActionsFile) {
        lock.lock()
        defer { lock.unlock() }
        makeDevices(for: actions)
        carryOut(runner.replace(actions))
    }

    /// A connection is set up, its additions owned by `owner`; or gone (nil): what was held is released.
    public func connection(owner: String?) {
        lock.lock()
        defer { lock.unlock() }
        carryOut(runner.connection(owner: owner))
    }

    public func perform(_ gesture: GestureEvent) {
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
    /// pointer or turns the wheel; each needs /dev/uinput. Without it the rest still acts (commands need nothing of
    /// the kind): what cannot be done is said once, with what would allow it, and tried again when the file changes.
    private func makeDevices(for actions: ActionsFile) {
        let codes = Set(actions.actions.flatMap { ($0.keys ?? []) + ($0.keysBack ?? []) + ($0.hold ?? []) })
        let needsKeyboard = codes.contains { !KeyNames.isButton($0) }
        let needsMouse = codes.contains(where: KeyNames.isButton) || actions.actions.contains { $0.pointer || $0.wheel != nil || $0.wheelBack != nil }
        var failed: SystemCallError?
        do throws(SystemCallError) {
            if needsKeyboard, keyboard == nil { keyboard = try effects.keyboard() }
            if needsMouse, mouse == nil { mouse = try effects.mouse() }
        } catch {
            failed = error
        }
        guard let failed else {
            saidMissing = nil
            return
        }
        let what = needsKeyboard ? needsMouse ? "keys and mouse actions" : "key actions" : "mouse actions"
        let line = "actions: \(what) do nothing: \(Self.advice(failed)); the other actions act"
        if line != saidMissing { effects.say(line) }
        saidMissing = line
    }

    /// Why /dev/uinput could not be used, and what would let it be: a kernel without the node is not a matter of
    /// permissions.
    static func advice(_ error: SystemCallError) -> String {
        switch error.errno {
        case .noSuchFileOrDirectory, .operationNotSupportedByDevice, .noSuchAddressOrDevice:
            "this machine has no /dev/uinput (\(error)): load the kernel's uinput module (sudo modprobe uinput; to load it at every boot, put uinput in a file of /etc/modules-load.d/)"
        case .permissionDenied, .notPermitted:
            "this user may not write /dev/uinput (\(error)); whoever may write it can make any input device, so grant it deliberately (docs/actions.md, Typing keys needs /dev/uinput)"
        default:
            "/dev/uinput could not be used (\(error))"
        }
    }

    /// Carries the effects out, in order, and sets the timer for the next step by time. Called with the lock held.
    private func carryOut(_ list: [ActionRunner.Effect]) {
        for effect in list {
            do {
                switch effect {
                case .command(let command, let environment): effects.commands.run(command, environment)
                case .keys(let codes):
                    for code in codes { try set(code, down: true) }
                    for code in codes.reversed() { try set(code, down: false) }
                case .press(let codes): for code in codes { try set(code, down: true) }
                case .release(let codes): for code in codes { try set(code, down: false) }
                case .pointer(let dx, let dy): try mouse?.move(dx: dx, dy: dy)
                case .wheel(let vertical, let horizontal): try mouse?.turn(vertical: vertical, horizontal: horizontal)
                }
            } catch {
                effects.say("actions: cannot send input: \(error)")
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
