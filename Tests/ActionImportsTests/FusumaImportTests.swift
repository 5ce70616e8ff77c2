import GestureActions
import GestureConfig
import Testing

@testable import ActionImports

/// `gesturectl import fusuma`: fusuma's built-in configuration and the examples of its README, pull request and
/// plugins (Tests/ImportFixtures, in our own words, appmatcher's documents included), and YAML fusuma refuses,
/// refused where it is.
@Suite struct FusumaImportTests {

    @Test func theBuiltInConfiguration() throws {
        let imported = try Imported(.fusuma, fixture: "fusuma-default.yml")
        #expect(imported.recognizerNames == ["swipe-3-horizontal", "swipe-3-vertical", "swipe-4-horizontal", "swipe-4-vertical", "pinch-2"])
        #expect(
            imported.recognizer("swipe-4-vertical")
                == [
                    "kind": "swipe", "touch_types": .strings(["indirect"]), "direction": .strings(["up", "down"]), "number_of_touches_required": 4,
                    "minimum_distance_mm": 6.0,
                ])
        #expect(imported.recognizer("pinch-2") == ["kind": "pinch", "touch_types": .strings(["indirect"])])
        // xdotool's keys, typed on gestured's keyboard.
        let swipes = imported.file.actions.filter { $0.gesture.hasPrefix("swipe") }.map { "\($0.gesture) \($0.direction!) \($0.keys!)" }
        let expected = [
            ("swipe-3-horizontal", "left", "alt+right"), ("swipe-3-horizontal", "right", "alt+left"), ("swipe-3-vertical", "up", "ctrl+t"),
            ("swipe-3-vertical", "down", "ctrl+w"), ("swipe-4-horizontal", "left", "super+right"), ("swipe-4-horizontal", "right", "super+left"),
            ("swipe-4-vertical", "up", "super+a"), ("swipe-4-vertical", "down", "super+s"),
        ].map { "\($0.0) \($0.1) \(codes($0.2))" }
        #expect(swipes == expected)
        #expect(imported.comment(atLine: 5) == "line 5: swipe 3 left: command xdotool key alt+Right")
        // Pinching in zooms in, as fusuma has it: steps, out forward.
        let pinch = try #require(imported.actions("pinch-2").first)
        #expect(pinch.repeatEvery == 0.2 && pinch.keys == codes("ctrl+minus") && pinch.keysBack == codes("ctrl+equal"))
        #expect(imported.comment(atLine: 16)?.contains("Note: it acted again at every interval while the fingers went on: here every 0.2 of scale.") == true)
        #expect(imported.comment(atLine: 19) == "line 19: pinch 4 in: {command: xdotool key super+a} Not imported: the engine's pinch takes two fingers, not 4.")
        #expect(imported.comment(atLine: 20)?.contains("the engine's pinch takes two fingers, not 4") == true)
        #expect(imported.text.contains("# line 21: threshold swipe: 0.3\n# Not imported: its threshold has no equivalent"))
        #expect(imported.text.contains("# line 21: threshold pinch: 0.1\n# Not imported: its threshold has no equivalent"))
        #expect(imported.comment(atLine: 22) == "line 22: interval swipe: 1: the repeat_interval of swipe update: actions is 0.1 s times it (a gesture acting once has no use for it).")
        #expect(imported.warnings.count == 5)
    }

    @Test func theExamplesOfTheREADMEsAndAppmatchersDocuments() throws {
        let imported = try Imported(.fusuma, fixture: "fusuma-examples.yml")
        #expect(
            imported.recognizerNames == [
                "swipe-3-horizontal", "swipe-3-vertical", "pan-3", "swipe-4-horizontal", "swipe-4-vertical", "pan-4", "pinch-2", "long-press-1-1.4s",
                "long-press-2-1.4s", "long-press-3-1.4s", "long-press-4-1.4s", "tap-1", "tap-2", "tap-3", "tap-4",
            ])
        // sendkey's names, a leaf's threshold said to have no equivalent.
        let left = try #require(imported.actions("swipe-3-horizontal").first)
        #expect(left.direction == "left" && left.keys == codes("leftalt+right"))
        #expect(imported.comment(atLine: 7)?.contains("Note: its threshold has no equivalent") == true)
        #expect(imported.actions("swipe-3-vertical").filter { $0.application == nil }.map(\.keys) == [codes("super"), codes("super")])

        // The Alt+Tab switcher: begin's keydown and end's keyup hold alt while the pan of those fingers goes, any way
        // (fusuma's begin and end are every direction's); a pan begun sideways steps by time, fusuma's pace, Tab right
        // of where it began and Shift+Tab left; the pan may recognize with their swipes.
        let pan = imported.actions("pan-3")
        #expect(pan.map(\.direction) == ["right", "left", nil])
        for switcher in pan.prefix(2) {
            #expect(switcher.keys == codes("tab") && switcher.keysBack == codes("shift+tab") && switcher.hold == nil)
            #expect(switcher.repeatInterval == 0.5 && switcher.command == nil && switcher.states == ["ended"])
        }
        #expect(pan.last?.hold == codes("alt") && pan.last?.keys == nil && pan.last?.repeatInterval == nil)
        #expect(
            imported.comment(atLine: 10)?.contains(
                "Note: fusuma acted as the fingers moved, at most every 0.5 s (back every 0.075 s): here every 0.5 s while they stay down, moving or not, both ways: an action has one pace.")
                == true)
        #expect(
            imported.recognizer("pan-3")
                == [
                    "kind": "pan", "touch_types": .strings(["indirect"]), "minimum_number_of_touches": 3, "maximum_number_of_touches": 3,
                    "simultaneous_with": .strings(["swipe-3-horizontal", "swipe-3-vertical"]),
                ])
        // Dragging: the left button held from begin to end, the pointer following the fingers where fusuma moved it.
        let drag = try #require(imported.actions("pan-4").first)
        #expect(imported.actions("pan-4").count == 1)
        #expect(drag.hold == codes("mouse_left") && drag.pointer && drag.command == nil && drag.repeatInterval == nil)
        #expect(imported.comment(atLine: 46)?.contains("Note: the pointer follows the fingers at pointer_speed") == true)

        // wmctrl's workspaces, the desktops' shortcuts; keypress's chords and a key out of place.
        #expect(imported.actions("swipe-4-horizontal").map(\.shortcut) == ["workspace-next", "workspace-previous"])
        #expect(imported.actions("swipe-4-vertical").map(\.keys) == [codes("leftctrl+leftalt+down"), codes("leftctrl+leftalt+up")])
        for line in [33, 36, 38] {
            #expect(imported.comment(atLine: line)?.contains("Not imported: actions that depend on keys held on the keyboard are not yet supported by gesturectl actions.") == true)
        }
        // After the action they belong to, as in the file.
        #expect(imported.text.range(of: "# line 31: swipe 4 up")!.lowerBound < imported.text.range(of: "# line 33: swipe 4 up keypress LEFTSHIFT")!.lowerBound)
        #expect(imported.comment(atLine: 42) == "line 42: swipe 4 down LEFTSHIFT: {sendkey: LEFTMETA+UP} Not imported: fusuma has no 'LEFTSHIFT' here.")

        // For two fingers, fusuma runs the pinches written under 2; the others only for more fingers.
        #expect(imported.comment(atLine: 54)?.contains("Not imported: for two fingers, fusuma runs the one at line 59; the engine's pinch takes no other number.") == true)
        #expect(imported.comment(atLine: 56)?.contains("the one at line 60") == true)
        let pinch = try #require(imported.actions("pinch-2").first)
        #expect(imported.actions("pinch-2").count == 2)
        #expect(pinch.keys == codes("ctrl+minus") && pinch.keysBack == codes("ctrl+plus") && pinch.repeatEvery == 0.2)
        #expect(imported.comment(atLine: 63)?.contains("rotate 3 clockwise: {update: {sendkey: VOLUMEUP}} Not imported: the engine's rotation takes two fingers, not 3.") == true)

        // Holds: 0.7 s times threshold's hold (2), acting when they begin; sendkey's list typed in order.
        #expect(imported.recognizer("long-press-3-1.4s") == ["kind": "long-press", "touch_types": .strings(["indirect"]), "number_of_touches_required": 3, "minimum_press_duration": 1.4])
        #expect(imported.actions("long-press-3-1.4s").map(\.keys) == ["leftctrl+a", "leftctrl+c", "right", "leftctrl+v"].map(codes))
        #expect(imported.actions("long-press-3-1.4s").allSatisfy { $0.states == ["began"] })
        #expect(imported.actions("long-press-4-1.4s").first?.keys == codes("super"))
        #expect(imported.actions("long-press-2-1.4s").map(\.shortcut) == ["fullscreen-window"])
        #expect(imported.actions("long-press-2-1.4s").first?.desktops == ["sway", "hyprland", "x11"])
        #expect(imported.comment(atLine: 80) == "line 80: threshold hold: 2: the long presses' minimum_press_duration is 0.7 s times it.")

        // The tap plugin's taps, on the touchpad.
        #expect(imported.actions("tap-2").first?.command == "notify-send \"tap two\"")

        // plugin settings, interval, and every other document.
        #expect(imported.comment(atLine: 82) == "line 82: interval swipe: 0.75: the repeat_interval of swipe update: actions is 0.1 s times it (a gesture acting once has no use for it).")
        #expect(imported.comment(atLine: 84)?.contains("keep_device_names: [Synaptics TM3072-003, ELAN0501:00 04F3:3060 Touchpad]") == true)
        #expect(imported.comment(atLine: 84)?.contains("Not imported: fusuma's plugin settings have no equivalent here") == true)
        // appmatcher's documents: their actions for their applications, beside the general ones.
        #expect(
            imported.comment(atLine: 98)
                == "line 98: context {application: Google-chrome}: swipe 3 left, swipe 3 right, swipe 3 up, swipe 3 down: the actions below are for Google-chrome (application)."
        )
        let chrome = ApplicationRule(patterns: ["Google-chrome"]), terminal = ApplicationRule(patterns: ["Gnome-terminal"])
        #expect(imported.actions("swipe-3-horizontal").map(\.application) == [nil, nil, chrome, chrome])
        #expect(imported.actions("swipe-3-vertical").map(\.application) == [nil, nil, chrome, chrome, terminal, terminal])
        #expect(imported.actions("swipe-3-vertical").last?.keys == codes("leftctrl+leftshift+w"))
        let pinches = imported.actions("pinch-2")
        #expect(pinches.map(\.application) == [nil, ApplicationRule(patterns: ["Google-chrome", "Firefox"])])
        #expect(pinches.last?.keys == codes("leftctrl+equal") && pinches.last?.keysBack == codes("leftctrl+minus"))
        #expect(imported.comment(atLine: 120)?.contains("Not imported: fusuma's contexts are not yet supported by gesturectl actions ({thumbsense: true, application: [Google-chrome, Firefox]}).") == true)
    }

    @Test func rotationsAndPinchesTheirWays() throws {
        let imported = try Imported(
            .fusuma,
            """
            rotate:
              2:
                clockwise: { update: { sendkey: VOLUMEUP } }
                counterclockwise: { update: { sendkey: VOLUMEDOWN } }
            pinch:
              2:
                in: { command: notify-send in }
                begin: { command: echo begun }
                end: { command: echo ended }
                update: { command: echo moving }
                out: { begin: { command: echo out } }
            """)
        let rotation = try #require(imported.actions("rotation-2").first)
        #expect(rotation.repeatEvery == 0.3 && rotation.keys == codes("volumeup") && rotation.keysBack == codes("volumedown"))
        #expect(imported.comment(atLine: 3)?.contains("Note: it acted again at every interval while the fingers went on: here every 0.3 radians (17 degrees).") == true)
        #expect(imported.recognizer("pinch-2") == ["kind": "pinch", "touch_types": .strings(["indirect"]), "simultaneous_with": .strings(["rotation-2"])])
        // A pinch in alone: a command at its end, if the scale says in; begin and end; update by time, both ways.
        let pinches = imported.actions("pinch-2")
        #expect(pinches.map(\.states) == [["ended"], ["began"], ["ended"], ["ended"]])
        #expect(pinches.first?.command == "case $GESTURE_SCALE in\n0.*)\nnotify-send in\n;;\n*)\n:\n;;\nesac")
        #expect(pinches.map(\.command).dropFirst() == ["echo begun", "echo ended", "echo moving"])
        #expect(pinches.last?.commandBack == "echo moving" && pinches.last?.repeatInterval == 0.1)
        #expect(imported.comment(atLine: 10)?.contains("Note: fusuma acted as the fingers moved, at most every 0.1 s: here every 0.1 s while they stay down, moving or not.") == true)
        #expect(imported.comment(atLine: 11)?.contains("pinch 2 out begin: {command: echo out} Not imported: a pinch action cannot yet be limited to pinching in or out") == true)
    }

    @Test func whatHasNoEquivalentInALeaf() throws {
        let imported = try Imported(
            .fusuma,
            """
            swipe:
              3:
                left: { sendkey: LEFTCTRL+NOKEY }
                right: { sendkey: BTN_LEFT }
                up: { window: next, command: echo up }
                down: { shortcut: ctrl+w }
                sideways: { command: echo }
              '4':
                left: { command: echo }
            hold:
              2: { command: echo $move_x, accel: 3, interval: 2, clearmodifiers: true, threshold: 2 }
            tap:
              1: {}
            pinch:
              2:
                in: { window: maximized }
                out: { window: prev }
            """)
        #expect(imported.comment(atLine: 3)?.contains("Not imported: 'NOKEY' is not a key gestured's virtual keyboard has") == true)
        #expect(imported.actions("swipe-3-horizontal").map(\.keys) == [codes("mouse_left")])
        #expect(imported.actions("swipe-3-vertical").map(\.shortcut) == ["move-window-to-next-workspace", nil])
        #expect(imported.actions("swipe-3-vertical").last?.keys == codes("ctrl+w"), "fusuma 0.x's shortcut, typed as its xdotool key")
        #expect(imported.text.contains("# line 5: swipe 3 up command: echo up\n# Not imported: fusuma runs one of command, sendkey, workspace and window: here window."))
        #expect(imported.comment(atLine: 6)?.contains("fusuma 0.x typed shortcut: with xdotool key, as this does") == true)
        #expect(imported.comment(atLine: 7)?.contains("a swipe's fingers have left, right, up, down, begin, update or end below them in fusuma") == true)
        #expect(imported.comment(atLine: 8)?.contains("'4' is no number of fingers from 1 to 10 (fusuma matches numbers without quotes)") == true)
        let hold = try #require(imported.actions("long-press-2-1.4s").first)
        #expect(hold.command == "echo $move_x")
        for note in [
            "Note: releasing the keyboard's held modifiers first is not yet supported by gesturectl actions.",
            "Note: its interval only paced fusuma acting again while the fingers went on: here it acts once a gesture", "Note: accel scales fusuma's movement variables",
            "Note: gesturectl actions does not set $move_x: the nearest are $GESTURE_TRANSLATION_MM_X and _Y",
        ] {
            #expect(imported.comment(atLine: 11)?.contains(note) == true, "\(note)")
        }
        #expect(imported.comment(atLine: 13)?.contains("tap 1 Not imported: nothing for fusuma to run") == true)
        // Both ways shortcuts, where both are: a file with shortcut: is fusuma 0.x's, whose spreading was `in`, so
        // forward (spreading) maximizes the window and back moves it.
        let pinch = try #require(imported.actions("pinch-2").first)
        #expect(pinch.shortcut == "maximize-window" && pinch.shortcutBack == "move-window-to-previous-workspace" && pinch.desktops == ["gnome", "kde", "x11"])
        #expect(imported.comment(atLine: 16)?.contains("Note: only GNOME, KDE Plasma and other X11 desktops have a default shortcut for maximize-window") == true)
    }

    /// wmctrl's windows and workspaces: the desktops' shortcuts where they have them; sendkey's buttons clicked.
    @Test func windowsAndButtons() throws {
        let imported = try Imported(
            .fusuma,
            """
            swipe:
              3:
                up: { window: maximized }
                down: { window: close }
                left: { window: { fullscreen: add } }
                right: { workspace: up }
              4:
                left: { sendkey: LEFTCTRL+BTN_LEFT }
                right: { window: sideways }
                up: { workspace: down }
            """)
        let vertical = imported.actions("swipe-3-vertical")
        #expect(vertical.map(\.shortcut) == ["maximize-window", "close-window"])
        #expect(vertical.map(\.desktops) == [["gnome", "kde", "x11"], nil])
        let fullscreen = try #require(imported.actions("swipe-3-horizontal").first)
        #expect(fullscreen.shortcut == "fullscreen-window" && fullscreen.desktops == ["sway", "hyprland", "x11"])
        #expect(imported.comment(atLine: 5)?.contains("Note: the desktops' shortcuts toggle it, where this only set (or only unset) it.") == true)
        #expect(imported.comment(atLine: 6)?.contains("Not imported: no desktop preset does this (docs/actions.md, Desktop presets): bind your desktop's shortcut as keys (KDE Plasma \"ctrl+super+up\")") == true)
        #expect(imported.actions("swipe-4-horizontal").map(\.keys) == [codes("leftctrl+mouse_left")])
        #expect(imported.comment(atLine: 9)?.contains("Not imported: fusuma-plugin-wmctrl has no window 'sideways'") == true)
        #expect(imported.comment(atLine: 10)?.contains("Not imported: no desktop preset does this") == true)
        for desktop in ShortcutPresets.desktops { #expect(try imported.resolved(on: desktop).count == (desktop == "x11" ? 4 : 3), "\(desktop)") }
    }

    /// update: by time, as fusuma paces it: a swipe's ways by the way the pan began, each axis's two ways stepping
    /// along it, forward right or down, the update without a direction standing in for the ways without their own;
    /// update: without a direction both ways where there are none; begin and end that press and release nothing act on
    /// their own.
    @Test func updatesStepByTime() throws {
        let imported = try Imported(
            .fusuma,
            """
            swipe:
              3:
                up: { update: { sendkey: VOLUMEUP, interval: 2 } }
                down: { update: { sendkey: VOLUMEDOWN } }
                left: { update: { sendkey: LEFT } }
                update: { command: echo any }
              4:
                update: { sendkey: TAB }
                begin: { command: echo begun }
            interval: { swipe: 0.5 }
            """)
        let pan = imported.actions("pan-3")
        #expect(pan.map(\.direction) == ["down", "up", "right", "left"])
        for volume in pan.prefix(2) {
            #expect(volume.keys == codes("volumedown") && volume.keysBack == codes("volumeup") && volume.repeatInterval == 0.05)
        }
        for sideways in pan.suffix(2) {
            #expect(sideways.command == "echo any" && sideways.keysBack == codes("left") && sideways.repeatInterval == 0.05)
        }
        #expect(imported.comment(atLine: 3)?.contains("at most every 0.05 s (back every 0.2 s)") == true)
        #expect(imported.comment(atLine: 5)?.contains("Not imported") == false)
        let tab = imported.actions("pan-4")
        #expect(tab.map(\.states) == [["began"], ["ended"]])
        #expect(tab.first?.command == "echo begun")
        #expect(tab.last?.keys == codes("tab") && tab.last?.keysBack == codes("tab") && tab.last?.repeatInterval == 0.05)
    }

    /// Each of the four ways with its own update: the one without a direction is never run by fusuma, and said so.
    @Test func anUpdateEveryWayOverridesIsSaid() throws {
        let imported = try Imported(
            .fusuma,
            """
            swipe:
              3:
                up: { update: { sendkey: UP } }
                down: { update: { sendkey: DOWN } }
                left: { update: { sendkey: LEFT } }
                right: { update: { sendkey: RIGHT } }
                update: { command: echo any }
            """)
        #expect(imported.actions("pan-3").map(\.direction) == ["down", "up", "right", "left"])
        #expect(imported.actions("pan-3").allSatisfy { $0.command == nil })
        #expect(imported.comment(atLine: 7)?.contains("each of the four ways of these fingers has an update: of its own") == true)
    }

    @Test func yamlFusumaRefusesIsRefusedWhereItIs() {
        let cases = [
            "swipe:\n  3:\n    left:\n      command: a\n    left:\n      command: b\n": "input:3:5: 'left' twice in one mapping: fusuma refuses a file with a key twice",
            "swipe:\n  3:\n    left: [\n": "input:4:1: did not find expected node content (while parsing a flow node, from line 4)",
            "swipe:\n  3:\n    left:\n      command: [a, b]\n": "input:4:7: command: must be a string",
            "swipe:\n  3:\n    left: { sendkey: { a: b } }\n": "input:3:13: sendkey: must be a key combination or a list of them",
            "hold:\n  3: { command: a, threshold: fast }\n": "input:2:20: threshold: must be a number above 0",
            "hold:\n  3: { command: a, interval: soon }\n": "input:2:20: interval: must be a number, 0 or above",
            "interval: { swipe: -1 }\n": "input:1:13: swipe: must be a number, 0 or above",
            "swipe: [3, 4]\n": "input:1:1: swipe: must be a mapping of finger counts",
            "- swipe\n": "input:1:1: a document must be a mapping (gesture: fingers: direction: ...)",
            "swipe:\n\t3: {}\n": "input:2:1: found character that cannot start any token (while scanning for the next token, from line 2)",
            // Without a last line break libyaml puts the end of the text on a line past it (found by the fuzzer).
            "swipe:\n  3:\n    left:\n      command: x\n    e appm":
                "input:5: could not find expected ':' (while scanning a simple key, from line 5) at the end of the file",
        ]
        for (text, error) in cases { #expect(importError(.fusuma, text) == error, "\(text)") }
    }
}
