import ConfigFiles
import ConfigLanguage
import ConfigSchema
import Foundation
import GestureActions
import GestureClient
import GestureConfig
import Testing

/// Actions files: checked like the daemon's configuration, every error with its line and column (what the actions
/// make of gesture events: GestureActionsTests).
@Suite struct ActionsFileTests {
    @Test func everyErrorHasItsLineAndColumn() {
        let text = """
            [[action]]
            gesture = "swipe"
            keys = "ctrl+alt+tbx"

            [[action]]
            gesture = "pinch"
            on = "sometimes"
            command = "true"
            command_back = "false"

            [[action]]
            gesture = "tap"
            """
        do {
            _ = try ActionsFile.parse(text, file: "actions.toml")
            Issue.record("accepted")
        } catch {
            let lines = error.errors.map(\.description)
            #expect(lines.contains { $0.hasPrefix("actions.toml:3:8: 'tbx' in keys = \"ctrl+alt+tbx\" is not a key name") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("actions.toml:7:6: on 'sometimes' is not one of began, changed, ended, cancelled") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("actions.toml:9:1: command_back runs on a backward step: it needs repeat_every") }, "\(lines)")
            #expect(lines.contains { $0.contains("[[action]] for 'tap' does nothing") }, "\(lines)")
            #expect(lines.count == 4, "\(lines)")
        }
    }

    /// A name the word abbreviates is what it means, though another is as few edits away (`three-finger-tap`,
    /// `workspace-next`): it comes first, both when two are.
    @Test func aNameOnlyBegunIsSuggestedInFull() {
        #expect(NameSuggestion.didYouMean("three-finger-swipe", among: ["three-finger-tap", "three-finger-swipe-vertical", "three-finger-swipe-horizontal"])
            == "; did you mean 'three-finger-swipe-vertical' or 'three-finger-swipe-horizontal'?")
        #expect(NameSuggestion.didYouMean("workspace-prev", among: ["workspace-next", "workspace-previous"]) == "; did you mean 'workspace-previous'?")
        #expect(NameSuggestion.didYouMean("workspace-nxt", among: ["workspace-next", "workspace-previous"]) == "; did you mean 'workspace-next'?")
        #expect(NameSuggestion.didYouMean("zz", among: ["zzz-long"]) == "", "too short a word to go by")
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let presets = Result { () throws(ConfigErrors) in try ShortcutPresets.load(folder: root + "/config/actions/presets", files: SystemFiles()) }

    /// The shipped laptop actions on each desktop: its shortcuts that desktop's keys or commands, the overview only
    /// where there is one.
    @Test func theShippedExampleServesEveryDesktop() throws {
        let path = Self.root + "/config/actions/laptop.toml"
        let file = try ActionsFile.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
        for (desktop, count) in [("GNOME", 11), ("KDE", 11), ("sway", 9), ("Hyprland", 9)] {
            let resolved = try file.resolvingShortcuts(Self.presets, environment: ["XDG_CURRENT_DESKTOP": desktop])
            #expect(resolved.actions.count == count, "\(desktop)")
            #expect(resolved.actions.allSatisfy { $0.keys != nil || $0.command != nil || $0.hold != nil }, "\(desktop): every shortcut resolved")
        }
        let next = { (environment: [String: String]) in
            try file.resolvingShortcuts(Self.presets, environment: environment).actions.first { $0.shortcut == "workspace-next" }
        }
        #expect(try next(["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"])?.keys == [125, 109], "super+pagedown")
        #expect(try next(["XDG_CURRENT_DESKTOP": "KDE"])?.keys == [125, 29, 106], "super+ctrl+right")
        #expect(try next(["SWAYSOCK": "/run/user/1000/sway-ipc.sock"])?.command == "swaymsg workspace next")
        #expect(try next(["HYPRLAND_INSTANCE_SIGNATURE": "abc"])?.command == "hyprctl dispatch workspace e+1")
    }

