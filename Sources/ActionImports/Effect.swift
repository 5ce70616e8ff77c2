/// What an imported action does: keys typed on gestured's keyboard (mouse buttons clicked on its mouse), a step of
/// its mouse's wheel, a command for `/bin/sh -c`, or a desktop's shortcut by its preset's name (docs/actions.md,
/// Desktop presets).
enum Effect: Equatable {
    /// Key names of `KeyNames` joined by '+'; `command` is the shell command they were taken from (an `xdotool
    /// key`), for when only a command will do.
    case keys(String, command: String? = nil)
    case command(String)
    case shortcut(String)
    /// `up`, `down`, `left` or `right`, as an action's `wheel` takes them.
    case wheel(String)

    /// The effect as a shell command, when it has one: what a `case` on the gesture's direction can run.
    var shellCommand: String? {
        switch self {
        case .keys(_, let command): command
        case .command(let command): command
        case .shortcut, .wheel: nil
        }
    }

    /// A command, made keys when it is nothing but `xdotool key` and one combination gestured's keyboard has
    /// (typed on Wayland too, and without xdotool).
    static func command(fromShell text: String) -> Effect {
        guard let words = ShellWords.plainWords(text), let keys = XdotoolKey.keys(words) else { return .command(text) }
        return .keys(keys, command: text)
    }
}
