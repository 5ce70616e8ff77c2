import GestureConfig

/// Who sees where touches are (docs/protocol.md, Who sees what): for every region of the shared surfaces (each
/// device's whole surface, each configured region, the regions daemon.control's peers added), the peers its
/// positions are shown to. Made from a configuration by `Access.resolve`.
public struct PositionAccess: Sendable {
    private var policies: [String: PeerPolicy] = [:]

    /// No region: for a replay, whose one subscriber is the process itself and sees everything.
    public init() {}

    /// Each region's (and each device's whole surface's) peers, by name.
    public init(policies: [String: PeerPolicy]) { self.policies = policies }

    /// Whether `peer` sees positions in `region`; a region this does not know shows them to nobody.
    func allows(_ peer: PeerCredentials, in region: String) -> Bool {
        policies[region]?.allows(peer) ?? false
    }

    /// Whether `peer` sees positions in every region there is (so no region need be looked up for it).
    func allowsEverywhere(_ peer: PeerCredentials) -> Bool {
        policies.values.allSatisfy { $0.allows(peer) }
    }

    /// Whether `peer` sees positions in no region at all.
    func allowsNowhere(_ peer: PeerCredentials) -> Bool {
        !policies.values.contains { $0.allows(peer) }
    }

    /// The policy of a region a connection adds: its parent's.
    func inherited(from parent: String) -> PeerPolicy? { policies[parent] }

    /// A shared region daemon.control's peer added: shown as its parent is.
    mutating func add(_ region: RegionEntry) { policies[region.name] = policies[region.parent] }

    mutating func remove(_ name: String) { policies[name] = nil }
}
