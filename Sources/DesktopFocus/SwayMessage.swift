/// The framing of sway's IPC (sway-ipc(7), i3's before it): "i3-ipc", the payload's length and the message's type
/// as 32-bit integers in the machine's own byte order, then the payload (JSON for replies).
enum SwayMessage {
    static let magic = Array("i3-ipc".utf8)
    static let headerSize = 14
    /// The message types asked for (sway-ipc(7), MESSAGES AND REPLIES): the whole tree of outputs, workspaces and
    /// windows, each node with `focused`.
    static let getTree: UInt32 = 4
    /// SUBSCRIBE, with a JSON array of event names; its reply is `{"success": true}`, and the events follow on the
    /// connection, their type the event's number with the high bit set (`window` is 3).
    static let subscribe: UInt32 = 2
    static let windowEvent: UInt32 = 0x8000_0003
    /// A workspace's event (`focus` when another workspace is shown, an empty one too).
    static let workspaceEvent: UInt32 = 0x8000_0000

    static func encode(type: UInt32, payload: [UInt8] = []) -> [UInt8] {
        magic + withUnsafeBytes(of: UInt32(payload.count)) { Array($0) } + withUnsafeBytes(of: type) { Array($0) } + payload
    }

    /// The payload's length from a reply's header, checked: the magic, the type asked for (replies carry the
    /// request's type; events, which a connection gets only once it subscribes, have the high bit set) and
    /// `limit`, so that a wrong length cannot make the reader wait for gigabytes.
    static func payloadLength(header: [UInt8], replyTo type: UInt32, limit: Int) throws(SwayFramingError) -> Int {
        guard header.count == headerSize, Array(header[..<magic.count]) == magic else {
            throw SwayFramingError("a reply that does not start with \"i3-ipc\"")
        }
        let (length, replyType) = header.withUnsafeBytes {
            ($0.loadUnaligned(fromByteOffset: 6, as: UInt32.self), $0.loadUnaligned(fromByteOffset: 10, as: UInt32.self))
        }
        guard replyType == type else { throw SwayFramingError("a reply of type \(replyType) to a message of type \(type)") }
        guard length <= limit else { throw SwayFramingError("a reply of \(length) bytes, beyond the limit of \(limit)") }
        return Int(length)
    }
}

struct SwayFramingError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
