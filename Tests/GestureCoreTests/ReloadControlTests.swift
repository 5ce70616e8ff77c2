import ConfigSchema
import Foundation
import GestureConfig
import GestureEngine
@testable import GestureCore
import Testing

/// Reloading cancels every gesture in flight, so over the socket only the peers daemon.control names may do
/// it (by default root and the daemon's own user), at most once a second.
@Suite struct ReloadControlTests {
    /// A core of a file with `daemon`'s keys, and the file, which its reloads read again.
    static func core(_ daemon: String = "") throws -> (DaemonCore, DaemonCoreTests.Lines, String) {
        let toml = daemon + "\n[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n"
        let (core, lines) = try DaemonCoreTests.core(toml)
        return (core, lines, toml)
    }

    static func hello(_ core: DaemonCore, _ id: ClientID, uid: UInt32, gid: UInt32 = 100, groups: [UInt32] = []) {
        _ = core.clientConnected(id, peer: PeerCredentials(pid: Int32(id.rawValue), uid: uid, gid: gid, groups: groups), at: .zero)
        core.clientLine(id, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
    }

    /// A reload request at `time`, its reading of the file (the loop's, in the daemon) done in place.
    static func reload(_ core: DaemonCore, _ lines: DaemonCoreTests.Lines, _ id: ClientID, _ toml: String, at time: Timestamp = .zero) -> [String: Any] {
        core.clientLine(id, Array(#"{"type":"reload"}"#.utf8), at: time)
        core.takeActions { action in
            guard case .readConfiguration = action else { return }
            let read = Result { () throws(ConfigErrors) -> Configuration in try Configuration.parse(toml, file: "test.toml") }
            core.finishReload(read.map { ($0, DaemonCoreTests.access($0)) }, at: time)
        }
        return lines.objects(to: id).last ?? [:]
    }

    @Test func anUnprivilegedPeerMayNotReloadByDefault() throws {
        let (core, lines, toml) = try Self.core()
        Self.hello(core, 1, uid: 4242)
        let denied = Self.reload(core, lines, 1, toml)
        #expect(denied["code"] as? String == "access_denied")
        #expect((denied["message"] as? String)?.contains("daemon.control in test.toml") == true)
        Self.hello(core, 2, uid: 0)
        #expect(Self.reload(core, lines, 2, toml)["type"] as? String == "reloaded")
    }

    @Test func daemonControlNamesUsersAndGroups() throws {
        let (core, lines, toml) = try Self.core("[daemon]\ncontrol = { users = [4242], groups = [77] }")
        Self.hello(core, 1, uid: 4242)
        #expect(Self.reload(core, lines, 1, toml)["type"] as? String == "reloaded")
        Self.hello(core, 2, uid: 5000, groups: [77])
        #expect(Self.reload(core, lines, 2, toml, at: .seconds(2))["type"] as? String == "reloaded")
        Self.hello(core, 3, uid: 0)
        #expect(Self.reload(core, lines, 3, toml, at: .seconds(4))["code"] as? String == "access_denied", "root is not named, so not allowed")
    }

    @Test func reloadsOverTheSocketComeAtMostOnceASecond() throws {
        let (core, lines, toml) = try Self.core()
        Self.hello(core, 1, uid: 0)
        #expect(Self.reload(core, lines, 1, toml, at: .seconds(100))["type"] as? String == "reloaded")
        #expect(Self.reload(core, lines, 1, toml, at: .seconds(100.5))["code"] as? String == "reload_too_soon")
        #expect(Self.reload(core, lines, 1, toml, at: .seconds(101))["type"] as? String == "reloaded")
        #expect(core.state.counters.reloads == 2)
    }
}
