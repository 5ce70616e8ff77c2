import GestureCore
import GestureConfig
import Glibc
import Logging

extension Access {
    /// The configuration's names as ids of this machine; a name that does not exist is logged and allows no one.
    /// Root and the daemon's own user always see positions: they can read every touch from /dev/input themselves.
    /// A reload resolves them on the reader's thread (ConfigurationReader), not the loop: 1,024 regions naming 256
    /// users each were 262,144 lookups of about 90 µs.
    public static func resolve(_ configuration: Configuration, logger: Logger) -> Access {
        var names = NameLookup()
        return Access(
            rawTouches: PeerPolicy.rawTouches(configuration.daemon, names: &names, logger: logger),
            control: PeerPolicy.control(configuration.daemon, names: &names, logger: logger),
            positions: positions(configuration, names: &names, logger: logger))
    }

    /// For every region of the shared surfaces, the peers its positions are shown to (PositionAccess). A region
    /// that names nobody takes its parent's; a device that names nobody takes daemon.positions, and without that
    /// the peers daemon.raw_touches names.
    private static func positions(_ configuration: Configuration, names: inout NameLookup, logger: Logger) -> PositionAccess {
        let daemon = configuration.daemon
        let fallback = daemon.positions ?? Principals(users: daemon.rawTouchUsers, groups: daemon.rawTouchGroups)
        // An unknown name is said once, at its first key (the lookup remembers it).
        var resolved: [Principals: PeerPolicy] = [:]
        func policy(_ principals: Principals, _ key: String) -> PeerPolicy {
            if let known = resolved[principals] { return known }
            var p = PeerPolicy.resolve(users: principals.users, groups: principals.groups, key: key, names: &names, logger: logger)
            p.users.formUnion([0, geteuid()])
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
