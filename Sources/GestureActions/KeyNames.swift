import ConfigSchema
import InputCore

/// Key names for actions files, and their Linux key codes (include/uapi/linux/input-event-codes.h): what a
/// combination like "ctrl+alt+t" is typed with on gestured's virtual keyboard. Mouse buttons have names too
/// (`mouse_left`), pressed on gestured's virtual mouse: "ctrl+mouse_left" is a control-click.
public enum KeyNames {
    /// BTN_LEFT, BTN_RIGHT, BTN_MIDDLE, BTN_SIDE and BTN_EXTRA: the buttons a mouse has, by the names browsers give
    /// the last two.
    private static let buttons: [String: UInt16] = [
        "mouse_left": "BTN_LEFT", "mouse_right": "BTN_RIGHT", "mouse_middle": "BTN_MIDDLE", "mouse_back": "BTN_SIDE",
        "mouse_forward": "BTN_EXTRA",
    ].mapValues { name in KernelEventCodes.value(of: name, in: KernelEventCodes.keys)! }

    /// Every key the kernel names (`KernelEventCodes`: KEY_LEFTCTRL is `leftctrl`), and the names people write
    /// for either side's modifiers, the keypad's plus and the print screen key.
    private static let table: [String: UInt16] = {
        var keys: [String: UInt16] = [:]
        for (name, code) in KernelEventCodes.keys where name.hasPrefix("KEY_") { keys[name.dropFirst(4).lowercased()] = code }
        // `print` is the print screen key (KEY_SYSRQ), which desktops bind: KEY_PRINT is a media keyboard's print
        // command, which they do not.
        let aliases = ["ctrl": "leftctrl", "shift": "leftshift", "alt": "leftalt", "super": "leftmeta", "meta": "leftmeta", "plus": "kpplus", "print": "sysrq"]
        for (alias, name) in aliases { keys[alias] = keys[name] }
        return keys
    }()

    /// gestured's name of a mouse button by the kernel's (`BTN_LEFT` is `mouse_left`, any case); nil for a name
    /// that is no button of gestured's mouse.
    public static func button(kernelName: String) -> String? {
        let upper = kernelName.uppercased()
        guard upper.hasPrefix("BTN_"), let code = KernelEventCodes.value(of: upper, in: KernelEventCodes.keys) else { return nil }
        return buttons.first { $0.value == code }?.key
    }

    /// The code of a key or button name (lower case), nil for a name it does not know.
    public static func code(_ name: String) -> UInt16? { table[name] ?? buttons[name] }

    /// Every name, sorted.
    public static var names: [String] { (Array(table.keys) + Array(buttons.keys)).sorted() }

    /// Every key code a name stands for: what the virtual keyboard declares.
    public static var codes: Set<UInt16> { Set(table.values) }

    /// Every mouse button code: what the virtual mouse declares.
    public static var buttonCodes: Set<UInt16> { Set(buttons.values) }

    /// Whether a code is a mouse button's, pressed on the mouse rather than the keyboard.
    public static func isButton(_ code: UInt16) -> Bool { buttons.values.contains(code) }
}
