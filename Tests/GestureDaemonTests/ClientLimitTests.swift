import Foundation
@testable import GestureDaemon
import Testing

/// What one connection may add is bounded (daemon.max_client_*): one more is refused with an error that names
/// the key, the connection stays, and removing one makes room again.
@Suite struct ClientLimitTests {
    static let config = """
        [daemon]
        max_client_recognizers = 2
        max_client_regions = 2
        max_client_subscriptions = 2

        [[recognizer]]
        name = "tap"
        kind = "tap"
        """

    /// The reply to one request line from client 1, as an object.
    static func reply(_ core: DaemonCore, _ lines: DaemonCoreTests.Lines, _ request: String) -> [String: Any] {
        core.clientLine(1, Array(request.utf8))
        return lines.objects(to: 1).last ?? [:]
    }

    static func connected() throws -> (DaemonCore, DaemonCoreTests.Lines) {
        let (core, lines) = try DaemonCoreTests.core(config)
        _ = core.clientConnected(1, peer: PeerCredentials(pid: 1, uid: 0, gid: 0))
        core.clientLine(1, Array(#"{"type":"hello","version":1}"#.utf8))
        return (core, lines)
    }

    @Test func recognizersBeyondTheLimitAreRefusedUntilOneIsRemoved() throws {
        let (core, lines) = try Self.connected()
        for name in ["a", "b"] {
            let r = Self.reply(core, lines, #"{"type":"add_recognizer","recognizer":{"name":"\#(name)","kind":"pan"}}"#)
            #expect(r["type"] as? String == "recognizer_added")
        }
        let refused = Self.reply(core, lines, #"{"type":"add_recognizer","recognizer":{"name":"c","kind":"pan"}}"#)
        #expect(refused["code"] as? String == "limit_reached")
        #expect((refused["message"] as? String)?.contains("daemon.max_client_recognizers in test.toml") == true)
        #expect(core.runningRecognizers == 3)
        _ = Self.reply(core, lines, #"{"type":"remove_recognizer","name":"a"}"#)
        #expect(Self.reply(core, lines, #"{"type":"add_recognizer","recognizer":{"name":"c","kind":"pan"}}"#)["type"] as? String == "recognizer_added")
    }

    @Test func regionsBeyondTheLimitAreRefused() throws {
        let (core, lines) = try Self.connected()
        for name in ["r1", "r2"] {
            let r = Self.reply(core, lines, #"{"type":"add_region","region":{"name":"\#(name)","device":"touch","rect":[0,0,0.5,0.5]}}"#)
            #expect(r["type"] as? String == "region_added")
        }
        let refused = Self.reply(core, lines, #"{"type":"add_region","region":{"name":"r3","device":"touch","rect":[0,0,0.5,0.5]}}"#)
        #expect(refused["code"] as? String == "limit_reached")
        #expect((refused["message"] as? String)?.contains("daemon.max_client_regions") == true)
    }

    @Test func subscriptionsBeyondTheLimitAreRefused() throws {
        let (core, lines) = try Self.connected()
        #expect(Self.reply(core, lines, #"{"type":"subscribe"}"#)["type"] as? String == "subscribed")
        #expect(Self.reply(core, lines, #"{"type":"subscribe"}"#)["type"] as? String == "subscribed")
        let refused = Self.reply(core, lines, #"{"type":"subscribe"}"#)
        #expect(refused["code"] as? String == "limit_reached")
        #expect((refused["message"] as? String)?.contains("daemon.max_client_subscriptions") == true)
        _ = Self.reply(core, lines, #"{"type":"unsubscribe","subscription":1}"#)
        #expect(Self.reply(core, lines, #"{"type":"subscribe"}"#)["type"] as? String == "subscribed")
    }
}
