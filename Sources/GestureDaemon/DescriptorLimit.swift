import Glibc
import SystemCalls

/// The open-descriptor limit (RLIMIT_NOFILE) against daemon.max_clients. A process starts with a soft limit of
/// 1,024, and max_clients may be 4,096: past the limit `accept` fails, and the daemon would serve fewer clients
/// than it says. So the soft limit is raised to what max_clients needs, up to the hard limit; a hard limit too low
/// for it is an error that names both, at start and on a reload, rather than a max_clients lowered silently.
enum DescriptorLimit {
    /// Descriptors beside the clients': touch devices and their twins (64), refused connections lingering
    /// (RefusedConnections), and the daemon's own (standard streams, the listener, signalfd, timerfd, eventfd,
    /// udev's monitor, the journal: 32).
    static let besideClients = 64 + RefusedConnections.capacity + 32

    /// What `maxClients` clients need in all: the unit's LimitNOFILE= is this for max_clients' largest value.
    static func needed(maxClients: Int) -> Int { maxClients + besideClients }

    /// Raises the soft limit to what `maxClients` needs when it is lower; never lowers it. Returns the limit
    /// before, when it was raised.
    @discardableResult
    static func raise(for maxClients: Int) throws -> Int? {
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        var limit = rlimit()
        _ = try systemCall("getrlimit(RLIMIT_NOFILE)", on: "the daemon") { getrlimit(resource, &limit) }
        let needed = rlim_t(Self.needed(maxClients: maxClients))
        guard limit.rlim_cur < needed else { return nil }
        guard limit.rlim_max >= needed else {
            throw DaemonError(
                "daemon.max_clients = \(maxClients) needs \(needed) open descriptors, but their hard limit (RLIMIT_NOFILE) is \(limit.rlim_max): "
                    + "lower max_clients to \(max(Int(limit.rlim_max) - besideClients, 0)) or raise the limit (LimitNOFILE= in the unit, ulimit -Hn)")
        }
        let before = Int(limit.rlim_cur)
        limit.rlim_cur = needed
        _ = try systemCall("setrlimit(RLIMIT_NOFILE)", on: "the daemon") { setrlimit(resource, &limit) }
        return before
    }
}
