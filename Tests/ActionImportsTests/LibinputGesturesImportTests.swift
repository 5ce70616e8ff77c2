import GestureConfig
import Testing

@testable import ActionImports

/// `gesturectl import libinput-gestures`: the installed configuration and the examples of its comments and README
/// (Tests/ImportFixtures, in our own words), its rules for which line acts, commands quoted for the shell, and
/// lines libinput-gestures refuses, refused at their column.
@Suite struct LibinputGesturesImportTests {
    @Test func theInstalledConfiguration() throws {
        let imported = try Imported(.libinputGestures, fixture: "libinput-gestures-default.conf")
        // Lines without fingers act for 3 and 4 fingers (swipes) and 2 (pinches); as long as libinput-gestures waits.
        #expect(imported.recognizerNames == ["swipe-3-vertical", "swipe-4-vertical", "swipe-3-horizontal", "swipe-4-horizontal", "pinch-2"])
        #expect(
            imported.recognizer("swipe-3-horizontal")
                == [
                    "kind": "swipe", "touch_types": .strings(["indirect"]), "direction": .strings(["left", "right"]), "number_of_touches_required": 3,
                    "minimum_distance_mm": 6.0, "maximum_duration": 1.5,
                ])
        // _internal's workspaces: the desktops' shortcuts, on every desktop.
        let swipes = imported.file.actions.filter { $0.gesture.hasPrefix("swipe") }.map { "\($0.gesture) \($0.direction!) \($0.shortcut ?? "\($0.keys!)")" }
        #expect(
            swipes == [
                "swipe-3-vertical up workspace-next", "swipe-4-vertical up workspace-next", "swipe-3-vertical down workspace-previous",
                "swipe-4-vertical down workspace-previous", "swipe-3-horizontal left \(codes("alt+right"))", "swipe-4-horizontal left \(codes("alt+right"))",
                "swipe-3-horizontal right \(codes("alt+left"))", "swipe-4-horizontal right \(codes("alt+left"))",
            ])
        #expect(imported.file.actions.allSatisfy { $0.desktops == nil })
        #expect(try imported.resolved(on: "sway").first?.command == "swaymsg workspace next")
        // The same keys both ways: one action when the pinch ends, as libinput-gestures acts.
        let pinch = try #require(imported.actions("pinch-2").first)
        #expect(imported.actions("pinch-2").count == 1 && pinch.keys == codes("super+s") && pinch.states == ["ended"] && pinch.repeatEvery == nil)
        #expect(imported.comment(atLine: 13)?.contains("Note: it acted with any number of fingers: the engine's pinch takes two.") == true)
        #expect(imported.comment(atLine: 14) == "line 14: gesture pinch out xdotool key super+s: with its other way, at line 13 above.")
        #expect(imported.warnings.map(\.line) == [13])
    }

    @Test func theExamples() throws {
        let imported = try Imported(.libinputGestures, fixture: "libinput-gestures-examples.conf")
        #expect(
            imported.recognizerNames == [
                "swipe-3-vertical", "swipe-4-vertical", "swipe-4-horizontal", "swipe-3-horizontal", "pinch-2", "rotation-2", "long-press-4", "long-press-4-2.7s",
                "long-press-1", "long-press-2", "long-press-3",
            ])
        #expect(imported.comment(atLine: 4)?.contains("device DLL0665:01 06CB:76AD Touchpad Not imported: the daemon's configuration chooses the devices") == true)
        #expect(imported.comment(atLine: 34)?.contains("device all Not imported") == true)
        #expect(imported.comment(atLine: 5) == "line 5: swipe_threshold 0: the swipes' minimum_distance_mm (6 mm at least).")
        #expect(imported.comment(atLine: 6) == "line 6: timeout 1.5: the swipes' maximum_duration.")

        // A later line for a gesture replaces an earlier one; a line with fingers beats one without for its count.
        #expect(imported.comment(atLine: 10) == "line 10: gesture swipe up 4 xdotool key super+Page_Down Not imported: replaced by the one at line 11, which is the one the tool uses.")
        #expect(imported.actions("swipe-4-vertical").map(\.command) == ["amixer set Master 8%+", nil])
        #expect(imported.actions("swipe-4-vertical").map(\.keys) == [nil, codes("ctrl+f9")])
        #expect(imported.actions("swipe-3-vertical").map(\.shortcut) == ["workspace-next", nil])
        #expect(imported.actions("swipe-3-vertical").map(\.keys) == [nil, codes("super+pageup")])
        // In a grid of 4 columns, ws_left goes to the workspace on the right: the next, as GNOME and KDE Plasma go.
        #expect(imported.actions("swipe-4-horizontal").map(\.shortcut) == ["workspace-next", "workspace-previous"])
        // Without fingers, left and right act for 3 only: 4 has its own lines.
        let horizontal = imported.actions("swipe-3-horizontal")
        #expect(horizontal.map(\.direction) == ["left", "right"])
        #expect(horizontal.first?.command == "\"$HOME\"/bin/browse --back '$HOME/.history'")
        #expect(horizontal.last?.keys == codes("ctrl+alt+right"))
        for line in 19...22 {
            #expect(imported.comment(atLine: line)?.contains("Not imported: gestured's swipes go four ways, not diagonally") == true, "line \(line)")
        }

        // Each way's own command, chosen by the scale or the rotation when the fingers lift, as libinput-gestures does.
        let pinch = try #require(imported.actions("pinch-2").first)
        #expect(
            pinch.command
                == "case $GESTURE_SCALE in\n0.*)\nnotify-send 'pinched in' 'with \"two\" fingers'\n;;\n*)\ndbus-send --session --type=method_call --dest=org.gnome.Shell /org/gnome/Shell org.gnome.Shell.Eval 'string:Main.overview.toggle();'\n;;\nesac"
        )
        #expect(imported.text.contains("command = '''\ncase $GESTURE_SCALE in\n0.*)\n"))
        #expect(imported.comment(atLine: 26) == "line 26: gesture pinch in 3 xdotool key super+a Not imported: the engine's pinch takes two fingers, not 3.")
        let rotation = try #require(imported.actions("rotation-2").first)
        #expect(rotation.command == "case $GESTURE_ROTATION_RAD in\n-*)\nxdotool key ctrl+shift+r\n;;\n*)\nxdotool key ctrl+r\n;;\nesac")
        #expect(try shell(rotation.command!.replacingOccurrences(of: "xdotool key", with: "echo"), environment: ["GESTURE_ROTATION_RAD": "-0.4"]) == "ctrl+shift+r\n")

        // Holds act when the fingers lift; a delay is a longer press, and both act when both are reached.
        #expect(imported.recognizer("long-press-4-2.7s") == ["kind": "long-press", "touch_types": .strings(["indirect"]), "number_of_touches_required": 4, "minimum_press_duration": 2.7])
        #expect(imported.actions("long-press-4").first?.keys == codes("ctrl+t"))
        #expect(imported.actions("long-press-4-2.7s").first?.keys == codes("ctrl+w"))
        #expect(imported.comment(atLine: 31)?.contains("Note: libinput-gestures ran only the longest hold reached") == true)
        #expect(["long-press-1", "long-press-2", "long-press-3"].allSatisfy { imported.actions($0).first?.command == "notify-send held" })
    }

    @Test func settingsMakeTheSwipesKeys() throws {
        let imported = try Imported(.libinputGestures, "timeout 0\nswipe_threshold 500\ngesture swipe up 3 true\n")
        #expect(imported.recognizer("swipe-3-vertical")?["minimum_distance_mm"] == 12.7)
        #expect(imported.recognizer("swipe-3-vertical")?["maximum_duration"] == 60.0)
        let other = try Imported(.libinputGestures, "gesture swipe up 3 true\ntimeout 0.8\n")
        #expect(other.recognizer("swipe-3-vertical")?["maximum_duration"] == 0.8)
        let few = try Imported(.libinputGestures, "gesture swipe up 2 true\ngesture pinch in 1 true\ngesture hold on 0 true\n")
        #expect(few.file.actions.isEmpty)
        #expect(few.comment(atLine: 1)?.contains("libinput reports no swipe of 2 fingers (3 or more)") == true)
        #expect(few.comment(atLine: 3)?.contains("libinput reports no hold of 0 fingers (1 or more)") == true)
    }

    /// A command runs as libinput-gestures runs it (its words, no shell) under gesturectl actions' /bin/sh -c.
    @Test func commandsAreQuotedForTheShell() throws {
        let words = ["a b", "it's", "\"quoted\"", "$HOME", "`date`", "semi;colon", "back\\slash", "", "x=1", "*", "#hash", "~", "ok+=:,./-_%@"]
        let line = "gesture swipe up 3 printf '[%s]' " + words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\"'\"'") + "'" }.joined(separator: " ")
        let imported = try Imported(.libinputGestures, line)
        let command = try #require(imported.actions("swipe-3-vertical").first?.command)
        #expect(try shell(command) == words.map { "[\($0)]" }.joined())
        // Only the first word's ~ and variables are expanded, as libinput-gestures expands them.
        #expect(ShellWords.quoteExpanding("~/bin/x") == "\"$HOME\"/bin/x")
        #expect(ShellWords.quoteExpanding("${TOOLS}/x$1\"`") == "\"${TOOLS}/x\\$1\\\"\\`\"")
        #expect(ShellWords.quoteExpanding("A=1") == "'A=1'")
        #expect(try shell(ShellWords.quoteExpanding("$VAR/tool") + " 2>&1; true", environment: ["VAR": "/nonexistent"]).contains("/nonexistent/tool"))
    }

    @Test func linesLibinputGesturesRefusesAreRefusedAtTheirColumn() {
        let cases = [
            "swipe up 4 amixer set Master \"8%+\"\n": "input:1:1: 'swipe' is no keyword of libinput-gestures: gesture, device, swipe_threshold or timeout",
            "# a comment\n\ngesture swipe sideways 3 echo\n": "input:3:15: 'sideways' is no swipe motion: up, down, left, right, left_up, right_up, left_down, right_down",
            "gesture pinch up echo\n": "input:1:15: 'up' is no pinch motion: in, out, clockwise, anticlockwise",
            "gesture: hold on+soon 3 echo\n": "input:1:15: 'on+soon' is no hold motion: on, or on+SECONDS (on+1.5)",
            "gesture swipe left\n": "input:1:9: a gesture needs a type, a motion and a command: gesture swipe left xdotool key alt+Right",
            "gesture swipe left 3\n": "input:1:21: the gesture has no command",
            "gesture swipe left 3 echo 'unclosed\n": "input:1:27: no closing quotation for this '",
            "gesture swipe left 3 echo trailing\\\n": "input:1:35: a backslash at the end, with nothing to escape",
            "swipe_threshold 1.5\n": "input:1:17: swipe_threshold needs a whole number of 0 or more",
            "timeout -1\n": "input:1:9: timeout needs a number of seconds, 0 or more",
            "device\n": "input:1:7: device needs a device name, a path or all",
        ]
        for (text, error) in cases { #expect(importError(.libinputGestures, text) == error, "\(text)") }
    }

    /// _internal's moves with no preset (up and down a grid, diagonals), and a pinch's two ways as one shortcut.
    @Test func internalsWithoutAShortcut() throws {
        let imported = try Imported(
            .libinputGestures,
            "gesture swipe up 3 _internal --cols 3 ws_up\ngesture swipe down 3 _internal ws_left_up --cols 2\ngesture pinch in _internal ws_up\ngesture pinch out _internal ws_up\n")
        #expect(imported.comment(atLine: 1)?.contains("Not imported: no desktop preset does this (docs/actions.md, Desktop presets): bind your desktop's shortcut as keys (KDE Plasma \"ctrl+super+down\")") == true)
        #expect(imported.comment(atLine: 2)?.contains("Not imported: no desktop preset does this") == true)
        #expect(imported.actions("pinch-2").map(\.shortcut) == ["workspace-next"])
        // xdotool key with no key name (a '+' alone) is a command, not keys = "", which an actions file refuses.
        let plus = try Imported(.libinputGestures, "gesture swipe up 3 xdotool key +\n")
        #expect(plus.actions("swipe-3-vertical").map(\.command) == ["xdotool key +"])
        let oneWay = try Imported(.libinputGestures, "gesture pinch in _internal ws_up\ngesture pinch out echo out\n")
        #expect(oneWay.file.actions.isEmpty)
        #expect(oneWay.comment(atLine: 1)?.contains("Not imported: a pinch action cannot yet be limited to pinching in or out with keys") == true)
    }
}
