@testable import GestureCore
@testable import GestureDaemon
import Glibc
import SystemPackage
import Testing

/// A peer's uid, gid and groups are read from the connection itself (SO_PEERCRED, SO_PEERGROUPS), as they were
/// when it connected: nothing is looked up later by pid.
@Suite(.serialized) struct PeerCredentialsTests {
    @Test func theGroupsAreThoseThePeerHadWhenItConnected() throws {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let peer = try #require(PeerCredentials.read(FileDescriptor(rawValue: fds[0])))
        #expect(peer.pid == getpid())
        #expect(peer.uid == getuid())
        #expect(peer.gid == getgid())
        let count = getgroups(0, nil)
        var own = [gid_t](repeating: 0, count: Int(count))
        #expect(getgroups(count, &own) == count)
        #expect(Set(peer.groups) == Set(own))
    }

    /// More groups than the first read has room for (32): the kernel says how many, and the second read
    /// takes them all. Changing this process's groups needs root; elsewhere the test says so and stops.
    @Test func aLongGroupListIsReadWhole() throws {
        guard getuid() == 0 else {
            print("PeerCredentialsTests: not root, so the group list cannot be lengthened; skipped")
            return
        }
        let count = getgroups(0, nil)
        var saved = [gid_t](repeating: 0, count: Int(count))
        _ = getgroups(count, &saved)
        defer { _ = setgroups(saved.count, saved) }
        let many = (0..<40).map { gid_t(60_000 + $0) }
        #expect(setgroups(many.count, many) == 0)
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(Set(PeerCredentials.peerGroups(FileDescriptor(rawValue: fds[0]))) == Set(many))
    }
}
