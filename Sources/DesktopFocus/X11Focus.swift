import CXCB
import SystemCalls

/// An X server, asked as EWMH and ICCCM say: the root window's _NET_ACTIVE_WINDOW (set by the window manager) for the
/// window in front, the window under the pointer by QueryPointer from the root down to the window with WM_STATE
/// (the client's, inside the window manager's frame), each named by WM_CLASS, _NET_WM_NAME (or WM_NAME) and
/// _NET_WM_PID. One connection is kept, with its atoms interned once, and made again when it broke.
///
/// A window without WM_CLASS is reported as none: it is no application's (mutter's stand-in, which it makes active
/// while a Wayland window has the focus, is one).
public final class X11Focus: FocusSource {
    public let display: String
    /// Where the cookie is read from (XAUTHORITY, else ~/.Xauthority); nil or unreadable: none is presented.
    public let authorityFile: String?
    let timeout: Duration
    private var session: Session?

    /// How deep the pointer's windows are followed, and how many windows are searched below a frame for the
    /// client: a window manager nests a client two or three levels deep.
    static let deepest = 32
    static let searchedBelowFrame = 256
    /// Titles and WM_CLASS beyond this many bytes are cut.
    static let longestText: UInt32 = 1024

    public init(display: String, authorityFile: String?, timeout: Duration = .seconds(1)) {
        self.display = display
        self.authorityFile = authorityFile
        self.timeout = timeout
    }

    public var desktop: DesktopFocus.Desktop { .x11 }
    public var description: String { "X11 display \(display)" }

    public func front() throws(FocusError) -> WindowIdentity? {
        try asking { session throws(X11Failure) in
            let x = session.connection
            let active = x.getProperty(x.root, session.atoms.activeWindow, type: XCB_ATOM_WINDOW.rawValue, longs: 1)
            let check = x.getProperty(x.root, session.atoms.supportingWMCheck, type: XCB_ATOM_WINDOW.rawValue, longs: 1)
            guard let value = try session.value(active) else {
                // Openbox sets none until a window first maps; without a window manager there is nobody to set it.
                guard try session.value(check) != nil else {
                    throw .unanswerable("no EWMH window manager runs there (the root window has no _NET_SUPPORTING_WM_CHECK)")
                }
                return nil
            }
            guard let window = value.word, window != 0 else { return nil }
            return try session.identity(of: window)
        }
    }

    public func underPointer() throws(FocusError) -> WindowIdentity? {
        try asking { session throws(X11Failure) in
            let x = session.connection
            let frame = try x.wait(x.queryPointer(x.root)) { $0.pointee.child }
            guard frame != 0 else { return nil }
            var window = frame
            for _ in 0..<Self.deepest {
                let state = x.getProperty(window, session.atoms.wmState, type: 0, longs: 0)
                let pointer = x.queryPointer(window)
                if try session.value(state) != nil { return try session.identity(of: window) }
                let child = try x.wait(pointer) { $0.pointee.child }
                guard child != 0 else { break }
                window = child
            }
            // None on the pointer's path: the client is elsewhere below the frame, as Xmu's XmuClientWindow looks
            // for it, or there is no window manager and the top-level window is the client.
            return try session.identity(of: session.clientBelow(frame) ?? frame)
        }
    }

    /// `question` on the kept connection, or a new one; once more on a new one when the kept one had broken. A
    /// window that went away meanwhile (BadWindow) is none; a failure of the connection drops it.
    private func asking(_ question: (Session) throws(X11Failure) -> WindowIdentity?) throws(FocusError) -> WindowIdentity? {
        var retried = false
        while true {
            let kept = session != nil
            do {
                return try question(connected())
            } catch .refused(_, X11Failure.badWindow) {
                return nil
            } catch .unanswerable(let message) {
                throw FocusError(source: description, message)
            } catch .lost where kept && !retried {
                session = nil
                retried = true
            } catch {
                session = nil
                throw FocusError(source: description, error.message)
            }
        }
    }

    private func connected() throws(X11Failure) -> Session {
        if let session { return session }
        let made = try Session(X11Connection(display: display, authorization: authorization(), timeout: timeout))
        session = made
        return made
    }

    /// The cookie for a display of this machine from the authority file; none when the file has none (a server may
    /// allow this user by other means, `xhost +si:localuser:NAME`), never the process's own XAUTHORITY, which
    /// libxcb would read. A display elsewhere is left to libxcb.
    func authorization() -> X11Connection.Authorization {
        guard let number = XAuthority.localDisplayNumber(display) else { return .libxcbLookUp }
        guard let authorityFile, let contents = try? fileContents(authorityFile),
            let entry = XAuthority.cookie(in: XAuthority.entries(contents), display: number, hostname: XAuthority.hostname())
        else { return .none }
        return .cookie(name: entry.name, data: entry.data)
    }
}

