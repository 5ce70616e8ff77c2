import CGesturedInput
import GestureEngine
import Glibc
import SystemCalls
import SystemPackage

/// The loop's wake-up for its next deadline: a timerfd on CLOCK_MONOTONIC armed at the deadline itself, polled
/// with the devices. The wait then needs no clock read to work out a timeout, and wakes at the deadline (a
/// timeout worked out from the turn's one clock reading would wake late by the turn's own work). Armed again only
/// when the deadline changes, and disarmed when there is none, so an idle loop makes no wake-ups.
public final class DeadlineTimer {
    public let fd: FileDescriptor
    /// What the timer is set to; nil when disarmed, or once it fired and was read.
    private var armed: Timestamp?

    public init() throws(SystemCallError) {
        fd = FileDescriptor(
            rawValue: try systemCall("timerfd_create", on: "the deadline timer") {
                timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
            })
    }

    deinit { fd.closeReleasing() }

    /// The descriptor becomes readable at `deadline` (at once when it has passed); nil: never. Setting the timer
    /// also forgets an expiry not yet read.
    public func arm(at deadline: Timestamp?) throws(SystemCallError) {
        guard deadline != armed else { return }
        armed = deadline
        var setting = itimerspec()
        if let deadline {
            // A zero time would disarm it: a deadline at the clock's very start is due at once all the same.
            let ns = max(deadline.nanoseconds, 1)
            setting.it_value = timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))
        }
        _ = try systemCall("timerfd_settime", on: "the deadline timer") {
            timerfd_settime(fd.rawValue, Int32(TFD_TIMER_ABSTIME), &setting, nil)
        }
    }

    /// It fired (poll found the descriptor readable): the expiry is read, so that it stops being readable, and
    /// the next `arm` sets the timer whatever its deadline.
    public func fired() {
        var expirations: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &expirations) { try? fd.read(into: $0) }
        armed = nil
    }
}
