import Foundation
import GestureProtocol

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

    /// The daemon's refusal, as it gave it (a refused configuration's errors each on a line of their own).
    public init(_ error: RequestError) {
        self.init(code: error.code, message: ([error.message] + error.errors).joined(separator: "\n"))
    }

    /// A reply of another type than the request's.
    static func unexpected(_ request: String) -> GestureClientError {
        GestureClientError(code: "malformed_line", message: "the daemon answered \(request) with another reply's type")
    }

    static let closed = GestureClientError(code: "connection_closed", message: "the daemon closed the connection")
}
