import DaemonTestSupport
import Foundation
import Glibc
import Testing

/// Clients cannot harm the daemon, tried against a real `gestured run` process: floods of additions up to and past
/// every limit, reloads looped by a peer that may not reload, regions hung under another connection's, and a
/// peer that changes its groups after it connected. Afterwards the daemon holds what it held before (its
/// descriptors, its recognizers and regions, its memory within the allocator's slack), and a subscriber that
/// behaved well got every gesture a quiet run gives.
@Suite(.serialized) struct HostileClientTests {
    /// The group that may have raw touches in these tests; no process of the machine needs to be in it.
    static let rawGroup: UInt32 = 4321

    static let config = """
        [daemon]
        raw_touches = { groups = [\(rawGroup)] }
        # Twenty connections of 32 each, as the floods below make: over the defaults of all connections together.
        max_client_recognizers_total = 640
        max_client_regions_total = 640
        # The floods are one user's: its share of the totals is all of them here (max_user_share has its own tests).
        max_user_share = 1.0

        [[recognizer]]
        name = "tap"
        kind = "tap"

        [[recognizer]]
        name = "pan"
        kind = "pan"
        """

    /// Eight seconds of taps and drags, long enough for the floods to happen while it plays.
    static let script = (0..<8).map { n in
        let t = 0.3 + Double(n)
        return "at \(t) tap 100 100\nat \(t + 0.4) drag 40 60 to 160 60 over 0.3"
    }.joined(separator: "\n")

