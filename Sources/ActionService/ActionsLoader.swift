import ConfigFiles
import ConfigSchema
import Foundation
import GestureActions
import GestureConfig
import GestureProtocol

/// An actions file as `gesturectl actions` takes it, at start and at every change: read and checked, its
/// shortcuts made the keys or commands of its desktop (the presets read anew each time, so an edited preset
/// counts), and the names it binds checked against the daemon's when one is known.
public struct ActionsLoader: Sendable {
    public let path: String
    public let presets: String

    public init(path: String, presets: String) {
        self.path = path
        self.presets = presets
    }

    /// The presets installed beside this program (PREFIX/share/gestured/presets), or a source tree's
    /// (config/actions/presets) for a program built in one.
    public static var installedPresets: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return ShortcutPresets.defaultFolder(executable: executable)
    }

    /// With `everyDesktop`, where no desktop can be told its shortcuts are checked on every one (`--check`).
    public func load(daemon: [ConfiguredRecognizer]?, everyDesktop: Bool = false) -> Result<ActionsFile, ConfigErrors> {
        let files = SystemFiles()
        return ActionsFile.check(
            path, files: files, presets: Result { () throws(ConfigErrors) in try ShortcutPresets.load(folder: presets, files: files) },
            environment: ProcessInfo.processInfo.environment, daemon: daemon, everyDesktop: everyDesktop)
    }
}
