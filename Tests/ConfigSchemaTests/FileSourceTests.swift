import ConfigLanguage
import Testing

@testable import ConfigSchema

/// The schemas ask a `FileSource` for what a file names; a text checked on its own reads nothing.
@Suite struct FileSourceTests {
    /// Files held in memory, as a test or a fuzzer gives them.
    struct Files: FileSource {
        var contents: [String: [UInt8]]

        func bytes(of path: String) throws(ConfigErrors) -> [UInt8] {
            guard let bytes = contents[path] else {
                throw ConfigErrors([ConfigError(file: path, position: SourcePosition(line: 1, column: 1), "does not exist")])
            }
            return bytes
        }

        func tomlFiles(in folder: String) -> [String] { [] }
    }

    @Test func aFilesTextIsHeldToWhatAConfigurationsBytesMustBe() throws {
        let files = Files(contents: ["a.toml": Array("x = 1\n".utf8), "b.toml": [0x78, 0x20, 0xFF, 0x0A]])
        #expect(try files.text(of: "a.toml") == "x = 1\n")
        #expect(throws: ConfigErrors.self) { try files.text(of: "b.toml") }
        do {
            _ = try files.text(of: "b.toml")
        } catch {
            #expect(error.description == "b.toml:1:3: not UTF-8 at byte offset 2 (0xFF): a configuration is UTF-8 text")
        }
    }

    @Test func noFilesRefusesEveryPathInWordsAndListsNothing() {
        do {
            _ = try NoFiles().bytes(of: "shapes/check.shape")
            Issue.record("NoFiles gave bytes")
        } catch {
            #expect(error.description == "shapes/check.shape:1:1: is not read: the text was checked on its own")
        }
        #expect(NoFiles().tomlFiles(in: "/etc") == [])
    }
}
