import CXCB
import Foundation
import Glibc
import SystemCalls

/// A connection to an X server through libxcb, owning it (disconnected on deinit), whose replies are waited for
/// with a deadline: requests are sent, then each reply is collected with `wait`, so that several requests cost one
/// round trip. A reply never collected is discarded when its PendingReply goes, so none piles up in libxcb.
final class X11Connection {
    let root: xcb_window_t
    private let connection: OpaquePointer
    private let timeout: Duration

    /// What is presented to the server when connecting.
    enum Authorization {
        /// An authorization protocol's name (MIT-MAGIC-COOKIE-1) and data.
        case cookie(name: [UInt8], data: [UInt8])
        case none
        /// What libxcb finds in the process's XAUTHORITY (or ~/.Xauthority).
        case libxcbLookUp
    }

    init(display: String, authorization: Authorization, timeout: Duration) throws(X11Failure) {
        self.timeout = timeout
        var screen: Int32 = 0
        let made: OpaquePointer? =
            switch authorization {
            case .cookie(let name, let data): Self.withAuthInfo(name: name, data: data) { xcb_connect_to_display_with_auth_info(display, $0, &screen) }
            case .none: Self.withAuthInfo(name: [], data: []) { xcb_connect_to_display_with_auth_info(display, $0, &screen) }
            case .libxcbLookUp: xcb_connect_to_display_with_auth_info(display, nil, &screen)
            }
        // xcb_connect gives a connection in an error state rather than none, except when out of memory.
        guard let made else { throw .unreachable("libxcb could not allocate a connection") }
        let status = xcb_connection_has_error(made)
        guard status == 0 else {
            xcb_disconnect(made)
            throw .unreachable(Self.connectProblem(status, display: display))
        }
        var screens = xcb_setup_roots_iterator(xcb_get_setup(made))
        guard screen >= 0, screen < screens.rem else {
            xcb_disconnect(made)
            throw .unreachable("the server has no screen \(screen)")
        }
        for _ in 0..<screen { xcb_screen_next(&screens) }
        connection = made
        root = screens.data.pointee.root
    }

    deinit { xcb_disconnect(connection) }

    /// An authorization as libxcb takes it, in C strings that live as long as `body` runs.
    private static func withAuthInfo<Result>(name: [UInt8], data: [UInt8], _ body: (UnsafeMutablePointer<xcb_auth_info_t>) -> Result) -> Result {
        var name = name.map { CChar(bitPattern: $0) }
        var data = data.map { CChar(bitPattern: $0) }
        return name.withUnsafeMutableBufferPointer { name in
            data.withUnsafeMutableBufferPointer { data in
                var auth = xcb_auth_info_t(namelen: Int32(name.count), name: name.baseAddress, datalen: Int32(data.count), data: data.baseAddress)
                return body(&auth)
            }
        }
    }

    /// A request sent whose reply (or error) is still to be collected.
    final class PendingReply<Reply> {
        fileprivate let sequence: UInt32
        fileprivate let request: String
        fileprivate var collected = false
        private let connection: OpaquePointer

        fileprivate init(_ sequence: UInt32, _ request: String, on connection: OpaquePointer) {
            self.sequence = sequence
            self.request = request
            self.connection = connection
        }

        deinit { if !collected { xcb_discard_reply(connection, sequence) } }
    }

    func internAtom(_ name: String) -> PendingReply<xcb_intern_atom_reply_t> {
        PendingReply(xcb_intern_atom(connection, 0, UInt16(name.utf8.count), name).sequence, "InternAtom(\(name))", on: connection)
    }

    /// At most `longs` 32-bit units of the value (the protocol counts in them).
    func getProperty(_ window: xcb_window_t, _ property: xcb_atom_t, type: xcb_atom_t, longs: UInt32) -> PendingReply<xcb_get_property_reply_t> {
        PendingReply(
            xcb_get_property(connection, 0, window, property, type, 0, longs).sequence, "GetProperty(window 0x\(String(window, radix: 16)))",
            on: connection)
    }

    func queryPointer(_ window: xcb_window_t) -> PendingReply<xcb_query_pointer_reply_t> {
        PendingReply(xcb_query_pointer(connection, window).sequence, "QueryPointer(window 0x\(String(window, radix: 16)))", on: connection)
    }

    func queryTree(_ window: xcb_window_t) -> PendingReply<xcb_query_tree_reply_t> {
        PendingReply(xcb_query_tree(connection, window).sequence, "QueryTree(window 0x\(String(window, radix: 16)))", on: connection)
    }

