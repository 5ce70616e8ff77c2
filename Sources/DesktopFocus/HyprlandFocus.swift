import Foundation

/// Hyprland, asked over its request socket: one request a connection, as Hyprland serves it (it reads the
/// request, writes the reply and closes; it serves the socket on its own thread, so no connection is kept open:
/// the Hyprland wiki warns that one left open freezes it until its 5 s timeout).
public final class HyprlandFocus: FocusSource {
    public let socketPath: String
    let timeout: Duration
    /// j/clients is about a kilobyte a window.
    static let replyLimit = 16 << 20

    public init(socketPath: String, timeout: Duration = .seconds(1)) {
        self.socketPath = socketPath
        self.timeout = timeout
    }

    public var desktop: DesktopFocus.Desktop { .hyprland }
    public var description: String { "Hyprland at \(socketPath)" }

    public func front() throws(FocusError) -> WindowIdentity? {
        try ask("j/activewindow", as: HyprlandWindow.self).identity
    }

    /// j/cursorpos, j/monitors and j/clients, worked out as HyprlandWindow.under says.
    public func underPointer() throws(FocusError) -> WindowIdentity? {
        let cursor = try ask("j/cursorpos", as: HyprlandCursor.self)
        let monitors = try ask("j/monitors", as: [HyprlandMonitor].self)
        let windows = try ask("j/clients", as: [HyprlandWindow].self)
        return HyprlandWindow.under(cursor, windows: windows, monitors: monitors)?.identity
    }

    private func ask<Reply: Decodable>(_ request: String, as: Reply.Type) throws(FocusError) -> Reply {
        let reply: [UInt8]
        do {
            let connection = try IPCSocket(path: socketPath, timeout: timeout)
            try connection.send(Array(request.utf8))
            reply = try connection.readToEnd(limit: Self.replyLimit, until: connection.replyDeadline())
        } catch {
            throw FocusError(source: description, "\(request): \(error.message)")
        }
        do {
            return try JSONDecoder().decode(Reply.self, from: Data(reply))
        } catch {
            // Hyprland answers what it cannot do in words ("unknown request"): those are the message.
            let text = String(decoding: reply.prefix(200), as: UTF8.self)
            throw FocusError(source: description, "\(request) answered \"\(text)\": \(JSONProblem(error))")
        }
    }
}
