import ConfigLanguage
import ConfigSchema
import Testing

@testable import GestureConfig

/// A configuration is refused as a whole, with every problem in it, in the order they appear in the file.
@Suite struct ErrorOrderTests {
    @Test func everyErrorIsReportedInFileOrder() {
        // Written so that the checks run in another order than the lines: cross-entry checks (unknown
        // recognizer, cycle) come after per-entry ones.
        expectErrors(
            """
            [[recognizer]]
            name = "single"
            kind = "tap"
            require_to_fail = ["dubble"]
            number_of_taps_required = 0

            [daemon]
            socket_mode = 0o664
            zeta = 1
            alpha = 2

            [[device]]
            name = "screen"
            rotation = 45

            [[region]]
            name = "left"
            device = "screen"
            rect = [0, 0, 0.6, 2]

            [[recognizer]]
            name = "double"
            kind = "tapp"
            """,
            [
                "4:20: unknown recognizer 'dubble' in require_to_fail",
                "5:27: number_of_taps_required must be from 1 to 10, got 0",
                "8:15: socket_mode must not give other users access (raw touches can reveal typing), got 0o664; use socket_group",
                "9:1: unknown key 'zeta' in [daemon]",
                "10:1: unknown key 'alpha' in [daemon]",
                "14:12: rotation must be 0, 90, 180 or 270, got 45",
                "19:20: rect must be from 0 to 1, got 2",
                "23:8: kind 'tapp' is not one of tap, long-press, pan, swipe, pinch, rotation, edge-pan, shape, checkmark, tickle; did you mean 'tap'?",
            ])
    }

    @Test func theDescriptionListsOneErrorPerLine() {
        let text = """
            [daemon]
            log_level = "loud"
            max_clients = 0
            """
        do {
            _ = try Configuration.parse(text, file: "gestured.toml")
            Issue.record("parsed")
        } catch {
            #expect(
                error.description == """
                    gestured.toml:2:13: log_level 'loud' is not one of trace, debug, info, notice, warning, error, critical
                    gestured.toml:3:15: max_clients must be from 1 to 4096, got 0
                    """)
        }
    }

    @Test func errorsAtTheSamePlaceAreOrderedByMessage() {
        let a = ConfigError(file: "f", position: SourcePosition(line: 2, column: 1), "b")
        let b = ConfigError(file: "f", position: SourcePosition(line: 2, column: 1), "a")
        let c = ConfigError(file: "f", position: SourcePosition(line: 1, column: 9), "z")
        #expect(ConfigErrors([a, b, c]).errors == [c, b, a])
    }
}
