import Testing

@testable import GestureConfig

/// An entry without a key it cannot do without is reported at the entry's header.
@Suite struct MissingKeyTests {
    @Test func aDeviceNeedsAName() {
        expectErrors(
            """
            [daemon]

            [[device]]
            match = { kinds = ["touchpad"] }
            """,
            ["3:1: device entry needs name (a name)"])
    }

    @Test func aRegionNeedsAName() {
        expectErrors(
            """
            [[region]]
            device = "touch"
            rect = [0, 0, 1, 1]
            """,
            ["1:1: region entry needs name (a name)"])
    }

    @Test func aRegionNeedsADevice() {
        expectErrors(
            """
            [[region]]
            name = "top"
            rect = [0, 0, 1, 0.5]
            """,
            ["1:1: region entry needs device (a name)"])
    }

    @Test func aRegionNeedsARect() {
        expectErrors(
            """
            [[region]]
            name = "top"
            device = "touch"
            """,
            ["1:1: region entry needs rect ([x, y, width, height] from 0 to 1)"])
    }

    @Test func aRecognizerNeedsAKind() {
        expectErrors(
            """
            [[recognizer]]
            name = "t"
            kind = "tap"

            [[recognizer]]
            name = "u"
            """,
            ["5:1: [[recognizer]] needs kind, one of tap, long-press, pan, swipe, pinch, rotation, edge-pan, shape, checkmark, tickle"])
    }

    @Test func aRecognizerNeedsAName() {
        expectErrors(
            """
            [[recognizer]]
            kind = "tap"
            """,
            ["1:1: recognizer entry needs name (a name)"])
    }

    @Test func anInlineEntryIsReportedAtItsBrace() {
        expectErrors(
            """
            region = [
              { name = "a", device = "touch", rect = [0, 0, 1, 1] },
              { name = "b", device = "touch" },
            ]
            """,
            ["3:3: region entry needs rect ([x, y, width, height] from 0 to 1)"])
    }

    @Test func anUnknownKindSuggestsTheClosestKind() {
        expectErrors(
            """
            [[recognizer]]
            name = "back"
            kind = "edgepan"
            """,
            ["3:8: kind 'edgepan' is not one of tap, long-press, pan, swipe, pinch, rotation, edge-pan, shape, checkmark, tickle; did you mean 'edge-pan'?"])
    }

    @Test func anUnknownKindFarFromEveryKindHasNoSuggestion() {
        expectErrors(
            """
            [[recognizer]]
            name = "x"
            kind = "doodle"
            """,
            ["3:8: kind 'doodle' is not one of tap, long-press, pan, swipe, pinch, rotation, edge-pan, shape, checkmark, tickle"])
    }

    @Test func aKindThatIsNotAString() {
        expectErrors(
            """
            [[recognizer]]
            name = "x"
            kind = 1
            """,
            ["3:8: kind must be a string, got an integer"])
    }
}
