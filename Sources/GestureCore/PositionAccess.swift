import GestureConfig

/// Who sees where touches are (docs/protocol.md, Who sees what): for every region of the shared surfaces (each
/// device's whole surface, each configured region, the regions daemon.control's peers added), the peers its
/// positions are shown to. Made from a configuration by `Access.resolve`.
///
/// It also names the kinds of place there are, one bit each (`bit(of:)`): regions shown to the same peers are one
/// kind. Touches carry the bits of the places they have been (`Touch.placesVisited`) into the gestures they feed, so
/// that a gesture shows its positions only to peers who may see every place its touches were: a pan that began in
/// a closed region and left it would otherwise give its touch-down point away (location less translation).
public struct PositionAccess: Sendable {
    private var policies: [String: PeerPolicy] = [:]
    /// Each kind of place's peers, by bit; bit 62 is a place this does not know (nobody sees it), bit 63 every kind
    /// past the first 62 (`overflow`).
    private var kinds: [PeerPolicy] = []
    /// The peers of the kinds past the first 62: bit 63 is seen by a peer only if all of them show it.
    private var overflow: [PeerPolicy] = []
    /// Each region's bit.
    private var bits: [String: UInt64] = [:]

    /// No region: for a replay, whose one subscriber is the process itself and sees everything.
    public init() {}

    /// Each region's (and each device's whole surface's) peers, by name.
    public init(policies: [String: PeerPolicy]) {
        // Sorted, so that the same configuration gives the same bits every time.
        for (name, policy) in policies.sorted(by: { $0.key < $1.key }) { set(name, policy) }
    }

    /// Whether `peer` sees positions in `region`; a region this does not know shows them to nobody.
    func allows(_ peer: PeerCredentials, in region: String) -> Bool {
        policies[region]?.allows(peer) ?? false
    }

    /// Whether `peer` sees positions in every kind of place of `places` (bits of `bit(of:)`).
    func allows(_ peer: PeerCredentials, everywhereIn places: UInt64) -> Bool {
        var rest = places
        while rest != 0 {
            let bit = rest.trailingZeroBitCount
            rest &= rest - 1
            if bit == Self.overflowBit {
                guard overflow.allSatisfy({ $0.allows(peer) }) else { return false }
            } else if bit == Self.unknownBit || bit >= kinds.count || !kinds[bit].allows(peer) {
                return false
            }
        }
        return true
    }

    /// Whether `peer` sees positions in every region there is (so no region need be looked up for it).
    func allowsEverywhere(_ peer: PeerCredentials) -> Bool {
        policies.values.allSatisfy { $0.allows(peer) }
    }

    /// Whether `peer` sees positions in no region at all.
    func allowsNowhere(_ peer: PeerCredentials) -> Bool {
        !policies.values.contains { $0.allows(peer) }
    }

    /// Whether regions differ in who sees them: only then need touches carry the places they have been.
    var hasKindsOfPlace: Bool { kinds.count > 1 }

    /// The bit of the kind of place `region` is; a region this does not know shows positions to nobody.
    func bit(of region: String) -> UInt64 {
        bits[region] ?? 1 << UInt64(Self.unknownBit)
    }

    /// The policy of a region a connection adds: its parent's.
    func inherited(from parent: String) -> PeerPolicy? { policies[parent] }

    /// A shared region daemon.control's peer added: shown as its parent is.
    mutating func add(_ region: RegionEntry) {
        guard let policy = policies[region.parent] else { return }
        set(region.name, policy)
    }

    /// A region gone. Its kind keeps its bit: touches in flight may carry it.
    mutating func remove(_ name: String) {
        policies[name] = nil
        bits[name] = nil
    }

    private static let unknownBit = 62
    private static let overflowBit = 63

    private mutating func set(_ name: String, _ policy: PeerPolicy) {
        policies[name] = policy
        if let kind = kinds.firstIndex(of: policy) {
            bits[name] = 1 << UInt64(kind)
        } else if kinds.count < Self.unknownBit {
            kinds.append(policy)
            bits[name] = 1 << UInt64(kinds.count - 1)
        } else {
            if !overflow.contains(policy) { overflow.append(policy) }
            bits[name] = 1 << UInt64(Self.overflowBit)
        }
    }
}
