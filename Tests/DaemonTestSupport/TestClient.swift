import Foundation
import GestureProtocol
import SystemCalls
import Glibc

/// A protocol client on a real socket, with timeouts so a test fails instead of hanging.
public final class TestClient {
    public private(set) var fd: Int32
    private var buffer: [UInt8] = []

    public init(path: String, hello: Bool = true) throws {
        do {
            fd = try UnixSocketConnection.connect(to: path).rawValue
        } catch {
            // deinit runs for an instance whose init throws once it is initialized: nothing to close there.
            fd = -1
            throw TestFailure("\(error)")
        }
        if hello {
            let reply = try request(["type": "hello", "version": 1, "client": "test"])
            guard reply["type"] as? String == "hello" else { throw TestFailure("hello refused: \(reply)") }
        }
    }

    deinit { disconnect() }

    /// Closes the connection once: a second close could close another test's descriptor with the same number.
    public func disconnect() {
        if fd >= 0 { close(fd) }
        fd = -1
    }

    public func sendRaw(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw TestFailure("send: \(String(cString: strerror(errno)))") }
            sent += n
        }
    }

    public func send(_ object: [String: Any]) throws {
        try sendRaw(Array(try JSONSerialization.data(withJSONObject: object)) + [UInt8(ascii: "\n")])
    }

    /// The next line, or nil when the daemon closed the connection; throws after `timeout` seconds of silence.
    public func line(timeout: Double = 10) throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(timeout * 1000))
            // Other tests' child processes end while this waits: their SIGCHLD interrupts the calls.
            if ready < 0 && errno == EINTR { continue }
            guard ready == 1 else { throw TestFailure("no line within \(timeout) s") }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = recv(fd, &chunk, chunk.count, 0)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw TestFailure("recv: \(String(cString: strerror(errno)))") }
            if n == 0 { return nil }
            buffer.append(contentsOf: chunk[..<n])
        }
    }

    public func message(timeout: Double = 10) throws -> [String: Any]? {
        guard let line = try line(timeout: timeout) else { return nil }
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw TestFailure("not a JSON object: \(line)")
        }
        return object
    }

    /// Sends a request and returns the first reply that is not an event.
    public func request(_ object: [String: Any]) throws -> [String: Any] {
        try send(object)
        while let m = try message() {
            let type = m["type"] as? String ?? ""
            if !["gesture", "touch", "device_added", "device_removed", "config_reloaded", "config_rejected"].contains(type) { return m }
        }
        throw TestFailure("the daemon closed the connection")
    }

    /// Every message until one satisfies `stop` (included).
    public func messages(until stop: ([String: Any]) -> Bool, timeout: Double = 10) throws -> [[String: Any]] {
        var seen: [[String: Any]] = []
        while let m = try message(timeout: timeout) {
            seen.append(m)
            if stop(m) { return seen }
        }
        throw TestFailure("the daemon closed the connection after \(seen.count) messages")
    }
}

extension [String: Any] {
    /// "recognizer state" of a gesture message, for comparing sequences.
    public var gestureSummary: String? {
        guard self["type"] as? String == "gesture" else { return nil }
        return "\(self["recognizer"] ?? "?") \(self["state"] ?? "?")"
    }
}
