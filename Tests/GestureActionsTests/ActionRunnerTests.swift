import ConfigFiles
import ConfigLanguage
import ConfigSchema
import Foundation
import GestureActions
import GestureClient
import GestureConfig
import Testing

/// What an actions file's actions make of gesture events (ActionRunner): commands and their environment, keys,
/// steps, the mouse, and the application in front.
@Suite struct ActionRunnerTests {
    static func event(_ recognizer: String, _ state: RecognizerState, values: GestureValues = .none) -> GestureEvent {
        GestureEvent(
            names: GestureEvent.Names(recognizer: recognizer, kind: "pan"), place: Place(device: "touchpad", node: "/dev/input/event5", region: "touchpad"),
            state: state, time: DaemonTime(microseconds: 12_500_000), touches: 3,
            location: SurfaceLocation(millimetres: Pair(40, 30), normalized: Pair(0.4, 0.5)), values: values)
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
        #expect(runner.effects(of: Self.event("three-finger-swipe-vertical", .ended, values: .swipe(direction: "up")), at: 0) == [.keys([125, 31])])
        let down = runner.effects(of: Self.event("three-finger-swipe-vertical", .ended, values: .swipe(direction: "down")), at: 0)
        guard case .command(let command, let environment) = down.first, down.count == 1 else {
            Issue.record("\(down)")
            return
        }
        #expect(command == "notify-send down")
        #expect(environment["GESTURE_RECOGNIZER"] == "three-finger-swipe-vertical" && environment["GESTURE_DIRECTION"] == "down")
        #expect(environment["GESTURE_TOUCHES"] == "3" && environment["GESTURE_X_MM"] == "40.0" && environment["GESTURE_STATE"] == "ended")
        #expect(runner.effects(of: Self.event("other", .ended), at: 0).isEmpty)
        #expect(runner.effects(of: Self.event("three-finger-swipe-vertical", .began, values: .swipe(direction: "up")), at: 0).isEmpty, "ended only, by default")
    }

    @Test func aRecognizerAnotherConnectionAddedUnderABoundNameDoesNothing() throws {
        let file = try ActionsFile.parse("[[action]]\ngesture = \"three-finger-tap\"\ncommand = \"lock-screen\"\n", file: "actions.toml")
        var runner = ActionRunner(actions: file)
        var added = Self.event("three-finger-tap", .ended)
        added.names.owner = "client 7"
        #expect(runner.effects(of: added, at: 0).isEmpty)
        #expect(runner.effects(of: Self.event("three-finger-tap", .ended), at: 0).count == 1)
    }

    /// The connection's own additions (`client N`, as its hello said) act as the configured ones do.
    @Test func theConnectionsOwnRecognizersAct() throws {
        let file = try ActionsFile.parse("[[action]]\ngesture = \"mine\"\ncommand = \"true\"\n", file: "actions.toml")
        var runner = ActionRunner(actions: file)
        var own = Self.event("mine", .ended)
        own.names.owner = "client 3"
        #expect(runner.effects(of: own, at: 0).isEmpty, "not before the connection says whose it is")
        _ = runner.connection(owner: "client 3")
        #expect(runner.effects(of: own, at: 0).count == 1)
        own.names.owner = "client 4"
        #expect(runner.effects(of: own, at: 0).isEmpty)
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
        let file = try ActionsFile.parse(text, file: folder + "/actions.toml", files: SystemFiles())
        #expect(file.recognizers.map(\.name) == ["four-finger-tap", "drawn"])
        #expect(file.recognizers[0].request == .object(["name": .string("four-finger-tap"), "kind": .string("tap"), "number_of_touches_required": .integer(4)]))
        #expect(file.recognizers[1].shapes.map(\.name) == ["vee"])
        #expect(file.recognizers[1].request == .object(["name": .string("drawn"), "kind": .string("shape"), "shapes": .array([.string("vee")]), "minimum_score": .number(0.85)]))
        #expect(file.recognizers[1].at == SourcePosition(line: 6, column: 1))
        #expect(file.unknownNames(daemon: []).isEmpty, "its own names are known")

        var runner = ActionRunner(actions: file)
        #expect(runner.effects(of: Self.event("drawn", .ended, values: .shape(name: "vee", score: 0.9)), at: 0).count == 1)
        #expect(runner.effects(of: Self.event("drawn", .ended, values: .shape(name: "circle", score: 0.9)), at: 0).isEmpty)

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

    @Test func aGestureWithoutPositionsHasNoCoordinatesInTheEnvironment() throws {
        var withheld = Self.event("tap", .ended)
        withheld.location = nil
        let environment = ActionRunner.environment(of: withheld)
        #expect(environment["GESTURE_X_MM"] == nil && environment["GESTURE_Y_MM"] == nil && environment["GESTURE_RECOGNIZER"] == "tap")
    }

    /// fusuma's thresholds: a repeating action fires once per step of its gesture's value, forward and back; a
    /// pinch's steps are factors of its scale, so spreading and closing by one factor take as many.
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
        func pinch(_ state: RecognizerState, _ scale: Double) -> [ActionRunner.Effect] {
            runner.effects(of: Self.event("pinch", state, values: .pinch(scale: scale, velocity: nil)), at: 0)
        }
        #expect(pinch(.began, 1.0).isEmpty)
        #expect(pinch(.changed, 1.2).isEmpty)
        #expect(pinch(.changed, 1.3) == zoomIn, "x1.25 once")
        #expect(pinch(.changed, 2.0) == zoomIn + zoomIn, "x1.25 three times is x1.95")
        #expect(pinch(.changed, 1.4) == zoomOut + zoomOut)
        #expect(pinch(.ended, 1.4).isEmpty)
        // A new pinch counts from its own start; closing by x2 takes the steps spreading by x2 takes.
        #expect(pinch(.began, 1.0).isEmpty)
        #expect(pinch(.changed, 0.5) == zoomOut + zoomOut + zoomOut)
        #expect(pinch(.changed, 1.0) == zoomIn + zoomIn + zoomIn)
        #expect(pinch(.changed, 2.0) == zoomIn + zoomIn + zoomIn)
        #expect(pinch(.ended, 2.0).isEmpty)
    }

