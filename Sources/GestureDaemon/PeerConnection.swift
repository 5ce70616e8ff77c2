import GestureCore
import Glibc
import SystemCalls
import SystemPackage

/// One client's socket on the input thread: what it sent, kept as bytes and handed out one request line at a
/// time as the core gets to it, and what the core sends it, written at once when the kernel takes it and queued
/// (up to a bound) when it does not.
///
/// Bounded work (docs/protocol.md, Limits and backpressure): the socket is read only when no complete line is
/// buffered, so the buffer holds at most one partial line (up to the line limit) and one receive; what else the
/// client sends waits in its own socket, and a client that sends faster than it is served is slowed by the
/// kernel, not held in the daemon's memory.
final class PeerConnection {
    let id: ClientID
    let fd: FileDescriptor
    let peer: PeerCredentials
    /// A peer daemon.control allows: not counted against max_clients_per_user, not held to the request rate.
    let trusted: Bool
    /// False once the server has dropped it: nothing it sent is handled any more.
    var isOpen = true
    /// The core has been told of it: its lines may go to the core.
    var announced = false
    /// Received bytes, handled up to `inputStart`; the search for the next newline goes on from `scanned`, and
    /// the bytes from `inputStart` to `blanksEnd` are known to be blanks without a newline.
    private var input: [UInt8] = []
    private var inputStart = 0
    private var scanned = 0
    private var blanksEnd = 0
    /// The end (the newline's index) of the request line at `inputStart`, found in what was received; nil: none
    /// complete yet.
    private var lineEnd: Int?
    /// Bytes for the client that the kernel has not taken yet, from `written` on (every line is appended: unchecked,
    /// as in DeviceSession).
    @exclusivity(unchecked) private var output: [UInt8] = []
    private var written = 0
    /// Sent something during the current frame: written at its end.
    var scheduled = false

    /// Buffers that grew beyond this (a flood, a large reply a slow client read late) are let go when they
    /// empty, so that memory comes back after a burst; below it they are kept, and a frame's lines allocate nothing.
    static let keptCapacity = 64 * 1024

    init(id: ClientID, fd: FileDescriptor, peer: PeerCredentials, trusted: Bool) {
        self.id = id
        self.fd = fd
        self.peer = peer
        self.trusted = trusted
    }

    deinit { fd.closeReleasing() }

    var queuedBytes: Int { output.count - written }
    /// A complete request line is buffered: the core has something of this client's to handle.
    var hasLine: Bool { lineEnd != nil }
    /// What the buffers hold on to, let go when the connection goes.
    var capacity: Int { input.capacity + output.capacity }

    enum ReceiveOutcome: Equatable {
        case open
        case closed(reason: String)
        case lineTooLong
    }

    /// One receive (up to the scratch buffer's size) added to what is buffered. Called only while no complete
    /// line is buffered. One receive a turn: a client that sends without pause is read again on a later turn,
    /// after the input that came meanwhile and the other clients' lines.
    func receive(into scratch: inout [UInt8], maximumLine: Int) -> ReceiveOutcome {
        let received: Int?
        do {
            received = try nonBlockingCall("recv", on: "client \(id)") {
                scratch.withUnsafeMutableBytes { recv(fd.rawValue, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            }
        } catch {
            return .closed(reason: "\(error.errno)")
        }
        guard let got = received else { return .open }
        if got == 0 { return .closed(reason: "closed by the client") }
        // What was handled goes first: what is left is one partial line at most.
        if inputStart > 0 {
            input.removeFirst(inputStart)
            scanned -= inputStart
            blanksEnd = max(blanksEnd - inputStart, 0)
            inputStart = 0
        }
        input.append(contentsOf: scratch[0..<got])
        findLine()
        // A line that has not ended within the limit never will: no unbounded buffering.
        if lineEnd.map({ $0 - inputStart > maximumLine }) ?? (input.count - inputStart > maximumLine) { return .lineTooLong }
        return .open
    }

    /// The buffered request line (without its newline or a trailing CR), or nil when none is complete; the next
    /// one is looked for at once. The slice keeps the bytes it refers to, whatever the buffer does afterwards.
    /// `released` hears of a buffer let go.
    func takeLine(released: (Int) -> Void) -> ArraySlice<UInt8>? {
        guard let end = lineEnd else { return nil }
        let line = input[inputStart..<(end > inputStart && input[end - 1] == UInt8(ascii: "\r") ? end - 1 : end)]
        inputStart = end + 1
        findLine()
        if inputStart == input.count, input.capacity > Self.keptCapacity {
            released(input.capacity)
            // A new empty array: the line handed out keeps the old storage until the core is done with it.
            input = []
            inputStart = 0
            scanned = 0
            blanksEnd = 0
        }
        return line
    }

    /// Skips blank lines (nothing but spaces, tabs and CRs before the newline: no request, no reply) and finds
    /// where the next line ends, looking only at bytes not looked at before: a long line, or a long run of
    /// blanks, that arrives in many receives is searched once.
    private func findLine() {
        // Through a pointer and locals: a flood of newlines is walked a byte at a time, and each access to the
        // buffer as a property was an exclusivity check (0.85 s of CPU for 8 MB of newlines in the debug build,
        // 0.11 s now).
        let (start, blanks, newline) = input.withUnsafeBufferPointer { bytes -> (Int, Int, Int?) in
            var start = inputStart
            var i = max(start, blanksEnd)
            while i < bytes.count {
                let byte = bytes[i]
                guard byte == 0x0A || byte == 0x0D || byte == 0x20 || byte == 0x09 else { break }
                if byte == 0x0A { start = i + 1 }
                i += 1
            }
            let from = max(scanned, start)
            guard from < bytes.count, let base = bytes.baseAddress, let found = memchr(base + from, 0x0A, bytes.count - from) else {
                return (start, i, nil)
            }
            return (start, i, base.distance(to: found.assumingMemoryBound(to: UInt8.self)))
        }
        inputStart = start
        blanksEnd = blanks
        scanned = newline ?? input.count
        lineEnd = newline
    }

    func enqueue(_ bytes: UnsafeBufferPointer<UInt8>) { output.append(contentsOf: bytes) }

    /// Writes what is queued as far as the kernel takes it; throws when the connection is broken. `released`
    /// hears of a buffer let go.
    func write(released: (Int) -> Void = { _ in }) throws(SystemCallError) {
        while written < output.count {
            let sent = try nonBlockingCall("send", on: "client \(id)") {
                output.withUnsafeBytes { send(fd.rawValue, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            }
            guard let sent else { break }
            written += sent
        }
        if written == output.count {
            if output.capacity > Self.keptCapacity {
                released(output.capacity)
                output = []
            } else {
                output.removeAll(keepingCapacity: true)
            }
            written = 0
        } else if written > 65536, written * 2 > output.count {
            // Only once the sent part outweighs what is left: each byte is then moved at most once on average,
            // where moving the rest after every partial send costs a slow client's whole queue each time.
            output.removeFirst(written)
            written = 0
        }
    }
}
