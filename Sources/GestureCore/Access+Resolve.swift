import GestureConfig
import Logging

/// Users' and groups' ids by the names a configuration gives them: the system's user database in the daemon
/// (GestureDaemon's `NameLookup`), asked by the caller, so that resolving a configuration does no I/O here.
public protocol UserNames {
    /// The id of a user by name; nil for a name the database does not know.
    mutating func uid(_ name: String) -> UInt32?
    /// The id of a group by name; nil for a name the database does not know.
    mutating func gid(_ name: String) -> UInt32?
    /// The daemon's own user, who always sees positions and may reload by default.
    var ownUID: UInt32 { get }
}

extension Access {
    /// The configuration's names as ids on this machine (`names`); a name that does not exist is logged and allows
    /// no one. Root and the daemon's own user always see positions: they can read every touch from /dev/input
    /// themselves. A reload resolves them on the reader's thread (ConfigurationReader), not the loop: 1,024 regions
    /// naming 256 users each were 262,144 lookups of about 90 µs.
    public static func resolve(_ configuration: Configuration, names: inout some UserNames, logger: Logger) -> Access {
        var resolver = Resolver(names: names, logger: logger)
        defer { names = resolver.names }
        let daemon = configuration.daemon
        let rawTouches = resolver.policy(users: daemon.rawTouchUsers, groups: daemon.rawTouchGroups, key: "daemon.raw_touches")
        let control =
            daemon.controlUsers.map { resolver.policy(users: $0, groups: daemon.controlGroups, key: "daemon.control") }
            ?? PeerPolicy(users: [0, resolver.names.ownUID])
        return Access(rawTouches: rawTouches, control: control, positions: positions(configuration, &resolver))
    }

    /// For every region of the shared surfaces, the peers its positions are shown to (PositionAccess). A region
    /// that names nobody takes its parent's; a device that names nobody takes daemon.positions, and without that
    /// the peers daemon.raw_touches names.
    private static func positions(_ configuration: Configuration, _ resolver: inout Resolver<some UserNames>) -> PositionAccess {
        let daemon = configuration.daemon
        let fallback = daemon.positions ?? Principals(users: daemon.rawTouchUsers, groups: daemon.rawTouchGroups)
        // An unknown name is said once, at its first key (the resolver remembers it).
        var resolved: [Principals: PeerPolicy] = [:]
        func policy(_ principals: Principals, _ key: String) -> PeerPolicy {
            if let known = resolved[principals] { return known }
            var p = resolver.policy(users: principals.users, groups: principals.groups, key: key)
            p.users.formUnion([0, resolver.names.ownUID])
            resolved[principals] = p
            return p
        }
        let base = policy(fallback, daemon.positions == nil ? "daemon.raw_touches" : "daemon.positions")
        var policies: [String: PeerPolicy] = [:]
        for device in configuration.devices {
            policies[device.name] = device.positions.map { policy($0, "device.positions") } ?? base
        }
        // Regions come ordered parents first (Configuration.parse), so a parent's policy is known before its children's.
        for region in configuration.regions {
            policies[region.name] = region.positions.map { policy($0, "region.positions") } ?? policies[region.parent] ?? base
        }
        return PositionAccess(policies: policies)
    }
}

/// Names become ids, each asked of `names` once a configuration and said unknown (allowing no one) once.
private struct Resolver<Names: UserNames> {
    var names: Names
    let logger: Logger
    private var uids: [String: UInt32?] = [:]
    private var gids: [String: UInt32?] = [:]

    init(names: Names, logger: Logger) {
        self.names = names
        self.logger = logger
    }

    mutating func policy(users: [String], groups: [String], key: String) -> PeerPolicy {
        var policy = PeerPolicy()
        for user in users {
            if let id = UInt32(user) ?? uid(user, key: key) { policy.users.insert(id) }
        }
        for group in groups {
            if let id = UInt32(group) ?? gid(group, key: key) { policy.groups.insert(id) }
        }
        return policy
    }

    private mutating func uid(_ name: String, key: String) -> UInt32? {
        if let known = uids[name] { return known }
        let id = names.uid(name)
        if id == nil { logger.warning("\(key).users names an unknown user; it allows no one", metadata: ["user": "\(name)"]) }
        uids[name] = id
        return id
    }

    private mutating func gid(_ name: String, key: String) -> UInt32? {
        if let known = gids[name] { return known }
        let id = names.gid(name)
        if id == nil { logger.warning("\(key).groups names an unknown group; it allows no one", metadata: ["group": "\(name)"]) }
        gids[name] = id
        return id
    }
}
