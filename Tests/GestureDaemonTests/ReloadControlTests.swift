import Foundation
import GestureConfig
import GestureEngine
@testable import GestureDaemon
import Testing

/// Reloading cancels every gesture in flight, so over the socket only the peers daemon.control names may do
/// it (by default root and the daemon's own user), at most once a second.
@Suite struct ReloadControlTests {
    static func core(_ daemon: String = "") throws -> (DaemonCore, DaemonCoreTests.Lines) {
        let toml = daemon + "\n[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n"
        let (core, lines) = try DaemonCoreTests.core(toml)
        core.reloadSource = { Result { () throws(ConfigErrors) -> Configuration in try Configuration.parse(toml, file: "test.toml") } }
        return (core, lines)
    }

    static func hello(_ core: DaemonCore, _ id: ClientID, uid: UInt32, gid: UInt32 = 100, groups: [UInt32] = []) {
        _ = core.clientConnected(id, peer: PeerCredentials(pid: Int32(id), uid: uid, gid: gid, groups: groups), at: .zero)
        core.clientLine(id, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
    }

    static func reload(_ core: DaemonCore, _ lines: DaemonCoreTests.Lines, _ id: ClientID) -> [String: Any] {
        core.clientLine(id, Array(#"{"type":"reload"}"#.utf8), at: .zero)
        return lines.objects(to: id).last ?? [:]
    }

    @Test func anUnprivilegedPeerMayNotReloadByDefault() throws {
        let (core, lines) = try Self.core()
        Self.hello(core, 1, uid: 4242)
        let denied = Self.reload(core, lines, 1)
        #expect(denied["code"] as? String == "access_denied")
        #expect((denied["message"] as? String)?.contains("daemon.control in test.toml") == true)
        Self.hello(core, 2, uid: 0)
        #expect(Self.reload(core, lines, 2)["type"] as? String == "reloaded")
    }

    @Test func daemonControlNamesUsersAndGroups() throws {
        let (core, lines) = try Self.core("[daemon]\ncontrol = { users = [4242], groups = [77] }")
        Self.hello(core, 1, uid: 4242)
        #expect(Self.reload(core, lines, 1)["type"] as? String == "reloaded")
        Self.hello(core, 2, uid: 5000, groups: [77])
        let later = try #require(core.lastSocketReload) + 2
        core.clock = { later }
        #expect(Self.reload(core, lines, 2)["type"] as? String == "reloaded")
        Self.hello(core, 3, uid: 0)
        let evenLater = later + 2
        core.clock = { evenLater }
        #expect(Self.reload(core, lines, 3)["code"] as? String == "access_denied", "root is not named, so not allowed")
    }

    @Test func reloadsOverTheSocketComeAtMostOnceASecond() throws {
        let (core, lines) = try Self.core()
        Self.hello(core, 1, uid: 0)
        var now = Timestamp.seconds(100)
        core.clock = { now }
        #expect(Self.reload(core, lines, 1)["type"] as? String == "reloaded")
        now = .seconds(100.5)
        #expect(Self.reload(core, lines, 1)["code"] as? String == "reload_too_soon")
        now = .seconds(101)
        #expect(Self.reload(core, lines, 1)["type"] as? String == "reloaded")
        #expect(core.counters.reloads == 2)
    }
}
