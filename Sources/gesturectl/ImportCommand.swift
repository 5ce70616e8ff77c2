import ActionImports
import ArgumentParser
import Foundation
import GestureActions
import GestureConfig

extension ImportSource: ExpressibleByArgument {}

/// Another gesture tool's configuration made a gestured actions file (docs/actions.md, "Coming from Touchégg,
/// fusuma or libinput-gestures"): its recognizers and actions, and a comment wherever the original has
/// something without an equivalent, each also said on standard error.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write the actions file of a Touchégg, fusuma or libinput-gestures configuration, for gesturectl actions.")

    @Argument(help: "The tool the file is for: touchegg (touchegg.conf, Touchégg 2), fusuma (config.yml) or libinput-gestures.")
    var tool: ImportSource

    @Argument(help: "Its configuration file.")
    var file: String

    @Option(name: .shortAndLong, help: "Write the actions file here (not over an existing file) instead of standard output.")
    var output: String?

    func run() throws {
        if let output, FileManager.default.fileExists(atPath: output) { fail("\(output) exists: give another file, or remove it first") }
        let bytes: Data
        do { bytes = try Self.read(file) } catch { fail("\(file) cannot be read: \(error.localizedDescription)") }
        guard let text = String(data: bytes, encoding: .utf8) else { Self.refuse("\(file): not UTF-8 text") }
        let imported: ImportedActions
        do { imported = try importActions(from: tool, text: text, file: file) } catch { Self.refuse(error.description) }
        // What the importer writes is always a file gesturectl actions takes: anything else is its bug, never
        // to be written for the user to find.
        let parsed: ActionsFile
        do { parsed = try ActionsFile.parse(imported.text, file: output ?? "the imported actions") } catch {
            fail("the imported actions are not a valid actions file (a bug of gesturectl import):\n\(error)")
        }
        // A file of no actions would do nothing, silently: it is no import.
        guard !parsed.actions.isEmpty else {
            let why = imported.warnings.isEmpty ? ["it has no gestures"] : imported.warnings.map(\.description)
            Self.refuse((["nothing of \(file) could be imported, so nothing was written:"] + why).joined(separator: "\n"))
        }
        if let output {
            do { try imported.text.write(toFile: output, atomically: true, encoding: .utf8) } catch { fail("\(output) cannot be written: \(error.localizedDescription)") }
        } else {
            print(imported.text, terminator: "")
        }
        guard !imported.warnings.isEmpty else { return }
        let lines = ["\(imported.warnings.count) things not imported as they were (the file's comments say the same):"] + imported.warnings.map(\.description)
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// The file's bytes, refused (exit status 2) when over the most an import reads: what is read stops a byte past
    /// it, so a file of any size is refused at once.
    private static func read(_ file: String) throws -> Data {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
        defer { try? handle.close() }
        let bytes = try handle.read(upToCount: ImportLimits.fileBytes + 1) ?? Data()
        // The file's size, where it has one (a FIFO's or a device's is what was read).
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        do { try ImportLimits.checkSize(max(bytes.count, size), file: file) } catch { refuse(error.description) }
        return bytes
    }

    /// A mistake in the file imported, and exit status 2, as for an actions file's.
    private static func refuse(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        Foundation.exit(2)
    }
}
