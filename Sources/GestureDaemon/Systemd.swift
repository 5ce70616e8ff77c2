import CSystemd
import SystemCalls

/// Tells systemd how the service is doing (Type=notify): READY, RELOADING, STOPPING and a status line.
/// Outside systemd (no NOTIFY_SOCKET) every call does nothing.
struct SystemdNotifier: Sendable {
    func notify(_ state: String) {
        _ = sd_notify(0, state)
    }
}

/// The listening socket systemd passed (socket activation), if any.
enum SocketActivation {
    /// The one AF_UNIX stream socket in LISTEN_FDS, or nil when the daemon was not socket-activated.
    static func listeningSocket() throws -> Int32? {
        let count = try negativeErrnoCall("sd_listen_fds", on: "the sockets systemd passed") { sd_listen_fds(1) }
        guard count > 0 else { return nil }
        guard count == 1 else { throw DaemonError("systemd passed \(count) sockets; gestured.socket should declare one ListenStream") }
        let fd = SD_LISTEN_FDS_START
        let isListening = try negativeErrnoCall("sd_is_socket_unix", on: "the socket systemd passed") {
            sd_is_socket_unix(fd, SOCK_STREAM_VALUE, 1, nil, 0)
        }
        guard isListening > 0 else {
            throw DaemonError("the socket systemd passed is not a listening AF_UNIX stream socket")
        }
        return fd
    }

    private static let SOCK_STREAM_VALUE: Int32 = 1
}
