import ActionImports
import ConfigFiles
import Foundation
import GestureActions
import GestureConfig

/// What `gesturectl import` promises of any text, for the three import harnesses: a mistake is at a line of the
/// text; an import is an actions file gesturectl actions takes (gesturectl import refuses to write one that is not,
/// as its own bug), on each desktop with the shipped presets (a shortcut only some desktops have is for those);
/// and its warnings name lines of the text.
public func checkImport(_ source: ImportSource, _ text: String) {
    // The most lines any of the formats' readers can count: libyaml's line breaks and Swift's are both here.
    let breaks = text.unicodeScalars.count { ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) }
    let lines = 1...(breaks + 1)
    let imported: ImportedActions
    do {
        imported = try importActions(from: source, text: text, file: "fuzz")
    } catch {
        precondition(lines.contains(error.line), "a mistake outside the text: \(error)")
        return
    }
    let file: ActionsFile
    do {
        file = try ActionsFile.parse(imported.text, file: "imported.toml")
    } catch {
        preconditionFailure("the import is no actions file:\n\(error)\n\(imported.text)")
    }
    for desktop in ShortcutPresets.desktops {
        var one = file
        one.desktop = desktop
        do {
            _ = try one.resolvingShortcuts(.success(presets), environment: [:])
        } catch {
            preconditionFailure("the import does not load on \(desktop):\n\(error)\n\(imported.text)")
        }
    }
    for warning in imported.warnings { precondition(lines.contains(warning.line), "a warning outside the text: \(warning)") }
}

/// The shipped presets (config/actions/presets), read once.
private let presets: ShortcutPresets = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config/actions/presets").path
    do { return try ShortcutPresets.load(folder: folder, files: SystemFiles()) } catch { fatalError("the presets cannot be read: \(error)") }
}()
