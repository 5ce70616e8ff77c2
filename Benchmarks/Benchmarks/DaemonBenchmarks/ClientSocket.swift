import Glibc

/// A non-blocking connection to the daemon for the load generator's poll loop: lines out (what the kernel does
/// not take yet waits here and goes out when poll says there is room), lines in.
struct ClientSocket {
    let fd: Int32
    private var output: [UInt8] = []
    private var input: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 16384)

    /// Connects without blocking; nil when the daemon's backlog is full or it is gone (the caller tries later).
    init?(path: String) {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            return nil
        }
        self.fd = fd
    }

    func close() { Glibc.close(fd) }

    var wantsToWrite: Bool { !output.isEmpty }

    /// Queues `bytes` and writes what the kernel takes; false when the connection is broken.
    mutating func send(_ bytes: [UInt8]) -> Bool {
        output.append(contentsOf: bytes)
        return flush()
    }

    mutating func send(_ line: String) -> Bool { send(Array((line + "\n").utf8)) }

    /// Writes what is queued as far as the kernel takes it; false when the connection is broken.
    mutating func flush() -> Bool {
        while !output.isEmpty {
            let sent = output.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if sent < 0 {
                if errno == EINTR { continue }
                return errno == EAGAIN || errno == EWOULDBLOCK
            }
            output.removeFirst(sent)
        }
        return true
    }

    /// Reads what there is, each complete line to `line`; false at the end of the stream or an error.
    mutating func receive(_ line: (ArraySlice<UInt8>) -> Void) -> Bool {
        while true {
            let got = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if got == 0 { return false }
            if got < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
            input.append(contentsOf: buffer[0..<got])
            var start = input.startIndex
            while let end = input[start...].firstIndex(of: UInt8(ascii: "\n")) {
                line(input[start..<end])
                start = end + 1
            }
            input.removeFirst(start)
        }
    }
}

/// What a line from the daemon is, read from its bytes (the daemon writes `type` first, and `code` in errors)
/// without decoding all of it: churning clients skip thousands of events.
enum ReplyLine {
    static func type(_ line: ArraySlice<UInt8>) -> String? { value(of: "type", in: line) }
    static func code(_ line: ArraySlice<UInt8>) -> String? { value(of: "code", in: line) }

    /// The first string value of `key`.
    private static func value(of key: String, in line: ArraySlice<UInt8>) -> String? {
        let pattern = Array("\"\(key)\":\"".utf8)
        guard let start = line.indices.first(where: { line[$0...].starts(with: pattern) }) else { return nil }
        let from = start + pattern.count
        guard let end = line[from...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: line[from..<end], as: UTF8.self)
    }
}
