import ConfigLanguage
import Testing

@testable import GestureConfig

/// TOML the reader refuses (ConfigLanguage): one error, at its line and column, and nothing else is checked.
@Suite struct SyntaxErrorTests {
    @Test func aKeyWithoutAValueIsReportedWhereTheValueShouldBe() {
        expectErrors(
            """
            [daemon]
            socket =
            log_level = "info"
            """,
            ["2:9: TOML syntax: expected a value (a string, number, boolean, date, time, array or inline table), saw '\\n'"])
    }

    @Test func anUnclosedTableHeaderIsReportedAtTheEndOfItsLine() {
        expectErrors(
            """
            # comment
            [daemon
            socket = "/run/x.sock"
            """,
            ["2:8: TOML syntax: expected ']' to end the table header, saw '\\n'"])
    }

    @Test func aKeyGivenTwiceIsReportedAtTheSecondValue() {
        expectErrors(
            """
            [daemon]
            socket = "/run/a.sock"
            socket = "/run/b.sock"
            """,
            ["3:10: TOML syntax: the key 'socket' is already defined: a key has one value"])
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
        #expect(found.first?.contains("TOML syntax: expected ',' or ']' after an array's value") == true)
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

    // toml++ 3.4.0 (inside TOMLKit, which read configurations before ConfigLanguage) asserted on these instead of
    // reporting them, which aborted the process.

    @Test func aThirdBracketInAHeaderIsAnErrorNotACrash() {
        expectErrors(
            """
            [daemon]
            socket = "/run/x.sock"

            [[[recognizer]]]
            name = "a"
            """,
            ["4:3: TOML syntax: expected a key (letters, digits, '_', '-', or a quoted string), saw '['"])
    }

    @Test func aHeaderWithoutAKeyIsAnErrorNotACrash() {
        expectErrors("[=]\n", ["1:2: TOML syntax: expected a key (letters, digits, '_', '-', or a quoted string), saw '='"])
        expectErrors("x = 1\n  [ \t#x]\n", ["2:6: TOML syntax: expected a key (letters, digits, '_', '-', or a quoted string), saw '#'"])
        expectErrors("[\n", ["1:2: TOML syntax: expected a key (letters, digits, '_', '-', or a quoted string), saw '\\n'"])
        expectErrors("[[ {", ["1:4: TOML syntax: expected a key (letters, digits, '_', '-', or a quoted string), saw '{'"])
        expectErrors("[]\n", ["1:2: TOML syntax: expected a key (letters, digits, '_', '-', or a quoted string), saw ']'"])
        expectErrors("[ [x]]\n", ["1:3: TOML syntax: expected a key (letters, digits, '_', '-', or a quoted string), saw '['"])
    }

    @Test func aClosingBraceWhereAnArrayExpectsAValueIsAnErrorNotACrash() {
        expectErrors("x = [}\n", ["1:6: TOML syntax: expected a value (a string, number, boolean, date, time, array or inline table), saw '}'"])
        expectErrors(
            """
            [[region]]
            rect = [
              0, 0,
              # comment
              }
            """,
            ["5:3: TOML syntax: expected a value (a string, number, boolean, date, time, array or inline table), saw '}'"])
        expectErrors("a = { b = [[1], }\n", ["1:17: TOML syntax: expected a value (a string, number, boolean, date, time, array or inline table), saw '}'"])
        // After a value without a comma, toml++ reports it itself.
        #expect(errors("x = [1 }\n") == ["\(testFile):1:8: TOML syntax: expected ',' or ']' after an array's value, saw '}'"])
    }

    @Test func anEarlierSyntaxErrorIsStillTheOneReported() {
        expectErrors("a = \n[[[x]]]\n", ["1:5: TOML syntax: expected a value (a string, number, boolean, date, time, array or inline table), saw '\\n'"])
        expectErrors("a = [1 2, }]\n", ["1:8: TOML syntax: expected ',' or ']' after an array's value, saw '2'"])
    }

    @Test func columnsCountCharactersNotBytes() {
        // é is two bytes in UTF-8 and one column, in toml++'s syntax errors and in validation errors alike.
        expectErrors(#"x = ["é", }"#, ["1:11: TOML syntax: expected a value (a string, number, boolean, date, time, array or inline table), saw '}'"])
        expectErrors(#"x = "é" = 1"#, ["1:9: TOML syntax: expected the end of the line, saw '='"])
        expectErrors(
            """
            [daemon]
            raw_touches = { groups = ["é", -1] }
            """,
            ["2:32: an id must be from 0 to 4294967295, got -1"])
    }

    @Test func aNULInTextGivenDirectlyIsRefusedToo() {
        // Text that comes from elsewhere than a file (the fuzzer, a test) reaches the reader the same way.
        expectErrors("a = 1\n\0b = 2\n", ["2:1: a NUL byte (0x00) at byte offset 6: a configuration is UTF-8 text"])
    }
}
