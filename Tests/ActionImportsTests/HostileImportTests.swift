import GestureConfig
import Testing

@testable import ActionImports

/// Files of every shape, as people find them on the web: each is refused at once with what is wrong and where, or
/// imported within ImportLimits (docs/actions.md; docs/fuzzing.md, Hostile imports). Their time is measured by
/// scripts/import-worst-cases, not here; the import fuzzers' seeds hold the small ones.
@Suite struct HostileImportTests {
    static let tooLarge = "input:1: is larger than 1 MiB (1048577 bytes): gesturectl import reads files of at most 1048576 bytes"
    static let outputTooLarge = "from here on, the actions file would be larger than 1 MiB, the most gesturectl actions reads (1048576 bytes): import the file in parts"

    // MARK: Size

    @Test(arguments: ImportSource.allCases)
    func aFileOverTheLimitIsRefusedBeforeItIsRead(source: ImportSource) {
        #expect(importError(source, String(repeating: "#\n", count: ImportLimits.fileBytes / 2) + "#") == Self.tooLarge)
    }

    @Test func aFileOfTheLimitIsRead() throws {
        let comments = String(repeating: "#\n", count: ImportLimits.fileBytes / 2)
        #expect(try Imported(.fusuma, comments).file.actions.isEmpty)
        #expect(try Imported(.libinputGestures, comments).file.actions.isEmpty)
        let touchegg = "<touchégg><!---->\n</touchégg>\n"
        let padded = touchegg.replacingOccurrences(of: "<!---->", with: "<!--" + String(repeating: "x", count: ImportLimits.fileBytes - touchegg.utf8.count) + "-->")
        #expect(padded.utf8.count == ImportLimits.fileBytes)
        #expect(try Imported(.touchegg, padded).file.actions.isEmpty)
    }

    // MARK: YAML

    /// Nine levels of nine aliases of the level below: 387 million nodes in about 500 bytes, as values (which Yams
    /// shares, and every walk of the tree then visits), as keys (which Yams hashes whole) and in merge keys.
    static let aliasBombs = [
        bomb { "a\($0): &a\($0) [\($1)]" } + "swipe: *a9\n",
        bomb { "a\($0): &a\($0) [\($1)]" } + "? *a9\n: 1\n",
        bomb { "a\($0): &a\($0)\n  <<: [\($1)]" },
    ]

    static func bomb(_ level: (Int, String) -> String) -> String {
        "a0: &a0 {k: lol}\n" + (1...9).map { level($0, Array(repeating: "*a\($0 - 1)", count: 9).joined(separator: ", ")) + "\n" }.joined()
    }

