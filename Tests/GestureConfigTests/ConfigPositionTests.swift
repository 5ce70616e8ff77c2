import ConfigLanguage
import ConfigSchema
import Testing

@testable import GestureConfig

/// Where a configuration's keys and values were written, by path, as its errors are placed; and that any input,
/// however broken, comes back with a configuration or errors placed inside it.
@Suite struct ConfigPositionTests {
    private func at(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

    @Test func keysAndValuesInATable() {
        let locator = Positions(
            source: """
                [daemon]
                socket = "/run/x.sock"
                  log_level   =   "info"   # comment
                max_clients=3
                """)
        #expect(locator.keys["daemon"] == at(1, 1))
        #expect(locator.keys["daemon.socket"] == at(2, 1))
        #expect(locator.values["daemon.socket"] == at(2, 10))
        #expect(locator.keys["daemon.log_level"] == at(3, 3))
        #expect(locator.values["daemon.log_level"] == at(3, 19))
        #expect(locator.keys["daemon.max_clients"] == at(4, 1))
        #expect(locator.values["daemon.max_clients"] == at(4, 13))
    }

    @Test func arraysOfTablesAreCountedPerArray() {
        let locator = Positions(
            source: """
                [[device]]
                name = "a"
                [[recognizer]]
                name = "r0"
                [[device]]
                name = "b"
                [[recognizer]]
                name = "r1"
                [recognizer.should_begin]
                minimum_touches = 2
                """)
        #expect(locator.keys["device[0]"] == at(1, 1))
        #expect(locator.values["device[0].name"] == at(2, 8))
        #expect(locator.keys["recognizer[0].name"] == at(4, 1))
        #expect(locator.keys["device[1]"] == at(5, 1))
        #expect(locator.values["device[1].name"] == at(6, 8))
        #expect(locator.keys["recognizer[1].name"] == at(8, 1))
        #expect(locator.keys["recognizer[1].should_begin"] == at(9, 1))
        #expect(locator.keys["recognizer[1].should_begin.minimum_touches"] == at(10, 1))
        #expect(locator.keys["recognizer[2]"] == nil)
    }

    @Test func nestedArraysOfTablesAreCountedPerParentElement() {
        let locator = Positions(
            source: """
                [[a]]
                [[a.b]]
                x = 1
                [[a.b]]
                x = 2
                [[a]]
                [[a.b]]
                x = 3
                """)
        #expect(locator.values["a[0].b[0].x"] == at(3, 5))
        #expect(locator.values["a[0].b[1].x"] == at(5, 5))
        #expect(locator.values["a[1].b[0].x"] == at(8, 5))
        #expect(locator.keys["a[1].b[1]"] == nil)
    }

    @Test func dottedKeys() {
        let locator = Positions(
            source: """
                [[device]]
                match.name = "*Pad*"
                match . kinds = ["touchpad"]
                "quoted key".'literal'.bare = 1
                """)
        #expect(locator.keys["device[0].match.name"] == at(2, 1))
        #expect(locator.values["device[0].match.name"] == at(2, 14))
        #expect(locator.values["device[0].match.kinds[0]"] == at(3, 18))
        #expect(locator.keys["device[0].quoted key.literal.bare"] == at(4, 1))
        #expect(locator.values["device[0].quoted key.literal.bare"] == at(4, 31))
    }

    @Test func dottedTableHeaders() {
        let locator = Positions(
            source: """
                [ daemon . raw_touches ]
                groups = ["a"]
                """)
        #expect(locator.keys["daemon.raw_touches"] == at(1, 1))
        #expect(locator.values["daemon.raw_touches.groups[0]"] == at(2, 11))
    }

    @Test func inlineTables() {
        let locator = Positions(
            source: """
                [[device]]
                match = { name = "*Touch*", kinds = ["touchscreen", "touchpad"] }
                [[recognizer]]
                should_begin = {minimum_touches=2,unless_active=["pan"]}
                region = [{ name = "x", rect = [0, 0, 1, 1] }, { name = "y" }]
                """)
        #expect(locator.values["device[0].match"] == at(2, 9))
        #expect(locator.keys["device[0].match.name"] == at(2, 11))
        #expect(locator.values["device[0].match.name"] == at(2, 18))
        #expect(locator.keys["device[0].match.kinds"] == at(2, 29))
        #expect(locator.values["device[0].match.kinds[0]"] == at(2, 38))
        #expect(locator.values["device[0].match.kinds[1]"] == at(2, 53))
        #expect(locator.keys["recognizer[0].should_begin.minimum_touches"] == at(4, 17))
        #expect(locator.values["recognizer[0].should_begin.minimum_touches"] == at(4, 33))
        #expect(locator.values["recognizer[0].should_begin.unless_active[0]"] == at(4, 50))
        #expect(locator.values["recognizer[0].region[0]"] == at(5, 11))
        #expect(locator.values["recognizer[0].region[0].rect[3]"] == at(5, 42))
        #expect(locator.values["recognizer[0].region[1].name"] == at(5, 57))
    }

    @Test func multiLineArraysGiveEachElementItsPosition() {
        let locator = Positions(
            source: """
                x = [
                  1,
                  "two", # a comment, with "quotes" and [brackets]
                  [3, 4],

                  { a = 5 }
                ]
                y = 6
                """)
        #expect(locator.values["x"] == at(1, 5))
        #expect(locator.values["x[0]"] == at(2, 3))
        #expect(locator.values["x[1]"] == at(3, 3))
        #expect(locator.values["x[2]"] == at(4, 3))
        #expect(locator.values["x[2][0]"] == at(4, 4))
        #expect(locator.values["x[2][1]"] == at(4, 7))
        #expect(locator.values["x[3].a"] == at(6, 9))
        #expect(locator.values["x[4]"] == nil)
        #expect(locator.keys["y"] == at(8, 1))
        #expect(locator.values["y"] == at(8, 5))
    }

    @Test func multiLineStringsDoNotLookLikeTables() {
        let locator = Positions(
            source: #"""
                a = """
                [not.a.table]
                b = 1 \"""
                """
                c = '''
                x = "
                [[nor.this]]
                '''
                e = "say \"[x]\" # not a comment"
                d = 2
                """#)
        #expect(locator.values["a"] == at(1, 5))
        #expect(locator.keys["not.a.table"] == nil)
        #expect(locator.keys["b"] == nil)
        #expect(locator.keys["x"] == nil)
        #expect(locator.keys["nor.this[0]"] == nil)
        #expect(locator.keys["c"] == at(5, 1))
        #expect(locator.values["e"] == at(9, 5))
        #expect(locator.keys["d"] == at(10, 1))
        #expect(locator.values["d"] == at(10, 5))
    }

    @Test func commentsAreSkipped() {
        let locator = Positions(
            source: """
                # [fake]
                # fake = 1
                [daemon] # [other]
                   # socket = "no"
                socket = "/x" # = "y"
                log_level = 'info'#
                """)
        #expect(locator.keys["fake"] == nil)
        #expect(locator.keys["other"] == nil)
        #expect(locator.keys["daemon"] == at(3, 1))
        #expect(locator.keys["daemon.socket"] == at(5, 1))
        #expect(locator.values["daemon.socket"] == at(5, 10))
        #expect(locator.values["daemon.log_level"] == at(6, 13))
        // Those three and no other.
        #expect(locator.keyAt.compactMap { $0 }.count == 3)
    }

    @Test func windowsLineEndings() {
        let locator = Positions(source: "[daemon]\r\nsocket = \"/x\"\r\n  max_clients = 3\r\n")
        #expect(locator.values["daemon.socket"] == at(2, 10))
        #expect(locator.keys["daemon.max_clients"] == at(3, 3))
    }

    @Test func positionFallsBackToTheKeyThenTheEnclosingTable() {
        let locator = Positions(
            source: """
                [[recognizer]]
                name = "a"
                should_begin = { unless_active = ["b"] }
                """)
        let recognizer = ConfigPath.root.key("recognizer").index(0)
        #expect(locator.position(of: recognizer.key("name")) == at(2, 8))
        #expect(locator.position(of: recognizer.key("name"), preferKey: true) == at(2, 1))
        #expect(locator.position(of: recognizer.key("kind")) == at(1, 1))
        #expect(locator.position(of: recognizer.key("should_begin").key("unless_active").index(0)) == at(3, 35))
        #expect(locator.position(of: recognizer.key("should_begin").key("regions").index(0)) == at(3, 16))
        #expect(locator.position(of: ConfigPath.root.key("daemon")) == at(1, 1))
    }

    @Test func pathsAreWrittenAsInMessages() {
        let path = ConfigPath.root.key("recognizer").index(2).key("should_begin").key("regions").index(0)
        #expect(path.text == "recognizer[2].should_begin.regions[0]")
        #expect(path.lastKey == "regions")
        #expect(ConfigPath.root.key("a").key("b").index(0).index(1).lastKey == "b[0]")
        #expect(ConfigPath.root.index(0).lastKey == "")
        #expect(ConfigPath.root.text == "")
    }

    // MARK: Garbage

    /// The text's errors each lie within it (or just past a line's end).
    private func expectErrorsInside(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        do {
            _ = try Configuration.parse(text, file: testFile)
        } catch {
            for position in error.errors.map(\.position) {
                #expect(position.line >= 1 && position.line <= lines.count, sourceLocation: sourceLocation)
                guard position.line >= 1 && position.line <= lines.count else { return }
                #expect(position.column >= 1 && position.column <= lines[position.line - 1].count + 1, sourceLocation: sourceLocation)
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func unbalancedBracketsAndQuotesComeBackWithAnError() {
        let samples = [
            "[", "[[", "[[[[", "]", "]]]]", "{", "{{{", "}", "x = [", "x = [[[", "x = [1, 2", "x = ]", "x = {",
            "x = { a = ", "x = { a = 1,, }", "\"", "\"\"\"", "'''", "x = \"\"\"abc", "x = '''abc", "x = \"abc\\",
            "[a.\n", "[a.\"b", "= = =", "=", ".", "a.", "a..b = 1", "\u{0}", "[[a]]]]]", "[]", "[[]]", "x = [}", "x = {]",
            "x = [\n\n\n", "# unterminated\n[", "\\", "a = 1 2 3 [ 4", "[\n[\n[", "x = [{a=[{b=[{", "\r\r\r",
        ]
        for sample in samples {
            #expect(errors(sample).count == 1, "\(sample.debugDescription)")
            expectErrorsInside(sample)
        }
        #expect(errors("").isEmpty && errors("#").isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func deepNestingIsRefusedWhereItPassesTheLimit() {
        // Each level of nesting is a level of the reader's recursion: 100,000 brackets would overflow the stack.
        let depth = 100_000
        let deeper = ": nested deeper than 16 levels (keys, arrays and tables within each other): a configuration needs 7"
        #expect(errors("x = " + String(repeating: "[", count: depth)) == ["\(testFile):1:20\(deeper)"])
        #expect(errors("x = " + String(repeating: "{a=", count: depth)) == ["\(testFile):1:27\(deeper)"])
        #expect(errors("[" + Array(repeating: "a", count: depth).joined(separator: ".") + "]") == ["\(testFile):1:34\(deeper)"])
    }

    @Test func textThatCrashedTOMLKitIsASyntaxError() {
        // Found by fuzzing toml++ 3.4.0 (inside TOMLKit, which read configurations before ConfigLanguage),
        // minimized; each aborted the process on an assertion.
        let crashers = [
            "[[[", "[#", "[=", "[.", "[,", "[{", "[}", "[\n", "[\r\n", "[\u{0C}", "[\\", "[[ =", "[ \t@", "[é]",
            "x=[}", "x=[1,}", "x=[\"\",}", "x=[[],}", "x={z=[}", "-=[}", "x=4\n0=[}", "x=[}é", "x = [\n  # c\n  }",
            "a = 1979-05-27Tx:00\n", "a = 1979-05-27 0\n",
        ]
        for text in crashers {
            let found = errors(text)
            #expect(found.count == 1, "\(text.debugDescription)")
            #expect(found.first?.contains(": TOML syntax: ") == true, "\(text.debugDescription): \(found)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func randomBytesComeBackWithAConfigurationOrErrors() {
        // A fixed generator, so a failure can be replayed; the alphabet leans on what TOML gives meaning to.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let punctuation = Array("[]{}\"'=.,#\n \t\\-_az019+:".utf8)
        for _ in 0..<500 {
            let length = Int(next() % 200)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                bytes.append(next() % 4 == 0 ? UInt8(truncatingIfNeeded: next()) : punctuation[Int(next() % UInt64(punctuation.count))])
            }
            expectErrorsInside(String(decoding: bytes, as: UTF8.self))
        }
    }
}

/// Positions by path as the tests write them (`recognizer[1].should_begin`): the locator keeps paths as parts.
struct PathLookup {
    let find: (ConfigPath) -> SourcePosition?

    subscript(_ text: String) -> SourcePosition? { find(Self.path(text)) }

    /// `a.b[0].c`, keys without dots or brackets in them.
    static func path(_ text: String) -> ConfigPath {
        var path = ConfigPath.root
        var name = ""
        var index: Int?
        for c in text {
            switch c {
            case "." where index == nil, "[" where index == nil:
                if !name.isEmpty { path = path.key(name) }
                name = ""
                if c == "[" { index = 0 }
            case "]":
                path = path.index(index ?? 0)
                index = nil
            default:
                if let i = index { index = i * 10 + c.wholeNumberValue! } else { name.append(c) }
            }
        }
        return name.isEmpty ? path : path.key(name)
    }
}

/// A configuration's text read as the checks read it, its nodes' places looked up by path.
struct Positions {
    let root: ConfigNode?

    init(source: String) { root = try? ConfigNode.parse(source, file: testFile) }

    var keys: PathLookup { PathLookup { node($0)?.keyPosition } }
    var values: PathLookup { PathLookup { node($0)?.valuePosition } }
    /// Every key position the text gave, in no order.
    var keyAt: [SourcePosition?] { root.map(Self.keyPositions) ?? [] }

    func position(of path: ConfigPath, preferKey: Bool = false) -> SourcePosition {
        ConfigReader(file: testFile, root: root).position(of: path, preferKey: preferKey)
    }

    /// The node `path` names, nil when the document has not all of it.
    private func node(_ path: ConfigPath) -> ConfigNode? {
        guard let lineage = root?.lineage(of: path), lineage.count == path.components.count + 1 else { return nil }
        return lineage.last
    }

    private static func keyPositions(_ node: ConfigNode) -> [SourcePosition?] {
        let below: [SourcePosition?] =
            switch node.value {
            case .table(let entries): entries.flatMap { keyPositions($0.node) }
            case .array(let items): items.flatMap(keyPositions)
            default: []
            }
        return [node.keyPosition] + below
    }
}
