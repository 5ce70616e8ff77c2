import Testing

@testable import GestureConfig

/// Regions and what refers to them: devices that exist, parents on the same device that contain them.
@Suite struct RegionErrorTests {
    @Test func aRegionOutsideItsParent() {
        expectErrors(
            """
            [[region]]
            name = "panel"
            device = "touch"
            rect = [0, 0, 0.5, 0.5]

            [[region]]
            name = "button"
            device = "touch"
            parent = "panel"
            rect = [0.25, 0.25, 0.5, 0.5]
            """,
            ["10:8: region 'button' [0.25, 0.25, 0.5, 0.5] is outside its parent 'panel' [0.0, 0.0, 0.5, 0.5]"])
    }

    @Test func aRegionOnTheEdgeOfItsParentIsInside() throws {
        let configuration = try valid(
            """
            [[region]]
            name = "panel"
            device = "touch"
            rect = [0.5, 0.5, 0.5, 0.5]

            [[region]]
            name = "corner"
            device = "touch"
            parent = "panel"
            rect = [0.9, 0.9, 0.1, 0.1]
            """)
        #expect(configuration.regions.map(\.name) == ["panel", "corner"])
    }

    @Test func aRegionWhoseParentIsOnAnotherDevice() {
        expectErrors(
            """
            [[device]]
            name = "screen"

            [[device]]
            name = "pad"

            [[region]]
            name = "pad-left"
            device = "pad"
            rect = [0, 0, 0.5, 1]

            [[region]]
            name = "button"
            device = "screen"
            parent = "pad-left"
            rect = [0, 0, 0.1, 0.1]

            [[region]]
            name = "other"
            device = "screen"
            parent = "pad"
            rect = [0, 0, 0.1, 0.1]
            """,
            [
                "15:10: parent 'pad-left' is on device 'pad', not 'screen'",
                "21:10: parent 'pad' is on device 'pad', not 'screen'",
            ])
    }

    @Test func anUnknownParentSuggestsTheClosestRegion() {
        expectErrors(
            """
            [[region]]
            name = "sidebar"
            device = "touch"
            rect = [0, 0, 0.25, 1]

            [[region]]
            name = "item"
            device = "touch"
            parent = "sidebr"
            rect = [0, 0, 0.25, 0.1]
            """,
            ["9:10: parent 'sidebr' of region 'item' is not a region of device 'touch'; did you mean 'sidebar'?"])
    }

    @Test func anUnknownParentWithNothingClose() {
        expectErrors(
            """
            [[region]]
            name = "item"
            device = "touch"
            parent = "zzzzzz"
            rect = [0, 0, 0.25, 0.1]
            """,
            ["4:10: parent 'zzzzzz' of region 'item' is not a region of device 'touch'"])
    }

    @Test func parentsInACircle() {
        expectErrors(
            """
            [[region]]
            name = "a"
            device = "touch"
            parent = "b"
            rect = [0, 0, 1, 1]

            [[region]]
            name = "b"
            device = "touch"
            parent = "a"
            rect = [0, 0, 1, 1]
            """,
            [
                "4:10: parent 'b' of region 'a' is not a region of device 'touch' (a cycle of parents)",
                "10:10: parent 'a' of region 'b' is not a region of device 'touch' (a cycle of parents)",
            ])
    }

    @Test func aRegionOnAnUnknownDevice() {
        expectErrors(
            """
            [[device]]
            name = "screen"

            [[region]]
            name = "top"
            device = "scren"
            rect = [0, 0, 1, 0.5]
            """,
            ["6:10: unknown device 'scren'; did you mean 'screen'?"])
    }

    @Test func theImplicitDeviceIsGoneOnceDevicesAreListed() {
        expectErrors(
            """
            [[device]]
            name = "screen"

            [[region]]
            name = "top"
            device = "touch"
            rect = [0, 0, 1, 0.5]
            """,
            ["6:10: unknown device 'touch'"])
    }

    @Test func aRecognizerOnAnUnknownRegion() {
        expectErrors(
            """
            [[region]]
            name = "sidebar"
            device = "touch"
            rect = [0, 0, 0.25, 1]

            [[recognizer]]
            name = "t"
            kind = "tap"
            region = "sidebr"
            """,
            ["9:10: unknown region 'sidebr'; did you mean 'sidebar'?"])
    }

    @Test func aRecognizerOnAnUnknownDevice() {
        expectErrors(
            """
            [[device]]
            name = "pad"

            [[recognizer]]
            name = "t"
            kind = "tap"
            device = "pda"
            """,
            ["7:10: unknown device 'pda'; did you mean 'pad'?"])
    }

    @Test func aRecognizerWhoseRegionIsOnAnotherDevice() {
        expectErrors(
            """
            [[device]]
            name = "screen"

            [[device]]
            name = "pad"

            [[region]]
            name = "left"
            device = "pad"
            rect = [0, 0, 0.5, 1]

            [[recognizer]]
            name = "t"
            kind = "tap"
            device = "screen"
            region = "left"
            """,
            ["16:10: region 'left' is on device 'pad', not 'screen'"])
    }

    @Test func unknownRegionsInRules() {
        expectErrors(
            """
            [[region]]
            name = "keyboard"
            device = "touch"
            rect = [0, 0.5, 1, 0.5]

            [[recognizer]]
            name = "swipe"
            kind = "swipe"
            should_receive = { regions = ["touch"], exclude_regions = ["keybaord"] }
            should_begin = { regions = ["nowhere"] }
            """,
            [
                "9:60: unknown region 'keybaord'; did you mean 'keyboard'?",
                "10:29: unknown region 'nowhere'",
            ])
    }
}
