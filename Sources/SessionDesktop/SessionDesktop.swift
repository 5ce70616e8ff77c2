// SessionDesktop: which desktop a session runs, told from the session's environment. It owns that one rule, so that
// everything asking it agrees: the shortcut presets an actions file types (GestureActions) and the desktop asked
// which window is in front (DesktopFocus). It knows nothing else, and has no dependencies.

/// A desktop with shortcut presets and a way to be asked for its windows: `x11` is any other X11 window manager,
/// which EWMH lets be asked and told the same way (Xfce, Cinnamon, MATE, i3, Openbox, ...).
public enum SessionDesktop: String, CaseIterable, Sendable {
    case gnome, kde, sway, hyprland, x11

    /// XDG_CURRENT_DESKTOP's names of X11 desktops and window managers that have no preset of their own.
    static let x11Desktops: Set<String> = ["xfce", "x-cinnamon", "cinnamon", "mate", "i3", "lxde", "openbox", "fluxbox", "icewm", "awesome"]

    /// The desktop `environment` names (a session's variables, as a process started in it gets them): Hyprland's and
    /// sway's own sockets first, which only they set, then XDG_CURRENT_DESKTOP (a colon-separated list, the desktop
    /// entry specification's DesktopNames: `ubuntu:GNOME`, `KDE`), then KDE_FULL_SESSION (set by Plasma since KDE 3).
    /// An X11 desktop named there, or else an X11 display without a Wayland one, is `x11`. Nil when none of these
    /// is told: other Wayland compositors.
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
        if let desktop = named.lazy.compactMap({ Self.x11Desktops.contains($0) ? .x11 : SessionDesktop(rawValue: $0) }).first {
            self = desktop
        } else if environment["KDE_FULL_SESSION"] == "true" {
            self = .kde
        } else if set("DISPLAY") && !set("WAYLAND_DISPLAY") {
            self = .x11
        } else {
            return nil
        }
    }
}
