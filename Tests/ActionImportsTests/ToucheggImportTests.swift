import GestureConfig
import Testing

@testable import ActionImports

/// `gesturectl import touchegg`: Touchégg 2's default configuration and its README's examples (Tests/ImportFixtures,
/// in our own words), pinches' two ways made one action, Touchégg 1's format and broken XML refused where they are.
@Suite struct ToucheggImportTests {
    @Test func theDefaultConfigurationIsMostlyWindowActions() throws {
        let imported = try Imported(.touchegg, fixture: "touchegg-default.conf")
        // The one gesture gestured can do: four fingers right type Super+S.
        #expect(imported.recognizerNames == ["swipe-4-horizontal"])
        #expect(imported.recognizer("swipe-4-horizontal") == ["kind": "swipe", "direction": .strings(["left", "right"]), "number_of_touches_required": 4])
        #expect(imported.file.actions.count == 1)
        let action = try #require(imported.file.actions.first)
        #expect(action.gesture == "swipe-4-horizontal" && action.direction == "right" && action.keys == codes("super+s") && action.states == ["ended"])

        // Everything else is said where it was, with why.
        #expect(imported.comment(atLine: 7) == "line 7: setting animation_delay = 150 Not imported: gestured draws nothing on the screen: animations and their colours have no equivalent.")
        #expect(imported.comment(atLine: 8)?.contains("setting action_execute_threshold = 20 Not imported: its threshold has no equivalent") == true)
        #expect(imported.comment(atLine: 9)?.contains("setting color = auto") == true)
        #expect(imported.comment(atLine: 10)?.contains("setting borderColor = auto") == true)
        let windows = [
            15: ("SWIPE 3 UP: MAXIMIZE_RESTORE_WINDOW", "\"alt+f10\""), 20: ("SWIPE 3 DOWN: MINIMIZE_WINDOW", "\"super+h\""),
            25: ("SWIPE 3 LEFT: TILE_WINDOW left", "\"super+left\""), 31: ("SWIPE 3 RIGHT: TILE_WINDOW right", "\"super+right\""),
            37: ("PINCH 3 IN: CLOSE_WINDOW", "\"alt+f4\""), 46: ("SWIPE 4 UP: CHANGE_DESKTOP auto", "natural scrolling"),
            53: ("SWIPE 4 DOWN: CHANGE_DESKTOP auto", "\"super+pagedown\""), 68: ("PINCH 4 OUT: SHOW_DESKTOP", "wmctrl -k on"),
        ]
        for (line, (what, advice)) in windows {
            let comment = try #require(imported.comment(atLine: line), "line \(line)")
            #expect(comment.hasPrefix("line \(line): \(what) Not imported: window actions are not imported yet: the desktop's own shortcut does it"), "\(comment)")
            #expect(comment.contains(advice), "\(comment)")
        }
        #expect(imported.comment(atLine: 73) == "line 73: PINCH 4 IN: SEND_KEYS Super_L+A Not imported: the engine's pinch takes two fingers, not 4.")
        #expect(imported.comment(atLine: 83)?.contains("TAP 2: MOUSE_CLICK button 3 Not imported: mouse clicks are not imported yet: keys = \"mouse_left\" (mouse_middle, mouse_right) clicks on gesturectl actions' virtual mouse (button 3 as X numbers them)") == true)
        #expect(imported.comment(atLine: 89)?.contains("TAP 3: MOUSE_CLICK button 2 Not imported: mouse clicks are not imported yet") == true)
        #expect(
            imported.comment(atLine: 98)
                == "line 98: <application name=\"Google-chrome,Chromium-browser\">: PINCH 2 IN: SEND_KEYS Control_L+KP_Subtract (repeat); PINCH 2 OUT: SEND_KEYS Control_L+KP_Add (repeat) Not imported: per-application gestures are not imported yet: an action's application = \"...\" limits it to an application (docs/actions.md, Per-application rules)."
        )
        // A warning for each, with the file and line.
        #expect(imported.warnings.count == 16)
        #expect(imported.warnings.first?.description == "touchegg-default.conf:7: setting animation_delay = 150: not imported: gestured draws nothing on the screen: animations and their colours have no equivalent")
    }

    @Test func theREADMEsExamples() throws {
        let imported = try Imported(.touchegg, fixture: "touchegg-examples.conf")
        #expect(imported.recognizerNames == ["swipe-3-vertical", "swipe-4-vertical", "pinch-2", "tap-3"])
        #expect(imported.recognizer("tap-3") == ["kind": "tap", "touch_types": .strings(["direct"]), "number_of_touches_required": 3])
        #expect(imported.text.contains("# Touchégg recognizes taps on touchscreens only: direct touches.\n[[recognizer]]\nname = \"tap-3\""))

        // Keys typed at the start and the end: once, with its animation said to be gone.
        let down = try #require(imported.actions("swipe-3-vertical").first)
        #expect(down.direction == "down" && down.keys == codes("ctrl+alt+down"))
        #expect(imported.comment(atLine: 20)?.contains("Note: gestured draws nothing on the screen") == true)
        #expect(imported.comment(atLine: 20)?.contains("Note: it acted at the gesture's start and again at its end") == true)

        // Alt+Tab and a command each step: the swipe would have to be a pan of one direction.
        for line in [31, 39, 80] {
            #expect(imported.comment(atLine: line)?.contains("Not imported: acting while a swipe goes on needs a pan action limited to one direction") == true, "line \(line)")
        }
        #expect(imported.comment(atLine: 48)?.contains("CHANGE_DESKTOP next Not imported: window actions are not imported yet") == true)
        #expect(imported.comment(atLine: 55)?.contains("\"super+pageup\"") == true)
        #expect(imported.comment(atLine: 11)?.contains("FULLSCREEN_WINDOW Not imported") == true)

        // The later of two entries for one gesture is the one Touchégg uses; its variables are said to be absent.
        #expect(imported.comment(atLine: 64) == "line 64: SWIPE 4 DOWN: SHOW_DESKTOP Not imported: replaced by the one at line 71, which is the one the tool uses.")
        let command = try #require(imported.actions("swipe-4-vertical").first)
        #expect(command.direction == "down" && command.command == "notify-send \"Swiped on a $TOUCHEGG_DEVICE_TYPE\" \"at its $TOUCHEGG_GESTURE_ON\"")
        #expect(imported.comment(atLine: 71)?.contains("Note: gesturectl actions does not set $TOUCHEGG_DEVICE_TYPE, $TOUCHEGG_GESTURE_ON: the nearest are $GESTURE_DEVICE") == true)

        // The two ways of a pinch, five steps each: one action of steps 0.2, xdotool's keys typed on gestured's keyboard.
        let pinch = try #require(imported.actions("pinch-2").first)
        #expect(imported.actions("pinch-2").count == 1)
        #expect(pinch.repeatEvery == 0.2 && pinch.keys == codes("ctrl+plus") && pinch.keysBack == codes("ctrl+minus") && pinch.states == ["changed"])
        #expect(imported.comment(atLine: 105) == "line 105: PINCH 2 OUT: RUN_COMMAND xdotool key ctrl+plus (repeat): with its other way, at line 97 above.")
        #expect(imported.comment(atLine: 88)?.contains("the engine's pinch takes two fingers, not 4") == true)
        #expect(imported.comment(atLine: 114)?.contains("mouse clicks are not imported yet") == true)

        let tap = try #require(imported.actions("tap-3").first)
        #expect(tap.command == "notify-send \"three fingers\"")
    }

    /// Steps with keys, as Touchégg's browsers zoom (here for every application), modifiers pressed with each step.
    @Test func aRepeatingPinchSteps() throws {
        let imported = try Imported(
            .touchegg,
            """
            <touchégg><application name="All">
            <gesture type="PINCH" fingers="2" direction="OUT"><action type="SEND_KEYS"><repeat>true</repeat>
              <modifiers>Control_L</modifiers><keys>KP_Add</keys><decreaseKeys>KP_Subtract</decreaseKeys></action></gesture>
            <gesture type="PINCH" fingers="2" direction="IN"><action type="SEND_KEYS"><repeat>true</repeat>
              <modifiers>Control_L</modifiers><keys>KP_Subtract</keys><decreaseKeys>KP_Add</decreaseKeys></action></gesture>
            </application></touchégg>
            """)
        let pinch = try #require(imported.actions("pinch-2").first)
        #expect(pinch.repeatEvery == 0.1 && pinch.keys == codes("ctrl+plus") && pinch.keysBack == codes("ctrl+minus"))
        #expect(imported.comment(atLine: 2)?.contains("Note: keys held for the whole gesture are not imported yet") == true)
    }

    /// Once, not repeating: the same keys both ways act when the pinch begins; different commands choose by the
    /// scale at its end; different keys cannot be told apart yet.
    @Test func aPinchOnceEachWay() throws {
        func pinches(_ inAction: String, _ outAction: String) -> String {
            """
            <touchégg><application name="All">
            <gesture type="PINCH" fingers="2" direction="IN">\(inAction)</gesture>
            <gesture type="PINCH" fingers="2" direction="OUT">\(outAction)</gesture>
            </application></touchégg>
            """
        }
        let same = try Imported(.touchegg, pinches("<action type=\"SEND_KEYS\"><keys>F9</keys></action>", "<action type=\"SEND_KEYS\"><keys>F9</keys></action>"))
        #expect(same.actions("pinch-2").map(\.states) == [["began"]])
        #expect(same.actions("pinch-2").first?.keys == codes("f9"))

        let commands = try Imported(
            .touchegg,
            pinches("<action type=\"RUN_COMMAND\"><command>echo in # closing</command></action>", "<action type=\"RUN_COMMAND\"><command>echo out</command></action>"))
        let command = try #require(commands.actions("pinch-2").first)
        #expect(command.states == ["ended"])
        #expect(command.command == "case $GESTURE_SCALE in\n0.*)\necho in # closing\n;;\n*)\necho out\n;;\nesac")
        #expect(commands.comment(atLine: 2)?.contains("Note: it acted before the gesture ended: here at its end, when its direction is known.") == true)
        for (scale, said) in [("0.7", "in"), ("1.3", "out")] {
            #expect(try shell(command.command!, environment: ["GESTURE_SCALE": scale]) == said + "\n")
        }

        let keys = try Imported(.touchegg, pinches("<action type=\"SEND_KEYS\"><keys>F9</keys></action>", "<action type=\"SEND_KEYS\"><keys>F10</keys></action>"))
        #expect(keys.file.actions.isEmpty)
        #expect(keys.comment(atLine: 2)?.contains("Not imported: a pinch action cannot yet be limited to pinching in or out with keys (a command can: it reads $GESTURE_SCALE).") == true)
    }

    @Test func whatTouchéggItselfNeverRunsIsSaidSo() throws {
        let imported = try Imported(
            .touchegg,
            """
            <touchégg><application name="All">
            <gesture type="SWIPE" fingers="3" direction="IN"><action type="SEND_KEYS"><keys>A</keys></action></gesture>
            <gesture type="TAP" fingers="2" direction="UP"><action type="SEND_KEYS"><keys>A</keys></action></gesture>
            <gesture type="SWIPE" fingers=" 3" direction="UP"><action type="SEND_KEYS"><keys>A</keys></action></gesture>
            <gesture type="ROLL" fingers="3" direction="UP"><action type="SEND_KEYS"><keys>A</keys></action></gesture>
            <gesture type="SWIPE" fingers="3" direction="UP"><action type="JUMP"/></gesture>
            <gesture type="SWIPE" fingers="3" direction="DOWN"/>
            <gesture type="SWIPE" fingers="3" direction="LEFT"><action type="SEND_KEYS"><keys>Hyper_L</keys></action></gesture>
            <gesture type="SWIPE" fingers="3" direction="RIGHT"><action type="SEND_KEYS"><modifiers>Super_L</modifiers></action></gesture>
            <note>hi</note>
            </application><extra/></touchégg>
            """)
        #expect(imported.file.actions.isEmpty && imported.file.recognizers.isEmpty)
        let said = [
            2: "a SWIPE without direction UP, DOWN, LEFT or RIGHT never happens in Touchégg",
            3: "Touchégg's taps have no direction: a TAP with one never happens",
            4: "fingers=\" 3\" is no number of fingers from 1 to 10",
            5: "Touchégg has no gesture type ROLL",
            6: "Touchégg has no action JUMP",
            7: "it has no <action>: Touchégg does nothing",
            8: "'Hyper_L' is not a key gestured's virtual keyboard has",
            9: "its action has no keys or command: Touchégg does nothing",
            10: "Touchégg reads only <gesture> here",
        ]
        for (line, text) in said { #expect(imported.comment(atLine: line)?.contains("Not imported: " + text) == true, "line \(line): \(imported.text)") }
        #expect(imported.text.contains("# line 11: <extra>\n# Not imported: Touchégg reads only <settings> and <application> here."))
    }

    @Test func touchéggOnesFormatIsRefusedWithWhatGivesItAway() throws {
        let text = try String(contentsOf: Imported.fixtures.appendingPathComponent("touchegg-v1.conf"), encoding: .utf8)
        #expect(
            importError(.touchegg, text, file: "touchegg.conf")
                == "touchegg.conf:6: this is Touchégg 1's format (the setting composed_gestures_time), which gesturectl import does not read: it reads Touchégg 2's, whose actions hold their settings as elements (<keys>, <command>); write these actions by hand (docs/actions.md)"
        )
        let others = [
            "<action type=\"MOUSE_CLICK\">BUTTON=3</action>": "an action's settings written as its text",
            "<action type=\"SEND_KEYS\" when=\"AT_START\"><keys>A</keys></action>": "<action when=\"...\">",
        ]
        for (action, evidence) in others {
            let file = "<touchégg>\n<application name=\"All\">\n<gesture type=\"TAP\" fingers=\"2\">\n\(action)\n</gesture>\n</application>\n</touchégg>\n"
            #expect(importError(.touchegg, file)?.hasPrefix("input:4: this is Touchégg 1's format (\(evidence))") == true, "\(importError(.touchegg, file) ?? "")")
        }
        for gesture in ["<gesture type=\"DOUBLE_TAP\" fingers=\"1\">", "<gesture type=\"DRAG\" fingers=\"2\" direction=\"ALL\">"] {
            let file = "<touchégg><application name=\"All\">\n\(gesture)<action type=\"X\"/></gesture></application></touchégg>"
            #expect(importError(.touchegg, file)?.hasPrefix("input:2: this is Touchégg 1's format") == true)
        }
    }

    @Test func brokenXMLIsRefusedAtItsLineAndColumn() {
        let cases = [
            "<touchégg>\n  <application name=\"All\">\n    <gesture type=\"TAP\" fingers=\"2\"><action type=\"X\"></actio>\n  </gesture>\n</touchégg>\n":
                "input:3:62: an end tag that does not close <action> (opened at line 3)",
            "<touchégg>\n  <application name=\"All\">\n": "input:2:27: <application> (line 2) is not closed: the file ends before its </application>",
            "<touchégg>\n  <gesture type=TAP/>\n</touchégg>\n": "input:2:17: an attribute without a value in quotes",
            "<touchégg>\n  <settings>&nbsp;</settings>\n</touchégg>\n": "input:2:19: an unknown entity (write & as &amp;)",
            "<touchégg></touchégg>\n<touchégg/>\n": "input:2:1: more after the end of the document's element",
            "": "input:1: no XML element: the file is empty",
        ]
        for (text, error) in cases { #expect(importError(.touchegg, text) == error, "\(text)") }
    }
}
