import GestureEngine
import Glibc

/// Now on CLOCK_MONOTONIC, the clock EvdevDevice has the kernel stamp events with: for moments that have no
/// event of their own, such as a device's removal.
public func monotonicNow() -> Timestamp {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Timestamp(nanoseconds: Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))
}
