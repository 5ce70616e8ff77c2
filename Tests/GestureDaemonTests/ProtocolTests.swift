import DaemonTestSupport
import Foundation
import Glibc
import Testing

/// The protocol against a real daemon process on a temporary socket, fed by a replayed recording.
@Suite struct ProtocolTests {
    static func isPanEnd(_ m: [String: Any]) -> Bool { m["recognizer"] as? String == "pan" && m["state"] as? String == "ended" }

    @Test func severalClientsEachGetWhatTheirFilterAsks() throws {
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: DaemonFixtures.tapThenPan)
        let all = try daemon.client(), pans = try daemon.client(), ended = try daemon.client()
        #expect(try pans.request(["type": "subscribe", "filter": ["recognizers": ["pan"]]])["type"] as? String == "subscribed")
        #expect(try ended.request(["type": "subscribe", "filter": ["states": ["ended"]]])["type"] as? String == "subscribed")
        #expect(try all.request(["type": "subscribe"])["type"] as? String == "subscribed")

        let allSeen = try all.messages(until: Self.isPanEnd).compactMap(\.gestureSummary)
        #expect(allSeen.first == "tap ended")
        #expect(allSeen.contains("pan began") && allSeen.contains("pan changed") && allSeen.last == "pan ended")
        let panSeen = try pans.messages(until: Self.isPanEnd).compactMap(\.gestureSummary)
        #expect(!panSeen.isEmpty && panSeen.allSatisfy { $0.hasPrefix("pan ") })
        #expect(try ended.messages(until: Self.isPanEnd).compactMap(\.gestureSummary) == ["tap ended", "pan ended"])
        #expect(daemon.stop() == 0)
        #expect(daemon.log.contains("gestured stopped"))
    }

    /// Every frame the daemon ran is in the status's latency figures, split into its two parts, each an
    /// ordered p50 ≤ p99 ≤ max.
    @Test func statusSaysWhereEachFramesTimeWent() throws {
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: DaemonFixtures.tapThenPan)
        let client = try daemon.client()
        _ = try client.request(["type": "subscribe"])
        _ = try client.messages(until: Self.isPanEnd)
        let status = try client.request(["type": "status"])
        let latency = try #require(status["latency_us"] as? [String: Any])
        let frames = try #require(status["frames"] as? Int)
        #expect(frames > 10 && latency["frames"] as? Int == frames)
        for part in ["input", "engine"] {
            let figures = try #require(latency[part] as? [String: Any], "\(part)")
            let p50 = try #require(figures["p50"] as? Double), p99 = try #require(figures["p99"] as? Double)
            let max = try #require(figures["max"] as? Double)
            #expect(p50 > 0 && p50 <= p99 && p99 <= max, "\(part): \(figures)")
        }
        #expect(daemon.stop() == 0)
    }

    @Test func gestureLinesCarryEveryUnit() throws {
        let daemon = try DaemonProcess(
            config: DaemonFixtures.config() + "\n[[device]]\nname = \"screen\"\noutput_px = [1920, 1280]\n", script: DaemonFixtures.tapThenPan)
        let client = try daemon.client()
        _ = try client.request(["type": "subscribe", "filter": ["recognizers": ["tap"]]])
        let tap = try #require(try client.messages(until: { $0["type"] as? String == "gesture" }).last)
        #expect(tap["device"] as? String == "screen")
        #expect(tap["kind"] as? String == "tap")
        #expect(tap["touches"] as? Int == 1)
        let location = try #require(tap["location"] as? [String: Any])
        #expect(location["mm"] as? [Double] == [150, 100])
        #expect(location["normalized"] as? [Double] == [0.5, 0.5])
        #expect(location["px"] as? [Double] == [960, 640])
        #expect((tap["values"] as? [String: Any])?["taps"] as? Int == 1)
    }

    /// The loop handles requests for 100 µs a turn and reads a client again only once its lines are handled: a burst
    /// far larger than one receive is still answered whole, in order, while the recording plays to another client.
    @Test func aBurstOfRequestsIsAnsweredWholeAndInOrder() throws {
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: DaemonFixtures.tapThenPan)
        let watcher = try daemon.client()
        _ = try watcher.request(["type": "subscribe"])
        let client = try daemon.client()
        let count = 3000
        var burst: [UInt8] = []
        for n in 0..<count { burst += Array("{\"type\":\"\(n % 3 == 2 ? "nonsense" : "status")\",\"id\":\(n)}\n".utf8) }
        try client.sendRaw(burst)
        for n in 0..<count {
            let reply = try #require(try client.message(), "reply \(n) of \(count)")
            #expect(reply["id"] as? Int == n)
            #expect(reply["type"] as? String == (n % 3 == 2 ? "error" : "status"))
        }
        #expect(try watcher.messages(until: Self.isPanEnd).compactMap(\.gestureSummary).last == "pan ended")
        #expect(daemon.isRunning)
    }

    @Test func badRequestsGetErrorsAndTheConnectionStays() throws {
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: DaemonFixtures.tapThenPan)
        let early = try daemon.client(hello: false)
        #expect(try early.request(["type": "status"])["code"] as? String == "hello_required")
        #expect(try early.request(["type": "hello", "version": 99])["code"] as? String == "unsupported_version")

        let client = try daemon.client()
        try client.sendRaw(Array("this is not json\n".utf8))
        let notJSON = try #require(try client.message())
        #expect(notJSON["code"] as? String == "bad_request")
        #expect((notJSON["message"] as? String)?.hasPrefix("not JSON") == true)
        try client.sendRaw(Array("[1, 2]\n".utf8))
        #expect(try client.message()?["message"] as? String == "a request must be a JSON object, got an array")
        let unknown = try client.request(["type": "subscrbe", "id": 4])
        #expect(unknown["code"] as? String == "unknown_request")
        #expect(unknown["id"] as? Int == 4)
        #expect(unknown["message"] as? String == "unknown request type 'subscrbe'; did you mean 'subscribe'?")
        let badKind = try client.request(["type": "subscribe", "filter": ["kinds": ["pinchh"]]])
        #expect((badKind["message"] as? String)?.contains("'pinchh' in filter.kinds is not one of") == true)
        #expect((badKind["message"] as? String)?.hasSuffix("did you mean 'pinch'?") == true)
        let badField = try client.request(["type": "unsubscribe", "subscriptoin": 1])
        #expect((badField["message"] as? String)?.hasPrefix("unknown field 'subscriptoin' in unsubscribe") == true)
        #expect(try client.request(["type": "unsubscribe", "subscription": 42])["code"] as? String == "unknown_subscription")
        #expect(try client.request(["type": "status"])["type"] as? String == "status")
        #expect(daemon.isRunning)
    }

    @Test func anOversizedLineClosesOnlyThatConnection() throws {
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: DaemonFixtures.tapThenPan)
        let bystander = try daemon.client()
        let client = try daemon.client()
        try client.sendRaw([UInt8](repeating: UInt8(ascii: "x"), count: 70_000))
        let reply = try #require(try client.message())
        #expect(reply["code"] as? String == "line_too_long")
        #expect(try client.line() == nil)
        #expect(try bystander.request(["type": "status"])["clients"] as? Int == 1)
        #expect(daemon.log.contains("sent a line over 65536 bytes"))
    }

    @Test func rawTouchesOnlyForAllowedPeers() throws {
        let denied = try DaemonProcess(config: DaemonFixtures.config(rawUsers: [getuid() &+ 4242]), script: DaemonFixtures.tapThenPan)
        let stranger = try denied.client(hello: false)
        #expect(try stranger.request(["type": "hello", "version": 1])["raw_touches"] as? Bool == false)
        let refusal = try stranger.request(["type": "subscribe", "events": ["touches"]])
        #expect(refusal["code"] as? String == "access_denied")
        #expect((refusal["message"] as? String)?.contains("raw touches are not allowed for uid \(getuid())") == true)
        #expect(denied.log.contains("raw touches denied"))

        let allowed = try DaemonProcess(config: DaemonFixtures.config(), script: DaemonFixtures.tapThenPan)
        let friend = try allowed.client()
        #expect(try friend.request(["type": "subscribe", "events": ["touches"]])["type"] as? String == "subscribed")
        let touch = try #require(try friend.messages(until: { $0["type"] as? String == "touch" }).last)
        #expect(touch["phase"] as? String == "began")
        #expect(touch["touch_type"] as? String == "direct")
    }

    @Test func aClientThatNeverReadsIsDisconnectedAndOthersGetEverything() throws {
        // Ten fingers for 20 s at 100 Hz, played 40 times faster: megabytes of touch lines in half a second.
        let flood = "at 0.1 drag 80 100 to 220 100 over 20 fingers 10\nat 21 tap 150 50\n"
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: flood, speed: 40)
        let sleeper = try daemon.client()
        let reader = try daemon.client()
        _ = try sleeper.request(["type": "subscribe", "events": ["gestures", "touches"]])
        _ = try reader.request(["type": "subscribe", "filter": ["recognizers": ["tap"]]])
        let tap = try reader.messages(until: { $0.gestureSummary == "tap ended" }, timeout: 20)
        #expect(tap.last?.gestureSummary == "tap ended")
        try waitUntil("the sleeper's disconnection") { daemon.log.contains("client disconnected for not reading") }
        // What the sleeper still finds is what was queued before the daemon closed it, then the end.
        var lines = 0
        while try sleeper.line() != nil { lines += 1 }
        #expect(lines > 100)
        #expect(try reader.request(["type": "status"])["clients"] as? Int == 1)
    }

    @Test func aClientThatLeavesMidGestureTakesItsRecognizersWithIt() throws {
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: "at 0.1 drag 60 100 to 200 100 over 1.5\nat 2 tap 150 100\n")
        let watcher = try daemon.client()
        let leaver = try daemon.client()
        let added = try leaver.request([
            "type": "add_recognizer", "recognizer": ["name": "mine", "kind": "long-press", "minimum_press_duration": 0.2],
        ])
        #expect(added["type"] as? String == "recognizer_added")
        let listed = try watcher.request(["type": "list_recognizers"])["recognizers"] as? [[String: Any]] ?? []
        #expect((listed.first { $0["name"] as? String == "mine" }?["owner"] as? String)?.hasPrefix("client ") == true)
        _ = try leaver.request(["type": "subscribe"])
        _ = try watcher.request(["type": "subscribe", "filter": ["states": ["ended"]]])
        _ = try leaver.messages(until: { $0.gestureSummary == "pan began" })
        leaver.disconnect()
        let rest = try watcher.messages(until: { $0.gestureSummary == "tap ended" }).compactMap(\.gestureSummary)
        #expect(rest == ["pan ended", "tap ended"])
        let after = try watcher.request(["type": "list_recognizers"])["recognizers"] as? [[String: Any]] ?? []
        #expect(after.map { $0["name"] as? String } == ["tap", "pan"])
        #expect(daemon.log.contains("client disconnected"))
    }

    @Test func clientAdditionsAreValidatedLikeTheConfiguration() throws {
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: DaemonFixtures.tapThenPan)
        let client = try daemon.client()
        let badTaps = try client.request(["type": "add_recognizer", "recognizer": ["name": "x", "kind": "tap", "number_of_taps_required": 0]])
        #expect(badTaps["code"] as? String == "invalid_recognizer")
        #expect(badTaps["message"] as? String == "recognizer.number_of_taps_required: number_of_taps_required must be from 1 to 10, got 0")
        let clash = try client.request(["type": "add_recognizer", "recognizer": ["name": "pan", "kind": "pan"]])
        #expect((clash["message"] as? String)?.contains("recognizer 'pan' already exists") == true)
        let unknown = try client.request(["type": "add_recognizer", "recognizer": ["name": "y", "kind": "tap", "require_to_fail": ["pann"]]])
        #expect((unknown["message"] as? String)?.contains("unknown recognizer 'pann' in require_to_fail; did you mean 'pan'?") == true)
        let region = try client.request(["type": "add_region", "region": ["name": "keys", "device": "touch", "rect": [0, 0.5, 1, 0.5]]])
        #expect(region["type"] as? String == "region_added")
        let outside = try client.request(["type": "add_region", "region": ["name": "k2", "device": "touch", "parent": "keys", "rect": [0, 0, 1, 0.4]]])
        #expect((outside["message"] as? String)?.contains("outside its parent 'keys'") == true)
        let onRegion = try client.request(["type": "add_recognizer", "recognizer": ["name": "key-tap", "kind": "tap", "region": "keys"]])
        #expect(onRegion["type"] as? String == "recognizer_added")
        let regions = try client.request(["type": "list_regions"])["regions"] as? [[String: Any]] ?? []
        #expect(regions.map { $0["name"] as? String } == ["touch", "keys"])
    }
}
