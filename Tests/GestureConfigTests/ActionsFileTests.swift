import Foundation
import GestureActions
import GestureClient
import GestureConfig
import Testing

/// Actions files: checked like the daemon's configuration, every error with its line and column; and what the
/// actions make of gesture events.
@Suite struct ActionsFileTests {
    static func event(_ recognizer: String, _ state: RecognizerState, values: GestureValues = .none) -> GestureEvent {
        GestureEvent(
            names: GestureEvent.Names(recognizer: recognizer, kind: "pan"), place: Place(device: "touchpad", node: "/dev/input/event5", region: "touchpad"),
            state: state, time: DaemonTime(microseconds: 12_500_000), touches: 3,
            location: SurfaceLocation(millimetres: Pair(40, 30), normalized: Pair(0.4, 0.5)), values: values)
    }

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

    @Test func aCommandGetsTheGestureInItsEnvironmentAndKeysTheirCodes() throws {
        let file = try ActionsFile.parse(
            """
            [[action]]
            gesture = "three-finger-swipe-vertical"
            direction = "up"
            keys = "super+s"

            [[action]]
            gesture = "three-finger-swipe-vertical"
            direction = "down"
            command = "notify-send down"
            """, file: "actions.toml")
        var runner = ActionRunner(actions: file)
        #expect(runner.effects(of: Self.event("three-finger-swipe-vertical", .ended, values: .swipe(direction: "up"))) == [.keys([125, 31])])
        let down = runner.effects(of: Self.event("three-finger-swipe-vertical", .ended, values: .swipe(direction: "down")))
        guard case .command(let command, let environment) = down.first, down.count == 1 else {
            Issue.record("\(down)")
            return
        }
        #expect(command == "notify-send down")
        #expect(environment["GESTURE_RECOGNIZER"] == "three-finger-swipe-vertical" && environment["GESTURE_DIRECTION"] == "down")
        #expect(environment["GESTURE_TOUCHES"] == "3" && environment["GESTURE_X_MM"] == "40.0" && environment["GESTURE_STATE"] == "ended")
        #expect(runner.effects(of: Self.event("other", .ended)).isEmpty)
        #expect(runner.effects(of: Self.event("three-finger-swipe-vertical", .began, values: .swipe(direction: "up"))).isEmpty, "ended only, by default")
    }

    @Test func aRecognizerAnotherConnectionAddedUnderABoundNameDoesNothing() throws {
        let file = try ActionsFile.parse("[[action]]\ngesture = \"three-finger-tap\"\ncommand = \"lock-screen\"\n", file: "actions.toml")
        var runner = ActionRunner(actions: file)
        var added = Self.event("three-finger-tap", .ended)
        added.names.owner = "client 7"
        #expect(runner.effects(of: added).isEmpty)
        #expect(runner.effects(of: Self.event("three-finger-tap", .ended)).count == 1)
    }

    /// The connection's own additions (`client N`, as its hello said) act as the configured ones do.
    @Test func theConnectionsOwnRecognizersAct() throws {
        let file = try ActionsFile.parse("[[action]]\ngesture = \"mine\"\ncommand = \"true\"\n", file: "actions.toml")
        var runner = ActionRunner(actions: file)
        var own = Self.event("mine", .ended)
        own.names.owner = "client 3"
        #expect(runner.effects(of: own).isEmpty, "not before the connection says whose it is")
        runner.owner = "client 3"
        #expect(runner.effects(of: own).count == 1)
        own.names.owner = "client 4"
        #expect(runner.effects(of: own).isEmpty)
    }

    /// `[[recognizer]]` tables, checked as the daemon's configuration checks them, go as add_recognizer's JSON with
    /// their shape files' shapes by name; an action's `shape` picks one shape of a shape recognizer.
    @Test func theFilesOwnRecognizersAreCheckedAndMadeRequests() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("actions-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/shapes", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "shape vee\nexample\nstroke\n0 0 0\n10 30 0.1\n20 0 0.2\n".write(toFile: folder + "/shapes/v.shape", atomically: true, encoding: .utf8)
        let text = """
            [[recognizer]]
            name = "four-finger-tap"
            kind = "tap"
            number_of_touches_required = 4

            [[recognizer]]
            name = "drawn"
            kind = "shape"
            shapes = ["shapes/v.shape"]
            minimum_score = 0.85

            [[action]]
            gesture = "drawn"
            shape = "vee"
            command = "true"
            """
        let file = try ActionsFile.parse(text, file: folder + "/actions.toml")
        #expect(file.recognizers.map(\.name) == ["four-finger-tap", "drawn"])
        #expect(file.recognizers[0].request == .object(["name": .string("four-finger-tap"), "kind": .string("tap"), "number_of_touches_required": .integer(4)]))
        #expect(file.recognizers[1].shapes.map(\.name) == ["vee"])
        #expect(file.recognizers[1].request == .object(["name": .string("drawn"), "kind": .string("shape"), "shapes": .array([.string("vee")]), "minimum_score": .number(0.85)]))
        #expect(file.recognizers[1].at == SourcePosition(line: 6, column: 1))
        #expect(file.unknownNames(daemon: []).isEmpty, "its own names are known")

        var runner = ActionRunner(actions: file)
        #expect(runner.effects(of: Self.event("drawn", .ended, values: .shape(name: "vee", score: 0.9))).count == 1)
        #expect(runner.effects(of: Self.event("drawn", .ended, values: .shape(name: "circle", score: 0.9))).isEmpty)

        let wrong = """
            [[recognizer]]
            name = "x"
            kind = "pinchh"

            [[recognizer]]
            name = "drawn"
            kind = "shape"
            shapes = ["shapes/missing.shape"]

            [[recognizer]]
            name = "p"
            kind = "pan"

            [[recognizer]]
            name = "p"
            kind = "tap"
            """
        do {
            _ = try ActionsFile.parse(wrong, file: folder + "/actions.toml")
            Issue.record("accepted")
        } catch {
            let lines = error.errors.map(\.description)
            #expect(lines.contains { $0.contains("actions.toml:3:8: kind 'pinchh' is not one of") && $0.contains("did you mean 'pinch'") }, "\(lines)")
            #expect(lines.contains { $0.contains("actions.toml:8:11: shape file \(folder)/shapes/missing.shape") }, "\(lines)")
            #expect(lines.contains { $0.contains("actions.toml:15:8: recognizer 'p' is already declared at line 10") }, "\(lines)")
        }
    }