    static var peerScript: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Peers/hostile_peer.py").path
    }

    /// Whether these tests (and so the daemon they start, from the same build folder) run under AddressSanitizer
    /// or ThreadSanitizer, whose runtimes export their entry points.
    static let sanitized = dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil

    /// The peers take other users' credentials, which only root may do.
    static let asRoot = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    /// The daemon, its socket given to nobody's group (nogroup, 65534) as daemon.socket_group would, so that the
    /// peers can connect as nobody (`--socket`, which the tests use, leaves the group as it is).
    static func daemon() throws -> DaemonProcess {
        let daemon = try DaemonProcess(config: config, script: script)
        guard chown(daemon.socket, 0, 65534) == 0 else { throw TestFailure("chown \(daemon.socket): \(String(cString: strerror(errno)))") }
        return daemon
    }

    static func peer(_ arguments: [String]) throws -> [String: Any] {
        let run = try DaemonProcess.runAny("/usr/bin/python3", [peerScript] + arguments)
        guard run.status == 0, let object = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any] else {
            throw TestFailure("hostile_peer.py \(arguments.joined(separator: " ")) failed (\(run.status)): \(run.err)\(run.out)")
        }
        return object
    }

    /// What the process holds: open descriptors and resident memory (KiB).
    static func holdings(_ pid: Int32) throws -> (descriptors: Int, residentKiB: Int) {
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }?.split(separator: " ").dropFirst().first
        return (descriptors, Int(rss ?? "") ?? 0)
    }

    /// One connection that takes everything it may, and is refused one more of each, saying which limit.
    static func flood(_ daemon: DaemonProcess, as n: Int) throws -> TestClient {
        let client = try daemon.client()
        for r in 0..<32 {
            let region = "c\(n)-r\(r)"
            // Small regions in the surface's corner, where the recording's fingers never go.
            let added = try client.request([
                "type": "add_region", "region": ["name": region, "device": "touch", "rect": [0.9, 0.9, 0.05, 0.05]],
            ])
            guard added["type"] as? String == "region_added" else { throw TestFailure("region \(region): \(added)") }
            let recognizer = try client.request([
                "type": "add_recognizer",
                "recognizer": [
                    "name": "\(region)-pan", "kind": "pan", "region": region, "simultaneous_with": ["pan"], "require_to_fail": ["tap"],
                ],
            ])
            guard recognizer["type"] as? String == "recognizer_added" else { throw TestFailure("recognizer on \(region): \(recognizer)") }
        }
        for _ in 0..<16 { _ = try client.request(["type": "subscribe", "filter": ["recognizers": ["c\(n)-r0-pan"]]]) }
        let refused = [
            try client.request(["type": "add_region", "region": ["name": "c\(n)-more", "device": "touch", "rect": [0, 0, 0.1, 0.1]]]),
            try client.request(["type": "add_recognizer", "recognizer": ["name": "c\(n)-more", "kind": "tap", "region": "c\(n)-r0"]]),
            try client.request(["type": "subscribe"]),
        ]
        for (reply, key) in zip(refused, ["max_client_regions", "max_client_recognizers", "max_client_subscriptions"]) {
            #expect(reply["code"] as? String == "limit_reached" && (reply["message"] as? String)?.contains(key) == true, "\(reply)")
        }
        return client
    }

    /// Each gesture event with where it happened: what a subscriber acts on. (Times are when the replay played
    /// each frame, which differ from run to run.)
    static func gestures(_ messages: [[String: Any]]) -> [String] {
        messages.compactMap { m in m.gestureSummary.map { "\($0) at \((m["location"] as? [String: Any])?["mm"] ?? "")" } }
    }

    static func isLastPanEnd(_ count: Int) -> ([String: Any]) -> Bool {
        var seen = 0
        return { m in
            if m["recognizer"] as? String == "pan" && m["state"] as? String == "ended" { seen += 1 }
            return seen == count
        }
    }

    @Test(.enabled(if: asRoot, "the peers need root to take other users' credentials"))
    func floodsAndReloadLoopsLeaveTheDaemonAsItWasAndTheWatcherLosesNothing() throws {
        // What a subscriber reads when nobody else is there.
        let quiet = try Self.daemon()
        let alone = try quiet.client()
        _ = try alone.request(["type": "subscribe", "events": ["gestures"]])
        let expected = Self.gestures(try alone.messages(until: Self.isLastPanEnd(8)))
        #expect(expected.count > 30)
        #expect(quiet.stop() == 0)

        let daemon = try Self.daemon()
        // The watcher only reads gestures; the observer asks how the daemon is doing.
        let watcher = try daemon.client(), observer = try daemon.client()
        let before = try observer.request(["type": "status"])
        let regionsBefore = (try observer.request(["type": "list_regions"])["regions"] as? [Any])?.count
        let held = try Self.holdings(daemon.pid)
        #expect(try watcher.request(["type": "subscribe", "events": ["gestures"]])["type"] as? String == "subscribed")

        // While the recording plays: eight rounds of twenty connections taking all they may, and a peer that may
        // not reload sending two hundred reloads.
        let reloads = try Self.peer(["reload-loop", daemon.socket, "200"])
        #expect(reloads["uid"] as? Int == 65534)
        #expect(reloads["answers"] as? [String: Int] == ["access_denied": 200], "\(reloads)")
        var residentAfterRound: [Int] = []
        for _ in 0..<8 {
            var flooders = try (0..<20).map { try Self.flood(daemon, as: $0) }
            let during = try observer.request(["type": "status"])
            #expect(during["recognizers"] as? Int == (before["recognizers"] as? Int ?? 0) + 20 * 32)
            #expect(during["clients"] as? Int == 22)
            for flooder in flooders { flooder.disconnect() }
            flooders.removeAll()
            try waitUntil("the flooders' connections to close") { try observer.request(["type": "status"])["clients"] as? Int == 2 }
            residentAfterRound.append(try Self.holdings(daemon.pid).residentKiB)
        }

        let seen = Self.gestures(try watcher.messages(until: Self.isLastPanEnd(8), timeout: 20))
        #expect(seen == expected, "the watcher's gestures differ from a quiet run's")

        let after = try observer.request(["type": "status"])
        #expect(after["recognizers"] as? Int == before["recognizers"] as? Int)
        #expect(after["reloads"] as? Int == 0)
        // A peer that may reload, looping: one reload a second at most, the rest refused.
        let burst = try (0..<20).map { _ in try observer.request(["type": "reload"])["code"] as? String ?? "reloaded" }
        #expect(burst.filter { $0 == "reloaded" }.count == 1 && burst.filter { $0 == "reload_too_soon" }.count == 19, "\(burst)")
        #expect((try observer.request(["type": "list_regions"])["regions"] as? [Any])?.count == regionsBefore)
        #expect(try Self.holdings(daemon.pid).descriptors == held.descriptors)
        // (Not under a sanitizer: AddressSanitizer keeps freed memory in quarantine, tens of megabytes here.)
        // The first round grows the heap to what twenty full connections need; later rounds reuse it, within
        // the allocator's slack (about 300 KiB either way, measured over ten rounds). A leak of 100 bytes per
        // recognizer would add 448 KiB over the next seven.
        if !Self.sanitized {
            #expect(residentAfterRound[7] - residentAfterRound[0] < 384, "resident KiB after each round: \(residentAfterRound)")
        }
        #expect(daemon.stop() == 0)
    }

    @Test(.enabled(if: asRoot, "the peer needs root to change its groups"))
    func groupsJoinedAfterConnectingGrantNothingOnThatConnection() throws {
        let daemon = try Self.daemon()
        let result = try Self.peer(["regroup", daemon.socket, "\(Self.rawGroup)"])
        // The process really is in the group now, as /proc says: reading /proc after the fact would grant it.
        #expect((result["groups_now"] as? [Int])?.contains(Int(Self.rawGroup)) == true, "\(result)")
        let first = try #require(result["first_connection"] as? [String: Any])
        #expect(first["raw_touches"] as? Bool == false)
        #expect(first["before"] as? String == "access_denied")
        #expect(first["after"] as? String == "access_denied", "groups joined after connecting count for nothing: \(first)")
        let fresh = try #require(result["new_connection"] as? [String: Any])
        #expect(fresh["raw_touches"] as? Bool == true)
        #expect(fresh["answer"] as? String == "subscribed")
        #expect(daemon.stop() == 0)
    }

    @Test func aRegionUnderAnotherConnectionsRegionIsRefusedAndNothingOfTheOwnerOutlivesIt() throws {
        let daemon = try Self.daemon()
        let owner = try daemon.client(), other = try daemon.client()
        #expect(try owner.request(["type": "add_region", "region": ["name": "panel", "device": "touch", "rect": [0, 0, 0.5, 0.5]]])["type"] as? String == "region_added")
        let refused = try other.request(["type": "add_region", "region": ["name": "inside", "device": "touch", "parent": "panel", "rect": [0, 0, 0.5, 0.5]]])
        #expect(refused["code"] as? String == "invalid_region")
        #expect((refused["message"] as? String)?.contains("another connection") == true, "\(refused)")
        let onOwn = try other.request(["type": "add_recognizer", "recognizer": ["name": "sneak", "kind": "tap", "region": "panel"]])
        #expect(onOwn["type"] as? String == "error", "a recognizer on another connection's region: \(onOwn)")

        owner.disconnect()
        try waitUntil("the owner's connection to close") { try other.request(["type": "status"])["clients"] as? Int == 1 }
        let regions = try #require(try other.request(["type": "list_regions"])["regions"] as? [[String: Any]])
        #expect(!regions.contains { $0["name"] as? String == "panel" })
        #expect(try other.request(["type": "add_region", "region": ["name": "panel", "device": "touch", "rect": [0, 0, 0.5, 0.5]]])["type"] as? String == "region_added")
        #expect(daemon.stop() == 0)
    }

    // MARK: Seeing and taking what is not theirs (docs/protocol.md, Access)

    /// A peer started in the background, for attacks that run while the test does something else.
    static func startPeer(_ arguments: [String]) throws -> (process: Process, output: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [peerScript] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return (process, output)
    }

    static func finish(_ peer: (process: Process, output: Pipe)) throws -> [String: Any] {
        let data = peer.output.fileHandleForReading.readDataToEndOfFile()
        peer.process.waitUntilExit()
        guard peer.process.terminationStatus == 0, let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw TestFailure("hostile_peer.py failed (\(peer.process.terminationStatus)): \(String(decoding: data, as: UTF8.self))")
        }
        return object
    }

    @Test(.enabled(if: asRoot, "the peer needs root to become nobody"))
    func aPeerWithoutPositionsLearnsNoneAndCannotPlaceWhatWouldTellIt() throws {
        let daemon = try Self.daemon()
        let spy = try Self.peer(["spy", daemon.socket, "9"])
        #expect(spy["uid"] as? Int == 65534 && spy["positions"] as? String == "nowhere", "\(spy)")
        #expect(spy["added"] as? String == "invalid_recognizer" && spy["region"] as? String == "invalid_region", "\(spy)")
        // The recording's eight taps and drags, every one of them without a location or a value that follows fingers.
        #expect((spy["gestures"] as? Int ?? 0) >= 24, "\(spy)")
        #expect(spy["located"] as? Int == 0 && spy["valued"] as? Int == 0, "\(spy)")
        #expect(daemon.stop() == 0)
    }

    /// Root allowed raw touches, nobody allowed positions (so that it may add recognizers) but nothing more.
    static let sharedConfig = """
        [daemon]
        raw_touches = { users = [0] }
        positions = { users = [65534] }

        [[recognizer]]
        name = "tap"
        kind = "tap"

        [[recognizer]]
        name = "pan"
        kind = "pan"
        """

    /// Every gesture (with where) and every raw touch line root's connection reads while the recording plays.
    static func watch(_ daemon: DaemonProcess, _ watcher: TestClient) throws -> (gestures: [String], touches: [String]) {
        #expect(try watcher.request(["type": "subscribe", "events": ["gestures", "touches"]])["type"] as? String == "subscribed")
        let messages = try watcher.messages(until: Self.isLastPanEnd(8), timeout: 20)
        let touches = messages.filter { $0["type"] as? String == "touch" }.map { "\($0["id"] ?? "") \($0["phase"] ?? "") \($0["region"] ?? "")" }
        return (Self.gestures(messages), touches)
    }

    @Test(.enabled(if: asRoot, "the peer needs root to become nobody"))
    func aStrangersGreedyRecognizersTakeNothingFromAnotherConnection() throws {
        let quiet = try DaemonProcess(config: Self.sharedConfig, script: Self.script)
        guard chown(quiet.socket, 0, 65534) == 0 else { throw TestFailure("chown \(quiet.socket)") }
        let expected = try Self.watch(quiet, try quiet.client())
        #expect(expected.gestures.count > 30 && expected.touches.count > 20, "\(expected.gestures.count) gestures, \(expected.touches.count) touches")
        #expect(quiet.stop() == 0)

        let daemon = try DaemonProcess(config: Self.sharedConfig, script: Self.script)
        guard chown(daemon.socket, 0, 65534) == 0 else { throw TestFailure("chown \(daemon.socket)") }
        let watcher = try daemon.client(), observer = try daemon.client()
        let greedy = try Self.startPeer(["greedy", daemon.socket, "11"])
        // The recording starts with the first subscription: the greedy peer's recognizers are in place before it.
        try waitUntil("the greedy peer's recognizers") { try observer.request(["type": "status"])["client_recognizers"] as? Int == 2 }
        let seen = try Self.watch(daemon, watcher)
        #expect(seen.gestures == expected.gestures, "root's gestures changed under a stranger's recognizers")
        #expect(seen.touches == expected.touches, "root's raw touches changed under a stranger's recognizers")
        let result = try Self.finish(greedy)
        #expect(result["additions"] as? String == "own")
        #expect(result["answers"] as? [String] == ["recognizer_added", "recognizer_added", "invalid_recognizer", "subscribed"], "\(result)")
        // Its own long press held every touch, for itself alone.
        let owners = result["owners"] as? [String: Int] ?? [:]
        #expect(owners.keys.contains { $0.hasPrefix("client ") } && owners.count == 2, "\(owners)")
        #expect(daemon.stop() == 0)
    }

    /// Issue 30's names attack, as a user meets it: root's `gesturectl actions` binds the configured tap while a
    /// stranger tries to add a tap under that name (refused) and adds one under its own. The stranger's tap
    /// recognizes, for it alone; the actions run for the configured taps only, once each.
    @Test(.enabled(if: asRoot, "the peer needs root to become nobody"))
    func aStrangersNamesakeRunsNoActionOfAnotherUser() throws {
        let daemon = try DaemonProcess(config: Self.sharedConfig, script: Self.script)
        guard chown(daemon.socket, 0, 65534) == 0 else { throw TestFailure("chown \(daemon.socket)") }
        let peer = try Self.startPeer(["namesake", daemon.socket, "11"])
        let observer = try daemon.client()
        try waitUntil("the stranger's recognizer") { try observer.request(["type": "status"])["client_recognizers"] as? Int == 1 }
        let actions = try RunningActions(
            "[[action]]\ngesture = \"tap\"\non = \"ended\"\ncommand = 'echo \"$GESTURE_RECOGNIZER\" >> OUT'\n",
            in: daemon.directory.appendingPathComponent("actions").path, socket: daemon.socket)
        try waitUntil("gesturectl actions to connect (\(actions.logLines))") { actions.logLines.contains { $0.contains("connected to gestured") } }
        // The recording starts with the first subscription: root's watcher reads all of it.
        let watched = try Self.watch(daemon, observer)
        let taps = watched.gestures.filter { $0.hasPrefix("tap ended") }.count
        #expect(taps == 8, "\(watched.gestures)")
        try waitUntil("the actions' commands (\(actions.outLines))") { actions.outLines.count >= taps }
        let result = try Self.finish(peer)
        #expect(result["answers"] as? [String] == ["invalid_recognizer", "recognizer_added", "subscribed"], "\(result)")
        let ended = result["ended"] as? [String: Int] ?? [:]
        #expect(ended.keys.contains { $0.hasPrefix("my-tap of client ") }, "the stranger's own tap recognized: \(ended)")
        #expect(actions.outLines == Array(repeating: "tap", count: taps), "\(actions.outLines)")
        #expect(daemon.stop() == 0)
    }

    @Test(.enabled(if: asRoot, "the peer needs root to take a group"))
    func aReloadThatTakesRawTouchesAwayStopsThemOnOpenConnections() throws {
        let daemon = try Self.daemon()
        let observer = try daemon.client()
        let peer = try Self.startPeer(["revocable", daemon.socket, "\(Self.rawGroup)", "8"])
        #expect(try observer.request(["type": "subscribe", "events": ["gestures"]])["type"] as? String == "subscribed")
        // The first gesture: the peer has read touches by then.
        _ = try observer.messages(until: { $0["type"] as? String == "gesture" && $0["state"] as? String == "ended" }, timeout: 10)
        try Self.config.replacingOccurrences(of: "raw_touches = { groups = [\(Self.rawGroup)] }", with: "")
            .write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        #expect(try observer.request(["type": "reload"])["type"] as? String == "reloaded")
        let result = try Self.finish(peer)
        #expect(result["raw_touches"] as? Bool == true && result["subscribed"] as? String == "subscribed", "\(result)")
        #expect((result["before"] as? Int ?? 0) > 0 && result["revoked"] as? Bool == true, "\(result)")
        #expect(result["after"] as? Int == 0, "touches after the reload took them away: \(result)")
        #expect(daemon.stop() == 0)
    }
}
