import GestureActions
import GestureConfig
import Testing

@testable import ActionImports

/// The values and comments an import writes read back as they were meant.
@Suite struct TOMLTextTests {
    @Test(arguments: [
        "plain", "with \"double\" quotes", "it's", "both ' and \"", "back\\slash", "tab\there", "line\nbreak", "ends with '\nquote'",
        "three ''' quotes\nand more", "bell\u{7} and del\u{7F}", "carriage\r\nreturn", "é ✓ 𝄞",
    ])
    func aCommandReadsBackAsItWas(command: String) throws {
        let file = try ActionsFile.parse("[[action]]\ngesture = \"g\"\ncommand = \(TOMLText.string(command))\n", file: "t.toml")
        #expect(file.actions.first?.command == command)
    }

    @Test func numbersAreFloatsToThreeDecimals() {
        #expect(TOMLText.number(0.5 + 2.2) == "2.7")
        #expect(TOMLText.number(6) == "6.0")
        #expect(TOMLText.number(1.0 / 3) == "0.333")
    }

    @Test func commentsAreWrappedAndHoldNoControlCharacter() {
        let lines = TOMLText.comment("a\u{1}b " + String(repeating: "word ", count: 40) + "\nsecond", width: 40)
        #expect(lines.first == "# a b word word word word word word word")
        #expect(lines.allSatisfy { $0.count <= 40 && $0.hasPrefix("#") && !$0.contains("\u{1}") })
        #expect(lines.dropFirst().first?.hasPrefix("#   word") == true)
        #expect(lines.last == "# second")
    }

    /// Touchégg's keysyms and xdotool's names (capitals with shift), and sendkey's Linux names.
    @Test func keyNamesBecomeGesturedsOwn() {
        #expect(KeyTranslation.keysyms(["Control_L", "Alt_R", "Super_L", "Prior", "KP_Add", "KP_Subtract", "period", "XF86AudioRaiseVolume"], shiftedCapitals: false) == .keys("ctrl+rightalt+super+pageup+plus+kpminus+dot+volumeup"))
        #expect(KeyTranslation.keysyms(["Shift_L", "A"], shiftedCapitals: false) == .keys("shift+a"))
        #expect(KeyTranslation.keysyms(["ctrl", "T"], shiftedCapitals: true) == .keys("ctrl+shift+t"))
        #expect(KeyTranslation.keysyms(["Hyper_L"], shiftedCapitals: false) == .unknown("Hyper_L"))
        #expect(KeyTranslation.linuxNames("KEY_LEFTCTRL+leftshift+T") == .keys("leftctrl+leftshift+t"))
        #expect(KeyTranslation.linuxNames("LEFTCTRL+KEY_NOPE") == .unknown("KEY_NOPE"))
        // The mouse's buttons, which sendkey clicks as it types keys.
        #expect(KeyTranslation.linuxNames("BTN_LEFT") == .keys("mouse_left"))
        #expect(KeyTranslation.linuxNames("leftctrl+btn_middle") == .keys("leftctrl+mouse_middle"))
        #expect(KeyTranslation.linuxNames("BTN_SIDE+BTN_EXTRA+BTN_RIGHT") == .keys("mouse_back+mouse_forward+mouse_right"))
        #expect(KeyTranslation.linuxNames("BTN_TASK") == .unknown("BTN_TASK"))
        #expect(KeyTranslation.keysyms([], shiftedCapitals: true) == .unknown(""))
        #expect([1, 2, 3, 4, 8, 9].map { KeyTranslation.mouseButton(x: $0) } == ["mouse_left", "mouse_middle", "mouse_right", nil, "mouse_back", "mouse_forward"])
        #expect([3, 4, 5, 6, 7, 8].map { KeyTranslation.wheel(x: $0) } == [nil, "up", "down", "left", "right", nil])
        // A key or button pressed at a gesture's start and released at its end.
        #expect(XdotoolKey.pressed(["xdotool", "keydown", "alt"], down: true) == "alt")
        #expect(XdotoolKey.pressed(["xdotool", "keyup", "--clearmodifiers", "Super_L"], down: false) == "super")
        #expect(XdotoolKey.pressed(["xdotool", "keyup", "alt"], down: true) == nil)
        #expect(XdotoolKey.pressed(["xdotool", "mousedown", "3"], down: true) == "mouse_right")
        #expect(XdotoolKey.pressed(["xdotool", "mouseup", "5"], down: false) == nil)
        #expect(XdotoolKey.keys(["xdotool", "key", "--clearmodifiers", "super+Page_Down"]) == "super+pagedown")
        #expect(XdotoolKey.keys(["xdotool", "key", "a", "b"]) == nil)
        #expect(XdotoolKey.keys(["xdotool", "key", "--delay", "5", "a"]) == nil)
        #expect(XdotoolKey.keys(["xdotool", "key", "XF86ZoomIn"]) == nil)
        #expect(Effect.command(fromShell: "xdotool key ctrl+w; echo") == .command("xdotool key ctrl+w; echo"))
    }
}