    /// A pan's direction is the way it began, kept for the whole movement: one movement, the actions of one way
    /// (Touchégg's swipe takes its direction once), and the general action gives way to an application's for that way.
    @Test func aPansDirectionIsTheWayItBegan() throws {
        let file = try ActionsFile.parse(
            """
            [[action]]
            gesture = "pan-3"
            direction = "right"
            hold = "alt"
            repeat_every = 40
            keys = "tab"
            keys_back = "shift+tab"

            [[action]]
            gesture = "pan-3"
            direction = "up"
            on = "ended"
            command = "overview"

            [[action]]
            gesture = "pan-3"
            direction = "up"
            application = "firefox"
            on = "ended"
            command = "firefox"
            """, file: "actions.toml")
        var runner = ActionRunner(actions: file)
        func pan(_ state: RecognizerState, _ x: Double, _ y: Double, front: [String]? = nil) -> [ActionRunner.Effect] {
            runner.effects(of: Self.event("pan-3", state, values: .pan(translation: Pair(x, y), velocity: nil)), at: 0, windows: .init(front: front))
        }
        #expect(pan(.began, 1, -2).isEmpty, "up: nothing held")
        #expect(pan(.changed, 90, -3).isEmpty, "still the way it began: no tab")
        #expect(pan(.ended, 90, -3) == [.command("overview", environment: ActionRunner.environment(of: Self.event("pan-3", .ended, values: .pan(translation: Pair(90, -3), velocity: nil))))])
        #expect(pan(.began, 2, 0.5) == [.press([56])], "right: alt held")
        #expect(pan(.changed, 45, -60) == [.keys([15])], "a turn upwards makes no overview")
        #expect(pan(.ended, 45, -60) == [.release([56])])
        #expect(pan(.began, 0, -2, front: ["firefox"]).isEmpty)
        let ended = pan(.ended, 0, -30)
        #expect(ended.count == 1 && { if case .command("firefox", _) = ended[0] { true } else { false } }(), "the application's, in place of the general: \(ended)")
    }

    @Test func panStepsGoAlongTheAxisItMovedMost() throws {
        let file = try ActionsFile.parse(
            "[[action]]\ngesture = \"scroll\"\nrepeat_every = 10\ncommand = \"next\"\ncommand_back = \"previous\"\n", file: "actions.toml")
        var runner = ActionRunner(actions: file)
        _ = runner.effects(of: Self.event("scroll", .began, values: .pan(translation: Pair(0, 0), velocity: nil)), at: 0)
        let effects = runner.effects(of: Self.event("scroll", .changed, values: .pan(translation: Pair(3, -25), velocity: nil)), at: 0)
        #expect(effects.count == 2 && effects.allSatisfy { if case .command("previous", _) = $0 { true } else { false } }, "\(effects)")
    }

    static func pan(_ recognizer: String, _ state: RecognizerState, _ x: Double, _ y: Double = 0) -> GestureEvent {
        event(recognizer, state, values: .pan(translation: Pair(x, y), velocity: nil))
    }

