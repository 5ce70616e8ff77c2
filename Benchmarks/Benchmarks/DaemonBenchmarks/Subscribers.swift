import Foundation
import GestureProtocol
import Glibc
import Histogram
import SystemCalls

/// Connections that subscribed to a daemon, read by one thread per core with poll(2), as separate client
/// processes would be. Each event line's latency is the time it was read (CLOCK_MONOTONIC, taken as soon as its
/// bytes arrive) minus its `time` field, the time its frame entered the daemon's input layer (the daemon's clock is
/// the same CLOCK_MONOTONIC).
final class Subscribers {
    let fds: [Int32]
    private let readers: [Reader]

    /// `keepSamples` keeps every event's time and read time too (`samples`), for analysis after the run.
    init(count: Int, socket: String, events classes: [String], keepSamples: Bool = false) throws {
        var fds: [Int32] = []
        // A failure part-way leaves nothing open.
        var connected = false
        defer { if !connected { fds.forEach { close($0) } } }
        for i in 0..<count {
            let fd = try Self.connect(socket)
            try Self.request(fd, ["type": "hello", "version": 1, "client": "bench-\(i)"], expect: "hello")
            fds.append(fd)
        }
        // Subscribed all at once, replies read with the events: a replay starts a second after the first
        // subscription, and no subscriber may wait unread while the others subscribe.
        for fd in fds {
            try Self.send(fd, ["type": "subscribe", "events": classes])
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        let threads = max(1, min(fds.count, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        readers = (0..<threads).map { t in
            Reader(fds: Swift.stride(from: t, to: count, by: threads).map { fds[$0] }, keepSamples: keepSamples)
        }
        self.fds = fds
        connected = true
    }

    deinit { fds.forEach { close($0) } }

    /// Every reader reads until `deadline` (CLOCK_MONOTONIC nanoseconds), each on its own thread, while this
    /// thread calls `sample` at each of `samples` (CLOCK_MONOTONIC nanoseconds): the readers never pause.
    func read(until deadline: Int64, samples: [Int64] = [], _ sample: () -> Void = {}) {
        let done = DispatchSemaphore(value: 0)
        for reader in readers {
            Thread {
                reader.read(until: deadline)
                done.signal()
            }.start()
        }
        for time in samples {
            let wait = time - monotonicNanoseconds()
            if wait > 0 { usleep(UInt32(wait / 1000)) }
            sample()
        }
        for _ in readers { done.wait() }
    }

    /// End-to-end latency of every event line so far, in nanoseconds.
    var latency: Histogram<UInt64> {
        var all = Reader.histogram()
        for reader in readers { all.add(reader.latency) }
        return all
    }

    /// Event lines read, per connection.
    var counts: [Int] { readers.flatMap(\.counts) }

    /// Only events whose time is before this (CLOCK_MONOTONIC nanoseconds) are counted, so that connections
    /// stopped at slightly different moments of a continuous replay can be compared.
    func count(before time: Int64) { readers.forEach { $0.countBefore = time } }

    /// Connections the daemon closed.
    var closed: Int { readers.map(\.closed).reduce(0, +) }

    /// Every event read, when kept.
    var samples: [EventSample] { readers.flatMap(\.samples) }
}

/// One event line: its `time` (when its frame entered the daemon) and when a subscriber read it, both
/// CLOCK_MONOTONIC nanoseconds.
struct EventSample {
    var time: Int64
    var read: Int64
}

/// Some of the connections, read on one thread.
final class Reader: @unchecked Sendable {
    let fds: [Int32]
    /// Per connection, in the order of `fds`: bytes of a line not ended yet, and event lines read.
    private var pending: [[UInt8]]
    private(set) var counts: [Int]
    private(set) var latency = Reader.histogram()
    private let keepSamples: Bool
    private(set) var samples: [EventSample] = []
    var countBefore = Int64.max
    private(set) var closed = 0

    static func histogram() -> Histogram<UInt64> { Histogram(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three) }

    init(fds: [Int32], keepSamples: Bool) {
        self.fds = fds
        self.keepSamples = keepSamples
        pending = fds.map { _ in [] }
        counts = fds.map { _ in 0 }
    }

    /// Reads whatever arrives until `deadline` (CLOCK_MONOTONIC nanoseconds).
    func read(until deadline: Int64) {
        var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = deadline - monotonicNanoseconds()
            if left <= 0 { return }
            guard poll(&polled, nfds_t(polled.count), Int32(min(left / 1_000_000 + 1, 1000))) > 0 else { continue }
            for index in polled.indices where polled[index].revents != 0 {
                while true {
                    let got = recv(polled[index].fd, &buffer, buffer.count, 0)
                    if got == 0 {
                        // Closed by the daemon: counted, and no longer polled.
                        closed += 1
                        polled[index].fd = -1
                    }
                    if got <= 0 { break }
                    let now = monotonicNanoseconds()
                    buffer.withUnsafeBufferPointer { take(index, UnsafeBufferPointer(rebasing: $0[0..<got]), at: now) }
                }
            }
        }
    }

    /// The bytes of one recv, read at `now`: each line they end is timed by it. Byte scanning only: the reader's
    /// own cost is part of what it measures.
    private func take(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, at now: Int64) {
        var start = 0
        for i in 0..<bytes.count where bytes[i] == UInt8(ascii: "\n") {
            if pending[index].isEmpty {
                record(index, UnsafeBufferPointer(rebasing: bytes[start..<i]), at: now)
            } else {
                pending[index].append(contentsOf: bytes[start..<i])
                pending[index].withUnsafeBufferPointer { record(index, $0, at: now) }
                pending[index].removeAll(keepingCapacity: true)
            }
            start = i + 1
        }
        pending[index].append(contentsOf: bytes[start...])
    }

    private func record(_ index: Int, _ line: UnsafeBufferPointer<UInt8>, at now: Int64) {
        guard let time = Self.eventTime(line) else { return }
        _ = latency.record(UInt64(max(0, now - time)))
        if keepSamples { samples.append(EventSample(time: time, read: now)) }
        if time < countBefore { counts[index] += 1 }
    }

    private static let gesturePrefix = Array("{\"type\":\"gesture\"".utf8)
    private static let touchPrefix = Array("{\"type\":\"touch\"".utf8)
    private static let timeKey = Array("\"time\":".utf8)

    /// The `time` of a gesture or touch line (seconds with microseconds), in nanoseconds; nil for other lines.
    static func eventTime(_ line: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard line.starts(with: gesturePrefix) || line.starts(with: touchPrefix) else { return nil }
        var i = 0
        search: while i + timeKey.count <= line.count {
            for k in 0..<timeKey.count where line[i + k] != timeKey[k] {
                i += 1
                continue search
            }
            break
        }
        i += timeKey.count
        var micros: Int64 = 0, fraction = -1
        while i < line.count {
            let c = line[i]
            if c == UInt8(ascii: ".") {
                fraction = 0
            } else if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                micros = micros * 10 + Int64(c - UInt8(ascii: "0"))
                if fraction >= 0 { fraction += 1 }
            } else {
                break
            }
            i += 1
        }
        guard i > 0, fraction <= 6 else { return nil }
        for _ in 0..<(6 - max(fraction, 0)) { micros *= 10 }
        return micros * 1000
    }

}

extension Subscribers {
    static func send(_ fd: Int32, _ object: [String: Any]) throws {
        var data = try JSONSerialization.data(withJSONObject: object)
        data.append(UInt8(ascii: "\n"))
        let sent = data.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == data.count else { throw BenchmarkError("cannot send to the daemon: \(String(cString: strerror(errno)))") }
    }

    static func connect(_ socket: String) throws -> Int32 {
        do {
            return try UnixSocketConnection.connect(to: socket).rawValue
        } catch {
            throw BenchmarkError("\(error)")
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
