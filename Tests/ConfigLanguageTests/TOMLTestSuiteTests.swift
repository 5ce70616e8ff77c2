import ConfigLanguage
import Foundation
import Testing

/// The reader against the language's own test suite (toml-lang/toml-test, the cases of TOML 1.0.0; docs/toml.md):
/// every valid document decoded to the values its JSON gives, every invalid one refused. The suite is put in
/// `.build/toml-test` by `scripts/toml-test-data` (`make test` runs it); without it these skip, saying so.
@Suite struct TOMLTestSuiteTests {
    static let folder: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = ProcessInfo.processInfo.environment["GESTURED_TOML_TEST"] ?? root.appendingPathComponent(".build/toml-test").path
        return FileManager.default.fileExists(atPath: folder + "/files-toml-1.0.0") ? folder : nil
    }()

    static func cases(_ kind: String) -> [String] {
        guard let folder, let list = try? String(contentsOfFile: folder + "/files-toml-1.0.0", encoding: .utf8) else { return [] }
        return list.split(separator: "\n").map(String.init).filter { $0.hasPrefix(kind + "/") && $0.hasSuffix(".toml") }
    }

    @Test func theSuiteIsThere() throws {
        guard Self.folder != nil else {
            print("TOMLTestSuiteTests: skipped: no .build/toml-test (scripts/toml-test-data puts it there from a snapshot of toml-lang/toml-test)")
            return
        }
        #expect(Self.cases("valid").count >= 200)
        #expect(Self.cases("invalid").count >= 400)
    }

    @Test func everyValidDocumentReadsAsItsJSONSays() throws {
        guard let folder = Self.folder else { return }
        var wrong: [String] = []
        for file in Self.cases("valid") {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))
            let expected = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + file.dropLast(5) + ".json")), options: [.fragmentsAllowed])
            do {
                let root = try TOMLReader.read(bytes)
                if let difference = TaggedJSON.difference(root, expected, at: "") { wrong.append("\(file): \(difference)") }
            } catch {
                wrong.append("\(file): refused: \(error)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(Self.cases("valid").count):\n\(wrong.joined(separator: "\n"))")
    }

    @Test func everyInvalidDocumentIsRefused() throws {
        guard let folder = Self.folder else { return }
        var accepted: [String] = []
        for file in Self.cases("invalid") {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))
            if (try? TOMLReader.read(bytes)) != nil { accepted.append(file) }
        }
        #expect(accepted.isEmpty, "\(accepted.count) of \(Self.cases("invalid").count) accepted:\n\(accepted.joined(separator: "\n"))")
    }
}
