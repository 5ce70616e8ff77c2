import Glibc
import SystemCalls
import SystemPackage

/// A connection to a compositor's IPC socket whose every wait is bounded: connecting and sending by SO_SNDTIMEO,
/// reading by one deadline for the whole reply. A compositor that stops answering (Hyprland serves its socket on
/// its one thread) then costs a question `timeout`, never the program.
final class IPCSocket {
    let path: String
    private let fd: FileDescriptor
    private let timeout: Duration

    init(path: String, timeout: Duration) throws(IPCFailure) {
        self.path = path
        self.timeout = timeout
        do {
            fd = try UnixSocketConnection.connect(to: path, sendTimeout: timeout)
        } catch {
            throw IPCFailure.failed(Self.describe(error, doing: "connecting to \(path)", timeout: timeout))
        }
    }

    // Not run when init throws: the instance never had a descriptor.
    deinit { fd.closeReleasing() }

    func send(_ bytes: [UInt8]) throws(IPCFailure) {
        var sent = 0
        while sent < bytes.count {
            let n: Int
            do {
                n = try systemCall("send", on: path) {
                    bytes[sent...].withUnsafeBytes { Glibc.send(fd.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                }
            } catch where error.errno == .brokenPipe || error.errno == .connectionReset {
                throw .connectionLost("it closed the connection")
            } catch {
                throw .failed(Self.describe(error, doing: "sending", timeout: timeout))
            }
            sent += n
        }
    }

    /// A deadline for one reply: now and the timeout.
    func replyDeadline() -> ContinuousClock.Instant { .now + timeout }

    /// Exactly `count` bytes; `.connectionLost` when the other end closes first.
    func read(exactly count: Int, until deadline: ContinuousClock.Instant) throws(IPCFailure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = try readSome(into: &bytes, at: got, until: deadline)
            guard n > 0 else { throw .connectionLost("it closed the connection after \(got) of \(count) bytes") }
            got += n
        }
        return bytes
    }

    /// Everything until the other end closes, refused beyond `limit` bytes.
    func readToEnd(limit: Int, until deadline: ContinuousClock.Instant) throws(IPCFailure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 16_384)
        var got = 0
        while true {
            if got == bytes.count {
                guard bytes.count <= limit else { throw .failed("its reply is larger than the limit of \(limit) bytes") }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - bytes.count))
            }
            let n = try readSome(into: &bytes, at: got, until: deadline)
            guard n > 0 else { break }
            got += n
        }
        bytes.removeSubrange(got...)
        return bytes
    }

    /// What one receive gives once the socket is readable, waiting as long as it takes (an event stream's next
    /// event); nil at the end of the stream, on a failure, or once `stopping` is readable.
    func nextBytes(stopping: Int32) -> [UInt8]? {
        var watched = [pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0), pollfd(fd: stopping, events: Int16(POLLIN), revents: 0)]
        guard (try? systemCall("poll", on: path) { poll(&watched, 2, -1) }) != nil, watched[1].revents == 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 4096)
        guard let n = try? systemCall("recv", on: path, { bytes.withUnsafeMutableBytes { recv(fd.rawValue, $0.baseAddress, $0.count, 0) } }), n > 0
        else { return nil }
        return Array(bytes[..<n])
    }

    /// One read once the socket is readable; 0 at the end of the stream.
    private func readSome(into bytes: inout [UInt8], at offset: Int, until deadline: ContinuousClock.Instant) throws(IPCFailure) -> Int {
        let left = ContinuousClock.now.duration(to: deadline)
        let milliseconds = max(0, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
        var ready = pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0)
        let readable: Int32
        do {
            readable = try systemCall("poll", on: path) { poll(&ready, 1, milliseconds) }
        } catch {
            throw .failed(Self.describe(error, doing: "waiting for its reply", timeout: timeout))
        }
        guard readable > 0 else { throw .failed("no reply within \(timeout)") }
        do {
            return try systemCall("recv", on: path) {
                bytes.withUnsafeMutableBytes { recv(fd.rawValue, $0.baseAddress! + offset, $0.count - offset, 0) }
            }
        } catch where error.errno == .connectionReset {
            throw .connectionLost("it reset the connection")
        } catch {
            throw .failed(Self.describe(error, doing: "reading its reply", timeout: timeout))
        }
    }

    private static func describe(_ error: SystemCallError, doing what: String, timeout: Duration) -> String {
        switch error.errno {
        case .resourceTemporarilyUnavailable: "\(what) took longer than \(timeout)"
        case .noSuchFileOrDirectory: "\(what): no such socket"
        case .connectionRefused: "\(what): nothing listens there (the compositor has stopped?)"
        default: "\(what): \(error.call) failed: \(error.errno)"
        }
    }
}

/// Why a question over an IPC socket got no answer: `connectionLost` when the other end closed or reset a
/// connection kept from an earlier question (worth one new connection), `failed` otherwise.
enum IPCFailure: Error {
    case connectionLost(String)
    case failed(String)

    var message: String {
        switch self {
        case .connectionLost(let message), .failed(let message): message
        }
    }
}
