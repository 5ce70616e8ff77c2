import GestureActions
import GestureConfig

/// The window managers' actions the tools have built in, and the desktop preset that does each (`shortcut =`,
/// docs/actions.md, Desktop presets) on the desktops whose default shortcuts have it.
enum WindowAction: Equatable {
    case maximize
    case minimize
    case tile(left: Bool)
    case fullscreen
    case close
    case showDesktop
    /// Switching workspace: "next", "previous", "left", "right", "up", "down", or how the tool chose (a note's words).
    /// Left and right are the previous and the next: GNOME's and KDE Plasma's shortcuts for those go left and right.
    case workspace(String)
    /// Moving the window to the workspace that way, the same ways.
    case moveWindow(String)

    /// The preset's name; nil when no desktop's presets do it.
    var shortcut: String? {
        switch self {
        case .maximize: "maximize-window"
        case .minimize: "minimize-window"
        case .tile(let left): left ? "tile-left" : "tile-right"
        case .fullscreen: "fullscreen-window"
        case .close: "close-window"
        case .showDesktop: "show-desktop"
        case .workspace("next"), .workspace("right"): "workspace-next"
        case .workspace("previous"), .workspace("left"): "workspace-previous"
        case .moveWindow("next"), .moveWindow("right"): "move-window-to-next-workspace"
        case .moveWindow("previous"), .moveWindow("left"): "move-window-to-previous-workspace"
        case .workspace, .moveWindow: nil
        }
    }

    /// The desktops whose shipped presets (config/actions/presets) have each shortcut above, in
    /// `ShortcutPresets.desktops`' order; the tests hold it to the preset files.
    static let presetDesktops: [String: [String]] = {
        let all = ShortcutPresets.desktops
        let gnomeAndKDE = ["gnome", "kde"]
        return [
            "maximize-window": gnomeAndKDE + ["x11"], "minimize-window": gnomeAndKDE + ["x11"], "tile-left": gnomeAndKDE, "tile-right": gnomeAndKDE,
            "fullscreen-window": ["sway", "hyprland", "x11"], "close-window": all, "show-desktop": ["kde", "x11"], "workspace-next": all,
            "workspace-previous": all, "move-window-to-next-workspace": all, "move-window-to-previous-workspace": all,
        ]
    }()

    /// The desktops its shortcut is for; empty without one.
    var desktops: [String] { shortcut.flatMap { Self.presetDesktops[$0] } ?? [] }

    /// The desktops without a default shortcut for it.
    var missing: [String] { ShortcutPresets.desktops.filter { !desktops.contains($0) } }

    /// Desktops by the names their users know, joined: "GNOME and KDE Plasma".
    static func named(_ desktops: [String]) -> String {
        let names = desktops.map { ["gnome": "GNOME", "kde": "KDE Plasma", "sway": "sway", "hyprland": "Hyprland", "x11": "other X11 desktops"][$0] ?? $0 }
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// What does it where no preset does.
    var advice: String {
        switch self {
        case .maximize:
            "bind a shortcut of your own and give its keys, or run a command (X11: wmctrl -r :ACTIVE: -b toggle,maximized_vert,maximized_horz)"
        case .minimize:
            "bind a shortcut of your own and give its keys, or run a command (X11: xdotool getactivewindow windowminimize)"
        case .fullscreen:
            "bind a shortcut of your own and give its keys, or run a command (X11: wmctrl -r :ACTIVE: -b toggle,fullscreen)"
        case .showDesktop:
            "bind a shortcut of your own and give its keys, or run a command (X11: wmctrl -k on)"
        case .tile, .close:
            "bind a shortcut of your own and give its keys"
        case .workspace(let way) where ["up", "down"].contains(way):
            "bind your desktop's shortcut as keys (KDE Plasma \"ctrl+super+\(way)\") or run a command (X11: wmctrl -s NUMBER)"
        case .workspace(let way):
            "bind your desktop's shortcuts for \(way) as keys, or run a command (X11: wmctrl -s NUMBER)"
        case .moveWindow(let way):
            "bind your desktop's shortcut for moving a window to the workspace \(way) as keys (KDE Plasma \"ctrl+super+shift+\(way)\")"
        }
    }
}