    /// A name the word only begins is too many edits away to be suggested by distance: the shortest one is.
    @Test func aNameOnlyBegunIsSuggestedInFull() {
        #expect(NameSuggestion.didYouMean("three-finger-swipe", among: ["tap", "three-finger-swipe-vertical", "three-finger-swipe-horizontal"])
            == "; did you mean 'three-finger-swipe-vertical'?")
        #expect(NameSuggestion.didYouMean("zz", among: ["zzz-long"]) == "", "too short a word to go by")
    }

    @Test func aGestureWithoutPositionsHasNoCoordinatesInTheEnvironment() throws {
        var withheld = Self.event("tap", .ended)
        withheld.location = nil
        let environment = ActionRunner.environment(of: withheld)
        #expect(environment["GESTURE_X_MM"] == nil && environment["GESTURE_Y_MM"] == nil && environment["GESTURE_RECOGNIZER"] == "tap")
    }

    /// fusuma's thresholds: a repeating action fires once per step of its gesture's value, forward and back.
    @Test func aRepeatingActionFiresEveryStepBothWays() throws {
        let file = try ActionsFile.parse(
            """
            [[action]]
            gesture = "pinch"
            repeat_every = 0.25
            keys = "ctrl+plus"
            keys_back = "ctrl+minus"
            """, file: "actions.toml")
        var runner = ActionRunner(actions: file)
        let zoomIn = [ActionRunner.Effect.keys([29, 78])], zoomOut = [ActionRunner.Effect.keys([29, 12])]
        #expect(runner.effects(of: Self.event("pinch", .began, values: .pinch(scale: 1.0, velocity: nil))).isEmpty)
        #expect(runner.effects(of: Self.event("pinch", .changed, values: .pinch(scale: 1.2, velocity: nil))).isEmpty)
        #expect(runner.effects(of: Self.event("pinch", .changed, values: .pinch(scale: 1.3, velocity: nil))) == zoomIn)
        #expect(runner.effects(of: Self.event("pinch", .changed, values: .pinch(scale: 1.8, velocity: nil))) == zoomIn + zoomIn)
        #expect(runner.effects(of: Self.event("pinch", .changed, values: .pinch(scale: 1.4, velocity: nil))) == zoomOut + zoomOut)
        #expect(runner.effects(of: Self.event("pinch", .ended, values: .pinch(scale: 1.4, velocity: nil))).isEmpty)
        // A new pinch counts from its own start.
        #expect(runner.effects(of: Self.event("pinch", .began, values: .pinch(scale: 1.0, velocity: nil))).isEmpty)
        #expect(runner.effects(of: Self.event("pinch", .changed, values: .pinch(scale: 0.7, velocity: nil))) == zoomOut)
    }

    @Test func panStepsGoAlongTheAxisItMovedMost() throws {
        let file = try ActionsFile.parse(
            "[[action]]\ngesture = \"scroll\"\nrepeat_every = 10\ncommand = \"next\"\ncommand_back = \"previous\"\n", file: "actions.toml")
        var runner = ActionRunner(actions: file)
        _ = runner.effects(of: Self.event("scroll", .began, values: .pan(translation: Pair(0, 0), velocity: nil)))
        let effects = runner.effects(of: Self.event("scroll", .changed, values: .pan(translation: Pair(3, -25), velocity: nil)))
        #expect(effects.count == 2 && effects.allSatisfy { if case .command("previous", _) = $0 { true } else { false } }, "\(effects)")
    }

    @Test func theShippedExampleIsValid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("config/actions/laptop.toml").path
        let file = try ActionsFile.load(path).get()
        #expect(file.actions.count >= 8)
    }
}
