import Glibc
import SystemPackage

/// Stream sockets at a path: what a client does to reach the daemon, what the daemon does to see whether
/// another daemon still answers there, and the daemon's own listening socket.
public enum UnixSocketConnection {
    /// A connected descriptor (the caller closes it). A path too long for sockaddr_un fails with ENAMETOOLONG.
    /// `sendTimeout` bounds the connect and each send (SO_SNDTIMEO; EAGAIN when it passes): a server that stops
    /// accepting fills its listen backlog, and a connect beyond it waits for room.
    public static func connect(to path: String, sendTimeout: Duration? = nil) throws(SystemCallError) -> FileDescriptor {
        try withSocket(at: path) { fd, address, length throws(SystemCallError) in
            if let sendTimeout {
                let (seconds, attoseconds) = sendTimeout.components
                var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
                _ = try systemCall("setsockopt(SO_SNDTIMEO)", on: path) {
                    setsockopt(fd.rawValue, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
                }
            }
            _ = try systemCall("connect", on: path) { Glibc.connect(fd.rawValue, address, length) }
        }
    }

    /// A non-blocking descriptor listening at `path`, which must not exist.
    public static func listen(at path: String, backlog: Int32) throws(SystemCallError) -> FileDescriptor {
        try withSocket(at: path) { fd, address, length throws(SystemCallError) in
            _ = try systemCall("bind", on: path) { Glibc.bind(fd.rawValue, address, length) }
            _ = try systemCall("listen", on: path) { Glibc.listen(fd.rawValue, backlog) }
            try fd.setNonBlocking()
        }
    }

    /// A new socket, and `use` applied to it and the path's address; the socket is closed when `use` fails.
    private static func withSocket(
        at path: String, _ use: (FileDescriptor, UnsafePointer<sockaddr>, socklen_t) throws(SystemCallError) -> Void
    ) throws(SystemCallError) -> FileDescriptor {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw SystemCallError("socket", on: path, .fileNameTooLong)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let fd = FileDescriptor(
            rawValue: try systemCall("socket", on: path) { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) })
        do {
            try withUnsafePointer(to: &address) { (pointer) throws(SystemCallError) in
                try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (address) throws(SystemCallError) in
                    try use(fd, address, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        } catch {
            fd.closeReleasing()
            throw error
        }
        return fd
    }
}