    /// The Alt-Tab switcher people ask for: alt held for the whole three-finger pan, tab every 30 mm on, shift+tab
    /// every 30 mm back, alt released as the fingers lift; and when the gesture is cancelled instead.
    @Test func heldKeysLastTheGestureWhileStepsPressOthers() throws {
        let file = try ActionsFile.parse(
            """
            [[action]]
            gesture = "switcher"
            hold = "alt"
            repeat_every = 30
            keys = "tab"
            keys_back = "shift+tab"
            """, file: "actions.toml")
        var runner = ActionRunner(actions: file)
        let (alt, tab, shift) = (UInt16(56), UInt16(15), UInt16(42))
        #expect(runner.effects(of: Self.pan("switcher", .began, 0), at: 0) == [.press([alt])])
        #expect(runner.effects(of: Self.pan("switcher", .changed, 65), at: 0.1) == [.keys([tab]), .keys([tab])])
        #expect(runner.effects(of: Self.pan("switcher", .changed, 35), at: 0.2) == [.keys([shift, tab])])
        #expect(runner.effects(of: Self.pan("switcher", .ended, 35), at: 0.3) == [.release([alt])])
        #expect(runner.effects(of: Self.pan("switcher", .began, 0), at: 1) == [.press([alt])])
        #expect(runner.effects(of: Self.pan("switcher", .cancelled, 0), at: 1.1) == [.release([alt])], "a cancel releases too")
        #expect(runner.effects(of: Self.pan("switcher", .began, 0), at: 2) == [.press([alt])])
        #expect(runner.connection(owner: nil) == [.release([alt])], "and so does the connection going")
        #expect(runner.effects(of: Self.pan("switcher", .changed, 40), at: 2.1) == [.press([alt])], "a new gesture, counted from here")
        #expect(runner.effects(of: Self.pan("switcher", .changed, 75), at: 2.2) == [.keys([tab])])
        #expect(runner.replace(file) == [.release([alt])], "and new actions")
    }

    /// begin, update, end and cancel commands, each with the event in its environment, whatever `on` says.
    @Test func eachStateHasItsCommand() throws {
        let file = try ActionsFile.parse(
            "[[action]]\ngesture = \"scroll\"\nbegin = \"b\"\nupdate = \"u\"\nend = \"e\"\ncancel = \"c\"\n", file: "actions.toml")
        var runner = ActionRunner(actions: file)
        func commands(_ effects: [ActionRunner.Effect]) -> [String] {
            effects.compactMap { if case .command(let c, let environment) = $0 { "\(c) \(environment["GESTURE_STATE"] ?? "")" } else { nil } }
        }
        #expect(commands(runner.effects(of: Self.pan("scroll", .began, 0), at: 0)) == ["b began"])
        #expect(commands(runner.effects(of: Self.pan("scroll", .changed, 5), at: 0.1)) == ["u changed"])
        #expect(commands(runner.effects(of: Self.pan("scroll", .ended, 5), at: 0.2)) == ["e ended"])
        #expect(commands(runner.effects(of: Self.pan("scroll", .began, 0), at: 1)) == ["b began"])
        #expect(commands(runner.effects(of: Self.pan("scroll", .cancelled, 0), at: 1.1)) == ["c cancelled"])
    }

    /// Steps by time: one at the first event, then every interval while the gesture goes on, back while its value
    /// is below where it began; none after it ends, and one (not a burst) after the client was held up.
    @Test func stepsByTimeGoOnWhileTheGestureDoes() throws {
        let file = try ActionsFile.parse(
            "[[action]]\ngesture = \"scroll\"\nrepeat_interval = 0.25\nwheel = \"down\"\nwheel_back = \"up\"\n", file: "actions.toml")
        var runner = ActionRunner(actions: file)
        let down = ActionRunner.Effect.wheel(vertical: -1, horizontal: 0), up = ActionRunner.Effect.wheel(vertical: 1, horizontal: 0)
        #expect(runner.effects(of: Self.pan("scroll", .began, 0), at: 10) == [down])
        #expect(runner.nextDeadline == 10.25)
        #expect(runner.tick(at: 10.2).isEmpty)
        #expect(runner.tick(at: 10.25) == [down])
        _ = runner.effects(of: Self.pan("scroll", .changed, -12), at: 10.3)
        #expect(runner.tick(at: 10.5) == [up], "the fingers went back past where they began")
        #expect(runner.tick(at: 12) == [up], "one step after a long wait")
        #expect(runner.nextDeadline == 12.25)
        #expect(runner.tick(at: 12.1).isEmpty)
        #expect(runner.effects(of: Self.pan("scroll", .ended, -12), at: 12.2).isEmpty)
        #expect(runner.nextDeadline == nil)
    }

