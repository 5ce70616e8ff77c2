import Testing

@testable import GestureConfig

/// Relations name other recognizers: each name must exist, not be the recognizer itself, and require-to-fail
/// must not go round in a circle.
@Suite struct RecognizerReferenceTests {
    /// Two taps; `extra` goes into the first.
    private func taps(_ extra: String) -> String {
        """
        [[recognizer]]
        name = "single"
        kind = "tap"
        \(extra)

        [[recognizer]]
        name = "double"
        kind = "tap"
        number_of_taps_required = 2
        """
    }

    @Test func anUnknownNameInRequireToFailSuggestsTheClosest() {
        expectErrors(taps(#"require_to_fail = ["doubel"]"#), ["4:20: unknown recognizer 'doubel' in require_to_fail; did you mean 'double'?"])
    }

    @Test func anUnknownNameInSimultaneousWith() {
        expectErrors(taps(#"simultaneous_with = ["double", "zoom"]"#), ["4:32: unknown recognizer 'zoom' in simultaneous_with"])
    }

    @Test func anUnknownNameInCannotPreventButTheWildcardIsKnown() {
        expectErrors(
            taps(#"cannot_prevent = ["*", "tripple"]"#),
            ["4:24: unknown recognizer 'tripple' in cannot_prevent"])
        expectErrors(taps(#"cannot_be_prevented_by = ["*", "doble"]"#), ["4:32: unknown recognizer 'doble' in cannot_be_prevented_by; did you mean 'double'?"])
    }

    @Test func theWildcardIsNotANameElsewhere() {
        expectErrors(taps(#"require_to_fail = ["*"]"#), [#"4:20: require_to_fail '*' must be 1 to 64 letters, digits, '-', '_' or '.'"#])
    }

    @Test func anUnknownNameInShouldBeginUnlessActive() {
        expectErrors(
            taps("should_begin = { unless_active = [\"dubble\"] }"),
            ["4:35: unknown recognizer 'dubble' in should_begin.unless_active; did you mean 'double'?"])
    }

    @Test func aNameDefinedLaterInTheFileIsKnown() throws {
        let configuration = try valid(taps(#"require_to_fail = ["double"]"#))
        #expect(configuration.recognizers.map(\.requireToFail) == [["double"], []])
    }

    @Test func aRecognizerNamingItselfIsReportedOnce() {
        // Requiring itself to fail is also a cycle of one, but it is reported once, as naming itself.
        expectErrors(taps(#"require_to_fail = ["single"]"#), ["4:20: recognizer 'single' names itself in require_to_fail"])
        expectErrors(taps(#"simultaneous_with = ["single"]"#), ["4:22: recognizer 'single' names itself in simultaneous_with"])
        expectErrors(
            taps("should_begin.unless_active = [\"single\"]"),
            ["4:31: recognizer 'single' names itself in should_begin.unless_active"])
    }

    @Test func aCycleOfTwo() {
        expectErrors(
            """
            [[recognizer]]
            name = "a"
            kind = "tap"
            require_to_fail = ["b"]

            [[recognizer]]
            name = "b"
            kind = "long-press"
            require_to_fail = ["a"]
            """,
            ["4:20: require_to_fail makes a cycle: a -> b -> a; each would wait for the other forever"])
    }

    @Test func aCycleOfThreeIsReportedOnceAtItsFirstMember() {
        expectErrors(
            """
            [[recognizer]]
            name = "pan"
            kind = "pan"

            [[recognizer]]
            name = "a"
            kind = "tap"
            require_to_fail = ["pan", "b"]

            [[recognizer]]
            name = "b"
            kind = "tap"
            require_to_fail = ["c"]

            [[recognizer]]
            name = "c"
            kind = "tap"
            require_to_fail = ["pan", "a"]
            """,
            ["8:27: require_to_fail makes a cycle: a -> b -> c -> a; each would wait for the other forever"])
    }

    @Test func aChainWithoutACycleIsValid() throws {
        _ = try valid(
            """
            [[recognizer]]
            name = "a"
            kind = "tap"
            require_to_fail = ["b", "c"]

            [[recognizer]]
            name = "b"
            kind = "tap"
            require_to_fail = ["c"]

            [[recognizer]]
            name = "c"
            kind = "tap"
            """)
    }

    @Test func aRecognizerWaitingOnACycleItIsNotInIsNotReported() {
        // x waits for a, which is in a cycle with b: the cycle is reported once, at a, not at x.
        expectErrors(
            """
            [[recognizer]]
            name = "x"
            kind = "tap"
            require_to_fail = ["a"]

            [[recognizer]]
            name = "a"
            kind = "tap"
            require_to_fail = ["b"]

            [[recognizer]]
            name = "b"
            kind = "tap"
            require_to_fail = ["a"]
            """,
            ["9:20: require_to_fail makes a cycle: a -> b -> a; each would wait for the other forever"])
    }
}
