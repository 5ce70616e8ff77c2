import Glibc
import SystemPackage

extension FileDescriptor {
    /// Sets O_NONBLOCK, keeping the descriptor's other status flags.
    public func setNonBlocking() throws(SystemCallError) {
        let flags = try systemCall("fcntl(F_GETFL)", on: "descriptor \(rawValue)") { fcntl(rawValue, F_GETFL) }
        _ = try systemCall("fcntl(F_SETFL)", on: "descriptor \(rawValue)") { fcntl(rawValue, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Closes the descriptor, for an owner's deinit: the kernel releases it even when close reports an error
    /// (on Linux it is never to be closed again), so there is nothing to retry and nothing to do.
    public func closeReleasing() {
        try? close()
    }
}
