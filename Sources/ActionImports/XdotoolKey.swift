/// `xdotool key COMBINATION`, the command the tools' examples type keys with (X11 only): made gestured's keys,
/// which type on Wayland too.
enum XdotoolKey {
    /// The keys of a command's words when they are `xdotool key`, maybe `--clearmodifiers` (the keys typed on
    /// gestured's own keyboard hold no modifier of the real one), and one combination of keys gestured's keyboard
    /// has; nil for anything else.
    static func keys(_ words: [String]) -> String? {
        guard words.count >= 3, words[0] == "xdotool", words[1] == "key" else { return nil }
        let options = words.dropFirst(2).dropLast()
        guard options.allSatisfy({ $0 == "--clearmodifiers" }), let combination = words.last, !combination.hasPrefix("-") else { return nil }
        guard case .keys(let keys) = KeyTranslation.keysyms(combination.split(separator: "+").map(String.init), shiftedCapitals: true) else {
            return nil
        }
        return keys
    }

    /// What `xdotool keydown COMBINATION` or `xdotool mousedown BUTTON` presses (`down`), or `keyup` and `mouseup`
    /// release, as gestured's key names (a mouse button as `mouse_left`); nil for any other command.
    static func pressed(_ words: [String], down: Bool) -> String? {
        guard words.count >= 3, words[0] == "xdotool", let what = words.last, !what.hasPrefix("-") else { return nil }
        let options = words.dropFirst(2).dropLast()
        switch words[1] {
        case down ? "keydown" : "keyup":
            guard options.allSatisfy({ $0 == "--clearmodifiers" }),
                case .keys(let keys) = KeyTranslation.keysyms(what.split(separator: "+").map(String.init), shiftedCapitals: true)
            else { return nil }
            return keys
        case down ? "mousedown" : "mouseup":
            guard options.allSatisfy({ $0 == "--clearmodifiers" }), let number = Int(what) else { return nil }
            return KeyTranslation.mouseButton(x: number)
        default:
            return nil
        }
    }
}