/// A connection and the atoms interned on it.
private struct Session {
    let connection: X11Connection
    let atoms: Atoms

    struct Atoms {
        var activeWindow, supportingWMCheck, wmState, wmPID, wmName, utf8String: xcb_atom_t
    }

    init(_ connection: X11Connection) throws(X11Failure) {
        self.connection = connection
        let names = ["_NET_ACTIVE_WINDOW", "_NET_SUPPORTING_WM_CHECK", "WM_STATE", "_NET_WM_PID", "_NET_WM_NAME", "UTF8_STRING"]
        let pending = names.map(connection.internAtom)
        var atoms: [xcb_atom_t] = []
        for request in pending { atoms.append(try connection.wait(request) { $0.pointee.atom }) }
        self.atoms = Atoms(
            activeWindow: atoms[0], supportingWMCheck: atoms[1], wmState: atoms[2], wmPID: atoms[3], wmName: atoms[4], utf8String: atoms[5])
    }

    /// A property's value, nil when the window has no such property.
    func value(_ pending: X11Connection.PendingReply<xcb_get_property_reply_t>) throws(X11Failure) -> PropertyValue? {
        try connection.wait(pending) { reply in
            guard reply.pointee.type != 0 else { return nil }
            let count = Int(xcb_get_property_value_length(reply))
            let bytes = count > 0 ? Array(UnsafeRawBufferPointer(start: xcb_get_property_value(reply), count: count)) : []
            return PropertyValue(type: reply.pointee.type, bytes: bytes)
        }
    }

    /// WM_CLASS, the title and the pid, asked together; nil for a window without WM_CLASS.
    func identity(of window: xcb_window_t) throws(X11Failure) -> WindowIdentity? {
        let x = connection
        let longs = X11Focus.longestText / 4
        let wmClass = x.getProperty(window, XCB_ATOM_WM_CLASS.rawValue, type: XCB_ATOM_STRING.rawValue, longs: longs)
        let netName = x.getProperty(window, atoms.wmName, type: atoms.utf8String, longs: longs)
        let name = x.getProperty(window, XCB_ATOM_WM_NAME.rawValue, type: 0, longs: longs)
        let pid = x.getProperty(window, atoms.wmPID, type: XCB_ATOM_CARDINAL.rawValue, longs: 1)
        let classValue = try value(wmClass)
        let netNameValue = try value(netName)
        let nameValue = try value(name)
        let pidValue = try value(pid)
        guard let classValue else { return nil }
        // "instance\0class\0" (ICCCM 4.1.2.5).
        let parts = classValue.bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        return WindowIdentity(
            appID: parts.count > 1 ? parts[1] : "", instance: parts[0],
            title: netNameValue.map { String(decoding: $0.bytes, as: UTF8.self) } ?? nameValue?.text,
            pid: pidValue?.word.flatMap { $0 > 0 && $0 <= UInt32(Int32.max) ? Int32($0) : nil })
    }

    /// The first window with WM_STATE below `frame`, level by level, searching at most X11Focus.searchedBelowFrame.
    func clientBelow(_ frame: xcb_window_t) throws(X11Failure) -> xcb_window_t? {
        var level = [frame]
        var searched = 0
        while !level.isEmpty && searched < X11Focus.searchedBelowFrame {
            var next: [xcb_window_t] = []
            for window in level {
                next += try connection.wait(connection.queryTree(window)) { reply in
                    Array(UnsafeBufferPointer(start: xcb_query_tree_children(reply), count: Int(xcb_query_tree_children_length(reply))))
                }
            }
            next = Array(next.prefix(X11Focus.searchedBelowFrame - searched))
            searched += next.count
            let states = next.map { connection.getProperty($0, atoms.wmState, type: 0, longs: 0) }
            for (window, state) in zip(next, states) {
                if try value(state) != nil { return window }
            }
            level = next
        }
        return nil
    }
}

/// A property's type and bytes, as the server sent them (format-32 values in this machine's byte order).
private struct PropertyValue {
    var type: xcb_atom_t
    var bytes: [UInt8]

    /// A WINDOW or CARDINAL value.
    var word: UInt32? { bytes.count >= 4 ? bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) } : nil }

    /// WM_NAME: Latin-1 when of type STRING (ICCCM), else taken as UTF-8.
    var text: String {
        type == XCB_ATOM_STRING.rawValue ? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) : String(decoding: bytes, as: UTF8.self)
    }
}
