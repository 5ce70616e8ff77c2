import GestureEngine
import Testing

@testable import GestureConfig

/// A value of the wrong type is reported at the value, with what was expected and what was given.
@Suite struct TypeErrorTests {
    @Test func aStringWhereAWholeNumberIsExpected() {
        expectErrors(
            """
            [[recognizer]]
            name = "double"
            kind = "tap"
            number_of_taps_required = "2"
            """,
            ["4:27: number_of_taps_required must be a whole number from 1 to 10, got a string"])
    }

    @Test func aDecimalWhereAWholeNumberIsExpected() {
        expectErrors(
            """
            [daemon]
            max_clients = 2.5
            """,
            ["2:15: max_clients must be a whole number from 1 to 4096, got a number"])
    }

    @Test func aStringWhereANumberOfSecondsIsExpected() {
        expectErrors(
            """
            [[recognizer]]
            name = "hold"
            kind = "long-press"
            minimum_press_duration = "1s"
            """,
            ["4:26: minimum_press_duration must be a number in s, got a string"])
    }

    @Test func aWholeNumberIsAcceptedWhereADecimalIsExpected() throws {
        let configuration = try valid(
            """
            [[recognizer]]
            name = "hold"
            kind = "long-press"
            minimum_press_duration = 1
            """)
        #expect(try recognizer(configuration, "hold", as: LongPressGestureRecognizer.self).minimumPressDuration == 1)
    }

    @Test func anIntegerWhereAStringIsExpected() {
        expectErrors(
            """
            [daemon]
            socket = 5
            """,
            ["2:10: socket must be a string, got an integer"])
    }

    @Test func aStringWhereABooleanIsExpected() {
        expectErrors(
            """
            [[recognizer]]
            name = "t"
            kind = "tap"
            enabled = "yes"
            """,
            ["4:11: enabled must be true or false, got a string"])
    }

    @Test func aStringWhereAnArrayIsExpected() {
        expectErrors(
            """
            [[recognizer]]
            name = "single"
            kind = "tap"
            require_to_fail = "double"

            [[recognizer]]
            name = "double"
            kind = "tap"
            """,
            ["4:19: require_to_fail must be an array of strings, got a string"])
    }

    @Test func aNumberWhereAPairIsExpected() {
        expectErrors(
            """
            [[device]]
            name = "screen"
            size_mm = 100
            output_px = [1920, 1080, 1]
            """,
            [
                "3:11: size_mm must be two numbers [width, height] in mm, got an integer",
                "4:13: output_px must be two numbers [width, height] in pixels, got 3",
            ])
    }

    @Test func aSectionThatIsNotATable() {
        expectErrors(
            """
            daemon = 1
            region = { name = "x" }
            """,
            [
                "1:10: [daemon] must be a table, got an integer",
                "2:10: region must be an array of tables, written [[region]], got a table",
            ])
    }

    @Test func aDeviceListThatIsNotAnArrayIsReportedOnce() {
        // It used to be read twice, and so reported twice.
        expectErrors(
            """
            device = "screen"
            """,
            ["1:10: device must be an array of tables, written [[device]], got a string"])
    }

    @Test func aDateWhereAStringIsExpected() {
        expectErrors(
            """
            [daemon]
            socket_group = 1979-05-27
            """,
            ["2:16: socket_group must be a string, got a date"])
    }

    @Test func anArrayElementOfTheWrongTypeIsReportedAtTheElement() {
        expectErrors(
            """
            [[recognizer]]
            name = "swipe"
            kind = "swipe"
            direction = [
                "left",
                3,
            ]
            """,
            ["6:5: direction must be a string, got an integer"])
    }
}
