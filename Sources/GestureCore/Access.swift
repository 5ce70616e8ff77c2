/// Who may do what (docs/protocol.md, Access), as ids of this machine: the configuration names users and groups,
/// which the caller resolves (a lookup in the system's user database, `Access.resolve`), so that the core does none.
public struct Access: Sendable {
    /// Who may receive raw touches (daemon.raw_touches).
    public var rawTouches: PeerPolicy
    /// Who may reload over the socket, and whose recognizers join the configured ones' arbitration (daemon.control).
    public var control: PeerPolicy
    /// Who sees positions where (docs/protocol.md, Who sees what).
    public var positions: PositionAccess

    public init(rawTouches: PeerPolicy, control: PeerPolicy, positions: PositionAccess) {
        self.rawTouches = rawTouches
        self.control = control
        self.positions = positions
    }

    /// A replay's: its one subscriber, the process itself, is root and sees everything; nobody else connects.
    public static let replay = Access(rawTouches: PeerPolicy(users: [0]), control: PeerPolicy(users: [0]), positions: PositionAccess())
}
