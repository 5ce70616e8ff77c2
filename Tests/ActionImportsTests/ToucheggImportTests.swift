import GestureActions
import GestureConfig
import GestureProtocol
import Testing

@testable import ActionImports

/// `gesturectl import touchegg`: Touchégg 2's default configuration and its README's examples (Tests/ImportFixtures,
/// in our own words), pinches' two ways made one action, Touchégg 1's format and broken XML refused where they are.
@Suite struct ToucheggImportTests {
    @Test func theDefaultConfigurationsWindowActionsAreTheDesktopsShortcuts() throws {
        let imported = try Imported(.touchegg, fixture: "touchegg-default.conf")
        #expect(imported.recognizerNames == ["swipe-3-vertical", "swipe-3-horizontal", "swipe-4-vertical", "swipe-4-horizontal", "tap-2", "tap-3", "pinch-2"])
        #expect(imported.recognizer("swipe-4-horizontal") == ["kind": "swipe", "direction": .strings(["left", "right"]), "number_of_touches_required": 4])
        let right = try #require(imported.actions("swipe-4-horizontal").first)
        #expect(right.direction == "right" && right.keys == codes("super+s") && right.states == ["ended"] && right.application == nil)

        // Window actions: the presets' shortcuts, for the desktops that have them by default, the others said.
        let windows = imported.file.actions.filter { $0.shortcut != nil }.map { "\($0.gesture) \($0.direction ?? "") \($0.shortcut!) \($0.desktops?.sorted() ?? [])" }
        #expect(
            windows == [
                "swipe-3-vertical up maximize-window [\"gnome\", \"kde\", \"x11\"]", "swipe-3-vertical down minimize-window [\"gnome\", \"kde\", \"x11\"]",
                "swipe-3-horizontal left tile-left [\"gnome\", \"kde\"]", "swipe-3-horizontal right tile-right [\"gnome\", \"kde\"]",
                // auto, as with natural scrolling: up (and left) for the next workspace.
                "swipe-4-vertical up workspace-next []", "swipe-4-vertical down workspace-previous []",
            ])
        #expect(imported.comment(atLine: 15)?.contains("Note: only GNOME, KDE Plasma and other X11 desktops have a default shortcut for maximize-window, so the action is for those; on sway and Hyprland, bind a shortcut of your own and give its keys, or run a command (X11: wmctrl -r :ACTIVE: -b toggle,maximized_vert,maximized_horz).") == true)
        #expect(imported.comment(atLine: 46)?.contains("Note: Touchégg chose the next or previous workspace by the swipe's direction and natural scrolling: here as with natural scrolling on") == true)
        #expect(imported.comment(atLine: 37) == "line 37: PINCH 3 IN: CLOSE_WINDOW Not imported: the engine's pinch takes two fingers, not 3.")
        #expect(imported.comment(atLine: 68) == "line 68: PINCH 4 OUT: SHOW_DESKTOP Not imported: the engine's pinch takes two fingers, not 4.")
        #expect(imported.comment(atLine: 73) == "line 73: PINCH 4 IN: SEND_KEYS Super_L+A Not imported: the engine's pinch takes two fingers, not 4.")

        // Clicks: X's button 3 the right button, 2 the middle one, clicked when the tap is recognized.
        #expect(imported.actions("tap-2").map(\.keys) == [codes("mouse_right")])
        #expect(imported.actions("tap-3").map(\.keys) == [codes("mouse_middle")])

        // The browsers' pinch: an action for them, Control held while the steps type + and -.
        let pinch = try #require(imported.actions("pinch-2").first)
        #expect(pinch.application == ApplicationRule(patterns: ["Google-chrome", "Chromium-browser"]))
        #expect(pinch.hold == codes("ctrl") && pinch.keys == codes("plus") && pinch.keysBack == codes("kpminus") && pinch.repeatEvery == 0.1)

