/// A window as hyprctl's JSON describes it (HyprCtl.cpp getWindowData: j/activewindow, and each of j/clients),
/// with the fields the window is named and found under the cursor by. All are optional: j/activewindow answers
/// `{}` when no window has the focus, and older versions lack the newer fields.
struct HyprlandWindow: Decodable {
    /// The xdg-shell app_id, or for an Xwayland window WM_CLASS's class (Hyprland drops the instance).
    var `class`: String?
    var title: String?
    var pid: Int32?
    var mapped: Bool?
    var hidden: Bool?
    var at: [Int]?
    var size: [Int]?
    var workspace: Workspace?
    var floating: Bool?
    var pinned: Bool?
    var fullscreen: HyprlandFlag?
    /// 0 for the window focused last, 1 for the one before, ...; -1 for one never focused.
    var focusHistoryID: Int?

    struct Workspace: Decodable {
        var id: Int
    }

    /// Nil for `{}`, the answer when nothing has the focus.
    var identity: WindowIdentity? {
        guard let `class` else { return nil }
        return WindowIdentity(appID: `class`, title: title, pid: pid.flatMap { $0 > 0 ? $0 : nil })
    }

    func contains(_ point: HyprlandCursor) -> Bool {
        guard let at, let size, at.count == 2, size.count == 2 else { return false }
        return point.x >= at[0] && point.x < at[0] + size[0] && point.y >= at[1] && point.y < at[1] + size[1]
    }
}

/// A field that was a boolean and became a number (fullscreen: true or false in older versions, beside a
/// fullscreenMode; a mode from 0 to 3 in v0.50):
/// set when true or not 0.
struct HyprlandFlag: Decodable {
    var isSet: Bool

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let flag = try? value.decode(Bool.self) { isSet = flag } else { isSet = try value.decode(Int.self) != 0 }
    }
}

/// j/cursorpos: the pointer in the global layout's coordinates, as windows' `at` are.
struct HyprlandCursor: Decodable {
    var x: Int
    var y: Int
}

/// A monitor of j/monitors, for which workspaces are shown: its active one and its special one (id 0 when none).
struct HyprlandMonitor: Decodable {
    var activeWorkspace: HyprlandWindow.Workspace?
    var specialWorkspace: HyprlandWindow.Workspace?
}

extension HyprlandWindow {
    /// The window under `cursor`, worked out as the IPC allows, for it has no stacking order and no command that
    /// says: among the mapped, shown windows of a workspace some monitor shows whose rectangle holds the cursor, one
    /// on a special workspace (drawn over the monitor's other windows), else pinned, else fullscreen, else
    /// floating (drawn over tiled ones), and among equals the one focused most recently.
    static func under(_ cursor: HyprlandCursor, windows: [HyprlandWindow], monitors: [HyprlandMonitor]) -> HyprlandWindow? {
        let shown = Set(monitors.flatMap { [$0.activeWorkspace?.id, $0.specialWorkspace?.id] }.compactMap { $0 }.filter { $0 != 0 })
        func rank(_ window: HyprlandWindow) -> [Int] {
            let special = (window.workspace?.id ?? 0) < 0
            let recency = window.focusHistoryID.flatMap { $0 >= 0 ? $0 : nil } ?? Int.max
            return [special ? 0 : 1, window.pinned == true ? 0 : 1, window.fullscreen?.isSet == true ? 0 : 1, window.floating == true ? 0 : 1, recency]
        }
        return windows.filter { window in
            window.mapped != false && window.hidden != true && window.workspace.map { shown.contains($0.id) } == true && window.contains(cursor)
        }
        .min { rank($0).lexicographicallyPrecedes(rank($1)) }
    }
}
