import CGesturedInput
import Glibc

/// SIGINT and SIGTERM as a readable file descriptor (signalfd), so a loop can poll it with its devices
/// and stop cleanly (a recording ends complete).
public final class SignalStop {
    public let fd: Int32

    public init() throws(DeviceError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGINT)
        sigaddset(&mask, SIGTERM)
        sigprocmask(SIG_BLOCK, &mask, nil)
        fd = signalfd(-1, &mask, Int32(SFD_CLOEXEC))
        guard fd >= 0 else { throw DeviceError(call: "signalfd", device: "SIGINT/SIGTERM", code: errno) }
    }

    deinit { close(fd) }
}
