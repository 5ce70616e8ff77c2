import DaemonTestSupport
import CaptureFormats
import Foundation
import InputCore
import Testing

/// The golden replay corpus (docs/golden.md): the project's own recordings of Tests/Golden, each replayed with the
/// shipped configurations by the built `gestured replay`, must print exactly the lines committed beside them; so a
/// change that alters what a subscriber reads shows as a reviewed diff of those lines.
@Suite struct GoldenReplayTests {
    static let folder = "Tests/Golden"
    static let root = URL(fileURLWithPath: DaemonProcess.projectRoot)

    /// One expectation, `RECORDING.CONFIGURATION[.OPTION].expected`: the recording replayed with a shipped
    /// configuration and, with an option, `--touches`, `--explain` or `--format text`.
    struct Expectation: Sendable, CustomTestStringConvertible {
        var file: String
        var recording: String
        var configuration: String
        var option: String?

        static let options = ["touches": ["--touches"], "explain": ["--explain"], "text": ["--format", "text"]]

        /// Nil for a name that is not of that form or names no shipped configuration.
        init?(file: String) {
            let parts = file.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 || parts.count == 4, parts.last == "expected" else { return nil }
            self.file = file
            recording = parts[0]
            configuration = parts[1]
            option = parts.count == 4 ? parts[2] : nil
            if let option, Self.options[option] == nil { return nil }
            guard FileManager.default.fileExists(atPath: GoldenReplayTests.root.appendingPathComponent(configurationPath).path) else { return nil }
        }

        /// config/NAME.toml, or config/examples/NAME.toml.
        var configurationPath: String {
            let top = "config/\(configuration).toml"
            return FileManager.default.fileExists(atPath: GoldenReplayTests.root.appendingPathComponent(top).path)
                ? top : "config/examples/\(configuration).toml"
        }

        /// Relative to the repository's root, where the replay runs: the lines carry the recording's path as
        /// given, the same on every machine.
        var arguments: [String] {
            ["replay", "--config", configurationPath, "--device-database", "devices"] + (option.flatMap { Self.options[$0] } ?? [])
                + ["\(GoldenReplayTests.folder)/\(recording).evemu"]
        }

        var testDescription: String { file }
    }

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []).sorted()
    }

    static var expectations: [Expectation] { files.filter { $0.hasSuffix(".expected") }.compactMap(Expectation.init(file:)) }

    @Test(arguments: expectations) func theReplayPrintsTheExpectedLines(_ expectation: Expectation) throws {
        let path = "\(Self.folder)/\(expectation.file)"
        let expected = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        let result = try DaemonProcess.run("gestured", expectation.arguments, directory: Self.root)
        try #require(result.status == 0, "gestured \(expectation.arguments.joined(separator: " ")) failed: \(result.err)")
        if let difference = Self.firstDifference(expected: expected, replayed: result.out) {
            Issue.record(
                """
                \(path):\(difference.line): the replay differs from the expectation
                  expected: \(difference.expected ?? "(nothing: the replay printed more lines)")
                  replayed: \(difference.replayed ?? "(nothing: the replay printed fewer lines)")
                the command (from the repository's root): gestured \(expectation.arguments.joined(separator: " "))
                if the change is meant: scripts/golden --update \(expectation.recording), in the same commit, whose message says why
                """)
        }
    }

    /// The first line, counted from 1, at which the two texts differ; nil when they are the same. A line is nil
    /// where its text has ended.
    static func firstDifference(expected: String, replayed: String) -> (line: Int, expected: String?, replayed: String?)? {
        guard expected != replayed else { return nil }
        func lines(_ text: String) -> [Substring] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return text.hasSuffix("\n") ? lines.dropLast() : lines
        }
        let (a, b) = (lines(expected), lines(replayed))
        let n = zip(a, b).prefix { $0 == $1 }.count
        return (n + 1, n < a.count ? String(a[n]) : nil, n < b.count ? String(b[n]) : nil)
    }

    /// The recordings are fixed inputs, committed: a change to the synthesizer must not change them unseen.
    @Test func everyRecordingIsWhatItsScriptMakes() throws {
        let scripts = Self.files.filter { $0.hasSuffix(".gestures") }
        try #require(!scripts.isEmpty)
        for script in scripts {
            let name = String(script.dropLast(".gestures".count))
            let text = try String(contentsOf: Self.root.appendingPathComponent("\(Self.folder)/\(script)"), encoding: .utf8)
            let made = try GestureScript(text, source: script).recording
            let committed = try String(contentsOf: Self.root.appendingPathComponent("\(Self.folder)/\(name).evemu"), encoding: .utf8)
            if let difference = Self.firstDifference(expected: committed, replayed: EvemuFormat.write(made.description!, events: made.events)) {
                Issue.record(
                    """
                    \(Self.folder)/\(name).evemu:\(difference.line): \(script) no longer makes it
                      committed: \(difference.expected ?? "(nothing)")
                      made now:  \(difference.replayed ?? "(nothing)")
                    if that is meant: scripts/golden --synthesize \(name), then --update \(name)
                    """)
            }
        }
    }

    /// Nothing in the corpus goes unchecked: every recording has its script and an expectation, and every
    /// expectation names a recording, a shipped configuration and a known option.
    @Test func everyFileOfTheCorpusIsChecked() {
        let names = Set(Self.files.filter { $0.hasSuffix(".gestures") }.map { String($0.dropLast(".gestures".count)) })
        let expectations = Self.expectations
        for file in Self.files {
            let name = String(file.prefix { $0 != "." })
            switch file.split(separator: ".").last {
            case "gestures":
                #expect(Self.files.contains("\(name).evemu"), "\(file) has no recording: scripts/golden --synthesize \(name)")
                #expect(expectations.contains { $0.recording == name }, "\(name).evemu is replayed by no expectation (docs/golden.md)")
            case "evemu":
                #expect(names.contains(name), "\(file) has no gesture script")
            case "expected":
                #expect(
                    expectations.contains { $0.file == file } && names.contains(name),
                    "\(file) is not RECORDING.CONFIGURATION[.OPTION].expected with a recording, a shipped configuration and an option of \(Expectation.options.keys.sorted())")
            default:
                Issue.record("\(Self.folder)/\(file) is none of the corpus's kinds (docs/golden.md)")
            }
        }
    }
}
