import ConfigSchema
import Testing

@testable import GestureConfig

/// The keys that keep connections from each other: how many one user may hold, what all of them together may
/// add, how long one may wait before saying hello, and who sees where touches are in gestures
/// (`daemon.positions`, and `positions` on a device and a region).
@Suite struct ClientIsolationKeyTests {
    @Test func withoutTheKeysTheDefaults() throws {
        let d = try valid("").daemon
        #expect(d.maxClientsPerUser == 16)
        #expect(d.maxClientRecognizersTotal == 256)
        #expect(d.maxClientRegionsTotal == 256)
        #expect(d.helloTimeout == 5)
        #expect(d.positions == nil)
    }

    @Test func theLimitsAtTheEndsOfTheirRanges() throws {
        let low = try valid(
            """
            [daemon]
            max_clients_per_user = 1
            max_client_recognizers_total = 0
            max_client_regions_total = 0
            hello_timeout_s = 0.1
            """
        ).daemon
        #expect((low.maxClientsPerUser, low.maxClientRecognizersTotal, low.maxClientRegionsTotal, low.helloTimeout) == (1, 0, 0, 0.1))
        let high = try valid(
            """
            [daemon]
            max_clients_per_user = 4096
            max_client_recognizers_total = 4096
            max_client_regions_total = 4096
            hello_timeout_s = 300
            """
        ).daemon
        #expect((high.maxClientsPerUser, high.maxClientRecognizersTotal, high.maxClientRegionsTotal, high.helloTimeout) == (4096, 4096, 4096, 300))
    }

    @Test func theLimitsOutOfTheirRanges() {
        expectErrors(
            """
            [daemon]
            max_clients_per_user = 0
            max_client_recognizers_total = 4097
            max_client_regions_total = -1
            hello_timeout_s = 0.05
            """,
            [
                "2:24: max_clients_per_user must be from 1 to 4096, got 0",
                "3:32: max_client_recognizers_total must be from 0 to 4096, got 4097",
                "4:28: max_client_regions_total must be from 0 to 4096, got -1",
                "5:19: hello_timeout_s must be from 0.1 to 300 s, got 0.05",
            ])
        expectErrors(
            """
            [daemon]
            hello_timeout_s = "5"
            max_clients_per_user = 2.5
            """,
            [
                "2:19: hello_timeout_s must be a number in s, got a string",
                "3:24: max_clients_per_user must be a whole number from 1 to 4096, got a number",
            ])
    }

    @Test func positionsOfTheDaemonADeviceAndARegion() throws {
        let configuration = try valid(
            """
            [daemon.positions]
            users = ["kiosk", 1000]
            groups = ["video"]

            [[device]]
            name = "screen"
            positions = { groups = [44] }

            [[device]]
            name = "pad"

            [[region]]
            name = "keyboard"
            device = "screen"
            rect = [0, 0.5, 1, 0.5]
            positions = { users = [] }

            [[region]]
            name = "panel"
            device = "screen"
            rect = [0, 0, 1, 0.1]
            """)
        #expect(configuration.daemon.positions == Principals(users: ["kiosk", "1000"], groups: ["video"]))
        #expect(configuration.devices.map(\.positions) == [Principals(groups: ["44"]), nil])
        #expect(configuration.regions.map(\.positions) == [Principals(), nil])
        // Absent, daemon.positions is not empty: it is raw_touches' users and groups, which the daemon resolves.
        #expect(try valid("[daemon.raw_touches]\ngroups = [\"gestured-raw\"]\n").daemon.positions == nil)
    }

    @Test func unknownKeysAndWrongTypesInPositions() {
        expectErrors(
            """
            [daemon]
            positions = { user = ["kiosk"], groups = "video" }

            [[device]]
            name = "screen"
            positions = ["kiosk"]

            [[region]]
            name = "top"
            device = "screen"
            rect = [0, 0, 1, 0.5]
            positions = { users = [-1], roles = [] }
            """,
            [
                "2:15: unknown key 'user' in daemon.positions; did you mean 'users'?",
                "2:42: groups must be an array of strings, got a string",
                "6:13: device.positions must be a table, got an array",
                "12:24: an id must be from 0 to 4294967295, got -1",
                "12:29: unknown key 'roles' in region.positions",
            ])
    }

    @Test func aClientsRegionMayNotSayWhoSeesPositions() throws {
        // Who sees positions is the administrator's to say: a connection's region inherits its parent's.
        let configuration = try valid("[[device]]\nname = \"screen\"\n")
        let value = ConfigValue.table([
            "name": .string("mine"), "device": .string("screen"), "rect": .array([.float(0), .float(0), .float(0.5), .float(0.5)]),
            "positions": .table(["users": .array([.string("me")])]),
        ])
        do {
            _ = try configuration.clientRegion(value, regions: [.wholeSurface(of: "screen")], parents: [.wholeSurface(of: "screen")])
            Issue.record("a client's region with positions was accepted")
        } catch {
            #expect(error.errors.map(\.message) == ["region.positions: unknown key 'positions' in [[region]]"])
        }
    }
}
