import CGesturedInput
import Glibc

/// Signals as a readable file descriptor (signalfd), so a loop polls them with its devices and handles them in
/// its own time: a recording ends complete, a reload happens between two frames. No handler, no other thread.
///
/// The signals are blocked in the creating thread, and so in every thread it starts afterwards: create the reader
/// before starting any thread, or one of those may take a signal with its default action (exit).
public final class SignalReader {
    public let fd: Int32

    public init(_ signals: [Int32]) throws(DeviceError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        sigprocmask(SIG_BLOCK, &mask, nil)
        fd = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else { throw DeviceError(call: "signalfd", device: "signals", code: errno) }
    }

    deinit { close(fd) }

    /// The signals received since the last call, in order.
    public func read() -> [Int32] {
        var received: [Int32] = []
        var info = signalfd_siginfo()
        while Glibc.read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            received.append(Int32(info.ssi_signo))
        }
        return received
    }
}
