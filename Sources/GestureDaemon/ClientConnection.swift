import Glibc
import SystemCalls
import SystemPackage

/// One client's socket on the input thread: request lines split from what it sends, and what the core sends it,
/// written at once when the kernel takes it and queued (up to a bound) when it does not.
final class ClientConnection {
    let id: ClientID
    let fd: FileDescriptor
    /// Received bytes not yet ended by a newline.
    private var input: [UInt8] = []
    /// Bytes for the client that the kernel has not taken yet, from `written` on (every line is appended: unchecked,
    /// as in DeviceSession).
    @exclusivity(unchecked) private var output: [UInt8] = []
    private var written = 0
    /// Sent something during the current frame: written at its end.
    var scheduled = false
    /// Request lines read but not yet handed to the core: the socket is not read again until they are.
    var waitingLines = 0

    init(id: ClientID, fd: FileDescriptor) {
        self.id = id
        self.fd = fd
    }

    deinit { fd.closeReleasing() }

    var queuedBytes: Int { output.count - written }

    enum ReadOutcome: Equatable {
        case open
        case closed(reason: String)
        case lineTooLong
    }

    /// One receive's worth (up to the scratch buffer) of what the socket has, as lines (without the newline or a
    /// trailing CR) to `line`. One receive a turn: a client that sends without pause is read again on the next
    /// turn of the loop, after the input that came meanwhile, instead of holding the loop for as long as it sends.
    func read(into scratch: inout [UInt8], maximumLine: Int, _ line: (ArraySlice<UInt8>) -> Void) -> ReadOutcome {
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
        var start = 0
        for i in 0..<got where scratch[i] == UInt8(ascii: "\n") {
            input.append(contentsOf: scratch[start..<i])
            start = i + 1
            guard input.count <= maximumLine else { return .lineTooLong }
            let end = input.last == UInt8(ascii: "\r") ? input.count - 1 : input.count
            line(input[0..<end])
            input.removeAll(keepingCapacity: true)
        }
        input.append(contentsOf: scratch[start..<got])
        // A line that has not ended within the limit never will: no unbounded buffering.
        if input.count > maximumLine { return .lineTooLong }
        return .open
    }

    func enqueue(_ bytes: UnsafeBufferPointer<UInt8>) { output.append(contentsOf: bytes) }

    /// Writes what is queued as far as the kernel takes it; throws when the connection is broken.
    func write() throws(SystemCallError) {
        while written < output.count {
            let sent = try nonBlockingCall("send", on: "client \(id)") {
                output.withUnsafeBytes { send(fd.rawValue, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            }
            guard let sent else { break }
            written += sent
        }
        if written == output.count {
            output.removeAll(keepingCapacity: true)
            written = 0
        } else if written > 65536, written * 2 > output.count {
            // Only once the sent part outweighs what is left: each byte is then moved at most once on average,
            // where moving the rest after every partial send costs a slow client's whole queue each time.
            output.removeFirst(written)
            written = 0
        }
    }
}
