import Foundation
@testable import GestureCore
import Testing

/// What all connections may hold together is shared by user (daemon.max_user_share, docs/protocol.md, Limits):
/// one user's connections, however many, hold at most their share of each total, so another user's additions are
/// accepted; a refusal says which bound and whose.
@Suite struct FairShareTests {
    static let config = """
        [daemon]
        max_client_recognizers_total = 8
        max_client_shape_points_total = 60
        positions = { users = [1000, 1001, 1002] }
        """

    final class Peers {
        let core: DaemonCore
        let lines: DaemonCoreTests.Lines
        var next: ClientID = 1

        init(_ toml: String) throws { (core, lines) = try DaemonCoreTests.core(toml) }

        /// A new connection of `uid`, greeted.
        func connect(_ uid: UInt32) -> ClientID {
            let id = next
            next = next.next
            _ = core.clientConnected(id, peer: PeerCredentials(pid: Int32(id.rawValue), uid: uid, gid: uid), at: .zero)
            core.clientLine(id, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
            return id
        }

        func reply(_ id: ClientID, _ request: String) -> [String: Any] {
            core.clientLine(id, Array(request.utf8), at: .zero)
            guard let last = lines.sent.last(where: { $0.0 == id }) else { return [:] }
            return (try? JSONSerialization.jsonObject(with: Data(last.1.utf8)) as? [String: Any]) ?? [:]
        }

        func addTap(_ id: ClientID, _ name: String) -> [String: Any] {
            reply(id, #"{"type":"add_recognizer","recognizer":{"name":"\#(name)","kind":"tap","device":"touch"}}"#)
        }
    }

    @Test func oneUserHoldsAtMostItsShareAndAnotherIsStillAccepted() throws {
        let peers = try Peers(Self.config)
        // Four connections of one user, each adding two: the user's share of 8 is 4.
        var added = 0
        var refusals: [[String: Any]] = []
        for _ in 0..<4 {
            let id = peers.connect(1000)
            for n in 0..<2 {
                let r = peers.addTap(id, "t\(n)")
                if r["type"] as? String == "recognizer_added" { added += 1 } else { refusals.append(r) }
            }
        }
        #expect(added == 4)
        let refused = try #require(refusals.first)
        #expect(refused["code"] as? String == "limit_reached")
        let limit = try #require(refused["limit"] as? [String: Any])
        #expect(limit["key"] as? String == "max_client_recognizers_total" && limit["holder"] as? String == "user")
        #expect(limit["wanted"] as? Int == 5 && limit["allowed"] as? Int == 4, "\(limit)")
        #expect((refused["message"] as? String)?.contains("uid 1000's connections would hold 5 recognizers together") == true, "\(refused)")
        // Another user is accepted up to the rest, and then the total is what refuses.
        let other = peers.connect(1001)
        for n in 0..<4 { #expect(peers.addTap(other, "o\(n)")["type"] as? String == "recognizer_added") }
        let third = peers.connect(1002)
        let full = peers.addTap(third, "x")
        #expect((full["limit"] as? [String: Any])?["holder"] as? String == "all", "\(full)")
    }

    @Test func shapePointsAreSharedByUserToo() throws {
        let peers = try Peers(Self.config)
        let a = peers.connect(1000), b = peers.connect(1000), c = peers.connect(1001)
        // A zigzag is 16 points: the user's share of 60 is 30.
        #expect(peers.reply(a, ClientShapeTests.addShape("z", ClientShapeTests.zigzag))["type"] as? String == "shape_added")
        let over = peers.reply(b, ClientShapeTests.addShape("z", ClientShapeTests.zigzag))
        #expect((over["limit"] as? [String: Any])?["key"] as? String == "max_client_shape_points_total", "\(over)")
        #expect((over["limit"] as? [String: Any])?["holder"] as? String == "user", "\(over)")
        #expect(peers.reply(c, ClientShapeTests.addShape("z", ClientShapeTests.zigzag))["type"] as? String == "shape_added")
    }

    @Test func aConnectionsOwnBoundSaysConnection() throws {
        let peers = try Peers(Self.config + "\nmax_client_recognizers = 1\n")
        let a = peers.connect(1000)
        _ = peers.addTap(a, "one")
        let refused = peers.addTap(a, "two")
        #expect((refused["limit"] as? [String: Any])?["holder"] as? String == "connection", "\(refused)")
        #expect((refused["limit"] as? [String: Any])?["key"] as? String == "max_client_recognizers", "\(refused)")
    }
}
