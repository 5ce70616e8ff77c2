/// What a desktop says, on a connection of its own, when the window in front may have changed: sway's window events
/// (SwayChanges), Hyprland's `activewindow` events (HyprlandChanges), an X server's PropertyNotify of the root
/// window's _NET_ACTIVE_WINDOW (X11Changes), a KWin script's call at each activation with the window activated
/// (KWinChanges). FrontWatch asks its source again at each, or takes the window the word names.
protocol FocusChanges: AnyObject {
    /// Waits until the desktop says the window in front may have changed; nil once the connection ended or
    /// `stopping` became readable.
    func next(stopping: Int32) -> FocusChange?
}

/// The desktop's word: the window in front may have changed (ask), or which window it is now.
enum FocusChange {
    case ask
    case window(WindowIdentity?)
}

/// A source whose desktop says when the window in front changes: the reader of that, on a connection of its own.
protocol FocusChangeSource: FocusSource {
    func changes() throws(FocusError) -> any FocusChanges
}

extension SwayFocus: FocusChangeSource {
    func changes() throws(FocusError) -> any FocusChanges {
        do { return try SwayChanges(socketPath: socketPath, timeout: timeout) } catch { throw FocusError(source: description, error.message) }
    }
}

extension HyprlandFocus: FocusChangeSource {
    func changes() throws(FocusError) -> any FocusChanges {
        do {
            return try HyprlandChanges(socketPath: HyprlandChanges.path(besideRequestSocket: socketPath), timeout: timeout)
        } catch {
            throw FocusError(source: description, "its event socket: \(error.message)")
        }
    }
}

extension X11Focus: FocusChangeSource {
    func changes() throws(FocusError) -> any FocusChanges {
        do { return try X11Changes(X11Connection(display: display, authorization: authorization(), timeout: timeout)) } catch {
            throw FocusError(source: description, error.message)
        }
    }
}

extension KWinFocus: FocusChangeSource {
    func changes() throws(FocusError) -> any FocusChanges {
        do { return try KWinChanges(busAddress: busAddress, scriptFolder: scriptFolder, timeout: timeout) } catch {
            throw FocusError(source: description, error.message)
        }
    }
}
