import ConfigLanguage
import ConfigSchema
import GestureProtocol
import SessionDesktop

extension ActionsFile {
    /// The file for its desktop (the file's `desktop`, else the one `environment` says is running): the actions
    /// for other desktops left out, and every `shortcut` made the keys or command it is there, each name checked
    /// at its line and column, as is a shortcut the desktop has no default for. Presets that could not be read matter only to a file that names a shortcut.
    public func resolvingShortcuts(_ available: Result<ShortcutPresets, ConfigErrors>, environment: [String: String]) throws(ConfigErrors)
        -> ActionsFile
    {
        let (resolved, errors) = resolvedShortcuts(available, environment: environment)
        guard errors.isEmpty else { throw ConfigErrors(errors) }
        return resolved
    }

    /// The same, as far as it goes, and what it could not resolve.
    func resolvedShortcuts(_ available: Result<ShortcutPresets, ConfigErrors>, environment: [String: String]) -> (ActionsFile, [ConfigError]) {
        let uses = actions.compactMap { $0.shortcutAt ?? $0.shortcutBackAt ?? ($0.desktops == nil ? nil : $0.gestureAt) }
        guard let first = uses.first else { return (self, []) }
        let presets: ShortcutPresets
        switch available {
        case .success(let p): presets = p
        case .failure(let errors):
            return (self, [ConfigError(file: file, position: first, "shortcut needs the desktop presets, which could not be read")] + errors.errors)
        }
        guard let desktop = desktop ?? SessionDesktop(environment: environment)?.rawValue else {
            return (
                self,
                [
                    ConfigError(
                        file: file, position: first,
                        "which desktop is this for? None of \(ShortcutPresets.desktops.joined(separator: ", ")) could be told from HYPRLAND_INSTANCE_SIGNATURE, SWAYSOCK, XDG_CURRENT_DESKTOP or KDE_FULL_SESSION: say desktop = \"...\" at the top of the file"
                    )
                ]
            )
        }
        let own = presets.shortcuts[desktop] ?? [:]
        var errors: [ConfigError] = []
        func resolve(_ name: String?, at position: SourcePosition?) -> ShortcutPresets.Shortcut? {
            guard let name, let position else { return nil }
            if let shortcut = own[name] { return shortcut }
            errors.append(
                ConfigError(
                    file: file, position: position,
                    presets.names.contains(name)
                        ? "\(desktop) has no shortcut for '\(name)' by default (\(presets.folder)/\(desktop).toml): give keys or a command instead, or bind one in \(desktop) and say it here"
                        : "no shortcut '\(name)'\(NameSuggestion.didYouMean(name, among: presets.names.sorted())) (the names are in \(presets.folder))"
                ))
            return nil
        }
        var resolved = self
        resolved.actions = actions.filter { $0.desktops?.contains(desktop) ?? true }
        for (i, action) in resolved.actions.enumerated() {
            if let forward = resolve(action.shortcut, at: action.shortcutAt) {
                resolved.actions[i].keys = forward.keys
                resolved.actions[i].command = forward.command
            }
            if let back = resolve(action.shortcutBack, at: action.shortcutBackAt) {
                resolved.actions[i].keysBack = back.keys
                resolved.actions[i].commandBack = back.command
            }
        }
        return (resolved, errors)
    }
}
