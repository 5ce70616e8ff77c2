/// Which peers may do something: by user, or by a group (primary or supplementary). Two are kept: who may
/// receive raw touches (those could reveal what someone types on an on-screen keyboard, so they are off unless
/// the configuration names the peer's user or one of its groups), and who may control the daemon (reload it).
public struct PeerPolicy: Sendable, Equatable {
    public var users: Set<UInt32>
    public var groups: Set<UInt32>

    public init(users: Set<UInt32> = [], groups: Set<UInt32> = []) {
        self.users = users
        self.groups = groups
    }

    public func allows(_ peer: PeerCredentials) -> Bool {
        users.contains(peer.uid) || groups.contains(peer.gid) || peer.groups.contains(where: groups.contains)
    }
}
