import Testing

@testable import GestureConfig

/// A key no section knows is reported at the key, with the closest valid name when one is close.
@Suite struct UnknownKeyTests {
    /// An actions file checked as the daemon's configuration is said to be one, with the command that checks it.
    @Test func anActionsFileIsSaidToBeOne() {
        expectErrors(
            """
            # My gestures.

            [[action]]
            gesture = "tap"
            command = "true"
            """,
            [
                "3:1: [[action]] tables make this an actions file (docs/actions.md), not the daemon's configuration: check it with gesturectl actions --check --file test.toml"
            ])
    }

    @Test func aMisspelledDaemonKeySuggestsTheClosestName() {
        expectErrors(
            """
            [daemon]
            socket_grup = "gestured"
            """,
            ["2:1: unknown key 'socket_grup' in [daemon]; did you mean 'socket_group'?"])
    }

    @Test func aMisspelledSectionSuggestsTheSection() {
        expectErrors(
            """
            # settings
            [deamon]
            socket = "/run/x.sock"
            """,
            ["2:1: unknown key 'deamon' in the file; did you mean 'daemon'?"])
    }

    @Test func aMisspelledParameterSuggestsTheKindsParameter() {
        expectErrors(
            """
            [[recognizer]]
            name = "double"
            kind = "tap"
              number_of_tap_required = 2
            """,
            ["4:3: unknown key 'number_of_tap_required' in [[recognizer]] of kind tap; did you mean 'number_of_taps_required'?"])
    }

    @Test func aKeyFarFromEveryNameHasNoSuggestion() {
        expectErrors(
            """
            [daemon]
            colour = "red"
            """,
            ["2:1: unknown key 'colour' in [daemon]"])
    }

    @Test func aParameterOfAnotherKindIsUnknown() {
        // edges belongs to edge-pan, not pan.
        expectErrors(
            """
            [[recognizer]]
            name = "scroll"
            kind = "pan"
            edges = ["left"]
            """,
            ["4:1: unknown key 'edges' in [[recognizer]] of kind pan"])
    }

    @Test func unknownKeysInNestedTablesAreReportedAtTheKey() {
        expectErrors(
            """
            [[device]]
            name = "screen"
            match = { name = "*Touch*", vendr = 0x04f3 }

            [[recognizer]]
            name = "tap"
            kind = "tap"

            [recognizer.should_begin]
            minimum_touch = 2

            [daemon.raw_touches]
            user = ["root"]
            """,
            [
                "3:29: unknown key 'vendr' in device.match; did you mean 'vendor'?",
                "10:1: unknown key 'minimum_touch' in should_begin; did you mean 'minimum_touches'?",
                "13:1: unknown key 'user' in daemon.raw_touches; did you mean 'users'?",
            ])
    }

    @Test func aRecognizerWithAnUnknownKindStillHasItsKeysChecked() {
        // The kind is unknown, so any kind's parameters are accepted, but a key of no kind is not.
        expectErrors(
            """
            [[recognizer]]
            name = "x"
            kind = "tapp"
            number_of_taps_required = 2
            colour = 1
            """,
            [
                "3:8: kind 'tapp' is not one of tap, long-press, pan, swipe, pinch, rotation, edge-pan, shape, checkmark, tickle; did you mean 'tap'?",
                "5:1: unknown key 'colour' in [[recognizer]]",
            ])
    }
}
