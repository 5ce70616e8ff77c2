import GestureConfig
import Glibc
import Logging

/// Who sees where touches are (docs/protocol.md, Who sees what): for every region of the shared surfaces (each
/// device's whole surface, each configured region, the regions daemon.control's peers added), the peers its
/// positions are shown to. A region that names nobody takes its parent's; a device that names nobody takes
/// daemon.positions, and without that the peers daemon.raw_touches names. Root and the daemon's own user always
/// see positions: they can read every touch from /dev/input themselves.
struct PositionAccess {
    private var policies: [String: PeerPolicy] = [:]

    /// No region: for a replay, whose one subscriber is the process itself and sees everything.
    init() {}

    init(_ configuration: Configuration, logger: Logger) {
        let daemon = configuration.daemon
        let fallback = daemon.positions ?? Principals(users: daemon.rawTouchUsers, groups: daemon.rawTouchGroups)
        // Names daemon.raw_touches gives were told about when raw touches were resolved: not twice.
        var quiet = logger
        if daemon.positions == nil { quiet.logLevel = .error }
        var resolved: [Principals: PeerPolicy] = [:]
        func policy(_ principals: Principals, _ key: String) -> PeerPolicy {
            if let known = resolved[principals] { return known }
            var p = PeerPolicy.resolve(users: principals.users, groups: principals.groups, key: key, logger: principals == fallback ? quiet : logger)
            p.users.formUnion([0, geteuid()])
            resolved[principals] = p
            return p
        }
        let base = policy(fallback, daemon.positions == nil ? "daemon.raw_touches" : "daemon.positions")
        for device in configuration.devices {
            policies[device.name] = device.positions.map { policy($0, "device.positions") } ?? base
        }
        // Regions come ordered parents first (Configuration.parse), so a parent's policy is known before its children's.
        for region in configuration.regions {
            policies[region.name] = region.positions.map { policy($0, "region.positions") } ?? policies[region.parent] ?? base
        }
    }

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
