import GestureCore
import GestureConfig
import Glibc
import Logging

extension PeerPolicy {
    /// Who may receive raw touches, from daemon.raw_touches.
    public static func rawTouches(_ settings: DaemonSettings, logger: Logger) -> PeerPolicy {
        resolve(users: settings.rawTouchUsers, groups: settings.rawTouchGroups, key: "daemon.raw_touches", logger: logger)
    }

    /// Who may reload the daemon over its socket, from daemon.control: by default root and the daemon's own user.
    public static func control(_ settings: DaemonSettings, logger: Logger) -> PeerPolicy {
        guard let users = settings.controlUsers else { return PeerPolicy(users: [0, geteuid()]) }
        return resolve(users: users, groups: settings.controlGroups, key: "daemon.control", logger: logger)
    }

    /// Names in the configuration become ids on this machine; a name that does not exist is logged and
    /// allows no one.
    static func resolve(users: [String], groups: [String], key: String, logger: Logger) -> PeerPolicy {
        var policy = PeerPolicy()
        for user in users {
            if let id = UInt32(user) {
                policy.users.insert(id)
            } else if let pw = getpwnam(user) {
                policy.users.insert(pw.pointee.pw_uid)
            } else {
                logger.warning("\(key).users names an unknown user; it allows no one", metadata: ["user": "\(user)"])
            }
        }
        for group in groups {
            if let id = UInt32(group) {
                policy.groups.insert(id)
            } else if let gr = getgrnam(group) {
                policy.groups.insert(gr.pointee.gr_gid)
            } else {
                logger.warning("\(key).groups names an unknown group; it allows no one", metadata: ["group": "\(group)"])
            }
        }
        return policy
    }
}
