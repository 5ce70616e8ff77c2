import Testing

@testable import GestureConfig

/// Names are how entries refer to each other: each is defined once, reported at the second definition.
@Suite struct DuplicateNameTests {
    @Test func aDeviceDefinedTwice() {
        expectErrors(
            """
            [[device]]
            name = "screen"

            [[device]]
            name = "screen"
            """,
            ["5:8: device 'screen' is defined twice"])
    }

    @Test func aDeviceDefinedTwiceAfterAnInvalidDeviceIsReportedAtItsOwnName() {
        // The invalid entry in between is dropped; the duplicate must still point at the third entry's name.
        expectErrors(
            """
            [[device]]
            name = "screen"

            [[device]]
            size_mm = [100, 60]

            [[device]]
            name = "screen"
            """,
            [
                "4:1: device entry needs name (a name)",
                "8:8: device 'screen' is defined twice",
            ])
    }

    @Test func aRegionDefinedTwice() {
        expectErrors(
            """
            [[region]]
            name = "left"
            device = "touch"
            rect = [0, 0, 0.5, 1]

            [[region]]
            device = "touch"
            name = "left"
            rect = [0.5, 0, 0.5, 1]
            """,
            ["8:8: region 'left' is defined twice (device names are regions too)"])
    }

    @Test func aRegionNamedAfterADevice() {
        expectErrors(
            """
            [[device]]
            name = "screen"

            [[region]]
            name = "screen"
            device = "screen"
            rect = [0, 0, 1, 1]
            """,
            ["5:8: region 'screen' is defined twice (device names are regions too)"])
    }

    @Test func aRecognizerDefinedTwice() {
        expectErrors(
            """
            [[recognizer]]
            name = "tap"
            kind = "tap"

            [[recognizer]]
            name = "tap"
            kind = "long-press"
            """,
            ["6:8: recognizer 'tap' is defined twice"])
    }

    @Test func recognizersAndRegionsHaveSeparateNames() throws {
        let configuration = try valid(
            """
            [[region]]
            name = "tap"
            device = "touch"
            rect = [0, 0, 1, 1]

            [[recognizer]]
            name = "tap"
            kind = "tap"
            region = "tap"
            """)
        #expect(configuration.recognizers.map(\.placement) == [.region("tap")])
    }
}
