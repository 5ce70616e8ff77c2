import GestureCore
import GestureConfig
import Glibc
import Logging

extension PeerPolicy {
    /// Who may receive raw touches, from daemon.raw_touches.
    static func rawTouches(_ settings: DaemonSettings, names: inout NameLookup, logger: Logger) -> PeerPolicy {
        resolve(users: settings.rawTouchUsers, groups: settings.rawTouchGroups, key: "daemon.raw_touches", names: &names, logger: logger)
    }

    /// Who may reload the daemon over its socket, from daemon.control: by default root and the daemon's own user.
    static func control(_ settings: DaemonSettings, names: inout NameLookup, logger: Logger) -> PeerPolicy {
        guard let users = settings.controlUsers else { return PeerPolicy(users: [0, geteuid()]) }
        return resolve(users: users, groups: settings.controlGroups, key: "daemon.control", names: &names, logger: logger)
    }

    /// Names in the configuration become ids on this machine, each asked of the user database (and said unknown,
    /// allowing no one) once a configuration.
    static func resolve(users: [String], groups: [String], key: String, names: inout NameLookup, logger: Logger) -> PeerPolicy {
        var policy = PeerPolicy()
        for user in users {
            if let id = UInt32(user) {
                policy.users.insert(id)
            } else if let id = names.uid(user, key: key, logger: logger) {
                policy.users.insert(id)
            }
        }
        for group in groups {
            if let id = UInt32(group) {
                policy.groups.insert(id)
            } else if let id = names.gid(group, key: key, logger: logger) {
                policy.groups.insert(id)
            }
        }
        return policy
    }
}

/// Users' and groups' ids by name, each asked of the user database once, through the reentrant calls: a reload
/// resolves its names on the reader's thread (ConfigurationReader) while the loop may ask for others.
struct NameLookup {
    private var uids: [String: UInt32?] = [:]
    private var gids: [String: UInt32?] = [:]

    mutating func uid(_ name: String, key: String, logger: Logger) -> UInt32? {
        if let known = uids[name] { return known }
        var entry = passwd(), found: UnsafeMutablePointer<passwd>?
        let id = Self.withBuffer { getpwnam_r(name, &entry, $0, $1, &found) } && found != nil ? entry.pw_uid : nil
        if id == nil { logger.warning("\(key).users names an unknown user; it allows no one", metadata: ["user": "\(name)"]) }
        uids[name] = id
        return id
    }

    mutating func gid(_ name: String, key: String, logger: Logger) -> UInt32? {
        if let known = gids[name] { return known }
        var entry = group(), found: UnsafeMutablePointer<group>?
        let id = Self.withBuffer { getgrnam_r(name, &entry, $0, $1, &found) } && found != nil ? entry.gr_gid : nil
        if id == nil { logger.warning("\(key).groups names an unknown group; it allows no one", metadata: ["group": "\(name)"]) }
        gids[name] = id
        return id
    }

    /// Calls `lookup` with a buffer for the entry's strings, larger while it says ERANGE (a group of many members
    /// needs more than the usual 16 KiB); true when it answered, found or not.
    private static func withBuffer(_ lookup: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> Bool {
        var size = 16 * 1024
        while size <= 16 * 1024 * 1024 {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
            defer { buffer.deallocate() }
            let result = lookup(buffer, size)
            if result != ERANGE { return result == 0 }
            size *= 4
        }
        return false
    }
}
