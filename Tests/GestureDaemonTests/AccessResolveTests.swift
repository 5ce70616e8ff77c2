@testable import GestureCore
@testable import GestureDaemon
import GestureConfig
import Logging
import Testing

/// The configuration's users and groups as ids of this machine, looked up once each through the reentrant calls
/// (a reload does it on the reader's thread), an unknown name said once however many keys name it.
@Suite(.serialized) struct AccessResolveTests {
    @Test func namesAreLookedUpAndAnUnknownOneIsSaidOnce() throws {
        // Root is user and group 0 on every Linux system; the unknown name is named by three keys.
        let configuration = try Configuration.parse(
            """
            [daemon]
            raw_touches = { users = ["root", "no-such-user-xyz", "1234"], groups = ["root", "no-such-group-xyz"] }
            control = { users = ["no-such-user-xyz"] }

            [[device]]
            name = "pad"
            positions = { users = ["no-such-user-xyz", "root"] }

            [[region]]
            name = "left"
            device = "pad"
            rect = [0.0, 0.0, 0.5, 1.0]
            positions = { groups = ["no-such-group-xyz"] }
            """, file: "test.toml")
        let collected = CollectedLog()
        let access = Access.resolve(configuration, logger: collected.logger)
        #expect(access.rawTouches == PeerPolicy(users: [0, 1234], groups: [0]))
        #expect(access.control == PeerPolicy(users: []))
        #expect(collected.lines.map { "\($0.message) \($0.metadata.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " "))" } == [
            "daemon.raw_touches.users names an unknown user; it allows no one user=no-such-user-xyz",
            "daemon.raw_touches.groups names an unknown group; it allows no one group=no-such-group-xyz",
        ])
    }
}
