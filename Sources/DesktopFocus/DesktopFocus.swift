// DesktopFocus: which application is in front on the running desktop and, where the desktop can tell, which window
// is under the pointer, for per-application actions (docs/desktop-focus.md). It owns the asking of each desktop in
// its own terms: X11 through libxcb (EWMH's _NET_ACTIVE_WINDOW, ICCCM's WM_CLASS and WM_STATE), sway over its IPC
// socket (GET_TREE), Hyprland over its request socket (j/activewindow, j/cursorpos, j/clients), KDE Plasma's KWin
// through a script it loads over the session bus (sd-bus); the desktops' word of the focus's changes, where they
// give it (FrontWatch: sway's events, Hyprland's event socket, X11's PropertyNotify, a KWin script kept loaded); the
// choice of a source for the session (SessionDesktop tells its desktop); and the one shape of an answer,
// WindowIdentity. GNOME Shell on Wayland tells no outside program, so it is detected and said so.
//
// It knows nothing of gestures, the daemon or actions files.

import SessionDesktop

/// The running desktop's focus, found from the session's environment.
public enum DesktopFocus {
    /// The desktops told apart, in the order `detect` tries them.
    public enum Desktop: String, CaseIterable, Sendable {
        case hyprland, sway, kde, gnome, x11
    }

    /// A source to ask, or why none can be asked.
    public enum Detection {
        case source(any FocusSource)
        /// `desktop`: the one found, when it was found but cannot be asked.
        case unavailable(desktop: Desktop?, reason: String)
    }

    /// The source for the desktop `environment` names (a session's variables, as a process started in it gets them):
    /// the one SessionDesktop tells, else X11 (DISPLAY). A KDE or GNOME session on X11
    /// is asked as X11, which any EWMH window manager answers (KWin too, without loading a script each time). Nothing
    /// is connected to yet: the first question does.
    public static func detect(environment: [String: String]) -> Detection {
        func set(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        let x11Session = environment["XDG_SESSION_TYPE"] == "x11" || (!set("WAYLAND_DISPLAY") && set("DISPLAY"))
        switch SessionDesktop(environment: environment) {
        case .hyprland: return source(for: .hyprland, environment: environment)
        case .sway: return source(for: .sway, environment: environment)
        case .kde: return source(for: x11Session ? .x11 : .kde, environment: environment)
        case .gnome: return source(for: x11Session ? .x11 : .gnome, environment: environment)
        case .x11: return source(for: .x11, environment: environment)
        case nil: break
        }
        if set("WAYLAND_DISPLAY") {
            let named = environment["XDG_CURRENT_DESKTOP"].map { " (XDG_CURRENT_DESKTOP=\($0))" } ?? ""
            return .unavailable(
                desktop: nil,
                reason: "a Wayland compositor this cannot ask\(named): Hyprland, sway and KDE Plasma are the Wayland desktops it asks"
                    + xwaylandNote(environment))
        }
        if set("DISPLAY") { return source(for: .x11, environment: environment) }
        return .unavailable(
            desktop: nil,
            reason: "no desktop in the environment: none of HYPRLAND_INSTANCE_SIGNATURE, SWAYSOCK, XDG_CURRENT_DESKTOP, WAYLAND_DISPLAY "
                + "or DISPLAY is set (a user service gets them when the desktop's start-up imports them, e.g. "
                + "`systemctl --user import-environment SWAYSOCK WAYLAND_DISPLAY DISPLAY XDG_CURRENT_DESKTOP`)")
    }

    /// The source for `desktop`, whatever the environment names (its sockets and display still come from it).
    public static func source(for desktop: Desktop, environment: [String: String]) -> Detection {
        switch desktop {
        case .hyprland:
            guard let path = HyprlandSocket.requestPath(environment: environment) else {
                return .unavailable(desktop: .hyprland, reason: "Hyprland: HYPRLAND_INSTANCE_SIGNATURE is not set, so its socket is unknown")
            }
            return .source(HyprlandFocus(socketPath: path))
        case .sway:
            // I3SOCK too, for i3's own IPC, which speaks the same protocol.
            guard let path = [environment["SWAYSOCK"], environment["I3SOCK"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
                return .unavailable(desktop: .sway, reason: "sway: SWAYSOCK is not set, so its socket is unknown (`sway --get-socketpath` prints it)")
            }
            return .source(SwayFocus(socketPath: path))
        case .kde:
            let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            let given = environment["DBUS_SESSION_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
            // Without an address, where systemd's user bus is.
            guard let address = given ?? runtime.map({ "unix:path=\($0)/bus" }) else {
                return .unavailable(
                    desktop: .kde, reason: "KDE Plasma: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set, so the session bus is unknown")
            }
            return .source(KWinFocus(busAddress: address, scriptFolder: runtime ?? "/tmp"))
        case .gnome:
            return .unavailable(
                desktop: .gnome,
                reason: "GNOME Shell on Wayland tells no other program which window is in front: org.gnome.Shell.Introspect answers "
                    + "only the desktop portal and org.gnome.Shell.Eval only in unsafe mode (GNOME 41 and later); an extension "
                    + "that exports it over D-Bus can (such as Window Calls)" + xwaylandNote(environment))
        case .x11:
            guard let display = environment["DISPLAY"], !display.isEmpty else {
                return .unavailable(desktop: .x11, reason: "X11: DISPLAY is not set")
            }
            return .source(X11Focus(display: display, authorityFile: XAuthority.path(environment: environment)))
        }
    }

    /// What Xwayland leaves possible: its X11 windows answer as on X11; Wayland windows are not among them.
    private static func xwaylandNote(_ environment: [String: String]) -> String {
        guard let display = environment["DISPLAY"], !display.isEmpty else { return "" }
        return "; X11 applications (Xwayland, DISPLAY=\(display)) can be asked as X11, which knows nothing of Wayland windows"
    }
}
