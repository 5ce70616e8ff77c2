import Testing

@testable import GestureConfig

/// Values that are fine alone but not together.
@Suite struct ParameterRuleTests {
    @Test func anEdgePanNeedsEdges() {
        expectErrors(
            """
            [[recognizer]]
            name = "back"
            kind = "edge-pan"
            edge_width_mm = 5
            """,
            ["1:1: edge-pan recognizer 'back' needs edges (any of top, left, bottom, right): without one it never begins"])
    }

    @Test func anEdgePanTakesThePansParametersToo() throws {
        let configuration = try valid(
            """
            [[recognizer]]
            name = "back"
            kind = "edge-pan"
            edges = ["left"]
            maximum_number_of_touches = 1
            """)
        #expect(configuration.recognizers.first?.parameters.map(\.0.name) == ["maximum_number_of_touches", "edges"])
    }

    @Test func aPansMinimumTouchesAboveItsMaximum() {
        expectErrors(
            """
            [[recognizer]]
            name = "scroll"
            kind = "pan"
            maximum_number_of_touches = 1
            minimum_number_of_touches = 2
            """,
            ["4:29: maximum_number_of_touches (1) is less than minimum_number_of_touches (2)"])
    }

    @Test func aPansEqualMinimumAndMaximumAreFine() throws {
        _ = try valid(
            """
            [[recognizer]]
            name = "scroll"
            kind = "pan"
            minimum_number_of_touches = 2
            maximum_number_of_touches = 2
            """)
    }

    @Test func shouldBeginMaximumBelowMinimum() {
        expectErrors(
            """
            [[recognizer]]
            name = "t"
            kind = "tap"

            [recognizer.should_begin]
            minimum_touches = 3
            maximum_touches = 2
            """,
            ["7:19: maximum_touches (2) is less than minimum_touches (3)"])
    }

    @Test func shouldBeginTouchCountsAreInRange() {
        expectErrors(
            """
            [[recognizer]]
            name = "t"
            kind = "tap"
            should_begin = { minimum_touches = 0, maximum_touches = 21 }
            """,
            [
                "4:36: minimum_touches must be from 1 to 20, got 0",
                "4:57: maximum_touches must be from 1 to 20, got 21",
            ])
    }
}
