import Foundation

/// sway's window and workspace events (sway-ipc(7), SUBSCRIBE and EVENTS: `focus`, `new`, `close`, `title`, ... of
/// a window; `focus` of a workspace, an empty one too, which no window event tells), on a connection subscribed to
/// them alone.
final class SwayChanges: FocusChanges {
    private let socket: IPCSocket
    private var pending: [UInt8] = []

    init(socketPath: String, timeout: Duration) throws(IPCFailure) {
        socket = try IPCSocket(path: socketPath, timeout: timeout)
        try socket.send(SwayMessage.encode(type: SwayMessage.subscribe, payload: Array(#"["window","workspace"]"#.utf8)))
        let deadline = socket.replyDeadline()
        let header = try socket.read(exactly: SwayMessage.headerSize, until: deadline)
        let length: Int
        do {
            length = try SwayMessage.payloadLength(header: header, replyTo: SwayMessage.subscribe, limit: 4096)
        } catch {
            throw .failed("sway sent \(error.message)")
        }
        let reply = try socket.read(exactly: length, until: deadline)
        guard String(decoding: reply, as: UTF8.self).replacingOccurrences(of: " ", with: "").contains(#""success":true"#) else {
            throw .failed("sway refused to subscribe to window and workspace events: \(String(decoding: reply.prefix(200), as: UTF8.self))")
        }
    }

    func next(stopping: Int32) -> FocusChange? {
        while true {
            if pending.count >= SwayMessage.headerSize {
                let header = Array(pending[..<SwayMessage.headerSize])
                let limit = SwayFocus.replyLimit
                guard
                    let length = (try? SwayMessage.payloadLength(header: header, replyTo: SwayMessage.windowEvent, limit: limit))
                        ?? (try? SwayMessage.payloadLength(header: header, replyTo: SwayMessage.workspaceEvent, limit: limit))
                else { return nil }
                if pending.count >= SwayMessage.headerSize + length {
                    pending.removeFirst(SwayMessage.headerSize + length)
                    return .ask
                }
            }
            guard let bytes = socket.nextBytes(stopping: stopping) else { return nil }
            pending += bytes
        }
    }
}
