import ConfigSchema
import Testing

@testable import GestureConfig

/// Configurations written to be as slow to check as a file of at most 1 MiB can be, each refused or accepted
/// with the right errors. How long each takes is measured apart, by scripts/config-worst-cases (docs/fuzzing.md,
/// Configurations that cannot hang it): a speed goal is a benchmark's, not a test's.
@Suite struct PathologicalConfigTests {
    /// `[[recognizer]]` entries of kind tap, with `extra(i)` lines in the i-th.
    static func taps(_ names: [String], _ extra: (Int) -> String = { _ in "" }) -> String {
        names.indices.map { "[[recognizer]]\nname = \"\(names[$0])\"\nkind = \"tap\"\n\(extra($0))\n" }.joined()
    }

    static func quoted(_ names: some Sequence<String>) -> String { "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }

    /// The line of the i-th entry's `[[recognizer]]` in `taps`.
    static func line(ofEntry i: Int) -> Int { 4 * i + 1 }

    @Test func aLongChainOfRequireToFailIsValid() throws {
        // Checked in cubic time: 1,000 links took 4.2 s, 2,000 took 45.
        let names = (0..<1024).map { "r\($0)" }
        let configuration = try valid(Self.taps(names) { $0 + 1 < names.count ? "require_to_fail = [\"\(names[$0 + 1])\"]" : "" })
        #expect(configuration.recognizers.count == 1024)
    }

    @Test func aLongCycleIsOneErrorAtItsFirstRecognizer() {
        let names = (0..<1024).map { "r\($0)" }
        let text = Self.taps(names) { "require_to_fail = [\"\(names[($0 + 1) % names.count])\"]" }
        let cycle = (names + ["r0"]).joined(separator: " -> ")
        expectErrors(text, ["4:20: require_to_fail makes a cycle: \(cycle); each would wait for the other forever"])
    }

    @Test func cyclesThroughOneRecognizerAreOneError() {
        // a waits for b and c, each of which waits for a: one group of recognizers waiting for each other, one
        // error, with the cycle a walk in the written order finds first.
        let text = Self.taps(["a", "b", "c"]) { ["require_to_fail = [\"b\", \"c\"]", "require_to_fail = [\"a\"]", "require_to_fail = [\"a\"]"][$0] }
        expectErrors(text, ["4:20: require_to_fail makes a cycle: a -> b -> a; each would wait for the other forever"])
        // Two groups apart are two errors, each at its first member.
        let two = Self.taps(["a", "b", "c", "d"]) { ["require_to_fail = [\"b\"]", "require_to_fail = [\"a\"]", "require_to_fail = [\"d\"]", "require_to_fail = [\"c\"]"][$0] }
        expectErrors(
            two,
            [
                "4:20: require_to_fail makes a cycle: a -> b -> a; each would wait for the other forever",
                "12:20: require_to_fail makes a cycle: c -> d -> c; each would wait for the other forever",
            ])
    }

    @Test func recognizersEachWaitingForHundredsOfOthersAreValid() throws {
        // A walk from each visited everything after it: 400 x 100,000 relations.
        let names = (0..<400).map { "r\($0)" }
        let configuration = try valid(Self.taps(names) { "require_to_fail = \(Self.quoted(names[($0 + 1)...].prefix(256)))" })
        #expect(configuration.recognizers[0].requireToFail.count == 256)
    }

    @Test func thousandsOfUnknownNamesGetADidYouMeanForTheFirstFew() {
        // Each suggestion is an edit distance to each of the 1,024 names: for 12,800 names it took minutes.
        let names = (0..<1024).map { String(repeating: "n", count: 58) + String(1_000_000 + $0).dropFirst() }
        let typo = { (i: Int) in String(repeating: "n", count: 57) + "x" + String(1_000_000 + i % 1024).dropFirst() }
        let found = errors(Self.taps(names) { i in i < 50 ? "simultaneous_with = \(Self.quoted((0..<256).map { typo(i * 256 + $0) }))" : "" })
        // The first hundred are said, and how many more there are.
        #expect(found.count == ConfigErrors.shown + 1)
        #expect(found.filter { $0.contains("did you mean") }.count == ConfigLimits.suggestions)
        #expect(found.first == "\(testFile):4:22: unknown recognizer '\(typo(0))' in simultaneous_with; did you mean '\(names[0])'?")
        #expect(found[ConfigErrors.shown - 1].hasSuffix(": unknown recognizer '\(typo(ConfigErrors.shown - 1))' in simultaneous_with"))
        #expect(found.last?.hasSuffix(": and \(50 * 256 - ConfigErrors.shown) more errors from here on (the first 100 are said): mend those and check again") == true)
    }

    @Test func regionsNestedDeepChildrenFirstAreValid() throws {
        // Written children first, they were placed one level per pass over all of them.
        var text = "[[device]]\nname = \"d\"\n"
        for i in (0..<1024).reversed() {
            text += "[[region]]\nname = \"g\(i)\"\ndevice = \"d\"\nparent = \"\(i == 0 ? "d" : "g\(i - 1)")\"\nrect = [0.0, 0.0, 1.0, 1.0]\n"
        }
        let regions = try valid(text).regions
        #expect(regions.map(\.name) == (0..<1024).map { "g\($0)" })
    }

    @Test func regionsInALongCycleOfParentsAreReported() {
        var text = ""
        for i in 0..<1024 {
            text += "[[region]]\nname = \"g\(i)\"\ndevice = \"touch\"\nparent = \"g\((i + 1) % 1024)\"\nrect = [0.0, 0.0, 1.0, 1.0]\n"
        }
        let found = errors(text)
        #expect(found.count == ConfigErrors.shown + 1)
        #expect(found.prefix(ConfigErrors.shown).allSatisfy { $0.hasSuffix("(a cycle of parents)") })
        #expect(found.last?.hasSuffix(": and \(1024 - ConfigErrors.shown) more errors from here on (the first 100 are said): mend those and check again") == true)
        #expect(found.first == "\(testFile):4:10: parent 'g1' of region 'g0' is not a region of device 'touch' (a cycle of parents)")
    }

    @Test func moreEntriesThanTheLimitsAreRefusedAtTheFirstOneOver() {
        let recognizers = (0...1024).map { "r\($0)" }
        expectErrors(Self.taps(recognizers), ["\(Self.line(ofEntry: 1024)):1: at most 1024 [[recognizer]] entries, got 1025"])
        #expect(errors(Self.taps(Array(recognizers.prefix(1024)))).isEmpty)
        let devices = (0...64).map { "[[device]]\nname = \"d\($0)\"\n" }.joined()
        expectErrors(devices, ["129:1: at most 64 [[device]] entries, got 65"])
        let regions = (0...1024).map { "[[region]]\nname = \"g\($0)\"\ndevice = \"touch\"\nrect = [0, 0, 1, 1]\n" }.joined()
        // Nothing else is checked in a file over a limit: not the recognizer's unknown kind.
        expectErrors(regions + "[[recognizer]]\nname = \"x\"\nkind = \"swype\"\n", ["4097:1: at most 1024 [[region]] entries, got 1025"])
        // The header line of every entry, by the thousands, is not one error each.
        #expect(errors(String(repeating: "[[recognizer]]\n", count: 69_000)) == ["\(testFile):1025:1: at most 1024 [[recognizer]] entries, got 69000"])
    }

    @Test func anArrayOfStringsHoldsAtMost256() throws {
        let names = (0...256).map { "r\($0)" }
        _ = try valid(Self.taps(names) { $0 == 0 ? "simultaneous_with = \(Self.quoted(names.dropFirst()))" : "" })
        expectErrors(
            Self.taps(names + ["r257"]) { $0 == 0 ? "simultaneous_with = \(Self.quoted(names.dropFirst() + ["r257"]))" : "" },
            ["4:21: simultaneous_with may list at most 256 entries, got 257"])
        expectErrors(
            "[daemon.raw_touches]\nusers = [" + String(repeating: "0,", count: 300_000) + "]\n",
            ["2:9: users may list at most 256 entries, got 300000"])
    }

    @Test func longStringsAndGlobsAreRefused() {
        let glob = String(repeating: "*", count: 257)
        expectErrors("[[device]]\nname = \"d\"\nmatch = { name = \"\(glob)\" }\n", ["3:18: name must be at most 256 bytes, got 257"])
        expectErrors(
            "[[device]]\nname = \"d\"\nmatch = { name = \"\(String(repeating: "*", count: (1 << 20) - 100))\" }\n",
            ["3:18: name must be at most 256 bytes, got 1048476"])
        expectErrors("[daemon]\nsocket_group = \"\(String(repeating: "g", count: 4097))\"\n", ["2:16: socket_group must be at most 4096 bytes, got 4097"])
    }

    @Test(arguments: [
        ("100,000 '['", String(repeating: "[", count: 100_000), "1:3: TOML syntax: expected a key (letters, digits, '_', '-', or a quoted string), saw '['"),
        ("a value of 100,000 '['", "a = " + String(repeating: "[", count: 100_000), "1:20: \(Self.tooDeep)"),
        ("100,000 inline tables", "a = " + String(repeating: "{b=", count: 100_000), "1:27: \(Self.tooDeep)"),
        ("a dotted key of 100,000 parts", "a" + String(repeating: ".a", count: 100_000) + " = 1\n", "1:33: \(Self.tooDeep)"),
        ("a header of 100,000 parts", "[a" + String(repeating: ".a", count: 100_000) + "]\n", "1:34: \(Self.tooDeep)"),
        ("arrays of tables within each other", String(repeating: "[[a]]\n", count: 2) + "[[a" + String(repeating: ".a", count: 20) + "]]\n", "3:33: \(Self.tooDeep)"),
        ("a key of 65 bytes", "[daemon]\n" + String(repeating: "k", count: 65) + " = 1\n", "2:1: a key longer than 64 bytes: no key of a configuration is"),
        ("a quoted key of 65 bytes", "a = { \"" + String(repeating: "k", count: 65) + "\" = 1 }\n", "1:7: a key longer than 64 bytes: no key of a configuration is"),
        ("a syntax error before", "a = [1 2]\nb" + String(repeating: ".b", count: 40) + " = 1\n", "1:8: TOML syntax: expected ',' or ']' after an array's value, saw '2'"),
    ])
    func nestingIsRefusedWhereItPassesTheLimit(_ what: String, text: String, error: String) {
        // The reader recurses once per level, as toml++ (inside TOMLKit, before ConfigLanguage) did once per table:
        // a dotted key of 100,000 parts crashed `gestured check` then, and would crash a daemon reloading it.
        expectErrors(text, [error])
    }

    static let tooDeep = "nested deeper than 16 levels (keys, arrays and tables within each other): a configuration needs 7"

    @Test func sixteenLevelsAreReadAsUsual() {
        expectErrors("[" + Array(repeating: "a", count: 16).joined(separator: ".") + "]\n", ["1:1: unknown key 'a' in the file"])
        expectErrors("a = " + String(repeating: "[", count: 15) + String(repeating: "]", count: 15) + "\n", ["1:1: unknown key 'a' in the file"])
    }

    @Test func thousandsOfUnknownKeysAreCountedAndTheFirstHundredSaid() {
        let found = errors("[daemon]\n" + (0..<50_000).map { "max_clientz\($0) = 1\n" }.joined())
        #expect(found.count == ConfigErrors.shown + 1)
        #expect(found.prefix(ConfigErrors.shown).allSatisfy { $0.contains("unknown key 'max_clientz") })
        #expect(found.last == "\(testFile):102:1: and 49900 more errors from here on (the first 100 are said): mend those and check again")
        // The first few the check comes to, in the order TOMLKit gives the keys, are offered one if one is close.
        #expect(found.filter { $0.contains("did you mean") }.count <= ConfigLimits.suggestions)
    }

    @Test func textOverOneMebibyteGivenDirectlyIsRefused() {
        expectErrors(String(repeating: "#", count: (1 << 20) + 1), ["1:1: is larger than 1 MiB (1048577 bytes): a configuration is at most 1048576 bytes"])
    }
}
