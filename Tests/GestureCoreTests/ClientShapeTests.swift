import Foundation
import GestureActions
@testable import GestureCore
import Testing

/// Shapes a connection adds over the socket (add_shape, remove_shape): its shape recognizers name them, a drawing
/// is recognized for it alone, every bound is a refusal naming its key, every mistake names its field, and a shape
/// in use stays until its recognizer goes.
@Suite struct ClientShapeTests {
    static let config = """
        [daemon]
        max_client_shapes = 2
        max_client_shape_examples = 2
        max_client_shape_points = 40
        positions = { users = ["1000"] }
        """

    /// `corners` as a stroke, a point every 10 ms, each leg in 5 points: `[[x,y,t],...]`.
    static func stroke(_ corners: [(Double, Double)]) -> String {
        var points: [String] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            for k in 0..<5 {
                let t = Double(points.count) / 100
                points.append("[\(a.0 + (b.0 - a.0) * Double(k) / 5),\(a.1 + (b.1 - a.1) * Double(k) / 5),\(t)]")
            }
        }
        points.append("[\(corners.last!.0),\(corners.last!.1),\(Double(points.count) / 100)]")
        return "[" + points.joined(separator: ",") + "]"
    }

    static let zigzag = [(100.0, 100.0), (120, 120), (140, 100), (160, 120)]
    static let bar = [(100.0, 100.0), (160, 100)]

    static func addShape(_ name: String, _ corners: [(Double, Double)]) -> String {
        #"{"type":"add_shape","shape":{"name":"\#(name)","examples":[[\#(stroke(corners))]]}}"#
    }

    /// One finger draws the zigzag, 50 mm right of and 20 mm below its examples, a point every 50 ms from 1 s.
    static func drawZigzag(on core: DaemonCore) {
        var t = 1.0
        for (i, p) in zigzag.enumerated() {
            core.frame(DaemonCoreTests.frame(t, [(1, i == 0 ? .began : .moved, p.0 + 50, p.1 + 20)]), from: DaemonCoreTests.device.id)
            t += 0.05
        }
        core.frame(DaemonCoreTests.frame(t, [(1, .ended, 210, 140)]), from: DaemonCoreTests.device.id)
    }

    static func reply(_ core: DaemonCore, _ lines: DaemonCoreTests.Lines, _ request: String) -> [String: Any] {
        ClientLimitTests.reply(core, lines, request)
    }

    static func connected() throws -> (DaemonCore, DaemonCoreTests.Lines) {
        let (core, lines) = try DaemonCoreTests.core(config)
        // Not daemon.control's: its additions run apart, on an engine of its own.
        _ = core.clientConnected(1, peer: PeerCredentials(pid: 1, uid: 1000, gid: 1000), at: .zero)
        core.clientLine(1, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
        return (core, lines)
    }

    @Test func aConnectionsShapeIsRecognizedForIt() throws {
        let (core, lines) = try Self.connected()
        #expect(Self.reply(core, lines, Self.addShape("zigzag", Self.zigzag))["type"] as? String == "shape_added")
        #expect(Self.reply(core, lines, Self.addShape("bar", Self.bar))["type"] as? String == "shape_added")
        let added = Self.reply(core, lines, #"{"type":"add_recognizer","recognizer":{"name":"mine","kind":"shape","shapes":["zigzag","bar"]}}"#)
        #expect(added["type"] as? String == "recognizer_added", "\(added)")
        _ = Self.reply(core, lines, #"{"type":"subscribe","events":["gestures"]}"#)
        Self.drawZigzag(on: core)
        let gesture = try #require(lines.objects(to: 1).first { $0["type"] as? String == "gesture" })
        #expect(gesture["recognizer"] as? String == "mine" && gesture["owner"] as? String == "client 1")
        #expect((gesture["values"] as? [String: Any])?["shape"] as? String == "zigzag", "\(gesture)")
    }

    /// A connection's shape recognizers match within its share of daemon.client_shape_steps: a drawing its engine
    /// cannot decide within them is no gesture, whatever the shapes (docs/protocol.md, Shape work).
    @Test func aDrawingBeyondTheConnectionsShapeStepsIsNoGesture() throws {
        for (steps, recognized) in [(1_000_000, true), (10, false)] {
            let (core, lines) = try DaemonCoreTests.core(Self.config + "\nclient_shape_steps = \(steps)\n")
            _ = core.clientConnected(1, peer: PeerCredentials(pid: 1, uid: 1000, gid: 1000), at: .zero)
            core.clientLine(1, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
            _ = Self.reply(core, lines, Self.addShape("zigzag", Self.zigzag))
            _ = Self.reply(core, lines, #"{"type":"add_recognizer","recognizer":{"name":"mine","kind":"shape","shapes":["zigzag"]}}"#)
            _ = Self.reply(core, lines, #"{"type":"subscribe","events":["gestures"]}"#)
            Self.drawZigzag(on: core)
            #expect(lines.objects(to: 1).contains { $0["type"] as? String == "gesture" } == recognized, "\(steps) steps")
        }
    }

    /// The steps are shared evenly by the users whose connections have shape recognizers, then by each user's
    /// connections: a user who opens more connections gets no more.
    @Test func shapeStepsAreSharedByUserThenConnection() throws {
        let (core, lines) = try DaemonCoreTests.core("[daemon]\nclient_shape_steps = 1200\npositions = { users = [1000, 1001] }\n")
        func connect(_ id: ClientID, _ uid: UInt32) {
            _ = core.clientConnected(id, peer: PeerCredentials(pid: Int32(id.rawValue), uid: uid, gid: uid), at: .zero)
            core.clientLine(id, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
            core.clientLine(id, Array(Self.addShape("bar", Self.bar).utf8), at: .zero)
            core.clientLine(id, Array(#"{"type":"add_recognizer","recognizer":{"name":"mine","kind":"shape","shapes":["bar"]}}"#.utf8), at: .zero)
        }
        connect(1, 1000)
        #expect(core.state.clients[1]?.shapeSteps == 1200)
        connect(2, 1000)
        connect(3, 1000)
        connect(4, 1001)
        #expect([1, 2, 3, 4].map { core.state.clients[$0]?.shapeSteps } == [200, 200, 200, 600])
        core.clientDisconnected(4, at: .zero)
        #expect([1, 2, 3].map { core.state.clients[$0]?.shapeSteps } == [400, 400, 400])
        #expect(!lines.sent.contains { $0.1.contains("\"error\"") }, "\(lines.sent)")
    }

    @Test func eachBoundIsARefusalNamingItsKey() throws {
        let (core, lines) = try Self.connected()
        _ = Self.reply(core, lines, Self.addShape("a", Self.bar))
        _ = Self.reply(core, lines, Self.addShape("b", Self.bar))
        let third = Self.reply(core, lines, Self.addShape("c", Self.bar))
        #expect(third["code"] as? String == "limit_reached" && (third["message"] as? String)?.contains("max_client_shapes") == true, "\(third)")
        _ = Self.reply(core, lines, #"{"type":"remove_shape","name":"a"}"#)
        let many = Self.reply(core, lines, Self.addShape("long", Array(repeating: Self.zigzag, count: 3).flatMap { $0 }))
        #expect(many["code"] as? String == "limit_reached" && (many["message"] as? String)?.contains("max_client_shape_points") == true, "\(many)")
        let examples = Self.reply(
            core, lines, #"{"type":"add_shape","shape":{"name":"e","examples":[[\#(Self.stroke(Self.bar))],[\#(Self.stroke(Self.bar))],[\#(Self.stroke(Self.bar))]]}}"#)
        #expect(examples["code"] as? String == "invalid_shape" && (examples["message"] as? String)?.contains("max_client_shape_examples") == true, "\(examples)")
    }

    /// A shape of several strokes is held once per stroke (its beginnings too): a connection's shape comparisons
    /// count it so.
    @Test func aShapeOfSeveralStrokesCountsOncePerStroke() throws {
        let (core, lines) = try DaemonCoreTests.core(Self.config + "\nmax_client_shape_comparisons = 2\n")
        _ = core.clientConnected(1, peer: PeerCredentials(pid: 1, uid: 1000, gid: 1000), at: .zero)
        core.clientLine(1, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
        let cross = #"{"type":"add_shape","shape":{"name":"cross","examples":[[[[100,100,0],[160,100,0.1]],[[130,70,0.5],[130,130,0.6]]]]}}"#
        let triple = #"{"type":"add_shape","shape":{"name":"triple","examples":[[[[100,100,0],[160,100,0.1]],[[100,110,0.5],[160,110,0.6]],[[100,120,1],[160,120,1.1]]]]}}"#
        #expect(Self.reply(core, lines, cross)["type"] as? String == "shape_added")
        #expect(Self.reply(core, lines, triple)["type"] as? String == "shape_added")
        let over = Self.reply(core, lines, #"{"type":"add_recognizer","recognizer":{"name":"three","kind":"shape","shapes":["triple"]}}"#)
        #expect(over["code"] as? String == "limit_reached" && (over["message"] as? String)?.contains("max_client_shape_comparisons") == true, "\(over)")
        let two = Self.reply(core, lines, #"{"type":"add_recognizer","recognizer":{"name":"two","kind":"shape","shapes":["cross"]}}"#)
        #expect(two["type"] as? String == "recognizer_added", "\(two)")
    }

    /// All connections' shapes together hold at most max_client_shape_points_total points; a connection that goes
    /// makes room.
    @Test func allConnectionsShapesTogetherAreBounded() throws {
        // One user's connections: the whole total is theirs to take here (max_user_share; FairShareTests).
        let (core, lines) = try DaemonCoreTests.core(Self.config + "\nmax_client_shape_points_total = 30\nmax_user_share = 1\n")
        func line(_ client: ClientID, _ request: String) -> [String: Any] {
            core.clientLine(client, Array(request.utf8), at: .zero)
            guard let last = lines.sent.last(where: { $0.0 == client }) else { return [:] }
            return (try? JSONSerialization.jsonObject(with: Data(last.1.utf8)) as? [String: Any]) ?? [:]
        }
        for client in (1...2).map { ClientID($0) } {
            _ = core.clientConnected(client, peer: PeerCredentials(pid: Int32(client.rawValue), uid: 1000, gid: 1000), at: .zero)
            core.clientLine(client, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
        }
        // A bar is 6 points, a zigzag 16.
        #expect(line(1, Self.addShape("zigzag", Self.zigzag))["type"] as? String == "shape_added")
        #expect(line(1, Self.addShape("bar", Self.bar))["type"] as? String == "shape_added")
        let over = line(2, Self.addShape("zigzag", Self.zigzag))
        #expect(over["code"] as? String == "limit_reached", "\(over)")
        #expect((over["message"] as? String)?.contains("would hold 38 shape points together, more than daemon.max_client_shape_points_total (30)") == true, "\(over)")
        #expect(line(2, Self.addShape("bar", Self.bar))["type"] as? String == "shape_added", "28 points fit")
        core.clientDisconnected(1, at: .zero)
        #expect(line(2, Self.addShape("zigzag", Self.zigzag))["type"] as? String == "shape_added")
    }

    @Test(arguments: [
        (#"{"name":"s","examples":[[[]]]}"#, "a stroke needs at least one point (one is a dot), got none"),
        (#"{"name":"s","examples":[[]]}"#, "an example needs at least one stroke"),
        (#"{"name":"s","examples":[[[[0,0,1],[5,5,0.5]]]]}"#, "time goes back within the example: 0.5 after 1.0"),
        (#"{"name":"s","examples":[[[[0,"x",0],[5,5,1]]]]}"#, "must be a number"),
        (#"{"name":"s","examples":[[[[0,0,0],[1e12,5,1]]]]}"#, "must be from"),
        (#"{"name":"s s","examples":[[[[0,0,0],[5,5,1]]]]}"#, "must be 1 to 64 letters"),
        (#"{"name":"s","fingers":11,"examples":[[[[0,0,0],[5,5,1]]]]}"#, "fingers must be from 1 to 10"),
        (#"{"name":"s"}"#, "shape needs examples"),
        (#"{"name":"s","examples":[[[[0,0,0],[5,5,1]]]],"colour":1}"#, "unknown key 'colour'"),
    ])
    func aMistakeNamesItsField(_ shape: String, _ message: String) throws {
        let (core, lines) = try Self.connected()
        let r = Self.reply(core, lines, #"{"type":"add_shape","shape":\#(shape)}"#)
        #expect(r["code"] as? String == "invalid_shape" && (r["message"] as? String)?.contains(message) == true, "\(r)")
    }

    @Test func aShapeInUseStaysUntilItsRecognizerGoes() throws {
        let (core, lines) = try Self.connected()
        _ = Self.reply(core, lines, Self.addShape("bar", Self.bar))
        _ = Self.reply(core, lines, #"{"type":"add_recognizer","recognizer":{"name":"mine","kind":"shape","shapes":["bar"]}}"#)
        #expect(Self.reply(core, lines, #"{"type":"remove_shape","name":"bar"}"#)["code"] as? String == "shape_in_use")
        _ = Self.reply(core, lines, #"{"type":"remove_recognizer","name":"mine"}"#)
        #expect(Self.reply(core, lines, #"{"type":"remove_shape","name":"bar"}"#)["type"] as? String == "shape_removed")
        #expect(Self.reply(core, lines, #"{"type":"remove_shape","name":"bar"}"#)["code"] as? String == "unknown_shape")
        let unknown = Self.reply(core, lines, #"{"type":"add_recognizer","recognizer":{"name":"r","kind":"shape","shapes":["bar"]}}"#)
        #expect((unknown["message"] as? String)?.contains("this connection added no shape 'bar'") == true, "\(unknown)")
    }

    @Test func anotherConnectionCannotNameThem() throws {
        let (core, lines) = try Self.connected()
        _ = Self.reply(core, lines, Self.addShape("bar", Self.bar))
        _ = core.clientConnected(2, peer: PeerCredentials(pid: 2, uid: 1001, gid: 1001), at: .zero)
        core.clientLine(2, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
        core.clientLine(2, Array(#"{"type":"add_recognizer","recognizer":{"name":"r","kind":"shape","shapes":["bar"]}}"#.utf8), at: .zero)
        let r = try #require(lines.objects(to: 2).last)
        #expect(r["code"] as? String == "invalid_recognizer", "\(r)")
    }

    /// A peer daemon.control allows (root here) adds to the shared surfaces: its shape recognizer of a drawing the
    /// configured one knows too is excluded by it (UIKit's arbitration; the configured one, placed first,
    /// recognizes first) and never acts on it, unless it names the configured one in simultaneous_with. What
    /// `gesturectl actions` says of such a recognizer (ActionsFile.sharedArbitrationNotes) rests on this.
    @Test func aControlPeersShapeRecognizerIsExcludedByAConfiguredOneUnlessSimultaneous() throws {
        for together in [false, true] {
            let (core, lines, folder) = try ShapeDaemonTests.core()
            defer { try? FileManager.default.removeItem(at: folder) }
            _ = core.clientConnected(1, peer: PeerCredentials(pid: 1, uid: 0, gid: 0), at: .zero)
            let hello = Self.reply(core, lines, #"{"type":"hello","version":1}"#)
            #expect(hello["additions"] as? String == "shared", "\(hello)")
            _ = Self.reply(core, lines, Self.addShape("zig", Self.zigzag))
            let relation = together ? #","simultaneous_with":["drawn"]"# : ""
            let added = Self.reply(core, lines, #"{"type":"add_recognizer","recognizer":{"name":"mine","kind":"shape","shapes":["zig"]\#(relation)}}"#)
            #expect(added["type"] as? String == "recognizer_added", "\(added)")
            _ = Self.reply(core, lines, #"{"type":"subscribe","events":["gestures"]}"#)
            Self.drawZigzag(on: core)
            let ended = Set(DaemonCoreTests.gestures(lines, 1).filter { $0.hasSuffix("ended") })
            #expect(ended == (together ? ["drawn ended", "mine ended"] : ["drawn ended"]), "simultaneous_with: \(together)")
        }
    }
}
