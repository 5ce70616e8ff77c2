import CSystemd
import GestureEngine
import SystemCalls

/// Tells systemd how the service is doing (Type=notify): READY, RELOADING, STOPPING and a status line.
/// Outside systemd (no NOTIFY_SOCKET) every call does nothing.
struct SystemdNotifier: Sendable {
    func notify(_ state: String) {
        _ = sd_notify(0, state)
    }
}

/// systemd's watchdog (WatchdogSec=): the loop says it is alive at most every half of WATCHDOG_USEC, from its
/// own turn, so that a loop stuck anywhere (a system call that never returns, a bug that spins) is restarted.
/// The next time to say it is a deadline on the loop's timer: an idle daemon wakes only that often, and only
/// when systemd watches it. Time is an input.
struct SystemdWatchdog {
    /// Nanoseconds between two notifications; nil when systemd watches nothing (WATCHDOG_USEC unset, or
    /// WATCHDOG_PID another process's, as sd_watchdog_enabled reads them).
    let interval: Int64?
    /// When the next notification is due; nil before the first (due at once).
    private(set) var next: Timestamp?

    init(interval: Int64?) { self.interval = interval }

    /// From the environment systemd gives the service.
    static func fromEnvironment() -> SystemdWatchdog {
        var usec: UInt64 = 0
        guard sd_watchdog_enabled(0, &usec) > 0, usec > 0 else { return SystemdWatchdog(interval: nil) }
        return SystemdWatchdog(interval: Int64(usec) * 1000 / 2)
    }

    /// When the loop must wake to say it is alive; nil: never.
    var deadline: Timestamp? { interval == nil ? nil : next ?? .zero }

    /// Whether to notify WATCHDOG=1 at `time`; the next is then due an interval later.
    mutating func isDue(at time: Timestamp) -> Bool {
        guard let interval, next.map({ $0 <= time }) ?? true else { return false }
        next = Timestamp(nanoseconds: time.nanoseconds + interval)
        return true
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