        // Everything else is said where it was, with why.
        #expect(imported.comment(atLine: 7) == "line 7: setting animation_delay = 150 Not imported: gestured draws nothing on the screen: animations and their colours have no equivalent.")
        #expect(imported.comment(atLine: 8)?.contains("setting action_execute_threshold = 20 Not imported: its threshold has no equivalent") == true)
        #expect(imported.warnings.count == 19)
        #expect(imported.warnings.first?.description == "touchegg-default.conf:7: setting animation_delay = 150: not imported: gestured draws nothing on the screen: animations and their colours have no equivalent")
        // On every desktop the file loads with the shipped presets: the shortcuts some lack are not theirs.
        for desktop in ShortcutPresets.desktops {
            let actions = try imported.resolved(on: desktop)
            #expect(actions.count == ["gnome": 10, "kde": 10, "x11": 8][desktop, default: 6], "\(desktop)")
        }
        #expect(try imported.resolved(on: "kde").first?.keys == codes("super+pageup"))
    }

    @Test func theREADMEsExamples() throws {
        let imported = try Imported(.touchegg, fixture: "touchegg-examples.conf")
        // Three and four fingers step somewhere, so all their swipes are a pan's, each for the way it begins.
        #expect(imported.recognizerNames == ["pan-3", "pan-4", "pinch-2", "tap-2", "tap-3"])
        #expect(imported.recognizer("tap-3") == ["kind": "tap", "touch_types": .strings(["direct"]), "number_of_touches_required": 3])
        #expect(imported.text.contains("# Touchégg recognizes taps on touchscreens only: direct touches.\n[[recognizer]]\nname = \"tap-3\""))
        #expect(imported.recognizer("pan-3")?["simultaneous_with"] == nil, "no swipe of its fingers beside it")

        // Keys typed at the start and the end, as Touchégg does, with its animation said to be gone.
        let pan = imported.actions("pan-3")
        #expect(pan.map(\.direction) == ["up", "down", "right", "left"])
        #expect(pan[1].keys == codes("ctrl+alt+down") && pan[1].states == ["began", "ended"])
        #expect(imported.comment(atLine: 20)?.contains("Note: gestured draws nothing on the screen") == true)

        // Alt+Tab: Alt held while three fingers that began right or left step, Tab as they go right and Shift+Tab
        // left (the swipe left's keys back, its decreaseKeys forward); a command each step of four fingers up.
        for way in pan[2...3] {
            #expect(way.hold == codes("alt") && way.keys == codes("tab") && way.keysBack == codes("shift+tab") && way.repeatEvery == 4 && way.states == ["changed"])
        }
        #expect(imported.comment(atLine: 31)?.contains("Note: Touchégg stepped every part of the swipe's length (which it measures by the device): here every 4.0 mm along the way the fingers began") == true)
        let volume = try #require(imported.actions("pan-4").first { $0.direction == "up" })
        #expect(volume.command == "pactl set-sink-volume @DEFAULT_SINK@ -5%" && volume.commandBack == "pactl set-sink-volume @DEFAULT_SINK@ +5%" && volume.hold == nil)

        // Window actions, when the fingers begin that way: fullscreen is sway's and Hyprland's only; next and
        // previous workspaces every desktop's.
        #expect(pan[0].shortcut == "fullscreen-window" && pan[0].desktops == ["sway", "hyprland", "x11"] && pan[0].states == ["began"])
        #expect(imported.actions("pan-4").filter { $0.direction == "left" || $0.direction == "right" }.map(\.shortcut) == ["workspace-next", "workspace-previous"])
        #expect(imported.actions("pan-4").allSatisfy { $0.desktops == nil })
    }

    /// Buttons: clicked at a tap (or a swipe) as `on` says, held while a swipe goes on (begin-and-end) by a pan of
    /// its fingers; X's wheel numbers are no buttons.
    @Test func mouseClicks() throws {
        let imported = try Imported(
            .touchegg,
            """
            <touchégg><application name="All">
            <gesture type="TAP" fingers="1"><action type="MOUSE_CLICK"><button>1</button><on>end</on></action></gesture>
            <gesture type="SWIPE" fingers="2" direction="LEFT"><action type="MOUSE_CLICK"><button>8</button></action></gesture>
            <gesture type="SWIPE" fingers="3" direction="UP"><action type="MOUSE_CLICK"><button>1</button><on>begin-and-end</on></action></gesture>
            <gesture type="SWIPE" fingers="3" direction="DOWN"><action type="MOUSE_CLICK"><button>3</button><on>begin-and-end</on></action></gesture>
            <gesture type="TAP" fingers="2"><action type="MOUSE_CLICK"><button>4</button></action></gesture>
            <gesture type="TAP" fingers="4"><action type="MOUSE_CLICK"><button>2</button><on>begin-and-end</on></action></gesture>
            <gesture type="SWIPE" fingers="4" direction="UP"><action type="MOUSE_CLICK"><button>7</button></action></gesture>
            <gesture type="TAP" fingers="3"><action type="MOUSE_CLICK"><button>12</button></action></gesture>
            </application></touchégg>
            """)
        #expect(imported.actions("tap-1").map(\.keys) == [codes("mouse_left")])
        #expect(imported.actions("swipe-2-horizontal").map(\.keys) == [codes("mouse_back")])
        // Held while the fingers go on, for the way they began: up the left button, down the right one.
        let drags = imported.actions("pan-3")
        #expect(drags.map(\.direction) == ["up", "down"])
        #expect(drags.map(\.hold) == [codes("mouse_left"), codes("mouse_right")] && drags.allSatisfy { $0.keys == nil && $0.states == ["ended"] })
        #expect(imported.recognizer("swipe-2-horizontal")?["touch_types"] == .strings(["direct"]), "two-finger swipes are a touchscreen's")
        // X's buttons 4 to 7 are the wheel's steps.
        #expect(imported.actions("tap-2").map(\.wheel) == [.up] && imported.actions("tap-2").map(\.keys) == [nil])
        #expect(imported.actions("swipe-4-vertical").map(\.wheel) == [.right])
        #expect(imported.comment(atLine: 9)?.contains("Not imported: gestured's mouse has no button 12 as X numbers them") == true)
        #expect(imported.actions("tap-4").map(\.keys) == [codes("mouse_middle")])
    }

    /// `<application>`s: their gestures as actions for them, beside the general ones, which gestured runs where
    /// none of theirs is for the gesture (as Touchégg looks up an application's gestures before All's).
    @Test func applicationsGestures() throws {
        let imported = try Imported(
            .touchegg,
            """
            <touchégg>
            <application name="All">
            <gesture type="SWIPE" fingers="3" direction="LEFT"><action type="SEND_KEYS"><modifiers>Alt_L</modifiers><keys>Right</keys></action></gesture>
            </application>
            <application name=" Firefox , org.gnome.Nautilus">
            <gesture type="SWIPE" fingers="3" direction="LEFT"><action type="SEND_KEYS"><keys>F5</keys></action></gesture>
            <gesture type="SWIPE" fingers="3" direction="LEFT"><action type="CLOSE_WINDOW"/></gesture>
            </application>
            <application name=",">
            <gesture type="TAP" fingers="2"><action type="SEND_KEYS"><keys>A</keys></action></gesture>
            </application>
            </touchégg>
            """)
        let swipes = imported.actions("swipe-3-horizontal")
        #expect(swipes.map(\.application) == [nil, ApplicationRule(patterns: ["Firefox", "org.gnome.Nautilus"])])
        #expect(swipes.map(\.shortcut) == [nil, "close-window"])
        #expect(imported.comment(atLine: 6)?.contains("Not imported: replaced by the one at line 7") == true)
        #expect(imported.text.contains("application = [\"Firefox\", \"org.gnome.Nautilus\"]\nshortcut = \"close-window\""))
        #expect(imported.comment(atLine: 9) == "line 9: <application name=\",\"> Not imported: an actions file's application takes 1 to 256 names, each of 1 to 256 bytes.")
        #expect(imported.actions("tap-2").isEmpty)
    }

    /// Repeating swipes of one pan, each way its own action, for the way the fingers begin: a way without
    /// decreaseCommand steps only as they go on.
    @Test func aPanStepsEachWayItBegins() throws {
        let imported = try Imported(
            .touchegg,
            """
            <touchégg><application name="All">
            <gesture type="SWIPE" fingers="4" direction="LEFT"><action type="RUN_COMMAND"><repeat>true</repeat><command>echo left</command></action></gesture>
            <gesture type="SWIPE" fingers="4" direction="UP"><action type="RUN_COMMAND"><repeat>true</repeat><command>echo up</command><decreaseCommand>echo down</decreaseCommand></action></gesture>
            <gesture type="SWIPE" fingers="3" direction="RIGHT"><action type="SEND_KEYS"><repeat>true</repeat><times>4</times><keys>Tab</keys></action></gesture>
            <gesture type="SWIPE" fingers="3" direction="UP"><action type="SEND_KEYS"><repeat>true</repeat><keys>Up</keys></action></gesture>
            </application></touchégg>
            """)
        let four = imported.actions("pan-4")
        #expect(four.map(\.direction) == ["left", "up"])
        // Left: its command as the fingers go further left, the steps back of a pan.
        #expect(four[0].command == nil && four[0].commandBack == "echo left" && four[0].repeatEvery == 4)
        // Up: its command back (up is back), its decreaseCommand forward.
        #expect(four[1].command == "echo down" && four[1].commandBack == "echo up")
        let three = imported.actions("pan-3")
        #expect(three.map(\.direction) == ["right", "up"])
        #expect(three[0].keys == codes("tab") && three[0].keysBack == nil && three[0].hold == nil && three[0].repeatEvery == 10)
        #expect(three[1].keysBack == codes("up") && three[1].keys == nil)
        #expect(imported.file.actions.count == 4)
    }

    /// One movement, one action: an application's swipe takes the place of the general one of its way, on the pan
    /// where the general one steps, and a swipe up is not the Alt+Tab of a swipe sideways.
    @Test func oneMovementMakesTheActionsOfOneWay() throws {
        let imported = try Imported(
            .touchegg,
            """
            <touchégg>
            <application name="All">
            <gesture type="SWIPE" fingers="3" direction="UP"><action type="SEND_KEYS"><modifiers>Control_L</modifiers><keys>F9</keys></action></gesture>
            <gesture type="SWIPE" fingers="3" direction="RIGHT"><action type="SEND_KEYS"><repeat>true</repeat><modifiers>Alt_L</modifiers><keys>Tab</keys><decreaseKeys>Shift_L+Tab</decreaseKeys></action></gesture>
            <gesture type="SWIPE" fingers="3" direction="LEFT"><action type="SEND_KEYS"><repeat>true</repeat><modifiers>Alt_L</modifiers><keys>Shift_L+Tab</keys><decreaseKeys>Tab</decreaseKeys></action></gesture>
            </application>
            <application name="firefox">
            <gesture type="SWIPE" fingers="3" direction="LEFT"><action type="SEND_KEYS"><modifiers>Alt_L</modifiers><keys>Left</keys></action></gesture>
            </application>
            </touchégg>
            """)
        #expect(imported.recognizerNames == ["pan-3"])
        var runner = ActionRunner(actions: imported.file)
        func pan(_ state: RecognizerState, _ x: Double, _ y: Double, front: [String] = ["kitty"]) -> [ActionRunner.Effect] {
            let event = GestureEvent(
                names: .init(recognizer: "pan-3", kind: "pan"), place: Place(device: "touchpad", node: "/dev/input/event5", region: "touchpad"),
                state: state, time: DaemonTime(microseconds: 0), touches: 3, location: nil, values: .pan(translation: Pair(x, y), velocity: nil))
            return runner.effects(of: event, at: 0, windows: .init(front: front))
        }
        #expect(pan(.began, 0.5, -2) == [.keys(codes("ctrl+f9"))], "up: Ctrl+F9, no Alt held")
        #expect(pan(.changed, 30, -20).isEmpty && pan(.ended, 30, -20).isEmpty)
        #expect(pan(.began, -2, 0, front: ["firefox"]) == [.keys(codes("alt+left"))], "left in Firefox: Alt+Left alone")
        #expect(pan(.changed, -30, 0, front: ["firefox"]).isEmpty && pan(.ended, -30, 0, front: ["firefox"]).isEmpty)
        #expect(pan(.began, 2, 0, front: ["firefox"]) == [.press(codes("alt"))], "right in Firefox: the general Alt+Tab")
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

        let shortcut = try Imported(.touchegg, pinches("<action type=\"SHOW_DESKTOP\"/>", "<action type=\"SHOW_DESKTOP\"/>"))
        #expect(shortcut.actions("pinch-2").map(\.shortcut) == ["show-desktop"])
        #expect(shortcut.actions("pinch-2").first?.desktops == ["kde", "x11"])
        #expect(shortcut.comment(atLine: 2)?.contains("Note: only KDE Plasma and other X11 desktops have a default shortcut for show-desktop, so the action is for those; on GNOME, sway and Hyprland,") == true)

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
