/// Hyprland's event socket (`.socket2.sock` beside the request socket; the Hyprland wiki, IPC): a line an event,
/// `activewindow>>CLASS,TITLE` whenever the focus moves, to no window too.
final class HyprlandChanges: FocusChanges {
    private let socket: IPCSocket
    private var pending: [UInt8] = []

    init(socketPath: String, timeout: Duration) throws(IPCFailure) {
        socket = try IPCSocket(path: socketPath, timeout: timeout)
    }

    /// The event socket beside the request socket.
    static func path(besideRequestSocket request: String) -> String {
        String(request.dropLast(".socket.sock".count)) + ".socket2.sock"
    }

    func next(stopping: Int32) -> FocusChange? {
        while true {
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = pending[..<newline]
                pending.removeFirst(newline + 1)
                if line.starts(with: Array("activewindow>>".utf8)) { return .ask }
            }
            // A line longer than any event is not Hyprland's.
            guard pending.count < 1 << 20, let bytes = socket.nextBytes(stopping: stopping) else { return nil }
            pending += bytes
        }
    }
}
