/// Key names for actions files, and their Linux key codes (include/uapi/linux/input-event-codes.h): what a
/// combination like "ctrl+alt+t" is typed with on gestured's virtual keyboard. Mouse buttons have names too
/// (`mouse_left`), pressed on gestured's virtual mouse: "ctrl+mouse_left" is a control-click.
public enum KeyNames {
    /// BTN_LEFT, BTN_RIGHT, BTN_MIDDLE, BTN_SIDE and BTN_EXTRA: the buttons a mouse has, by the names browsers give
    /// the last two.
    private static let buttons: [String: UInt16] = [
        "mouse_left": 0x110, "mouse_right": 0x111, "mouse_middle": 0x112, "mouse_back": 0x113, "mouse_forward": 0x114,
    ]

    private static let table: [String: UInt16] = {
        var keys: [String: UInt16] = [
            "esc": 1, "minus": 12, "equal": 13, "backspace": 14, "tab": 15, "leftbrace": 26, "rightbrace": 27, "enter": 28,
            "ctrl": 29, "leftctrl": 29, "semicolon": 39, "apostrophe": 40, "grave": 41, "shift": 42, "leftshift": 42,
            "backslash": 43, "comma": 51, "dot": 52, "slash": 53, "rightshift": 54, "alt": 56, "leftalt": 56, "space": 57,
            "capslock": 58, "rightctrl": 97, "rightalt": 100, "home": 102, "up": 103, "pageup": 104, "left": 105,
            "right": 106, "end": 107, "down": 108, "pagedown": 109, "insert": 110, "delete": 111, "mute": 113,
            "volumedown": 114, "volumeup": 115, "power": 116, "plus": 78, "super": 125, "meta": 125, "leftmeta": 125,
            "rightmeta": 126, "menu": 139, "back": 158, "forward": 159, "playpause": 164, "nextsong": 163,
            "previoussong": 165, "brightnessdown": 224, "brightnessup": 225, "print": 99, "sysrq": 99,
            // The keypad's, by their Linux names (fusuma's sendkey writes them so): kpplus is plus.
            "kpplus": 78, "kpminus": 74, "kpasterisk": 55, "kpslash": 98, "kpdot": 83, "kpenter": 96, "kpequal": 117,
            "kp0": 82, "kp1": 79, "kp2": 80, "kp3": 81, "kp4": 75, "kp5": 76, "kp6": 77, "kp7": 71, "kp8": 72, "kp9": 73,
        ]
        // Letters and digits in the keyboard's rows, function keys in their two ranges.
        for (row, first) in [("qwertyuiop", 16), ("asdfghjkl", 30), ("zxcvbnm", 44)] {
            for (i, letter) in row.enumerated() { keys[String(letter)] = UInt16(first + i) }
        }
        for digit in 1...9 { keys[String(digit)] = UInt16(1 + digit) }
        keys["0"] = 11
        for f in 1...10 { keys["f\(f)"] = UInt16(58 + f) }
        keys["f11"] = 87
        keys["f12"] = 88
        return keys
    }()

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
