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
        #expect(imported.comment(atLine: 22) == "line 22: interval: {swipe: 1, pinch: 1} Not imported: time intervals are not imported yet: repeat_interval steps by time (docs/actions.md).")
        #expect(imported.warnings.count == 6)
    }

    @Test func theExamplesOfTheREADMEsAndAppmatchersDocuments() throws {
        let imported = try Imported(.fusuma, fixture: "fusuma-examples.yml")
        #expect(
            imported.recognizerNames == [
                "swipe-3-horizontal", "swipe-3-vertical", "pan-3", "swipe-4-vertical", "pan-4", "pinch-2", "long-press-1-1.4s",
                "long-press-3-1.4s", "long-press-4-1.4s", "tap-1", "tap-2", "tap-3", "tap-4",
            ])
        // sendkey's names, a leaf's threshold said to have no equivalent.
        let left = try #require(imported.actions("swipe-3-horizontal").first)
        #expect(left.direction == "left" && left.keys == codes("leftalt+right"))
        #expect(imported.comment(atLine: 7)?.contains("Note: its threshold has no equivalent") == true)
        #expect(imported.comment(atLine: 9)?.contains("swipe 3 left update: {command: xdotool key shift+Tab} Not imported: acting while a swipe goes on needs a pan action limited to one direction") == true)
        #expect(imported.comment(atLine: 14)?.contains("Not imported: acting while a swipe goes on") == true)
        #expect(imported.actions("swipe-3-vertical").map(\.keys) == [codes("super"), codes("super")])

        // begin and end without a direction: a pan of those fingers, which may recognize with their swipes.
        #expect(imported.actions("pan-3").map(\.states) == [["began"], ["ended"]])
        #expect(imported.actions("pan-3").map(\.command) == ["xdotool keydown alt", "xdotool keyup alt"])
        #expect(
            imported.recognizer("pan-3")
                == [
                    "kind": "pan", "touch_types": .strings(["indirect"]), "minimum_number_of_touches": 3, "maximum_number_of_touches": 3,
                    "simultaneous_with": .strings(["swipe-3-horizontal", "swipe-3-vertical"]),
                ])
        #expect(imported.actions("pan-4").map(\.command) == ["xdotool mousedown 1", "xdotool mouseup 1"])
        #expect(imported.comment(atLine: 47)?.contains("Not imported: time intervals are not imported yet: repeat_interval steps by time (docs/actions.md).") == true)

        // wmctrl's workspaces, keypress's chords and a key out of place.
        #expect(imported.comment(atLine: 27)?.contains("swipe 4 left: workspace next Not imported: window actions are not imported yet") == true)
        #expect(imported.comment(atLine: 29)?.contains("\"super+pageup\"") == true)
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
        #expect(imported.actions("pinch-2").count == 1)
        #expect(pinch.keys == codes("ctrl+minus") && pinch.keysBack == codes("ctrl+plus") && pinch.repeatEvery == 0.2)
        #expect(imported.comment(atLine: 63)?.contains("rotate 3 clockwise: {update: {sendkey: VOLUMEUP}} Not imported: the engine's rotation takes two fingers, not 3.") == true)

        // Holds: 0.7 s times threshold's hold (2), acting when they begin; sendkey's list typed in order.
        #expect(imported.recognizer("long-press-3-1.4s") == ["kind": "long-press", "touch_types": .strings(["indirect"]), "number_of_touches_required": 3, "minimum_press_duration": 1.4])
        #expect(imported.actions("long-press-3-1.4s").map(\.keys) == ["leftctrl+a", "leftctrl+c", "right", "leftctrl+v"].map(codes))
        #expect(imported.actions("long-press-3-1.4s").allSatisfy { $0.states == ["began"] })
        #expect(imported.actions("long-press-4-1.4s").first?.keys == codes("super"))
        #expect(imported.comment(atLine: 69)?.contains("hold 2: window {fullscreen: toggle} Not imported: window actions are not imported yet") == true)
        #expect(imported.comment(atLine: 80) == "line 80: threshold hold: 2: the long presses' minimum_press_duration is 0.7 s times it.")

        // The tap plugin's taps, on the touchpad.
        #expect(imported.actions("tap-2").first?.command == "notify-send \"tap two\"")

        // plugin settings, interval, and every other document.
        #expect(imported.comment(atLine: 81)?.contains("Not imported: time intervals are not imported yet") == true)
        #expect(imported.comment(atLine: 84)?.contains("keep_device_names: [Synaptics TM3072-003, ELAN0501:00 04F3:3060 Touchpad]") == true)
        #expect(imported.comment(atLine: 84)?.contains("Not imported: fusuma's plugin settings have no equivalent here") == true)
        #expect(
            imported.comment(atLine: 98)
                == "line 98: context {application: Google-chrome}: swipe 3 left, swipe 3 right, swipe 3 up, swipe 3 down Not imported: per-application gestures are not imported yet: an action's application = \"...\" limits it to an application (docs/actions.md, Per-application rules)."
        )
        #expect(imported.comment(atLine: 107)?.hasPrefix("line 107: context {application: Gnome-terminal}: swipe 3 up, swipe 3 down Not imported: per-application") == true)
        #expect(imported.comment(atLine: 113)?.hasPrefix("line 113: context {application: [Google-chrome, Firefox]}: pinch 2 in, pinch 2 out Not imported: per-application") == true)
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
        // A pinch in alone: a command at its end, if the scale says in.
        let pinches = imported.actions("pinch-2")
        #expect(pinches.map(\.states) == [["began"], ["ended"], ["ended"]])
        #expect(pinches.last?.command == "case $GESTURE_SCALE in\n0.*)\nnotify-send in\n;;\n*)\n:\n;;\nesac")
        #expect(imported.comment(atLine: 10)?.contains("Not imported: time intervals are not imported yet") == true)
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
        #expect(imported.comment(atLine: 4)?.contains("Not imported: mouse clicks are not imported yet:") == true)
        #expect(imported.comment(atLine: 5)?.contains("Not imported: window actions are not imported yet: the desktop's own shortcut does it (shortcut = \"...\", docs/actions.md, Desktop presets), or bind your desktop's shortcut as keys (GNOME \"super+shift+pagedown\"") == true)
        #expect(imported.text.contains("# line 5: swipe 3 up command: echo up\n# Not imported: fusuma runs one of command, sendkey, workspace and window: here window."))
        #expect(imported.comment(atLine: 6)?.contains("fusuma 1.0 and later have no shortcut: it became command") == true)
        #expect(imported.comment(atLine: 7)?.contains("a swipe's fingers have left, right, up, down, begin, update or end below them in fusuma") == true)
        #expect(imported.comment(atLine: 8)?.contains("'4' is no number of fingers from 1 to 10 (fusuma matches numbers without quotes)") == true)
        let hold = try #require(imported.actions("long-press-2-1.4s").first)
        #expect(hold.command == "echo $move_x")
        for note in [
            "Note: releasing the keyboard's held modifiers first is not yet supported by gesturectl actions.",
            "Note: time intervals are not imported yet: repeat_interval steps by time (docs/actions.md).", "Note: accel scales fusuma's movement variables",
            "Note: gesturectl actions does not set $move_x: the nearest are $GESTURE_TRANSLATION_MM_X and _Y",
        ] {
            #expect(imported.comment(atLine: 11)?.contains(note) == true, "\(note)")
        }
        #expect(imported.comment(atLine: 13)?.contains("tap 1 Not imported: nothing for fusuma to run") == true)
        #expect(imported.comment(atLine: 16)?.contains("\"alt+f10\"") == true)
        #expect(imported.comment(atLine: 17)?.contains("\"super+shift+pageup\"") == true)
        #expect(imported.actions("pinch-2").isEmpty)
    }

    @Test func yamlFusumaRefusesIsRefusedWhereItIs() {
        let cases = [
            "swipe:\n  3:\n    left:\n      command: a\n    left:\n      command: b\n": "input:3:5: 'left' twice in one mapping: fusuma refuses a file with a key twice",
            "swipe:\n  3:\n    left: [\n": "input:4:1: did not find expected node content (while parsing a flow node, from line 4)",
            "swipe:\n  3:\n    left:\n      command: [a, b]\n": "input:4:7: command: must be a string",
            "swipe:\n  3:\n    left: { sendkey: { a: b } }\n": "input:3:13: sendkey: must be a key combination or a list of them",
            "hold:\n  3: { command: a, threshold: fast }\n": "input:2:20: threshold: must be a number above 0",
            "swipe: [3, 4]\n": "input:1:1: swipe: must be a mapping of finger counts",
            "- swipe\n": "input:1:1: a document must be a mapping (gesture: fingers: direction: ...)",
            "swipe:\n\t3: {}\n": "input:2:1: found character that cannot start any token (while scanning for the next token, from line 2)",
        ]
        for (text, error) in cases { #expect(importError(.fusuma, text) == error, "\(text)") }
    }
}
