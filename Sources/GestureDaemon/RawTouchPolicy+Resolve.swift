import GestureConfig
import Glibc
import Logging

extension RawTouchPolicy {
    /// Names in the configuration become ids on this machine; a name that does not exist is logged and
    /// allows no one.
    public static func resolve(_ settings: DaemonSettings, logger: Logger) -> RawTouchPolicy {
        var policy = RawTouchPolicy()
        for user in settings.rawTouchUsers {
            if let id = UInt32(user) {
                policy.users.insert(id)
            } else if let pw = getpwnam(user) {
                policy.users.insert(pw.pointee.pw_uid)
            } else {
                logger.warning("daemon.raw_touches.users names an unknown user; it allows no one", metadata: ["user": "\(user)"])
            }
        }
        for group in settings.rawTouchGroups {
            if let id = UInt32(group) {
                policy.groups.insert(id)
            } else if let gr = getgrnam(group) {
                policy.groups.insert(gr.pointee.gr_gid)
            } else {
                logger.warning("daemon.raw_touches.groups names an unknown group; it allows no one", metadata: ["group": "\(group)"])
            }
        }
        return policy
    }
}
