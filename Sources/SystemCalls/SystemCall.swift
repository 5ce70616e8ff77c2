import Glibc
import SystemPackage

// The one funnel through which gestured makes system calls, as swift-system and swift-nio have theirs: EINTR is
// retried here and nowhere else, EAGAIN on a non-blocking descriptor is "nothing now" rather than an error, and
// every other failure becomes a SystemCallError naming the call and its subject. A call site states what it
// calls and on what; it never reads errno itself. The subject is an autoclosure: a path or a name is only made
// into a String when the call failed, so the funnel costs nothing on the per-frame paths (recv, send, poll).

/// `body`, a C call that returns -1 and sets errno when it fails, made again while it is interrupted (EINTR).
/// `retryingInterrupts: false` throws EINTR instead, for a wait whose timeout the caller must work out again.
@inlinable
public func systemCall<Result: FixedWidthInteger>(
    _ call: StaticString, on subject: @autoclosure () -> String, retryingInterrupts: Bool = true, _ body: () -> Result
) throws(SystemCallError) -> Result {
    while true {
        let result = body()
        guard result == -1 else { return result }
        let errno = Errno(rawValue: Glibc.errno)
        if errno == .interrupted && retryingInterrupts { continue }
        throw SystemCallError("\(call)", on: subject(), errno)
    }
}

/// `systemCall` on a non-blocking descriptor: nil when the call would have to wait (EAGAIN, EWOULDBLOCK).
@inlinable
public func nonBlockingCall<Result: FixedWidthInteger>(
    _ call: StaticString, on subject: @autoclosure () -> String, _ body: () -> Result
) throws(SystemCallError) -> Result? {
    do {
        return try systemCall(call, on: subject(), body)
    } catch where error.errno == .resourceTemporarilyUnavailable || error.errno == .wouldBlock {
        return nil
    }
}

/// `body`, a library call that returns a negative errno when it fails (libevdev, libudev, sd-daemon), made
/// again while that is EINTR; its non-negative result otherwise.
@inlinable
public func negativeErrnoCall(
    _ call: StaticString, on subject: @autoclosure () -> String, _ body: () -> Int32
) throws(SystemCallError) -> Int32 {
    while true {
        let result = body()
        guard result < 0 else { return result }
        if result == -EINTR { continue }
        throw SystemCallError("\(call)", on: subject(), Errno(rawValue: -result))
    }
}

/// `body`, a library call that returns a pointer, or NULL and sets errno when it fails (udev_new and its kind).
@inlinable
public func pointerCall<Pointer>(
    _ call: StaticString, on subject: @autoclosure () -> String, _ body: () -> Pointer?
) throws(SystemCallError) -> Pointer {
    guard let pointer = body() else {
        // Some of these leave errno at 0 when they fail for want of memory.
        let errno = Glibc.errno
        throw SystemCallError("\(call)", on: subject(), Errno(rawValue: errno == 0 ? ENOMEM : errno))
    }
    return pointer
}