    /// What `read` makes of the reply, which is freed after it.
    func wait<Reply, Result>(_ pending: PendingReply<Reply>, _ read: (UnsafeMutablePointer<Reply>) -> Result) throws(X11Failure) -> Result {
        pending.collected = true
        guard xcb_flush(connection) > 0 else { throw lost(during: pending.request) }
        let deadline = ContinuousClock.now + timeout
        while true {
            var reply: UnsafeMutableRawPointer?
            var error: UnsafeMutablePointer<xcb_generic_error_t>?
            if xcb_poll_for_reply(connection, pending.sequence, &reply, &error) != 0 {
                if let reply {
                    defer { free(reply) }
                    return read(reply.assumingMemoryBound(to: Reply.self))
                }
                if let error {
                    let code = error.pointee.error_code
                    free(error)
                    throw .refused(request: pending.request, code: code)
                }
                throw lost(during: pending.request)
            }
            let left = ContinuousClock.now.duration(to: deadline)
            let milliseconds = max(0, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var readable = pollfd(fd: xcb_get_file_descriptor(connection), events: Int16(POLLIN), revents: 0)
            let ready = poll(&readable, 1, milliseconds)
            if ready == 0 { throw .timedOut("\(pending.request) had no reply within \(timeout)") }
            if ready < 0 && errno != EINTR { throw lost(during: pending.request) }
        }
    }

    /// The root window's property changes as events, from now on (PropertyChangeMask: what EWMH window managers
    /// set _NET_ACTIVE_WINDOW through).
    func watchRootProperties() throws(X11Failure) {
        var mask = XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue
        let cookie = xcb_change_window_attributes_checked(connection, root, XCB_CW_EVENT_MASK.rawValue, &mask)
        if let error = xcb_request_check(connection, cookie) {
            let code = error.pointee.error_code
            free(error)
            throw .refused(request: "ChangeWindowAttributes(root, PropertyChangeMask)", code: code)
        }
    }

    /// Waits for a PropertyNotify of `atom` (after `watchRootProperties`): true; false once the connection broke or
    /// `stopping` became readable. Other events are read and dropped.
    func nextPropertyChange(_ atom: xcb_atom_t, stopping: Int32) -> Bool {
        while true {
            while let event = xcb_poll_for_event(connection) {
                defer { free(event) }
                guard event.pointee.response_type & 0x7f == XCB_PROPERTY_NOTIFY else { continue }
                let changed = UnsafeMutableRawPointer(event).assumingMemoryBound(to: xcb_property_notify_event_t.self).pointee.atom
                if changed == atom { return true }
            }
            guard xcb_connection_has_error(connection) == 0 else { return false }
            var watched = [
                pollfd(fd: xcb_get_file_descriptor(connection), events: Int16(POLLIN), revents: 0), pollfd(fd: stopping, events: Int16(POLLIN), revents: 0),
            ]
            guard (try? systemCall("poll", on: "the X connection") { poll(&watched, 2, -1) }) != nil, watched[1].revents == 0 else { return false }
        }
    }

    private func lost(during request: String) -> X11Failure {
        .lost("the connection broke during \(request) (\(Self.connectionError(xcb_connection_has_error(connection))))")
    }

    private static func connectProblem(_ status: Int32, display: String) -> String {
        if status == XCB_CONN_ERROR, let number = XAuthority.localDisplayNumber(display) {
            // libxcb does not say why; whether anything accepts a connection there tells a refusal from no server.
            let socket = "/tmp/.X11-unix/X\(number)"
            guard FileManager.default.fileExists(atPath: socket) else { return "no X server: \(socket) does not exist" }
            guard let probe = try? UnixSocketConnection.connect(to: socket) else { return "no X server listens at \(socket)" }
            probe.closeReleasing()
            return "the server at \(socket) refused the connection (not authorized: is XAUTHORITY the server's?)"
        }
        return connectionError(status)
    }

    /// xcb_connection_has_error's codes (xcb.h).
    private static func connectionError(_ status: Int32) -> String {
        switch status {
        case 0: "no error recorded"
        case XCB_CONN_ERROR: "the socket failed or the server closed it"
        case XCB_CONN_CLOSED_EXT_NOTSUPPORTED: "an extension is not supported"
        case XCB_CONN_CLOSED_MEM_INSUFFICIENT: "out of memory"
        case XCB_CONN_CLOSED_REQ_LEN_EXCEED: "a request beyond the server's maximum length"
        case XCB_CONN_CLOSED_PARSE_ERR: "the display name cannot be parsed"
        case XCB_CONN_CLOSED_INVALID_SCREEN: "the server has no such screen"
        default: "libxcb error \(status)"
        }
    }
}

/// Why an X server gave no answer: no connection could be made, the connection broke, no reply came in time, the
/// server answered a request with an X error (BadWindow, 3, when the window went away meanwhile), or it runs no
/// window manager that could answer.
enum X11Failure: Error {
    case unreachable(String)
    case lost(String)
    case timedOut(String)
    case refused(request: String, code: UInt8)
    case unanswerable(String)

    static let badWindow: UInt8 = 3

    var message: String {
        switch self {
        case .unreachable(let message), .lost(let message), .timedOut(let message), .unanswerable(let message): message
        case .refused(let request, let code): "the server refused \(request) with X error \(code)"
        }
    }
}
