import GestureEngine
import Testing

@testable import GestureConfig

/// Relations and rules from the file, seen in what the engine does with touches.
@Suite struct ConfiguredRelationsTests {
    private func driver(_ text: String, size: Size = Size(width: 100, height: 60)) throws -> SurfaceDriver {
        SurfaceDriver(try surface(try valid(text), size: size))
    }

    private static let taps = """
        [[recognizer]]
        name = "single"
        kind = "tap"
        require_to_fail = ["double"]

        [[recognizer]]
        name = "double"
        kind = "tap"
        number_of_taps_required = 2
        maximum_interval_between_taps = 0.3
        """

    @Test func aSingleTapWaitsForTheDoubleTapToFail() throws {
        let d = try driver(Self.taps)
        d.tap(1, at: 0, 50, 30)
        // Lifted at 0.05: the single tap is recognized but must wait for the double tap to give up.
        #expect(d.actions == [])
        let due = try #require(d.surface.engine.nextDeadline)
        #expect(abs(due.seconds - 0.35) < 1e-9)
        d.advance(0.34)
        #expect(d.actions == [])
        d.advance(0.35)
        #expect(d.actions == ["single ended"])
        #expect(d.times(of: "single") == [0.35])
    }

    @Test func aDoubleTapLeavesTheSingleTapOut() throws {
        let d = try driver(Self.taps)
        d.tap(1, at: 0, 50, 30)
        d.tap(2, at: 0.2, 51, 30)
        d.settle()
        #expect(d.actions == ["double ended"])
    }

    @Test func withoutTheRelationTheSingleTapDoesNotWait() throws {
        let d = try driver(Self.taps.replacingOccurrences(of: "require_to_fail = [\"double\"]", with: ""))
        d.tap(1, at: 0, 50, 30)
        #expect(d.actions == ["single ended"])
        #expect(d.times(of: "single") == [0.05])
    }

    private static let twoPans = """
        [[recognizer]]
        name = "a"
        kind = "pan"

        [[recognizer]]
        name = "b"
        kind = "pan"
        """

    private func drag(_ d: SurfaceDriver) {
        d.frame(0, [(1, .began, 20, 30)])
        d.frame(0.02, [(1, .moved, 30, 30)])
        d.frame(0.04, [(1, .moved, 40, 30)])
        d.frame(0.06, [(1, .ended, 40, 30)])
    }

    @Test func twoPansExcludeEachOtherUnlessSimultaneous() throws {
        let alone = try driver(Self.twoPans)
        drag(alone)
        #expect(Set(alone.actions.map { $0.split(separator: " ")[0] }) == ["a"])

        let together = try driver(Self.twoPans + "\nsimultaneous_with = [\"a\"]\n")
        drag(together)
        #expect(together.actions.contains("a began"))
        #expect(together.actions.contains("b began"))
        #expect(together.actions.contains("a ended"))
        #expect(together.actions.contains("b ended"))
    }

    @Test func aRecognizerThatCannotPreventYieldsToTheOther() throws {
        // Without the relation a, added first, wins (see above); a cannot prevent b, so b wins instead.
        let d = try driver(
            """
            [[recognizer]]
            name = "a"
            kind = "pan"
            cannot_prevent = ["*"]

            [[recognizer]]
            name = "b"
            kind = "pan"
            """)
        drag(d)
        #expect(d.actions.contains("b began"))
        #expect(!d.actions.contains { $0.hasPrefix("a ") })
    }

    private static let halves = """
        [[region]]
        name = "left"
        device = "touch"
        rect = [0, 0, 0.5, 1]

        [[region]]
        name = "right"
        device = "touch"
        rect = [0.5, 0, 0.5, 1]

        """

    @Test func shouldReceiveRegionsLimitsTheTouchesARecognizerSees() throws {
        let d = try driver(
            Self.halves + """
                [[recognizer]]
                name = "left-tap"
                kind = "tap"
                should_receive.regions = ["left"]
                """)
        d.tap(1, at: 0, 75, 30)
        d.settle()
        #expect(d.actions == [])
        d.tap(2, at: 1, 25, 30)
        d.settle()
        #expect(d.actions == ["left-tap ended"])
    }

    @Test func shouldReceiveExcludeRegionsAndTouchTypes() throws {
        let d = try driver(
            Self.halves + """
                [[recognizer]]
                name = "tap"
                kind = "tap"
                should_receive = { exclude_regions = ["right"], touch_types = ["direct"] }
                """)
        d.tap(1, at: 0, 75, 30)
        d.tap(2, at: 1, 25, 30, type: .stylus)
        d.settle()
        #expect(d.actions == [])
        d.tap(3, at: 2, 25, 30)
        #expect(d.actions == ["tap ended"])
    }

