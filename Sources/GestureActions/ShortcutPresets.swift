import ConfigSchema
import SessionDesktop

/// Desktops' default shortcuts by name (config/actions/presets; docs/actions.md, Desktop presets): what an action's
/// `shortcut = "workspace-next"` types or runs on the desktop in use, so that one actions file serves GNOME, KDE
/// Plasma, sway and Hyprland. A desktop's file holds its own shortcuts over `common.toml`'s, which every desktop
/// shares (an application's back, zoom, tabs).
public struct ShortcutPresets: Sendable {
    /// What a shortcut is on one desktop: keys to type, or a command (sway and Hyprland bind little by default, so
    /// some are asked of them over their IPC).
    public struct Shortcut: Sendable, Equatable {
        public var keys: [UInt16]?
        public var command: String?
    }

    /// The desktops there are presets for.
    public static let desktops = SessionDesktop.allCases.map(\.rawValue)

    /// Each desktop's shortcuts, by name.
    public var shortcuts: [String: [String: Shortcut]]
    /// Where they were read, for messages.
    public var folder: String

    /// Every shortcut name any desktop has: the names an action may use.
    public var names: Set<String> { Set(shortcuts.values.flatMap(\.keys)) }

    /// Where the presets are read from by default: the folder installed beside the executable
    /// (`PREFIX/share/gestured/presets` for `PREFIX/bin/gesturectl`); a source tree's `config/actions/presets` for
    /// a program built there (`swift build` puts it under `.build/`), so the quick start runs from a clone as from
    /// an install; else the system's.
    public static func defaultFolder(executable: String) -> String {
        if let build = executable.range(of: "/.build/") { return executable[..<build.lowerBound] + "/config/actions/presets" }
        let folder = executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? "."
        return folder.hasSuffix("/bin") ? String(folder.dropLast(4)) + "/share/gestured/presets" : "/usr/share/gestured/presets"
    }

    /// The presets of `folder`: `common.toml` and one file a desktop, each checked, every error with its line and
    /// column; a missing file is an error naming it.
    public static func load(folder: String, files: any FileSource) throws(ConfigErrors) -> ShortcutPresets {
        var errors: [ConfigError] = []
        func read(_ name: String) -> [String: Shortcut] {
            let path = folder + "/" + name + ".toml"
            do {
                return try parse(try files.text(of: path), file: path)
            } catch {
                errors += error.errors
                return [:]
            }
        }
        let common = read("common")
        var shortcuts: [String: [String: Shortcut]] = [:]
        for desktop in desktops { shortcuts[desktop] = common.merging(read(desktop)) { _, own in own } }
        guard errors.isEmpty else { throw ConfigErrors(errors) }
        return ShortcutPresets(shortcuts: shortcuts, folder: folder)
    }

    /// One preset file: `[shortcuts]`, each `NAME = { keys = "..." }` or `{ command = "..." }`.
    public static func parse(_ text: String, file: String) throws(ConfigErrors) -> [String: Shortcut] {
        let root = try ConfigNode.parse(text, file: file)
        let reader = ConfigReader(file: file, root: root)
        var result: [String: Shortcut] = [:]
        if let top = reader.table(root, allowed: ["shortcuts"], what: "a preset file"), let node = top["shortcuts"],
            case .table(let entries) = node.value
        {
            for (name, entry) in entries {
                guard let t = reader.table(entry, allowed: ["keys", "command"], what: "a shortcut") else { continue }
                let shortcut = Shortcut(
                    keys: t["keys"].flatMap { ActionsFile.combination($0, reader) }, command: t["command"].flatMap(reader.string))
                if (t["keys"] == nil) == (t["command"] == nil) {
                    reader.error(entry.path, "shortcut '\(name)' needs keys or a command, one of the two")
                }
                result[name] = shortcut
            }
        } else {
            reader.error(root.path, "a preset file holds a [shortcuts] table")
        }
        guard reader.errors.isEmpty else { throw ConfigErrors(reader.errors) }
        return result
    }
}
