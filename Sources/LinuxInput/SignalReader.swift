import CGesturedInput
import Glibc
import SystemCalls
import SystemPackage

/// Signals as a readable file descriptor (signalfd), so a loop polls them with its devices and handles them in
/// its own time: a recording ends complete, a reload happens between two frames. No handler, no other thread.
///
/// The signals are blocked in the creating thread, and so in every thread it starts afterwards: create the reader
/// before starting any thread, or one of those may take a signal with its default action (exit).
public final class SignalReader {
    public let fd: FileDescriptor

    public init(_ signals: [Int32]) throws(SystemCallError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        // Unblocked, a signal would still take its default action (exit) before the descriptor is read.
        _ = try systemCall("sigprocmask", on: "signals") { sigprocmask(SIG_BLOCK, &mask, nil) }
        fd = FileDescriptor(
            rawValue: try systemCall("signalfd", on: "signals") { signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK)) })
    }

    deinit { fd.closeReleasing() }

    /// The signals received since the last call, in order. The descriptor is non-blocking: reading stops when
    /// nothing is left, or at an error (which leaves the signal pending, to be read on the next turn).
    public func read() -> [Int32] {
        var received: [Int32] = []
        var info = signalfd_siginfo()
        while let got = try? withUnsafeMutableBytes(of: &info, { try fd.read(into: $0) }), got == MemoryLayout<signalfd_siginfo>.size {
            received.append(Int32(info.ssi_signo))
        }
        return received
    }
}
