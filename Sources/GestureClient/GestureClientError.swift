import Foundation

/// What went wrong, as the daemon says it (`code`: `access_denied`, `limit_reached`, `invalid_recognizer`, ... in
/// docs/protocol.md) or as the client found it (`not_running`, `connection_closed`, `malformed_line`).
public struct GestureClientError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    static func malformed(_ what: String, _ line: [String: Any]) -> GestureClientError {
        GestureClientError(code: "malformed_line", message: "\(what) in \(line)")
    }

    static let closed = GestureClientError(code: "connection_closed", message: "the daemon closed the connection")
}
