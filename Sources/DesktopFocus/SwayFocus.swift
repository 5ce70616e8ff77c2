import Foundation

/// sway, asked over its IPC socket (SWAYSOCK): GET_TREE, and the node with the focus. One connection is kept
/// between questions (it gets no events: it never subscribes) and made again when sway closed it.
public final class SwayFocus: FocusSource {
    public let socketPath: String
    let timeout: Duration
    private var socket: IPCSocket?
    /// A tree is a few kilobytes a window; a reply beyond this is not sway's.
    static let replyLimit = 16 << 20

    public init(socketPath: String, timeout: Duration = .seconds(1)) {
        self.socketPath = socketPath
        self.timeout = timeout
    }

    public var desktop: DesktopFocus.Desktop { .sway }
    public var description: String { "sway at \(socketPath)" }

    public func front() throws(FocusError) -> WindowIdentity? {
        let payload = try request(SwayMessage.getTree)
        let tree: SwayNode
        do {
            tree = try JSONDecoder().decode(SwayNode.self, from: Data(payload))
        } catch {
            throw FocusError(source: description, "GET_TREE's reply is not a tree of nodes: \(JSONProblem(error))")
        }
        return tree.focusedWindow?.identity
    }

    /// sway's IPC has no pointer position (GET_SEATS names only the seat's devices and focus).
    public func underPointer() throws(FocusError) -> WindowIdentity? {
        throw FocusError(
            source: description,
            "sway's IPC does not say where the pointer is, so the window under it is unknown; with focus_follows_mouse (sway's "
                + "default) the window in front is the one the pointer last entered")
    }

    /// The reply's payload, on the kept connection, or on a new one when sway had closed the kept one.
    private func request(_ type: UInt32) throws(FocusError) -> [UInt8] {
        let kept = socket != nil
        do {
            return try exchange(type)
        } catch .connectionLost where kept {
            do { return try exchange(type) } catch { throw FocusError(source: description, error.message) }
        } catch {
            throw FocusError(source: description, error.message)
        }
    }

    /// One message and its reply. Any failure drops the connection: a reply half read leaves the stream unframed.
    private func exchange(_ type: UInt32) throws(IPCFailure) -> [UInt8] {
        let connection: IPCSocket
        if let socket { connection = socket } else { connection = try IPCSocket(path: socketPath, timeout: timeout) }
        socket = nil
        try connection.send(SwayMessage.encode(type: type))
        let deadline = connection.replyDeadline()
        let header = try connection.read(exactly: SwayMessage.headerSize, until: deadline)
        let length: Int
        do {
            length = try SwayMessage.payloadLength(header: header, replyTo: type, limit: Self.replyLimit)
        } catch {
            throw .failed("sway sent \(error.message)")
        }
        let payload = try connection.read(exactly: length, until: deadline)
        socket = connection
        return payload
    }
}
