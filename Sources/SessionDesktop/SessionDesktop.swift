// SessionDesktop: which desktop a session runs, told from the session's environment. It owns that one rule, so that
// everything asking it agrees: the shortcut presets an actions file types (GestureConfig) and the desktop asked
// which window is in front (DesktopFocus). It knows nothing else, and has no dependencies.

/// A desktop with shortcut presets and a way to be asked for its windows.
public enum SessionDesktop: String, CaseIterable, Sendable {
    case gnome, kde, sway, hyprland

    /// The desktop `environment` names (a session's variables, as a process started in it gets them): Hyprland's and
    /// sway's own sockets first, which only they set, then XDG_CURRENT_DESKTOP (a colon-separated list, the desktop
    /// entry specification's DesktopNames: `ubuntu:GNOME`, `KDE`), then KDE_FULL_SESSION (set by Plasma since KDE 3).
    /// Nil when none of these is told, X11 window managers and other compositors among them.
    public init?(environment: [String: String]) {
        func set(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        if set("HYPRLAND_INSTANCE_SIGNATURE") {
            self = .hyprland
            return
        }
        if set("SWAYSOCK") {
            self = .sway
            return
        }
        // The list goes from the most to the least specific (the specification's mimeapps.list reads it in that
        // order): the first one known.
        let named = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() }
        if let desktop = named.lazy.compactMap(SessionDesktop.init(rawValue:)).first {
            self = desktop
        } else if environment["KDE_FULL_SESSION"] == "true" {
            self = .kde
        } else {
            return nil
        }
    }
}
