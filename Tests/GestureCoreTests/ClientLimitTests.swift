import Foundation
@testable import GestureCore
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
        core.clientLine(1, Array(request.utf8), at: .zero)
        guard let last = lines.sent.last(where: { $0.0 == 1 }) else { return [:] }
        return (try? JSONSerialization.jsonObject(with: Data(last.1.utf8)) as? [String: Any]) ?? [:]
    }

    static func connected() throws -> (DaemonCore, DaemonCoreTests.Lines) {
        let (core, lines) = try DaemonCoreTests.core(config)
        _ = core.clientConnected(1, peer: PeerCredentials(pid: 1, uid: 0, gid: 0), at: .zero)
        core.clientLine(1, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
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
        #expect(core.state.runningRecognizers == 3)
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

/// A client's additions go completely when it removes them or leaves: relations included, so churn never
/// grows what the daemon holds, and a recognizer added again under an old name starts with none.
@Suite struct ClientChurnTests {
    @Test func tenThousandAdditionsAndRemovalsLeaveNothingBehind() throws {
        let (core, lines) = try ClientLimitTests.connected()
        let surface = try #require(core.state.sessions.values.first?.surface)
        let baseline = (surface.rules.count, surface.engine.recognizers.count, surface.regions.count)
        var errors = 0
        for i in 0..<10_000 {
            _ = ClientLimitTests.reply(core, lines, #"{"type":"add_region","region":{"name":"r","device":"touch","rect":[0,0,0.5,0.5]}}"#)
            _ = ClientLimitTests.reply(
                core, lines,
                #"{"type":"add_recognizer","recognizer":{"name":"mine","kind":"pan","region":"r","simultaneous_with":["tap"],"require_to_fail":["tap"],"should_begin":{"minimum_touches":1}}}"#)
            if i.isMultiple(of: 2) {
                _ = ClientLimitTests.reply(core, lines, #"{"type":"remove_recognizer","name":"mine"}"#)
            }
            _ = ClientLimitTests.reply(core, lines, #"{"type":"remove_region","name":"r"}"#)
            errors += lines.sent.filter { $0.1.contains(#""type":"error""#) }.count
            lines.sent.removeAll()
        }
        #expect(errors == 0)
        #expect((surface.rules.count, surface.engine.recognizers.count, surface.regions.count) == baseline)

        // Re-added under the same name without relations, it has none.
        _ = ClientLimitTests.reply(core, lines, #"{"type":"add_recognizer","recognizer":{"name":"mine","kind":"pan"}}"#)
        #expect(surface.rules.count == baseline.0)
        _ = ClientLimitTests.reply(core, lines, #"{"type":"remove_recognizer","name":"mine"}"#)

        core.clientDisconnected(1, at: .zero)
        #expect((surface.rules.count, surface.engine.recognizers.count, surface.regions.count) == baseline)
    }
}

/// A client's region may hang only under a configured region or one of its own: another connection's region
/// goes when that connection does, and would take this one's with it.
@Suite struct ClientRegionParentTests {
    @Test func aRegionUnderAnotherConnectionsRegionIsRefusedSayingWhy() throws {
        let (core, lines) = try ClientLimitTests.connected()
        _ = core.clientConnected(2, peer: PeerCredentials(pid: 2, uid: 0, gid: 0), at: .zero)
        core.clientLine(2, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
        core.clientLine(2, Array(#"{"type":"add_region","region":{"name":"theirs","device":"touch","rect":[0,0,0.5,0.5]}}"#.utf8), at: .zero)
        let refused = ClientLimitTests.reply(
            core, lines, #"{"type":"add_region","region":{"name":"mine","device":"touch","parent":"theirs","rect":[0,0,0.2,0.2]}}"#)
        #expect(refused["code"] as? String == "invalid_region")
        #expect((refused["message"] as? String)?.contains("parent region 'theirs' belongs to another connection") == true)

        let own = ClientLimitTests.reply(core, lines, #"{"type":"add_region","region":{"name":"own","device":"touch","rect":[0.5,0,0.5,0.5]}}"#)
        #expect(own["type"] as? String == "region_added")
        let nested = ClientLimitTests.reply(
            core, lines, #"{"type":"add_region","region":{"name":"inner","device":"touch","parent":"own","rect":[0.6,0,0.2,0.2]}}"#)
        #expect(nested["type"] as? String == "region_added")
    }

    /// Nor may a recognizer sit on another connection's region or name its recognizers or regions in its
    /// relations and rules: they go when that connection does.
    @Test func aRecognizerReferringToAnotherConnectionsAdditionsIsRefusedSayingWhere() throws {
        let (core, lines) = try ClientLimitTests.connected()
        _ = core.clientConnected(2, peer: PeerCredentials(pid: 2, uid: 0, gid: 0), at: .zero)
        core.clientLine(2, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
        core.clientLine(2, Array(#"{"type":"add_region","region":{"name":"theirs","device":"touch","rect":[0,0,0.5,0.5]}}"#.utf8), at: .zero)
        core.clientLine(2, Array(#"{"type":"add_recognizer","recognizer":{"name":"their-pan","kind":"pan","region":"theirs"}}"#.utf8), at: .zero)
        let cases = [
            (#""region":"theirs""#, "recognizer.region: region 'theirs' belongs to another connection"),
            (#""require_to_fail":["tap","their-pan"]"#, "recognizer.require_to_fail[1]: recognizer 'their-pan' in require_to_fail belongs to another connection"),
            (#""simultaneous_with":["their-pan"]"#, "recognizer.simultaneous_with[0]: recognizer 'their-pan'"),
            (#""should_begin":{"unless_active":["their-pan"]}"#, "recognizer.should_begin.unless_active[0]: recognizer 'their-pan'"),
            (#""should_receive":{"exclude_regions":["theirs"]}"#, "recognizer.should_receive.exclude_regions[0]: region 'theirs'"),
        ]
        for (field, message) in cases {
            let refused = ClientLimitTests.reply(core, lines, #"{"type":"add_recognizer","recognizer":{"name":"mine","kind":"tap",\#(field)}}"#)
            #expect(refused["code"] as? String == "invalid_recognizer", "\(field)")
            #expect((refused["message"] as? String)?.contains(message) == true, "\(refused)")
        }
        // The configured ones and its own are fine.
        _ = ClientLimitTests.reply(core, lines, #"{"type":"add_region","region":{"name":"own","device":"touch","rect":[0.5,0,0.5,0.5]}}"#)
        let own = ClientLimitTests.reply(
            core, lines, #"{"type":"add_recognizer","recognizer":{"name":"mine","kind":"tap","region":"own","require_to_fail":["tap"]}}"#)
        #expect(own["type"] as? String == "recognizer_added")
        let second = ClientLimitTests.reply(
            core, lines, #"{"type":"add_recognizer","recognizer":{"name":"mine-too","kind":"pan","simultaneous_with":["mine"],"should_receive":{"regions":["own"]}}}"#)
        #expect(second["type"] as? String == "recognizer_added")
    }
}
