import ConfigFiles
import Foundation
import GestureActions
import GestureConfig
import GestureProtocol
import Testing

@testable import ActionImports

/// An import as the tests look at it: the file's text, the same text as `ActionsFile.parse` reads it (every
/// import must be a file gesturectl actions takes), and the warnings.
struct Imported {
    let text: String
    let file: ActionsFile
    let warnings: [ImportWarning]

    /// Imports `text`, and records an issue when the result does not parse.
    init(_ source: ImportSource, _ text: String, file: String = "input") throws {
        let imported = try importActions(from: source, text: text, file: file)
        self.text = imported.text
        warnings = imported.warnings
        do {
            self.file = try ActionsFile.parse(imported.text, file: "imported.toml")
        } catch {
            Issue.record("the import does not parse: \(error)\n\(imported.text)")
            throw error
        }
    }

    /// Imports one of Tests/ImportFixtures.
    init(_ source: ImportSource, fixture: String) throws {
        try self.init(source, try String(contentsOf: Self.fixtures.appendingPathComponent(fixture), encoding: .utf8), file: fixture)
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ImportFixtures")

    /// The recognizers' names, in the file's order.
    var recognizerNames: [String] { file.recognizers.map(\.name) }

    /// A recognizer's table as the client sends it, without its name.
    func recognizer(_ name: String) -> [String: JSONValue]? {
        guard case .object(var fields)? = file.recognizers.first(where: { $0.name == name })?.request else { return nil }
        fields["name"] = nil
        return fields
    }

    /// The actions on `gesture`, in the file's order.
    func actions(_ gesture: String) -> [ActionsFile.Action] { file.actions.filter { $0.gesture == gesture } }

    /// The actions as gesturectl actions runs them on `desktop` with the shipped presets (config/actions/presets):
    /// those for other desktops left out, every shortcut made its keys or command.
    func resolved(on desktop: String) throws -> [ActionsFile.Action] {
        var file = file
        file.desktop = desktop
        return try file.resolvingShortcuts(.success(try ShortcutPresets.load(folder: Self.presets.path, files: SystemFiles())), environment: [:]).actions
    }

    static let presets = fixtures.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("config/actions/presets")

    /// The comment block of the original's line `line`: its lines without their '#', joined with spaces.
    func comment(atLine line: Int) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("# line \(line): ") }) else { return nil }
        return lines[start...].prefix { $0.hasPrefix("#") }.map { $0.dropFirst().trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

/// Key codes of a combination, as ActionsFile reads it.
func codes(_ combination: String) -> [UInt16] {
    combination.split(separator: "+").map { KeyNames.code(String($0))! }
}

/// A mistake `importActions` stops at, as the user reads it.
func importError(_ source: ImportSource, _ text: String, file: String = "input") -> String? {
    do {
        _ = try importActions(from: source, text: text, file: file)
        return nil
    } catch {
        return error.description
    }
}

/// Shorthands for recognizer tables' values.
extension JSONValue {
    static func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }
}

/// What `/bin/sh -c command` prints, as gesturectl actions runs a command, with `environment` added.
func shell(_ command: String, environment: [String: String] = [:]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// Recognizer tables written as literals in the tests.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
}
