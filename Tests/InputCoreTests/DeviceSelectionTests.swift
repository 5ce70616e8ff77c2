import InputCore
import Testing

@Suite struct DeviceSelectionTests {
    static let pad = DeviceDescription(
        name: "SynPS/2 Synaptics TouchPad", vendor: 0x0002, product: 0x0007,
        properties: [InputProperty.pointer, InputProperty.buttonPad],
        codes: [EventType.key: [KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.touch]],
        axes: [
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 1),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 5000, resolution: 50),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 3000, resolution: 50),
            AbsCode.x: AbsInfo(minimum: 0, maximum: 5000), AbsCode.y: AbsInfo(minimum: 0, maximum: 3000),
        ])

    @Test func kindsFromCapabilitiesAndFromUdev() {
        #expect(DeviceKind.classify(Self.pad) == .touchpad)
        #expect(Self.pad.maximumAnnouncedFingers == 3)
        #expect(Self.pad.slotCount == 2)
        // udev's database wins when it has an answer.
        #expect(DeviceKind.classify(Self.pad, udevProperties: ["ID_INPUT_TOUCHSCREEN": "1"]) == .touchscreen)
        var screen = Self.pad
        screen.properties = [InputProperty.direct]
        screen.codes = [EventType.key: [KeyCode.touch]]
        #expect(DeviceKind.classify(screen) == .touchscreen)
        var pen = screen
        pen.codes = [EventType.key: [KeyCode.toolPen, KeyCode.touch]]
        pen.properties = []
        #expect(DeviceKind.classify(pen) == .tablet)
        let keyboard = DeviceDescription(name: "keyboard", codes: [EventType.key: [30, 31]])
        #expect(DeviceKind.classify(keyboard) == .other)
    }

    @Test(arguments: [
        ("*TouchPad", true), ("SynPS/2*", true), ("*Synaptics*", true), ("SynPS/? Synaptics TouchPad", true),
        ("*Touchscreen*", false), ("Synaptics", false), ("*", true),
    ])
    func namesMatchGlobs(pattern: String, matches: Bool) {
        #expect(DeviceSelector(name: pattern).matches(Self.pad, kind: .touchpad) == matches)
    }

    @Test(arguments: [
        ("", "", true), ("", "a", false), ("*", "", true), ("?", "", false), ("a*", "a", true), ("*a", "ba", true),
        ("*a", "ab", false), ("a*b*c", "aXbYc", true), ("a*b*c", "aXbYcZ", false), ("a*b*c", "abbcbc", true),
        ("*?", "", false), ("?*", "x", true), ("**", "anything", true), ("*ab*ab*", "abXab", true), ("é?", "éa", true),
        ("??", "é", false), ("*aab", "aaaab", true), ("a*?b", "ab", false),
    ])
    func globsMatchWholeNames(pattern: String, name: String, matches: Bool) {
        var device = Self.pad
        device.name = name
        #expect(DeviceSelector(name: pattern).matches(device, kind: .touchpad) == matches)
    }

    /// Every pattern of up to four of `*`, `?`, `a`, `b` against every text of up to five of `a`, `b`, as a table of
    /// which prefix matches which (the definition, not the algorithm) says.
    @Test func globsAgreeWithTheirDefinition() {
        func words(_ alphabet: [Character], upTo n: Int) -> [[Character]] {
            var all: [[Character]] = [[]], longest: [[Character]] = [[]]
            for _ in 0..<n {
                longest = longest.flatMap { w in alphabet.map { w + [$0] } }
                all += longest
            }
            return all
        }
        func defined(_ p: [Character], _ t: [Character]) -> Bool {
            // m[i][j]: the first i characters of the pattern match the first j of the text.
            var m = Array(repeating: Array(repeating: false, count: t.count + 1), count: p.count + 1)
            m[0][0] = true
            for i in 0..<p.count {
                for j in 0...t.count {
                    switch p[i] {
                    case "*": m[i + 1][j] = m[i][j] || (j > 0 && m[i + 1][j - 1])
                    case "?": m[i + 1][j] = j > 0 && m[i][j - 1]
                    default: m[i + 1][j] = j > 0 && m[i][j - 1] && p[i] == t[j - 1]
                    }
                }
            }
            return m[p.count][t.count]
        }
        var device = Self.pad
        for p in words(["*", "?", "a", "b"], upTo: 4) {
            for t in words(["a", "b"], upTo: 5) {
                device.name = String(t)
                #expect(DeviceSelector(name: String(p)).matches(device, kind: .touchpad) == defined(p, t), "\(String(p)) on \(String(t))")
            }
        }
    }

    /// Globs written to be slow: trying each `*` at every place took over a minute for ten of them, and 200,000
    /// overflowed the stack, one call per character.
    @Test func pathologicalGlobsAnswerAtOnce() {
        var device = Self.pad
        #expect(!DeviceSelector(name: String(repeating: "*", count: 10) + "Z").matches(device, kind: .touchpad))
        #expect(!DeviceSelector(name: String(repeating: "*?", count: 30) + "Z").matches(device, kind: .touchpad))
        #expect(DeviceSelector(name: String(repeating: "*", count: 200_000)).matches(device, kind: .touchpad))
        #expect(!DeviceSelector(name: String(repeating: "*", count: 200_000) + "Z").matches(device, kind: .touchpad))
        device.name = String(repeating: "a", count: 10_000)
        #expect(!DeviceSelector(name: String(repeating: "*a", count: 100) + "b").matches(device, kind: .touchpad))
        #expect(DeviceSelector(name: String(repeating: "*a", count: 100) + "*").matches(device, kind: .touchpad))
    }

    @Test func idsAndKindsNarrowTheChoice() {
        #expect(DeviceSelector(vendor: 0x0002, product: 0x0007).matches(Self.pad, kind: .touchpad))
        #expect(!DeviceSelector(vendor: 0x0002, product: 0x0008).matches(Self.pad, kind: .touchpad))
        #expect(!DeviceSelector(kinds: [.touchscreen]).matches(Self.pad, kind: .touchpad))
        #expect(!DeviceSelector().matches(Self.pad, kind: .tablet))
    }
}