    @Test func shouldBeginMinimumTouchesDeniesBeginningWithFewer() throws {
        let d = try driver(
            """
            [[recognizer]]
            name = "scroll"
            kind = "pan"
            should_begin.minimum_touches = 2
            """)
        drag(d)
        #expect(d.actions == [])
        d.frame(1, [(2, .began, 20, 30), (3, .began, 30, 30)])
        d.frame(1.02, [(2, .moved, 30, 30), (3, .moved, 40, 30)])
        d.frame(1.04, [(2, .moved, 40, 30), (3, .moved, 50, 30)])
        #expect(d.actions.first == "scroll began")
    }

    @Test func shouldBeginMaximumTouchesDeniesBeginningWithMore() throws {
        let d = try driver(
            """
            [[recognizer]]
            name = "scroll"
            kind = "pan"
            should_begin.maximum_touches = 1
            """)
        d.frame(0, [(2, .began, 20, 30), (3, .began, 30, 30)])
        d.frame(0.02, [(2, .moved, 30, 30), (3, .moved, 40, 30)])
        d.frame(0.04, [(2, .moved, 40, 30), (3, .moved, 50, 30)])
        #expect(d.actions == [])
    }

    @Test func shouldBeginRegionsNeedsTheGestureThere() throws {
        let d = try driver(
            Self.halves + """
                [[recognizer]]
                name = "tap"
                kind = "tap"
                should_begin.regions = ["right"]
                """)
        d.tap(1, at: 0, 25, 30)
        d.settle()
        #expect(d.actions == [])
        d.tap(2, at: 1, 75, 30)
        #expect(d.actions == ["tap ended"])
    }

    @Test func shouldBeginUnlessActiveDeniesWhileTheOtherIsInProgress() throws {
        let text =
            Self.halves + """
                [[recognizer]]
                name = "a"
                kind = "pan"
                region = "left"

                [[recognizer]]
                name = "b"
                kind = "pan"
                region = "right"
                should_begin.unless_active = ["a"]
                """
        // a pans with a finger on the left half; b tries on the right half while a is active.
        let d = try driver(text)
        d.frame(0, [(1, .began, 20, 30)])
        d.frame(0.02, [(1, .moved, 30, 30)])
        #expect(d.actions == ["a began"])
        d.frame(0.04, [(2, .began, 60, 30)])
        d.frame(0.06, [(2, .moved, 70, 30)])
        d.frame(0.08, [(2, .moved, 80, 30)])
        #expect(!d.actions.contains { $0.hasPrefix("b ") })

        // Once a has ended, b begins.
        let later = try driver(text)
        later.frame(0, [(1, .began, 20, 30)])
        later.frame(0.02, [(1, .moved, 30, 30)])
        later.frame(0.04, [(1, .ended, 30, 30)])
        later.frame(0.1, [(2, .began, 60, 30)])
        later.frame(0.12, [(2, .moved, 70, 30)])
        #expect(later.actions.contains("b began"))
    }

    @Test func cannotBePreventedByLetsARecognizerBeginAfterAnother() throws {
        let d = try driver(
            """
            [[recognizer]]
            name = "a"
            kind = "pan"

            [[recognizer]]
            name = "b"
            kind = "pan"
            cannot_be_prevented_by = ["a"]
            """)
        drag(d)
        #expect(d.actions.contains("a began"))
        #expect(d.actions.contains("b began"))
    }

    @Test func aDisabledRecognizerDoesNothing() throws {
        let d = try driver(
            """
            [[recognizer]]
            name = "tap"
            kind = "tap"
            enabled = false
            """)
        d.tap(1, at: 0, 50, 30)
        d.settle()
        #expect(d.actions == [])
    }

    @Test func touchTypesLimitWhatARecognizerAccepts() throws {
        let d = try driver(
            """
            [[recognizer]]
            name = "tap"
            kind = "tap"
            touch_types = ["indirect"]
            """)
        d.tap(1, at: 0, 50, 30)
        d.settle()
        #expect(d.actions == [])
        d.tap(2, at: 1, 50, 30, type: .indirect)
        #expect(d.actions == ["tap ended"])
    }

    @Test func anEdgePanFromTheConfiguredEdge() throws {
        let d = try driver(
            """
            [[recognizer]]
            name = "back"
            kind = "edge-pan"
            edges = ["left"]
            edge_width_mm = 5
            projection_time = 0
            """)
        // Starting 8 mm in, beyond the 5 mm edge: nothing (with no projection back along the movement).
        d.frame(0, [(1, .began, 8, 30)])
        for i in 1...10 { d.frame(Double(i) * 0.01, [(1, .moved, 8 + Double(i) * 4, 30)]) }
        d.frame(0.2, [(1, .ended, 48, 30)])
        d.settle()
        #expect(d.actions == [])
        // Starting 2 mm in: it begins.
        d.frame(1, [(2, .began, 2, 30)])
        for i in 1...10 { d.frame(1 + Double(i) * 0.01, [(2, .moved, 2 + Double(i) * 4, 30)]) }
        #expect(d.actions.first == "back began")
    }
}
