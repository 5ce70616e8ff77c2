import Foundation
import GestureConfig

/// An actions file as `gesturectl actions` takes it, at start and at every change: read and checked, and its
/// shortcuts made the keys or commands of its desktop (the presets read anew each time, so an edited preset counts).
struct ActionsLoader: Sendable {
    let path: String
    let presets: String

    /// The presets installed beside this program (PREFIX/share/gestured/presets).
    static var installedPresets: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return ShortcutPresets.defaultFolder(executable: executable)
    }

    func load() -> Result<ActionsFile, ConfigErrors> {
        ActionsFile.load(path).flatMap { file in
            Result { () throws(ConfigErrors) -> ActionsFile in
                try file.resolvingShortcuts(
                    Result { () throws(ConfigErrors) in try ShortcutPresets.load(folder: presets) }, environment: ProcessInfo.processInfo.environment)
            }
        }
    }
}
