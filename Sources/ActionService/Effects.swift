import GestureActions
import GestureConfig
import LinuxInput
import SystemCalls

/// Where keys are typed: a key (a KeyNames code, not a mouse button) pressed or released.
public protocol KeyOutput: AnyObject {
    func set(_ code: UInt16, down: Bool) throws
}

/// Where the pointer moves, its buttons are pressed and its wheel turns.
public protocol PointerOutput: AnyObject {
    func set(_ button: UInt16, down: Bool) throws
    func move(dx: Int32, dy: Int32) throws
    func turn(vertical: Int32, horizontal: Int32) throws
}

/// What runs an action's command, never waiting for it: the command with its environment's additions.
public protocol CommandLauncher: AnyObject, Sendable {
    func run(_ command: String, _ environment: [String: String])
}

/// What tells the windows an action's application rules ask for (ActionRunner.windowQuestion).
public protocol WindowSource: AnyObject {
    func windows(_ question: ActionRunner.WindowQuestion) -> ActionRunner.Windows
}

/// The effects an ActionPerformer carries out, each made when an action first needs it: the keyboard and the mouse
/// (each may fail: no /dev/uinput, or no permission), the command launcher, the window source, and where the
/// service's lines go.
public struct Effects: Sendable {
    public var keyboard: @Sendable () throws(SystemCallError) -> KeyOutput
    public var mouse: @Sendable () throws(SystemCallError) -> PointerOutput
    public var commands: CommandLauncher
    public var windows: @Sendable () -> WindowSource
    public var say: @Sendable (String) -> Void

    public init(
        keyboard: @escaping @Sendable () throws(SystemCallError) -> KeyOutput, mouse: @escaping @Sendable () throws(SystemCallError) -> PointerOutput,
        commands: CommandLauncher, windows: @escaping @Sendable () -> WindowSource, say: @escaping @Sendable (String) -> Void
    ) {
        self.keyboard = keyboard
        self.mouse = mouse
        self.commands = commands
        self.windows = windows
        self.say = say
    }

    /// Where the keys are typed and the pointer moved: the virtual devices' names, as evtest and libinput list them.
    public static let keyboardName = "gestured actions keyboard"
    public static let mouseName = "gestured actions mouse"

    /// The real ones: uinput devices, commands run by `commands`, the running desktop asked, lines to standard
    /// output.
    public static func system(commands: CommandLauncher) -> Effects {
        Effects(
            keyboard: { () throws(SystemCallError) in try UinputKeyboard(name: keyboardName, keys: KeyNames.codes) },
            mouse: { () throws(SystemCallError) in try UinputMouse(name: mouseName, buttons: KeyNames.buttonCodes) },
            commands: commands, windows: { WindowAsker(say: ActionService.say) }, say: ActionService.say)
    }
}

extension UinputKeyboard: KeyOutput {}

extension UinputMouse: PointerOutput {
    public func move(dx: Int32, dy: Int32) throws { try move(dx: dx, dy: dy, wheel: 0, horizontalWheel: 0) }

    public func turn(vertical: Int32, horizontal: Int32) throws { try move(wheel: vertical, horizontalWheel: horizontal) }
}
