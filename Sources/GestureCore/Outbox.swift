/// A connection's number, unique for the daemon's lifetime: a type of its own, so that no other number (a
/// descriptor, a user id, a count) can be taken for one.
public struct ClientID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public init(integerLiteral value: Int) { rawValue = value }

    /// The number after this one: the next connection's.
    public var next: ClientID { ClientID(rawValue + 1) }

    public static func < (a: ClientID, b: ClientID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { String(rawValue) }
}

/// Where the core's lines go: a queue per client that the caller writes out after each call (the socket server,
/// which batches a frame's lines into one write per client), or stdout for a replay. Queueing only: the core
/// does no I/O.
public protocol Outbox: AnyObject {
    func send(_ line: [UInt8], to client: ClientID)
    /// The same, from bytes that are valid only during the call (an event line, written in place).
    func send(_ line: UnsafeBufferPointer<UInt8>, to client: ClientID)
    /// Sends what is queued, then closes; `reason` is logged.
    func close(_ client: ClientID, reason: String)
}

extension Outbox {
    public func send(_ line: UnsafeBufferPointer<UInt8>, to client: ClientID) { send(Array(line), to: client) }
}

/// Who is on the other end of a connection, from SO_PEERCRED.
public struct PeerCredentials: Sendable, Equatable {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32
    /// Supplementary groups of the peer process, when they could be read.
    public var groups: [UInt32]

    public init(pid: Int32, uid: UInt32, gid: UInt32, groups: [UInt32] = []) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }
}
