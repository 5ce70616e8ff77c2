import GestureEngine
import Testing

@testable import GestureConfig

/// What the configuration fuzzer found (docs/fuzzing.md), each input kept as it was found or minimized.
@Suite struct FuzzFindingTests {
    static let dateTimes = "write 1979-05-27, 07:32:00, 1979-05-27T07:32:00 or 1979-05-27T07:32:00Z, each part in range"

    @Test func aDateTimeWithoutAnHourIsAnErrorNotACrash() {
        // toml++ (inside TOMLKit, which read configurations before ConfigLanguage) asserted on the hour's first digit
        // and aborted the process: `gestured check`, and a daemon asked to reload such a file.
        expectErrors("a = 1979-05-27Tx:00\n", ["1:16: TOML syntax: '1979-05-27Tx:00' is no date or time at 'x': \(Self.dateTimes)"])
        expectErrors("a = 1979-05-27t:00\n", ["1:16: TOML syntax: '1979-05-27t:00' is no date or time at ':': \(Self.dateTimes)"])
        expectErrors(
            """
            [daemon]
            socket_mode = 0o660
            log_level = 1979-05-27TM-J7*32:00Ztouc
            """,
            ["3:24: TOML syntax: '1979-05-27TM-J7' is no date or time at 'M': \(Self.dateTimes)"])
        // An earlier error is still the one reported.
        expectErrors("a = [1 2]\nb = 1979-05-27Tx:00\n", ["1:8: TOML syntax: expected ',' or ']' after an array's value, saw '2'"])
    }

    @Test func aDateAndAOneDigitHourWithASpaceBetweenIsAnErrorNotACrash() {
        // toml++ reads on from the hour's first digit asserting that the value goes on, and aborted the process
        // when it ended there. Found within five minutes of fuzzing with the harness's new seeds.
        let expected = { (column: Int, token: String) in "1:\(column): TOML syntax: '\(token)' is no date or time at its end: \(Self.dateTimes)" }
        expectErrors("a = 1979-05-27 0\n", [expected(17, "1979-05-27 0")])
        expectErrors("a = [1979-05-27 1,2]\n", [expected(18, "1979-05-27 1")])
        expectErrors("a = {b = 1979-05-27 0}\n", [expected(22, "1979-05-27 0")])
        expectErrors("a = 1979-05-27 0 # c\n", [expected(17, "1979-05-27 0")])
        // What toml++ took for a date: ten characters, `_` not counted, with `-` 5th and 8th.
        expectErrors("a = 1_979-05-27 0\n", ["1:5: TOML syntax: '1_979-05-27' is no value: a number is digits, '_' only between two, no leading 0, within 64 bits; a string is quoted"])
        expectErrors("a = 1--------é 0\n", ["1:6: TOML syntax: '1--------' is no date or time at '-': \(Self.dateTimes)"])
        // An earlier error is still the one reported; at the end of the file too, and with two digits for the hour.
        expectErrors("a = [1 2]\nb = 1979-05-27 0\n", ["1:8: TOML syntax: expected ',' or ']' after an array's value, saw '2'"])
        #expect(errors("a = 1979-05-27 0").count == 1)
        expectErrors("a = 1979-05-27 07\n", ["1:18: TOML syntax: '1979-05-27 07' is no date or time at its end: \(Self.dateTimes)"])
        // The input as found, minimized.
        expectErrors("[daemon]\nsocket_mode =1979-05-27 0]\n", ["2:26: TOML syntax: '1979-05-27 0' is no date or time at its end: \(Self.dateTimes)"])
    }

    @Test func otherBrokenDateTimesAreOneErrorAndAWholeOneIsADateTime() {
        #expect(errors("a = 1979-05-27T\n").count == 1)
        #expect(errors("a = 1979-05-27 x:00\n").count == 1)
        #expect(errors("a = 1979-05-27T07:32:00Z\n") == ["\(testFile):1:1: unknown key 'a' in the file"])
    }

    @Test func aRegionEndingOnItsParentsEdgeIsPlacedInIt() throws {
        // 0.95 + 0.05 of 344.2 mm ends at 344.20000000000005: the engine refused the region, it was left out
        // without a word, and the recognizer meant for the corner ran on the whole screen.
        let configuration = try valid(
            """
            [[device]]
            name = "screen"
            size_mm = [344.2, 193.5]

            [[region]]
            name = "header"
            device = "screen"
            rect = [0.0, 0.0, 1.0, 0.1]

            [[region]]
            name = "admin-corner"
            device = "screen"
            parent = "header"
            rect = [0.95, 0.0, 0.05, 0.08]

            [[recognizer]]
            name = "admin"
            kind = "long-press"
            region = "admin-corner"
            """)
        let surface = ConfiguredSurface(configuration: configuration, entry: configuration.devices[0], surface: Size(width: 344.2, height: 193.5))
        let corner = try #require(surface.regions["admin-corner"])
        #expect(corner.parent === surface.regions["header"])
        #expect(corner.recognizers.map(\.name) == ["admin"])
        #expect(surface.engine.root.recognizers.isEmpty)
    }

    @Test(arguments: ShippedConfigTests.files.map(\.lastPathComponent))
    func everyRegionOfAShippedFileIsPlaced(file: String) throws {
        let configuration = try ShippedConfigTests.load(file == "gestured.toml" ? file : "examples/\(file)")
        for entry in configuration.devices {
            let surface = ConfiguredSurface(configuration: configuration, entry: entry, surface: entry.size ?? Size(width: 300, height: 200))
            for region in configuration.regions where region.device == entry.name {
                #expect(surface.regions[region.name] != nil, "\(file): region \(region.name)")
            }
        }
    }
}
