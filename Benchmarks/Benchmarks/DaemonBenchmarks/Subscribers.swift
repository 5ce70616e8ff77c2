import Foundation
import GestureProtocol
import Glibc
import Histogram

/// Connections that subscribed to a daemon, read on one thread with poll(2). Each event line's latency is the time
/// it was read (CLOCK_MONOTONIC, taken as soon as its bytes arrive) minus its `time` field, the time its frame
/// entered the daemon's input layer (the daemon's clock is the same CLOCK_MONOTONIC).
final class Subscribers {
    private(set) var fds: [Int32] = []
    private var pending: [Int32: [UInt8]] = [:]
    /// Event lines read, per connection.
    private(set) var events: [Int32: Int] = [:]
    /// End-to-end latency of every event line, in nanoseconds.
    var latency = Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)

    init(count: Int, socket: String, events classes: [String]) throws {
        for i in 0..<count {
            let fd = try Self.connect(socket)
            try Self.request(fd, ["type": "hello", "version": 1, "client": "bench-\(i)"], expect: "hello")
            fds.append(fd)
            events[fd] = 0
        }
        // Subscribed all at once, replies read with the events: a replay starts a second after the first
        // subscription, and no subscriber may wait unread while the others subscribe.
        for fd in fds {
            try Self.send(fd, ["type": "subscribe", "events": classes])
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit { fds.forEach { close($0) } }

    /// Reads whatever arrives until `deadline` (CLOCK_MONOTONIC nanoseconds).
    func read(until deadline: Int64) {
        var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = deadline - monotonicNanoseconds()
            if left <= 0 { return }
            guard poll(&polled, nfds_t(polled.count), Int32(min(left / 1_000_000 + 1, 1000))) > 0 else { continue }
            for entry in polled where entry.revents != 0 {
                let fd = entry.fd
                while true {
                    let got = recv(fd, &buffer, buffer.count, 0)
                    if got <= 0 { break }
                    let now = monotonicNanoseconds()
                    take(fd, buffer[0..<got], at: now)
                }
            }
        }
    }

    private func take(_ fd: Int32, _ bytes: ArraySlice<UInt8>, at now: Int64) {
        var line = pending[fd] ?? []
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else {
                line.append(byte)
                continue
            }
            if let time = Self.eventTime(line) {
                _ = latency.record(UInt64(max(0, now - time)))
                events[fd, default: 0] += 1
            }
            line.removeAll(keepingCapacity: true)
        }
        pending[fd] = line
    }

    /// The `time` of a gesture or touch line, in nanoseconds; nil for other lines.
    static func eventTime(_ line: [UInt8]) -> Int64? {
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("{\"type\":\"gesture\"") || text.hasPrefix("{\"type\":\"touch\""),
            let range = text.range(of: "\"time\":")
        else { return nil }
        let number = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        return Double(number).map { Int64(($0 * 1e6).rounded()) * 1000 }
    }

    static func send(_ fd: Int32, _ object: [String: Any]) throws {
        var data = try JSONSerialization.data(withJSONObject: object)
        data.append(UInt8(ascii: "\n"))
        let sent = data.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == data.count else { throw BenchmarkError("cannot send to the daemon: \(String(cString: strerror(errno)))") }
    }

    static func connect(_ socket: String) throws -> Int32 {
        switch UnixSocketConnection.connect(to: socket) {
        case .success(let fd): return fd
        case .failure(let error): throw BenchmarkError("cannot connect to \(socket): \(error)")
        }
    }

    /// Sends a request on a blocking connection and reads its reply, which must be of type `expect`.
    @discardableResult
    static func request(_ fd: Int32, _ object: [String: Any], expect: String) throws -> [String: Any] {
        try send(fd, object)
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            guard recv(fd, &byte, 1, 0) == 1 else { throw BenchmarkError("the daemon closed the connection") }
            if byte == UInt8(ascii: "\n") {
                let reply = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] ?? [:]
                // Events may come before the reply on a connection that has subscribed already.
                if reply["type"] as? String == expect { return reply }
                if reply["type"] as? String == "error" { throw BenchmarkError("the daemon refused \(object): \(reply)") }
                line.removeAll()
            } else {
                line.append(byte)
            }
        }
    }
}

func monotonicNanoseconds() -> Int64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
}