    /// Three-finger drag: the left button held for the gesture and the pointer following its translation, in whole
    /// counts, the fractions carried; a click as a step, and wheel detents.
    @Test func theMouseClicksDragsAndScrolls() throws {
        let file = try ActionsFile.parse(
            """
            [[action]]
            gesture = "drag"
            hold = "mouse_left"
            pointer = true
            pointer_speed = 2

            [[action]]
            gesture = "tap"
            keys = "ctrl+mouse_left"
            """, file: "actions.toml")
        var runner = ActionRunner(actions: file)
        let left = UInt16(0x110)
        #expect(runner.effects(of: Self.pan("drag", .began, 0), at: 0) == [.press([left])])
        #expect(runner.effects(of: Self.pan("drag", .changed, 1.3, -0.2), at: 0.1) == [.pointer(dx: 2, dy: 0)])
        #expect(runner.effects(of: Self.pan("drag", .changed, 1.6, -0.6), at: 0.2) == [.pointer(dx: 1, dy: -1)], "0.6 + 0.6 of x, 0.4 + 0.8 of y")
        #expect(runner.effects(of: Self.pan("drag", .ended, 1.6, -0.6), at: 0.3) == [.release([left])])
        #expect(runner.effects(of: Self.event("tap", .ended), at: 1) == [.keys([29, left])])
        #expect(KeyNames.isButton(left) && !KeyNames.isButton(29))
    }

    /// Per-application rules: the action for the application in front (by app id, class or instance, as a pattern,
    /// in any case) instead of the general one for the same gesture and direction; the general one elsewhere and
    /// where the desktop cannot tell; the windows asked once a gesture, at its first event.
    @Test func theApplicationInFrontChoosesTheAction() throws {
        let file = try ActionsFile.parse(
            """
            [[action]]
            gesture = "pinch"
            repeat_every = 0.2
            keys = "ctrl+equal"

            [[action]]
            gesture = "pinch"
            application = ["org.inkscape.*", "gimp"]
            repeat_every = 0.2
            keys = "equal"

            [[action]]
            gesture = "tap"
            application_under_pointer = "Firefox"
            command = "under"
            """, file: "actions.toml")
        var runner = ActionRunner(actions: file)
        let general = [ActionRunner.Effect.keys([29, 13])], inkscape = [ActionRunner.Effect.keys([13])]
        func pinch(_ state: RecognizerState, _ scale: Double) -> GestureEvent { Self.event("pinch", state, values: .pinch(scale: scale, velocity: nil)) }
        #expect(runner.windowQuestion(for: pinch(.began, 1)) == .init(front: true))
        #expect(runner.windowQuestion(for: Self.event("tap", .ended)) == .init(underPointer: true))
        #expect(runner.windowQuestion(for: Self.event("swipe", .ended)) == nil, "no rules")
        _ = runner.effects(of: pinch(.began, 1), at: 0, windows: .init(front: ["org.inkscape.Inkscape"]))
        #expect(runner.windowQuestion(for: pinch(.changed, 1.3)) == nil, "asked once a gesture")
        #expect(runner.effects(of: pinch(.changed, 1.3), at: 0.1) == inkscape, "the front application's, though no windows come with the changes")
        _ = runner.effects(of: pinch(.ended, 1.3), at: 0.2)
        _ = runner.effects(of: pinch(.began, 1), at: 1, windows: .init(front: ["GIMP-2.10", "gimp"]))
        #expect(runner.effects(of: pinch(.changed, 1.3), at: 1.1) == inkscape, "the X11 instance, in another case")
        _ = runner.effects(of: pinch(.ended, 1.3), at: 1.2)
        _ = runner.effects(of: pinch(.began, 1), at: 2, windows: .init(front: ["org.gnome.Nautilus"]))
        #expect(runner.effects(of: pinch(.changed, 1.3), at: 2.1) == general)
        _ = runner.effects(of: pinch(.ended, 1.3), at: 2.2)
        _ = runner.effects(of: pinch(.began, 1), at: 3, windows: .init())
        #expect(runner.effects(of: pinch(.changed, 1.3), at: 3.1) == general, "a desktop that cannot tell: the rules do not run, the rest does")
        _ = runner.effects(of: pinch(.ended, 1.3), at: 3.2)

        func commands(_ effects: [ActionRunner.Effect]) -> [String] { effects.compactMap { if case .command(let c, _) = $0 { c } else { nil } } }
        #expect(commands(runner.effects(of: Self.event("tap", .ended), at: 4, windows: .init(front: ["firefox"], underPointer: ["firefox"]))) == ["under"])
        #expect(commands(runner.effects(of: Self.event("tap", .ended), at: 5, windows: .init(front: ["firefox"], underPointer: ["kitty"]))).isEmpty)
        #expect(commands(runner.effects(of: Self.event("tap", .ended), at: 6, windows: .init(front: ["firefox"]))).isEmpty, "no pointer to tell of")

        #expect(throws: ConfigErrors.self) {
            try ActionsFile.parse("[[action]]\ngesture = \"a\"\napplication = []\ncommand = \"x\"\n", file: "actions.toml")
        }
    }
}
