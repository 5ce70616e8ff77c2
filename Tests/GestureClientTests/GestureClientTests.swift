import DaemonTestSupport
import Foundation
import GestureClient
import Glibc
import Testing

/// The Swift client library against a real daemon process, used as an application would use it.
@Suite struct GestureClientTests {
    /// The events until `stop` says so (included), failing after `timeout` seconds instead of hanging.
    static func events(_ client: GestureClient, until stop: @escaping @Sendable (Event) -> Bool, timeout: Double = 10) async throws -> [Event] {
        try await withThrowingTaskGroup(of: [Event].self) { group in
            group.addTask {
                var seen: [Event] = []
                for try await event in client.events {
                    seen.append(event)
                    if stop(event) { break }
                }
                return seen
            }
            group.addTask {
                try await Task.sleep(for: .seconds(timeout))
                throw TestFailure("no matching event within \(timeout) s")
            }
            let first = try await group.next() ?? []
            group.cancelAll()
            return first
        }
    }

    static func isPanEnd(_ event: Event) -> Bool {
        if case .gesture(let g) = event { return g.recognizer == "pan" && g.state == .ended }
        return false
    }

    static func gestures(_ events: [Event]) -> [GestureEvent] {
        events.compactMap { if case .gesture(let g) = $0 { g } else { nil } }
    }

    @Test func gesturesArriveTypedWithTheirValues() async throws {
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: DaemonFixtures.tapThenPan)
        let client = try await GestureClient(socket: daemon.socket, name: "client test")
        #expect(client.hello.daemonVersion.isEmpty == false)
        _ = try await client.subscribe(events: [.gestures])
        let gestures = Self.gestures(try await Self.events(client, until: Self.isPanEnd))
        let tap = try #require(gestures.first)
        #expect(tap.recognizer == "tap" && tap.kind == "tap" && tap.state == .ended && tap.touches == 1)
        #expect(tap.values.taps == 1)
        let location = try #require(tap.location)
        #expect(location.millimetres == Pair(150, 100) && location.normalized == Pair(0.5, 0.5))
        let panEnd = try #require(gestures.last)
        #expect(panEnd.state == .ended)
        #expect((panEnd.values.translation?.x ?? 0) > 100, "\(panEnd.values)")
        #expect(gestures.contains { $0.recognizer == "pan" && $0.state == .began })
        #expect(daemon.stop() == 0)
    }

    @Test func aFilteredSubscriptionGetsOnlyWhatItAsked() async throws {
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: DaemonFixtures.tapThenPan)
        let client = try await GestureClient(socket: daemon.socket, name: "client test")
        _ = try await client.subscribe(events: [.gestures], recognizers: ["pan"], states: ["began", "ended"])
        let gestures = Self.gestures(try await Self.events(client, until: Self.isPanEnd))
        #expect(gestures.map(\.state) == [.began, .ended])
        #expect(daemon.stop() == 0)
    }

    @Test func aClientsOwnRegionAndRecognizerAndTheErrorsThatRefuseThemAreTyped() async throws {
        let daemon = try DaemonProcess(
            config: DaemonFixtures.config(extra: "max_client_recognizers = 1"), script: DaemonFixtures.tapThenPan)
        let client = try await GestureClient(socket: daemon.socket, name: "client test")
        try await client.addRegion(name: "left", device: "touch", rect: [0, 0, 0.5, 1])
        do {
            try await client.addRecognizer(name: "bad", kind: "tap", ["number_of_taps_required": .integer(0)])
            Issue.record("a tap of no taps was accepted")
        } catch {
            #expect(error.code == "invalid_recognizer" && error.message.contains("number_of_taps_required"), "\(error)")
        }
        try await client.addRecognizer(name: "my-pan", kind: "pan", ["region": .string("left")])
        do {
            try await client.addRecognizer(name: "second", kind: "tap")
            Issue.record("a recognizer beyond the limit was accepted")
        } catch {
            #expect(error.code == "limit_reached" && error.message.contains("max_client_recognizers"), "\(error)")
        }
        // The drag starts at x 60 mm, in the left half: the client's own pan sees it.
        _ = try await client.subscribe(events: [.gestures], recognizers: ["my-pan"])
        let mine = Self.gestures(try await Self.events(client, until: { if case .gesture(let g) = $0 { g.state == .ended } else { false } }))
        #expect(mine.first?.state == .began && mine.first?.region == "left", "\(mine)")
        #expect(try await client.status().clients == 1)
        try await client.removeRecognizer(named: "my-pan")
        try await client.removeRegion(named: "left")
        #expect(daemon.stop() == 0)
    }

    @Test func rawTouchesAreForThoseTheDaemonAllows() async throws {
        let denied = try DaemonProcess(config: DaemonFixtures.config(rawUsers: []), script: DaemonFixtures.tapThenPan)
        let refused = try await GestureClient(socket: denied.socket, name: "client test")
        #expect(!refused.hello.rawTouches)
        do {
            _ = try await refused.subscribe(events: [.touches])
            Issue.record("raw touches were granted")
        } catch {
            #expect(error.code == "access_denied")
        }
        #expect(denied.stop() == 0)

        let allowed = try DaemonProcess(config: DaemonFixtures.config(), script: DaemonFixtures.tapThenPan)
        let client = try await GestureClient(socket: allowed.socket, name: "client test")
        #expect(client.hello.rawTouches)
        _ = try await client.subscribe(events: [.touches])
        let touches = try await Self.events(client, until: { if case .touch(let t) = $0 { t.phase == .ended || t.phase == .cancelled } else { false } })
        guard case .touch(let first) = touches.first else { throw TestFailure("no touch: \(touches)") }
        #expect(first.phase == .began && first.touchType == .direct && first.location.millimetres == Pair(150, 100))
        #expect(allowed.stop() == 0)
    }

    @Test func theEventsEndWhenTheDaemonGoesAndNothingListeningIsSaidSo() async throws {
        let daemon = try DaemonProcess(config: DaemonFixtures.config(), script: DaemonFixtures.tapThenPan)
        let client = try await GestureClient(socket: daemon.socket, name: "client test")
        _ = try await client.subscribe()
        #expect(daemon.stop() == 0)
        do {
            _ = try await Self.events(client, until: { _ in false })
            Issue.record("the events did not end")
        } catch let error as GestureClientError {
            #expect(error.code == "connection_closed")
        }
        do {
            _ = try await client.status()
            Issue.record("a request on a closed connection was answered")
        } catch {
            #expect(error.code == "connection_closed")
        }

        do {
            _ = try await GestureClient(socket: daemon.socket, name: "client test")
            Issue.record("connected to a daemon that is gone")
        } catch {
            #expect(error.code == "not_running" && error.message.contains(daemon.socket))
        }
    }
}