    @Test(arguments: aliasBombs)
    func aliasesOfAliasesAreRefusedAtTheAliasThatMakesTooManyNodes(bomb: String) throws {
        let error = try #require(importError(.fusuma, bomb))
        #expect(error.hasPrefix("input:"))
        #expect(
            error.hasSuffix(
                ", which counts as the whole node it names, the file holds more than 20000 nodes (keys, values, lists and mappings): gesturectl import reads no more"),
            "\(error)")
        #expect(error.contains(": with *a"))
    }

    @Test func theAliasBombIsRefusedAtTheAliasThatMakesTooManyNodes() {
        // a3 stands for 2,278 nodes: the eighth of them in a4's list, at line 5, takes the file past 20,000.
        #expect(
            importError(.fusuma, Self.aliasBombs[0])
                == "input:5:45: with *a3, which counts as the whole node it names, the file holds more than 20000 nodes (keys, values, lists and mappings): gesturectl import reads no more"
        )
    }

    @Test func anAliasStandsForItsNode() throws {
        let imported = try Imported(.fusuma, "run: &run\n  command: notify-send hi\nswipe:\n  3:\n    left: *run\n    right: *run\n")
        #expect(imported.actions("swipe-3-horizontal").map(\.command) == ["notify-send hi", "notify-send hi"])
        #expect(imported.actions("swipe-3-horizontal").map(\.direction) == ["left", "right"])
    }

    @Test func aFileOfTooManyNodesIsRefusedAtTheFirstNodeOver() throws {
        // The document's mapping, `plugin:`, its list and the list's items: 19,997 items make 20,000 nodes.
        let list = { (items: Int) in "plugin:\n" + (0..<items).map { "- \($0)\n" }.joined() }
        let imported = try Imported(.fusuma, list(19_997))
        #expect(imported.comment(atLine: 1)?.contains("Not imported") == true)
        #expect(
            importError(.fusuma, list(19_998))
                == "input:19999:3: the file holds more than 20000 nodes (keys, values, lists and mappings): gesturectl import reads no more")
    }

    /// Mappings within each other, each a line deeper: the one at line `levels` is that many levels deep.
    static func nested(_ levels: Int) -> String {
        (0..<levels).map { String(repeating: "  ", count: $0) + "k\($0):" }.joined(separator: "\n") + " x\n"
    }

    @Test func yamlNestedDeeperThanTheLimitIsRefusedWhereItGoesTooDeep() throws {
        let imported = try Imported(.fusuma, Self.nested(64))
        #expect(imported.comment(atLine: 1)?.contains("Not imported: fusuma has no 'k0' gestures or settings") == true)
        #expect(importError(.fusuma, Self.nested(65)) == "input:65:129: a mapping or list nested more than 64 levels deep: gesturectl import reads no deeper")
        // libyaml's own bound, which a line of brackets reaches first, in the same words.
        #expect(
            importError(.fusuma, "swipe: " + String(repeating: "[", count: 50_000))
                == "input:1:9: a mapping or list nested more than 64 levels deep: gesturectl import reads no deeper")
    }

    @Test func anAliasIsAsDeepAsItsNodeWhereItIs() throws {
        let text = { (depth: Int) in "a: &a " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\nb: "
            + String(repeating: "[", count: depth) + "*a" + String(repeating: "]", count: depth) + "\n"
        }
        // The document's mapping, the lists around the alias, and the 40 of its node.
        #expect(try Imported(.fusuma, text(23)).comment(atLine: 2)?.contains("Not imported: fusuma has no 'b'") == true)
        #expect(
            importError(.fusuma, text(24))
                == "input:2:28: with *a, which counts as the whole node it names, mappings and lists go more than 64 levels deep: gesturectl import reads no deeper")
    }

    @Test func aOneMegabyteFileOfGesturesIsRefusedForItsNodes() throws {
        let error = try #require(importError(.fusuma, Self.fusumaEntries(bytes: ImportLimits.fileBytes - 1_000)))
        #expect(error.hasSuffix(": the file holds more than 20000 nodes (keys, values, lists and mappings): gesturectl import reads no more"))
    }

    /// Documents for applications, each with two swipes, to about `bytes`.
    static func fusumaEntries(bytes: Int) -> String {
        var text = ""
        for n in 0... {
            let document = "---\ncontext:\n  application: App\(n)\nswipe:\n  3:\n    left:\n      command: 'xdotool key ctrl+\(n % 10)'\n    right:\n      sendkey: 'LEFTCTRL+TAB'\n"
            guard text.utf8.count + document.utf8.count <= bytes else { return text }
            text += document
        }
        return text
    }

    // MARK: XML

    /// `<touchégg>` and elements within it, each on a line of its own: the one at line `levels` is that many deep.
    static func elements(_ levels: Int) -> String {
        "<touchégg>\n" + String(repeating: "<a>\n", count: levels - 1) + String(repeating: "</a>", count: levels - 1) + "</touchégg>\n"
    }

    @Test func xmlNestedDeeperThanTheLimitIsRefusedWhereItGoesTooDeep() throws {
        let imported = try Imported(.touchegg, Self.elements(64))
        #expect(imported.comment(atLine: 2) == "line 2: <a> Not imported: Touchégg reads only <settings> and <application> here.")
        #expect(importError(.touchegg, Self.elements(65)) == "input:65: an element nested more than 64 levels deep: gesturectl import reads no deeper")
        // 50,000 levels overflowed the stack (a walk of the tree, and its freeing, a call a level).
        #expect(
            importError(.touchegg, "<touchégg>" + String(repeating: "<a>", count: 50_000) + String(repeating: "</a>", count: 50_000) + "</touchégg>")
                == "input:1: an element nested more than 64 levels deep: gesturectl import reads no deeper")
    }

    @Test func anElementWithTooManyAttributesIsRefused() throws {
        let property = { (attributes: Int) in
            "<touchégg>\n<settings>\n<property name=\"color\" " + (1..<attributes).map { "a\($0)=\"\($0)\"" }.joined(separator: " ") + ">1</property>\n</settings>\n</touchégg>\n"
        }
        #expect(try Imported(.touchegg, property(64)).comment(atLine: 3)?.hasPrefix("line 3: setting color = 1 Not imported: gestured draws nothing") == true)
        #expect(importError(.touchegg, property(65)) == "input:3: an element with more than 64 attributes: gesturectl import reads no more")
    }

    @Test func attributesAreCountedAsXMLReadsThem() throws {
        // '=' in a value, a comment, a CDATA section, a processing instruction and text is no attribute.
        let many = String(repeating: "a=1 ", count: 100)
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE touchégg>
            <?note \(many)?>
            <!-- \(many) -->
            <touchégg>
              <settings>
                <property name="color" note="\(many) >">\(many)<![CDATA[ \(many) <a b=1> ]]></property>
              </settings>
            </touchégg>

            """
        #expect(try Imported(.touchegg, text).comment(atLine: 7)?.hasPrefix("line 7: setting color = a=1") == true)
    }

    @Test func anEntityDeclarationIsRefused() throws {
        // A 90 KB entity named 20,000 times took libxml2 1.4 s, reading its text at each reference.
        #expect(
            importError(.touchegg, "<!DOCTYPE touchégg [\n  <!-- a comment -->\n  <!ENTITY a \"b\">\n]>\n<touchégg>&a;</touchégg>\n")
                == "input:3: an entity declaration (<!ENTITY): gesturectl import reads none (a Touchégg configuration needs none)")
    }

    @Test func aOneMegabyteFileOfGesturesIsImported() throws {
        // Each application's three gestures, and a comment that fills the file to 1 MB (comments are not written).
        var text = "<touchégg>\n"
        var applications = 0
        let comment = "<!-- " + String(repeating: "-", count: 600).replacingOccurrences(of: "--", with: "- ") + " -->\n"
        while true {
            let application = """
                \(comment)<application name="App\(applications)">
                  <gesture type="SWIPE" fingers="3" direction="LEFT"><action type="SEND_KEYS"><modifiers>Control_L</modifiers><keys>Tab</keys></action></gesture>
                  <gesture type="PINCH" fingers="2" direction="IN"><action type="SEND_KEYS"><repeat>true</repeat><modifiers>Control_L</modifiers><keys>minus</keys></action></gesture>
                  <gesture type="PINCH" fingers="2" direction="OUT"><action type="SEND_KEYS"><repeat>true</repeat><modifiers>Control_L</modifiers><keys>plus</keys></action></gesture>
                </application>

                """
            guard text.utf8.count + application.utf8.count + 20 <= ImportLimits.fileBytes else { break }
            text += application
            applications += 1
        }
        text += "</touchégg>\n"
        let imported = try Imported(.touchegg, text)
        #expect(imported.file.actions.count == 2 * applications)
        #expect(imported.actions("pinch-2").count == applications)
        #expect(imported.text.contains("application = \"App\(applications - 1)\""))
    }

    // MARK: Lines

    @Test func theLineThatActsIsFoundAmongThousands() throws {
        // 2,000 lines for three fingers, then one for any: the last of the 2,000 acts for three, the one for any for four.
        let text = (0..<2_000).map { "gesture swipe up 3 command\($0)\n" }.joined() + "gesture swipe up any\n"
        let imported = try Imported(.libinputGestures, text)
        #expect(imported.actions("swipe-3-vertical").map(\.command) == ["command1999"])
        #expect(imported.actions("swipe-4-vertical").map(\.command) == ["any"])
        #expect(imported.comment(atLine: 1) == "line 1: gesture swipe up 3 command0 Not imported: replaced by the one at line 2000, which is the one the tool uses.")
    }

    @Test func aLongCommandIsSplitAndLeftOut() throws {
        let imported = try Imported(.libinputGestures, "gesture swipe up 3 " + String(repeating: "x", count: 100_000) + "\n")
        #expect(imported.file.actions.isEmpty)
        #expect(imported.warnings.map(\.line) == [1])
        #expect(imported.warnings.first?.message.hasSuffix("its command of 100000 bytes is longer than an actions file takes (4096): put it in a script, and run that") == true)
    }

    @Test func importsLargerThanAnActionsFileAreRefusedFromTheLineThatMakesThemSo() throws {
        // 20,000 lines took 15 s when each looked through every other for the one that acts.
        let lines = (0..<20_000).map { "gesture swipe \(["up", "down", "left", "right"][$0 % 4]) \(3 + $0 % 2) k\($0 % 10)\n" }.joined()
        let error = try #require(importError(.libinputGestures, lines))
        #expect(error.hasSuffix(": " + Self.outputTooLarge), "\(error)")
        let line = try #require(Int(error.split(separator: ":")[1]))
        #expect((1...20_000).contains(line))
    }
}
