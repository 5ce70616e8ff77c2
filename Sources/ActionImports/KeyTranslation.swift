import GestureActions
import GestureConfig

/// Key names of the other tools made gestured's (`KeyNames`): X keysyms (Touchégg's keys, xdotool's) and the
/// Linux input names fusuma's sendkey plugin takes.
enum KeyTranslation {
    /// What a combination became: gestured's keys joined by '+', or the first name that has no key.
    enum Result: Equatable {
        case keys(String)
        case unknown(String)
    }

    /// X's mouse buttons (Touchégg's `<button>`, xdotool's) by number, as gestured's mouse names them; 4 to 7 are
    /// X's wheel, not buttons.
    static func mouseButton(x number: Int) -> String? {
        [1: "mouse_left", 2: "mouse_middle", 3: "mouse_right", 8: "mouse_back", 9: "mouse_forward"][number]
    }

    /// The wheel's step X's buttons 4 to 7 stand for (X reports a wheel's clicks as those buttons), as an action's
    /// `wheel` names it.
    static func wheel(x number: Int) -> String? {
        [4: "up", 5: "down", 6: "left", 7: "right"][number]
    }

    /// X keysyms joined by '+' (Touchégg's `Control_L+T`, xdotool's `ctrl+alt+Right`). `shiftedCapitals`: a
    /// capital letter is typed with shift, as xdotool types it (Touchégg types the key alone).
    static func keysyms(_ combination: [String], shiftedCapitals: Bool) -> Result {
        var names: [String] = []
        for keysym in combination {
            if shiftedCapitals, keysym.count == 1, let letter = keysym.first, letter.isUppercase, letter.isASCII {
                names += ["shift", letter.lowercased()]
                continue
            }
            guard let name = keysymNames[keysym.lowercased()] ?? known(keysym.lowercased()) else { return .unknown(keysym) }
            names.append(name)
        }
        // No name at all ("+" split) is no combination.
        return names.isEmpty ? .unknown(combination.joined(separator: "+")) : .keys(joined(names))
    }

    /// Linux input key names joined by '+', with or without `KEY_`, in any case (fusuma's `LEFTCTRL+T`), and the
    /// mouse's buttons by theirs (`BTN_LEFT`).
    static func linuxNames(_ combination: String) -> Result {
        var names: [String] = []
        for part in combination.split(separator: "+", omittingEmptySubsequences: false) {
            let upper = part.uppercased()
            if let button = KeyNames.button(kernelName: upper) {
                names.append(button)
                continue
            }
            let name = upper.hasPrefix("KEY_") ? String(upper.dropFirst(4)).lowercased() : upper.lowercased()
            guard let known = known(name) else { return .unknown(String(part)) }
            names.append(known)
        }
        return .keys(joined(names))
    }

    /// A name gestured's keyboard has as it is written.
    private static func known(_ name: String) -> String? {
        KeyNames.code(name) == nil ? nil : name
    }

    /// Each key once, in the order first pressed (a combination repeats a modifier when its parts both hold it).
    private static func joined(_ names: [String]) -> String {
        var seen: [String] = []
        for name in names where !seen.contains(name) { seen.append(name) }
        return seen.joined(separator: "+")
    }

    /// X keysyms (lower case) whose gestured names differ: modifiers by side, and the keys named otherwise. xdotool's
    /// own names for the modifiers (ctrl, control, alt, shift, super, meta) come with them.
    private static let keysymNames: [String: String] = [
        "control_l": "ctrl", "control": "ctrl", "control_r": "rightctrl",
        "shift_l": "shift", "shift_r": "rightshift",
        "alt_l": "alt", "alt_r": "rightalt", "iso_level3_shift": "rightalt",
        "super_l": "super", "meta_l": "super", "super_r": "rightmeta", "meta_r": "rightmeta",
        "return": "enter", "escape": "esc",
        "prior": "pageup", "page_up": "pageup", "next": "pagedown", "page_down": "pagedown",
        "period": "dot", "bracketleft": "leftbrace", "bracketright": "rightbrace", "caps_lock": "capslock",
        // The keypad's keys as the keypad's (plus, gestured's name for KEY_KPPLUS, is kpplus too).
        "kp_add": "plus", "kp_subtract": "kpminus", "kp_multiply": "kpasterisk", "kp_divide": "kpslash", "kp_decimal": "kpdot",
        "kp_enter": "kpenter", "kp_equal": "kpequal", "kp_0": "kp0", "kp_1": "kp1", "kp_2": "kp2", "kp_3": "kp3", "kp_4": "kp4",
        "kp_5": "kp5", "kp_6": "kp6", "kp_7": "kp7", "kp_8": "kp8", "kp_9": "kp9",
        "xf86back": "back", "xf86forward": "forward", "xf86audiomute": "mute", "xf86audioraisevolume": "volumeup",
        "xf86audiolowervolume": "volumedown", "xf86audioplay": "playpause", "xf86audionext": "nextsong",
        "xf86audioprev": "previoussong", "xf86monbrightnessup": "brightnessup", "xf86monbrightnessdown": "brightnessdown",
        "xf86poweroff": "power",
    ]
}
