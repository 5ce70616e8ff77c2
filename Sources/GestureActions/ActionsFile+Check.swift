import ConfigSchema
import GestureConfig
import GestureProtocol
import SessionDesktop

extension ActionsFile {
    /// An actions file as `gesturectl actions` takes it, with every mistake in one report, each at its line and
    /// column: what its tables say; the shortcuts of its desktop (`presets`, the desktop the file or `environment`
    /// names); the names its actions bind, against `daemon`'s configured recognizers when a daemon answered (nil:
    /// those left for when one does); and an order to add its own recognizers in (`additions`). A file that is
    /// not TOML, or cannot be read, is its one error. With `everyDesktop`, a file whose desktop cannot be told
    /// (checked where none runs) has its shortcuts checked on every desktop (an error of one desktop names it).
    public static func check(
        _ path: String, files: any FileSource, presets: Result<ShortcutPresets, ConfigErrors>, environment: [String: String],
        daemon: [ConfiguredRecognizer]?, everyDesktop: Bool = false
    ) -> Result<ActionsFile, ConfigErrors> {
        Result { () throws(ConfigErrors) -> ActionsFile in
            let (parsed, errors) = try parsePartly(try files.text(of: path), file: path, files: files)
            // The desktop the file or the session names; every one where neither does and everyDesktop asks.
            let everyOne = everyDesktop && parsed.desktop == nil && SessionDesktop(environment: environment) == nil
            let desktops: [String?] = everyOne ? ShortcutPresets.desktops : [parsed.desktop]
            let resolutions = desktops.map { desktop in
                var one = parsed
                one.desktop = desktop
                return one.resolvedShortcuts(presets, environment: environment)
            }
            // A name no desktop has is one mistake, not one a desktop.
            var said: Set<String> = []
            let unresolved = resolutions.flatMap(\.1).filter { said.insert($0.description).inserted }
            let all = errors + unresolved + parsed.unknownNames(daemon: daemon) + parsed.additions().errors
            guard all.isEmpty else { throw ConfigErrors(all) }
            return resolutions[0].0
        }
    }
}
