import Glibc

/// Stream sockets at a path: what a client does to reach the daemon, what the daemon does to see whether
/// another daemon still answers there, and the daemon's own listening socket.
public enum UnixSocketConnection {
    /// A connected descriptor (the caller closes it), or the errno of the failure. A path too long for
    /// sockaddr_un fails with ENAMETOOLONG.
    public static func connect(to path: String) -> Result<Int32, Errno> {
        withSocket(at: path) { fd, address, length in Glibc.connect(fd, address, length) }
    }

    /// A non-blocking descriptor listening at `path`, which must not exist.
    public static func listen(at path: String, backlog: Int32) -> Result<Int32, Errno> {
        withSocket(at: path) { fd, address, length in
            guard Glibc.bind(fd, address, length) == 0, Glibc.listen(fd, backlog) == 0 else { return -1 }
            return fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    /// A new socket, and `use` applied to it and the path's address; the socket is closed when `use` fails.
    private static func withSocket(at path: String, _ use: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Result<Int32, Errno> {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return .failure(Errno(ENAMETOOLONG)) }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(Errno(errno)) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { use(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result >= 0 else {
            let code = errno
            close(fd)
            return .failure(Errno(code))
        }
        return .success(fd)
    }

    /// An errno value, as an error.
    public struct Errno: Error, Equatable {
        public var code: Int32
        public init(_ code: Int32) { self.code = code }
        public var description: String { String(cString: strerror(code)) }
    }
}
