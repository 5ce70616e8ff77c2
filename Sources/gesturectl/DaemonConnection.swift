import Foundation
import GestureProtocol
import Glibc
import SystemCalls
import SystemPackage

/// A blocking connection to the daemon's socket: send a request line, read reply and event lines.
final class DaemonConnection {
    private let fd: FileDescriptor
    private var buffer: [UInt8] = []
    let path: String

    init(path: String) throws(ClientError) {
        self.path = path
        do {
            fd = try UnixSocketConnection.connect(to: path)
        } catch {
            switch error.errno {
            case .fileNameTooLong:
                throw ClientError("socket path too long: \(path)")
            case .noSuchFileOrDirectory, .connectionRefused:
                throw ClientError("gestured is not running: nothing listens on \(path) (start it with `systemctl start gestured`, or `make run` in the source tree; --socket or GESTURED_SOCKET name another socket)")
            case .permissionDenied, .notPermitted:
                throw ClientError("access denied to \(path): the socket is for its group only; add your user to that group (`ls -l \(path)` shows it, usually gestured) and log in again")
            default:
                throw ClientError("cannot connect to \(path): \(error.errno)")
            }
        }
    }

    // Not run when init throws: the instance never had a descriptor.
    deinit { fd.closeReleasing() }

    func send(_ request: [String: Any]) throws(ClientError) {
        guard var data = try? JSONSerialization.data(withJSONObject: request) else { throw ClientError("cannot encode \(request)") }
        data.append(UInt8(ascii: "\n"))
        var sent = 0
        while sent < data.count {
            let n = try? systemCall("send", on: path) {
                data[sent...].withUnsafeBytes { Glibc.send(fd.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            guard let n, n > 0 else { throw ClientError("the daemon closed the connection") }
            sent += n
        }
    }

    /// The next line, without its newline; nil when the daemon closed the connection.
    func readLine() throws(ClientError) -> [UInt8]? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n: Int
            do {
                n = try systemCall("recv", on: path) { recv(fd.rawValue, &chunk, chunk.count, 0) }
            } catch {
                throw ClientError("reading from \(path): \(error.errno)")
            }
            guard n > 0 else { return nil }
            buffer.append(contentsOf: chunk[..<n])
        }
    }

    /// A line from the daemon, as sent and as fields.
    struct Message {
        var line: [UInt8]
        var fields: [String: JSONValue]
    }

    /// The next line as a JSON object.
    func readMessage() throws(ClientError) -> Message? {
        guard let line = try readLine() else { return nil }
        guard case .object(let fields)? = try? JSONValue.parse(Data(line)) else {
            throw ClientError("the daemon sent a line that is not a JSON object: \(String(decoding: line, as: UTF8.self))")
        }
        return Message(line: line, fields: fields)
    }

    /// Sends a request and returns its reply, skipping events that arrive first; an error reply throws.
    func request(_ request: [String: Any]) throws(ClientError) -> Message {
        var tagged = request
        let id = Int.random(in: 1...Int(Int32.max))
        tagged["id"] = id
        try send(tagged)
        while let message = try readMessage() {
            guard case .integer(id)? = message.fields["id"] else { continue }
            if case .string("error")? = message.fields["type"] { throw ClientError(errorText(message.fields)) }
            return message
        }
        throw ClientError("the daemon closed the connection")
    }

    func hello() throws(ClientError) {
        _ = try request(["type": "hello", "version": ProtocolVersion.current, "client": "gesturectl"])
    }

    private func errorText(_ message: [String: JSONValue]) -> String {
        var text = message["message"]?.text ?? "error"
        if case .array(let errors)? = message["errors"] { text += "\n" + errors.compactMap(\.text).joined(separator: "\n") }
        return text
    }
}

struct ClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
