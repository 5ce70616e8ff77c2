import GestureConfig
import Testing

/// `gestured check` says when a configuration's own recognizers would cost a touch more than a frame has.
@Suite struct FrameWorkTests {
    /// `n` taps, each requiring the next `width` to fail.
    static func dense(_ n: Int, _ width: Int) -> String {
        (0..<n).map { i in
            let names = (i + 1..<min(i + 1 + width, n)).map { "\"r\($0)\"" }.joined(separator: ", ")
            return "[[recognizer]]\nname = \"r\(i)\"\nkind = \"tap\"\nrequire_to_fail = [\(names)]\n"
        }.joined(separator: "\n")
    }

    @Test func aDenseWebOfRequirementsIsSaid() throws {
        let within = FrameWork(try Configuration.parse(Self.dense(200, 200), file: "within.toml"))
        #expect(within.requirementPairs == 19_900 && within.warnings.isEmpty)
        // Issue 39's: 520 taps each requiring 256 others passed the check and made frames 26 ms late.
        let web = FrameWork(try Configuration.parse(Self.dense(520, 256), file: "web.toml"))
        #expect(web.requirementPairs == 100_224)
        #expect(web.warnings.count == 1 && web.warnings[0].contains("name 100224 recognizers together, more than 32768"), "\(web.warnings)")
    }
}