    @Test func shortcutsThatAreNotThereAreSaidWhereTheyAre() throws {
        let file = try ActionsFile.parse(
            """
            [[action]]
            gesture = "a"
            shortcut = "workspace-nxt"

            [[action]]
            gesture = "b"
            shortcut = "show-desktop"
            """, file: "actions.toml")
        do {
            _ = try file.resolvingShortcuts(Self.presets, environment: ["XDG_CURRENT_DESKTOP": "GNOME"])
            Issue.record("accepted")
        } catch {
            let lines = error.errors.map(\.description)
            #expect(lines.contains { $0.hasPrefix("actions.toml:3:12: no shortcut 'workspace-nxt'; did you mean 'workspace-next'?") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("actions.toml:7:12: gnome has no shortcut for 'show-desktop' by default") }, "\(lines)")
        }
        #expect(throws: ConfigErrors.self, "no desktop to be told") { try file.resolvingShortcuts(Self.presets, environment: [:]) }
        let chosen = try ActionsFile.parse("desktop = \"kde\"\n\n[[action]]\ngesture = \"b\"\nshortcut = \"show-desktop\"\n", file: "actions.toml")
        #expect(try chosen.resolvingShortcuts(Self.presets, environment: ["XDG_CURRENT_DESKTOP": "GNOME"]).actions[0].keys == [125, 32], "the file's desktop wins")
        do {
            _ = try ActionsFile.parse(
                "desktop = \"gnom\"\n\n[[action]]\ngesture = \"b\"\nshortcut = \"back\"\nkeys = \"tab\"\ndesktop = \"xfce\"\n", file: "actions.toml")
            Issue.record("accepted")
        } catch {
            let lines = error.errors.map(\.description)
            #expect(lines.contains { $0.hasPrefix("actions.toml:1:11: desktop 'gnom' is not one of auto, gnome, kde, sway, hyprland") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("actions.toml:6:1: shortcut stands for keys or a command of the desktop's: leave out keys") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("actions.toml:7:11: desktop 'xfce' is not one of gnome, kde, sway, hyprland") }, "\(lines)")
        }
        #expect(throws: ConfigErrors.self, "presets that cannot be read") {
            try file.resolvingShortcuts(Result { () throws(ConfigErrors) in try ShortcutPresets.load(folder: "/nonexistent", files: SystemFiles()) }, environment: ["XDG_CURRENT_DESKTOP": "GNOME"])
        }
    }

    @Test func aPresetFileIsCheckedLikeAnyOther() {
        do {
            _ = try ShortcutPresets.parse("[shortcuts]\nup = { keys = \"super+upp\" }\nboth = { keys = \"a\", command = \"b\" }\n", file: "p.toml")
            Issue.record("accepted")
        } catch {
            let lines = error.errors.map(\.description)
            #expect(lines.contains { $0.hasPrefix("p.toml:2:15: 'upp' in keys") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("p.toml:3:8: shortcut 'both' needs keys or a command, one of the two") }, "\(lines)")
        }
    }

    @Test func continuousKeysThatDoNotFitAreRefusedWhereTheyAre() {
        let text = """
            [[action]]
            gesture = "a"
            repeat_every = 10
            repeat_interval = 0.5
            keys = "tab"

            [[action]]
            gesture = "b"
            pointer_speed = 3
            wheel_back = "up"

            [[action]]
            gesture = "c"
            repeat_interval = 0.5
            on = "changed"
            wheel = "sideways"
            """
        do {
            _ = try ActionsFile.parse(text, file: "actions.toml")
            Issue.record("accepted")
        } catch {
            let lines = error.errors.map(\.description)
            #expect(lines.contains { $0.hasPrefix("actions.toml:4:1: an action steps by distance (repeat_every) or by time (repeat_interval), not both") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("actions.toml:9:1: pointer_speed is how fast the pointer follows: it needs pointer = true") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("actions.toml:10:1: wheel_back runs on a backward step: it needs repeat_every or repeat_interval") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("actions.toml:15:1: an action with repeat_interval steps with time while the gesture goes on: leave out on") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("actions.toml:16:9: wheel 'sideways' is not one of up, down, left, right") }, "\(lines)")
        }
    }

    /// Every mistake in one report: a key, a shortcut's name, a gesture's name and a direction its recognizer never
    /// has, not one round each.
    @Test func everyMistakeIsInOneReport() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("actions-\(getpid())-one-report.toml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
            [[action]]
            gesture = "three-finger-swipe-horizontal"
            direction = "left"
            shortcut = "workspace-prev"
            colour = "red"

            [[action]]
            gesture = "three-finger-swipe"
            command = "true"

            [[action]]
            gesture = "tap"
            direction = "left"
            command = "true"
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let daemon = [
            ConfiguredRecognizer(name: "three-finger-swipe-horizontal", kind: "swipe", shapes: []),
            ConfiguredRecognizer(name: "three-finger-swipe-vertical", kind: "swipe", shapes: []), ConfiguredRecognizer(name: "tap", kind: "tap", shapes: []),
        ]
        let result = ActionsFile.check(path, files: SystemFiles(), presets: Self.presets, environment: ["XDG_CURRENT_DESKTOP": "GNOME"], daemon: daemon)
        guard case .failure(let errors) = result else { Issue.record("accepted"); return }
        let lines = errors.errors.map { $0.description.replacingOccurrences(of: path, with: "a.toml") }
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("a.toml:4:12: no shortcut 'workspace-prev'; did you mean 'workspace-previous'?") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("a.toml:5:1: ") && $0.contains("colour") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("a.toml:8:11: no recognizer 'three-finger-swipe'") && $0.contains("'three-finger-swipe-vertical' or 'three-finger-swipe-horizontal'") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("a.toml:13:13: 'tap' is a tap recognizer: direction = \"left\" picks") }, "\(lines)")

        // Where no desktop runs, --check checks the shortcuts on every desktop.
        try "[[action]]\ngesture = \"tap\"\nshortcut = \"overview\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        guard case .failure(let everywhere) = ActionsFile.check(path, files: SystemFiles(), presets: Self.presets, environment: [:], daemon: nil, everyDesktop: true) else {
            Issue.record("sway and Hyprland have no overview")
            return
        }
        #expect(everywhere.errors.map(\.message).allSatisfy { $0.hasPrefix("sway has no") || $0.hasPrefix("hyprland has no") || $0.hasPrefix("x11 has no") }, "\(everywhere)")
        #expect(everywhere.errors.count == 3)
        try "[[action]]\ngesture = \"tap\"\nshortcut = \"close-window\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect((try? ActionsFile.check(path, files: SystemFiles(), presets: Self.presets, environment: [:], daemon: nil, everyDesktop: true).get()) != nil)
        #expect((try? ActionsFile.check(path, files: SystemFiles(), presets: Self.presets, environment: [:], daemon: nil).get()) == nil, "to run, it needs its desktop")
    }

    /// The daemon takes a connection's recognizers one at a time, each naming only those added before it: the
    /// file's are added after those they wait for, a pair that recognizes together is said by the later one, and
    /// a loop no order can add is an error at each table in it.
    @Test func theFilesRecognizersAreAddedInAnOrderTheDaemonTakes() throws {
        let file = try ActionsFile.parse(
            """
            [[recognizer]]
            name = "pinch-2"
            kind = "pinch"
            simultaneous_with = ["rotation-2"]

            [[recognizer]]
            name = "single"
            kind = "tap"
            require_to_fail = ["double"]

            [[recognizer]]
            name = "double"
            kind = "tap"
            number_of_taps_required = 2

            [[recognizer]]
            name = "rotation-2"
            kind = "rotation"
            simultaneous_with = ["pinch-2", "configured"]
            """, file: "actions.toml")
        let (ordered, errors) = file.additions()
        #expect(errors.isEmpty)
        #expect(ordered.map(\.name) == ["pinch-2", "double", "single", "rotation-2"])
        func together(_ r: ActionsFile.OwnRecognizer) -> JSONValue? { if case .object(let f) = r.request { f["simultaneous_with"] } else { nil } }
        #expect(together(ordered[0]) == nil, "said by the later one")
        #expect(together(ordered[3]) == .array([.string("pinch-2"), .string("configured")]))

        let loop = try ActionsFile.parse(
            """
            [[recognizer]]
            name = "a"
            kind = "tap"
            require_to_fail = ["b"]

            [[recognizer]]
            name = "b"
            kind = "long-press"
            cannot_prevent = ["a"]
            """, file: "actions.toml")
        let looped = loop.additions()
        #expect(looped.ordered.isEmpty)
        #expect(looped.errors.map(\.position.line) == [1, 6], "\(looped.errors)")
        #expect(looped.errors.first?.message.contains("recognizer 'a' names 'b'") == true)
    }
}
