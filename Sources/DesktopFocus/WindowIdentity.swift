/// The window a desktop says is in front (or under the pointer), as per-application rules name it.
public struct WindowIdentity: Sendable, Equatable {
    /// The Wayland app_id, or for an X11 window WM_CLASS's class ("XTerm"); empty for a Wayland window that set none.
    public var appID: String
    /// An X11 window's WM_CLASS instance ("xterm", or what -name gave); nil for Wayland windows and where the desktop
    /// does not say (Hyprland).
    public var instance: String?
    public var title: String?
    /// The process that owns the window, where the desktop knows it (an X11 client sets _NET_WM_PID itself).
    public var pid: Int32?

    public init(appID: String, instance: String? = nil, title: String? = nil, pid: Int32? = nil) {
        self.appID = appID
        self.instance = instance
        self.title = title
        self.pid = pid
    }
}
