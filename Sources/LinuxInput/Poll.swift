import CGesturedInput
import Glibc
import SystemCalls

/// Waits up to `timeout` nanoseconds (nil: forever) until a descriptor of `set` is ready, setting their
/// `revents`. False when the wait timed out or a signal interrupted it: the caller works out its timeout again
/// (a wait made again with the old one would overrun a deadline by the time already waited).
public func waitForDescriptors(_ set: inout [pollfd], timeout: Int64?) throws(SystemCallError) -> Bool {
    do {
        let count = set.count
        return try systemCall("ppoll", on: "\(count) descriptors", retryingInterrupts: false) {
            gestured_poll_ns(&set, nfds_t(count), timeout ?? -1)
        } > 0
    } catch where error.errno == .interrupted {
        return false
    }
}
