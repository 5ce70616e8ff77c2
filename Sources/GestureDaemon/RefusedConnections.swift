import GestureEngine
import Glibc
import SystemCalls
import SystemPackage

/// Connections refused when accepted (too many clients, too many for one user), kept a moment so that the refusal
/// is read. A client writes its hello as soon as it connects; closed at once, the refused connection makes that
/// write fail (EPIPE), and the client gives up without reading the error the daemon had written. So the error is
/// written, the connection's writing side shut (the client reads the error, then the end), and what the client
/// sends is read and thrown away until it closes, for at most a second and 64 KiB, before the descriptor is
/// closed. At most 32 linger at once: beyond that a refused connection is closed as soon as what it already sent
/// is thrown away. Time is an input.
struct RefusedConnections {
    struct Lingering {
        var fd: FileDescriptor
        var until: Timestamp
        var discarded: Int
    }

    /// Oldest first, so the first to expire is first.
    private(set) var lingering: [Lingering] = []

    static let capacity = 32
    static let linger: Int64 = 1_000_000_000
    static let discardLimit = 64 * 1024

    /// Writes `line` to a connection just accepted, shuts its writing side and keeps it to drain; closes it at once
    /// when it is already gone or there is no room. True when it was kept (its descriptor is then polled).
    mutating func refuse(_ fd: FileDescriptor, with line: [UInt8], at time: Timestamp, scratch: inout [UInt8]) -> Bool {
        // A new connection's socket buffer is empty: the line fits, or the client is gone.
        _ = try? nonBlockingCall("send", on: "a refused client") {
            line.withUnsafeBytes { send(fd.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        }
        _ = try? systemCall("shutdown", on: "a refused client") { shutdown(fd.rawValue, Int32(SHUT_WR)) }
        var entry = Lingering(fd: fd, until: Timestamp(nanoseconds: time.nanoseconds + Self.linger), discarded: 0)
        guard Self.drain(&entry, scratch: &scratch), lingering.count < Self.capacity else {
            fd.closeReleasing()
            return false
        }
        lingering.append(entry)
        return true
    }

    /// Poll found `fd` readable or hung up: what it sent is thrown away, and it is closed once it closes or has
    /// sent too much. Nil when `fd` is not one of these; else whether the set changed.
    mutating func ready(_ fd: Int32, scratch: inout [UInt8]) -> Bool? {
        guard let i = lingering.firstIndex(where: { $0.fd.rawValue == fd }) else { return nil }
        if Self.drain(&lingering[i], scratch: &scratch) { return false }
        lingering.remove(at: i).fd.closeReleasing()
        return true
    }

    /// Closes those whose second is over at `time`; true when any was.
    mutating func expire(at time: Timestamp) -> Bool {
        let due = lingering.prefix { $0.until <= time }.count
        guard due > 0 else { return false }
        for entry in lingering[..<due] { entry.fd.closeReleasing() }
        lingering.removeFirst(due)
        return true
    }

    var nextExpiry: Timestamp? { lingering.first?.until }

    mutating func closeAll() {
        for entry in lingering { entry.fd.closeReleasing() }
        lingering.removeAll()
    }

    /// Reads and throws away what the client sent so far; false when it closed, failed or sent too much.
    private static func drain(_ entry: inout Lingering, scratch: inout [UInt8]) -> Bool {
        while entry.discarded <= discardLimit {
            let got: Int?
            do {
                got = try nonBlockingCall("recv", on: "a refused client") {
                    scratch.withUnsafeMutableBytes { recv(entry.fd.rawValue, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                }
            } catch {
                return false
            }
            guard let got else { return true }
            if got == 0 { return false }
            entry.discarded += got
        }
        return false
    }
}
