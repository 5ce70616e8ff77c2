import CXCB

/// An X server's word that the window in front changed: a PropertyNotify of the root window's _NET_ACTIVE_WINDOW,
/// which EWMH window managers set as the focus moves, on a connection of its own.
final class X11Changes: FocusChanges {
    private let connection: X11Connection
    private let activeWindow: xcb_atom_t

    init(_ connection: X11Connection) throws(X11Failure) {
        self.connection = connection
        activeWindow = try connection.wait(connection.internAtom("_NET_ACTIVE_WINDOW")) { $0.pointee.atom }
        try connection.watchRootProperties()
    }

    func next(stopping: Int32) -> FocusChange? { connection.nextPropertyChange(activeWindow, stopping: stopping) ? .ask : nil }
}
