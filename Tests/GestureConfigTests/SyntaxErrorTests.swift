import Testing

@testable import GestureConfig

/// TOML the parser refuses: one error, at TOMLKit's line and column, and nothing else is checked.
@Suite struct SyntaxErrorTests {
    @Test func aKeyWithoutAValueIsReportedWhereTheValueShouldBe() {
        expectErrors(
            """
            [daemon]
            socket =
            log_level = "info"
            """,
            ["2:9: TOML syntax: Error while parsing key-value pair: expected value, saw '\\n'"])
    }

    @Test func anUnclosedTableHeaderIsReportedAtTheEndOfItsLine() {
        expectErrors(
            """
            # comment
            [daemon
            socket = "/run/x.sock"
            """,
            ["2:8: TOML syntax: Error while parsing table header: expected ']', saw '\\n'"])
    }

    @Test func aKeyGivenTwiceIsReportedAtTheSecondValue() {
        expectErrors(
            """
            [daemon]
            socket = "/run/a.sock"
            socket = "/run/b.sock"
            """,
            ["3:10: TOML syntax: Error while parsing key-value pair: cannot redefine existing string 'socket'"])
    }

    @Test func aSyntaxErrorHidesValidationErrors() {
        // An unknown key before the syntax error is not reported: nothing is validated until the file parses.
        let found = errors(
            """
            [deamon]
            x = [1, 2
            """)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("\(testFile):2:") == true)
        #expect(found.first?.contains("TOML syntax: Error while parsing array") == true)
    }

    @Test func theErrorCarriesItsFileAndPosition() throws {
        do {
            _ = try Configuration.parse("a = \n", file: "/etc/gestured/gestured.toml")
            Issue.record("parsed")
        } catch {
            let only = try #require(error.errors.first)
            #expect(error.errors.count == 1)
            #expect(only.file == "/etc/gestured/gestured.toml")
            #expect(only.position == SourcePosition(line: 1, column: 5))
            #expect(error.description == "/etc/gestured/gestured.toml:1:5: \(only.message)")
        }
    }

    // toml++ 3.4.0 (inside TOMLKit) asserts on these instead of reporting them, which aborted the process.

    @Test func aThirdBracketInAHeaderIsAnErrorNotACrash() {
        expectErrors(
            """
            [daemon]
            socket = "/run/x.sock"

            [[[recognizer]]]
            name = "a"
            """,
            ["4:3: TOML syntax: Error while parsing table header: expected bare key starting character or string delimiter, saw '['"])
    }

    @Test func aHeaderWithoutAKeyIsAnErrorNotACrash() {
        expectErrors("[=]\n", ["1:2: TOML syntax: Error while parsing table header: expected bare key starting character or string delimiter, saw '='"])
        expectErrors("x = 1\n  [ \t#x]\n", ["2:6: TOML syntax: Error while parsing table header: expected bare key starting character or string delimiter, saw '#'"])
        expectErrors("[\n", ["1:2: TOML syntax: Error while parsing table header: expected bare key starting character or string delimiter, saw '\\n'"])
        expectErrors("[[ {", ["1:4: TOML syntax: Error while parsing table header: expected bare key starting character or string delimiter, saw '{'"])
        // These toml++ reports itself.
        #expect(errors("[]\n").first?.contains("tables with blank bare keys are explicitly prohibited") == true)
        #expect(errors("[ [x]]\n").first?.contains("brackets must be contiguous") == true)
    }

    @Test func aClosingBraceWhereAnArrayExpectsAValueIsAnErrorNotACrash() {
        expectErrors("x = [}\n", ["1:6: TOML syntax: Error while parsing array: expected value or closing ']', saw '}'"])
        expectErrors(
            """
            [[region]]
            rect = [
              0, 0,
              # comment
              }
            """,
            ["5:3: TOML syntax: Error while parsing array: expected value or closing ']', saw '}'"])
        expectErrors("a = { b = [[1], }\n", ["1:17: TOML syntax: Error while parsing array: expected value or closing ']', saw '}'"])
        // After a value without a comma, toml++ reports it itself.
        #expect(errors("x = [1 }\n") == ["\(testFile):1:8: TOML syntax: Error while parsing array: expected comma or closing ']', saw '}'"])
    }

    @Test func anEarlierSyntaxErrorIsStillTheOneReported() {
        expectErrors("a = \n[[[x]]]\n", ["1:5: TOML syntax: Error while parsing key-value pair: expected value, saw '\\n'"])
        expectErrors("a = [1 2, }]\n", ["1:8: TOML syntax: Error while parsing array: expected comma or closing ']', saw '2'"])
    }

    @Test func columnsCountCharactersNotBytes() {
        // é is two bytes in UTF-8 and one column, in toml++'s syntax errors and in validation errors alike.
        expectErrors(#"x = ["é", }"#, ["1:11: TOML syntax: Error while parsing array: expected value or closing ']', saw '}'"])
        expectErrors(#"x = "é" = 1"#, ["1:9: TOML syntax: Error while parsing key-value pair: expected a comment or whitespace, saw '='"])
        expectErrors(
            """
            [daemon]
            raw_touches = { groups = ["é", -1] }
            """,
            ["2:32: an id must be from 0 to 4294967295, got -1"])
    }
}
