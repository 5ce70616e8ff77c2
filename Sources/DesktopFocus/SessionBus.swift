import Glibc

/// A connection to the session bus, from scratch: the socket of DBUS_SESSION_BUS_ADDRESS, SASL EXTERNAL (the
/// bus knows this process's uid from the socket), Hello for a unique name, then method calls and their replies,
/// and the calls others make to this connection (a KWin script's callDBus) read and answered.
final class SessionBus {
    private(set) var uniqueName = ""
    private let socket: IPCSocket
    private var serial: UInt32 = 0
    /// Calls to this connection that came while something else was awaited (receive), at most `keptCalls`.
    private var calls: [SessionBusMessage] = []
    static let keptCalls = 16
    /// Every message here is small (a script's path, a window's names); one beyond this is refused.
    static let messageLimit = 1 << 20

    init(address: String, timeout: Duration) throws(SessionBusError) {
        let path = try Self.socketPath(address)
        let answer: String
        do {
            socket = try IPCSocket(path: path, timeout: timeout)
            // A NUL byte first (for credentials passing), then the SASL exchange in lines (dbus-specification,
            // Authentication Protocol): EXTERNAL with the uid in hexadecimal ASCII.
            let uid = String(getuid()).utf8.map { String($0, radix: 16) }.joined()
            try socket.send([0] + Array("AUTH EXTERNAL \(uid)\r\n".utf8))
            answer = try readLine()
            if answer.hasPrefix("OK ") { try socket.send(Array("BEGIN\r\n".utf8)) }
        } catch {
            throw SessionBusError("\(path): \(error.message)")
        }
        guard answer.hasPrefix("OK ") else { throw SessionBusError("\(path): the bus refused authentication: \(answer)") }
        let hello = try call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "Hello")
        guard case .string(let name)? = hello.first else { throw SessionBusError("Hello's reply has no unique name") }
        uniqueName = name
    }

    /// The socket's path: `unix:path=...`, the first of several addresses that is one (`;` between them).
    static func socketPath(_ address: String) throws(SessionBusError) -> String {
        for entry in address.split(separator: ";") where entry.hasPrefix("unix:") {
            for pair in entry.dropFirst(5).split(separator: ",") where pair.hasPrefix("path=") {
                return unescape(String(pair.dropFirst(5)))
            }
        }
        throw SessionBusError("no unix:path= address in \"\(address)\" (abstract sockets and TCP are not supported)")
    }

    /// %XX escapes of an address's value (dbus-specification, Server Addresses).
    private static func unescape(_ value: String) -> String {
        var bytes: [UInt8] = []
        var rest = Substring(value).utf8[...]
        while let first = rest.first {
            if first == UInt8(ascii: "%"), rest.count >= 3, let byte = UInt8(String(decoding: rest.dropFirst().prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(byte)
                rest = rest.dropFirst(3)
            } else {
                bytes.append(first)
                rest = rest.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func readLine() throws(IPCFailure) -> String {
        var line: [UInt8] = []
        let deadline = socket.replyDeadline()
        while !line.suffix(2).elementsEqual([13, 10]) {
            guard line.count < 512 else { throw .failed("the bus's authentication line is longer than 512 bytes") }
            line += try socket.read(exactly: 1, until: deadline)
        }
        return String(decoding: line.dropLast(2), as: UTF8.self)
    }

    private func nextSerial() -> UInt32 {
        serial = serial == UInt32.max ? 1 : serial + 1
        return serial
    }

    /// A method call and its reply's body; an error reply is thrown with its name and message. What comes before the
    /// reply is dealt with as `receive` says.
    @discardableResult
    func call(destination: String, path: String, interface: String, member: String, _ body: [SessionBusMessage.Value] = [])
        throws(SessionBusError) -> [SessionBusMessage.Value]
    {
        var message = SessionBusMessage(kind: .methodCall, serial: nextSerial())
        (message.destination, message.path, message.interface, message.member, message.body) = (destination, path, interface, member, body)
        let reply: SessionBusMessage
        do {
            try send(message)
            reply = try receive { $0.replySerial == message.serial && ($0.kind == .methodReturn || $0.kind == .error) }
        } catch {
            throw SessionBusError("\(interface).\(member) on \(path): \(error.message)")
        }
        guard reply.kind == .methodReturn else {
            let text = if case .string(let text)? = reply.body.first { text } else { "" }
            throw SessionBusError("\(interface).\(member) on \(path) failed: \(reply.errorName ?? "an error") \(text)")
        }
        return reply.body
    }

    /// The first message `wanted` takes, within the timeout: among the calls made to this connection that came while
    /// something else was waited for, then from the socket. A call can come before the reply awaited (a script's
    /// callDBus, sent while KWin evaluates it, before its run() is answered): such calls are kept, the last
    /// `keptCalls`, and an older one is answered with an empty reply and dropped. Other messages are dropped.
    func receive(_ wanted: (SessionBusMessage) -> Bool) throws(SessionBusError) -> SessionBusMessage {
        if let kept = calls.firstIndex(where: wanted) { return calls.remove(at: kept) }
        let deadline = socket.replyDeadline()
        while true {
            let fixed: [UInt8]
            do { fixed = try socket.read(exactly: SessionBusMessage.fixedHeaderSize, until: deadline) } catch { throw SessionBusError(error.message) }
            let length = try SessionBusMessage.length(fixedHeader: fixed, limit: Self.messageLimit)
            let rest: [UInt8]
            do { rest = try socket.read(exactly: length - fixed.count, until: deadline) } catch { throw SessionBusError(error.message) }
            let message = try SessionBusMessage(decoding: fixed + rest)
            if wanted(message) { return message }
            guard message.kind == .methodCall else { continue }
            calls.append(message)
            if calls.count > Self.keptCalls { try answer(calls.removeFirst()) }
        }
    }

    /// An empty reply to a call made to this connection.
    func answer(_ call: SessionBusMessage) throws(SessionBusError) {
        guard call.flags & 1 == 0, let sender = call.sender else { return }
        var reply = SessionBusMessage(kind: .methodReturn, serial: nextSerial())
        reply.flags = 1
        (reply.replySerial, reply.destination) = (call.serial, sender)
        try send(reply)
    }

    private func send(_ message: SessionBusMessage) throws(SessionBusError) {
        do { try socket.send(message.encoded()) } catch { throw SessionBusError(error.message) }
    }
}
