import Foundation
import GestureConfig
import GestureEngine
@testable import GestureCore
import CaptureFormats
import Logging
import Testing

/// What one connection may see and change (docs/protocol.md, Who sees what, Who changes what), on the core with
/// time as an input: a peer that is not root, not the daemon's user and not in daemon.control (uid 1000), beside
/// root's connections.
@Suite struct ClientIsolationTests {
    typealias Core = DaemonCoreTests
    static let stranger = PeerCredentials(pid: 7, uid: 1000, gid: 1000)

    static func connect(_ core: DaemonCore, _ id: ClientID, _ peer: PeerCredentials, _ requests: [String]) {
        _ = core.clientConnected(id, peer: peer, at: .zero)
        core.clientLine(id, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
        for r in requests { core.clientLine(id, Array(r.utf8), at: .zero) }
    }

    static func replies(_ lines: Core.Lines, _ id: ClientID) -> [[String: Any]] {
        lines.objects(to: id).filter { $0["type"] as? String != "gesture" && $0["type"] as? String != "touch" }
    }

    /// Two taps (left, then right), a drag and a two-finger pinch, at 300 x 200 mm.
    static func play(_ core: DaemonCore, from start: Double = 1) {
        let node = Core.device.id
        var t = start
        func f(_ touches: [(TouchID, TouchPhase, Double, Double)]) {
            core.frame(Core.frame(t, touches), from: node)
            t += 0.016
        }
        f([(1, .began, 50, 100)])
        f([(1, .ended, 50, 100)])
        t += 0.5
        core.advance(to: .seconds(t))
        f([(2, .began, 250, 100)])
        f([(2, .ended, 250, 100)])
        t += 0.5
        core.advance(to: .seconds(t))
        f([(3, .began, 100, 50)])
        for i in 1...10 { f([(3, .moved, 100 + Double(i) * 8, 50)]) }
        f([(3, .ended, 180, 50)])
        t += 0.5
        core.advance(to: .seconds(t))
        f([(4, .began, 140, 100), (5, .began, 160, 100)])
        for i in 1...10 { f([(4, .moved, 140 - Double(i) * 3, 100), (5, .moved, 160 + Double(i) * 3, 100)]) }
        f([(4, .ended, 110, 100), (5, .ended, 190, 100)])
        t += 1
        core.advance(to: .seconds(t))
    }

    /// Positions for user 1000, but not in the pin pad (the surface's left half), which shows them to nobody.
    static let pinPad = """
        [daemon.positions]
        users = [1000]

        [[region]]
        name = "pin"
        device = "touch"
        rect = [0, 0, 0.5, 1]
        positions = { users = [] }
        """

    static let recognizers = """
        [[recognizer]]
        name = "tap"
        kind = "tap"

        [[recognizer]]
        name = "pan"
        kind = "pan"

        [[recognizer]]
        name = "pinch"
        kind = "pinch"
        """

    @Test func aPeerWithoutPositionsGetsGesturesThatSayNotWhere() throws {
        let (core, lines) = try Core.core(Self.recognizers)
        Self.connect(core, 1, PeerCredentials(pid: 1, uid: 0, gid: 0), [#"{"type":"subscribe"}"#])
        Self.connect(core, 2, Self.stranger, [#"{"type":"subscribe"}"#])
        Self.play(core)
        let mine = lines.objects(to: 1).filter { $0["type"] as? String == "gesture" }
        let theirs = lines.objects(to: 2).filter { $0["type"] as? String == "gesture" }
        #expect(mine.count == theirs.count && mine.count > 10)
        #expect(mine.allSatisfy { $0["location"] != nil && $0["positions"] == nil })
        #expect(theirs.allSatisfy { $0["location"] == nil && $0["positions"] as? Bool == false })
        // The same gestures, in the same states; of the values only a tap's count is left.
        #expect(mine.map { "\($0["recognizer"]!) \($0["state"]!)" } == theirs.map { "\($0["recognizer"]!) \($0["state"]!)" })
        let values = Set(theirs.flatMap { ($0["values"] as? [String: Any] ?? [:]).keys })
        #expect(values == ["taps"], "\(values)")
        let hello = try #require(Self.replies(lines, 2).first)
        #expect(hello["positions"] as? String == "nowhere" && hello["additions"] as? String == "own" && hello["client"] as? Int == 2)
    }

    @Test func positionsAreShownPerRegionWhereTheGestureIs() throws {
        let toml = """
            \(Self.pinPad)

            \(Self.recognizers)
            """
        let (core, lines) = try Core.core(toml)
        Self.connect(core, 2, Self.stranger, [#"{"type":"subscribe","filter":{"recognizers":["tap"]}}"#])
        Self.play(core)
        let taps = lines.objects(to: 2).filter { $0["type"] as? String == "gesture" }
        #expect(taps.count == 2)
        // The left tap lands in the pin pad, which shows positions to nobody (but root and the daemon's user).
        #expect(taps.first?["location"] == nil && taps.first?["positions"] as? Bool == false)
        #expect((taps.last?["location"] as? [String: Any])?["mm"] as? [Double] == [250, 100])
        core.clientLine(2, Array(#"{"type":"list_regions","id":9}"#.utf8), at: .zero)
        let listed = try #require(lines.objects(to: 2).last?["regions"] as? [[String: Any]])
        #expect(listed.map { "\($0["name"]!) \($0["positions"]!)" } == ["touch 1", "pin 0"])
    }

    /// A gesture shows its positions only to peers who may see every place its touches have been: a pan that began
    /// in the pin pad and left it would give away where it landed (its location less its translation).
    @Test func aGestureThatWasInAClosedRegionNeverShowsWhereToThoseWhoMayNotSeeThere() throws {
        let toml = """
            \(Self.pinPad)

            [[recognizer]]
            name = "pan"
            kind = "pan"
            """
        let (core, lines) = try Core.core(toml)
        Self.connect(core, 1, PeerCredentials(pid: 1, uid: 0, gid: 0), [#"{"type":"subscribe"}"#])
        Self.connect(core, 2, Self.stranger, [#"{"type":"subscribe"}"#])
        var t = 1.0
        /// One finger from `x` to `to` along y = 100 in 12 frames, then a pause.
        func drag(_ id: TouchID, _ x: Double, to: Double) {
            core.frame(Core.frame(t, [(id, .began, x, 100)]), from: Core.device.id)
            for i in 1...12 {
                t += 0.016
                core.frame(Core.frame(t, [(id, .moved, x + (to - x) * Double(i) / 12, 100)]), from: Core.device.id)
            }
            t += 0.016
            core.frame(Core.frame(t, [(id, .ended, to, 100)]), from: Core.device.id)
            t += 0.5
            core.advance(to: .seconds(t))
        }
        func pans(to id: ClientID) -> [[[String: Any]]] {
            var found: [[[String: Any]]] = []
            for m in lines.objects(to: id) where m["type"] as? String == "gesture" {
                if m["state"] as? String == "began" { found.append([]) }
                found[found.count - 1].append(m)
            }
            return found
        }
        drag(1, 100, to: 250)  // lands in the pin pad, ends outside it
        drag(2, 200, to: 280)  // never in it
        drag(3, 280, to: 100)  // ends in it
        let root = pans(to: 1), stranger = pans(to: 2)
        #expect(root.count == 3 && stranger.count == 3)
        #expect(root.joined().allSatisfy { $0["location"] != nil })
        // Nothing of the first pan's, though most of its lines are outside the pin pad.
        #expect(stranger[0].allSatisfy { $0["location"] == nil && ($0["values"] as? [String: Any] ?? [:]).isEmpty }, "\(stranger[0])")
        #expect(root[0].filter { (($0["location"] as? [String: Any])?["mm"] as? [Double])?.first ?? 0 > 150 }.count > 5)
        #expect(stranger[1].allSatisfy { $0["location"] != nil && ($0["values"] as? [String: Any])?["translation_mm"] != nil })
        // From where it entered the pin pad on, and to its end: the velocity at its end came from inside.
        let entered = try #require(root[2].firstIndex { (($0["location"] as? [String: Any])?["mm"] as? [Double])?.first ?? 300 < 150 })
        #expect(stranger[2][..<entered].allSatisfy { $0["location"] != nil })
        #expect(stranger[2][entered...].allSatisfy { $0["location"] == nil })
    }

    @Test func aPeerAddsNothingWhereItMayNotSee() throws {
        let (core, lines) = try Core.core(Self.recognizers)
        Self.connect(
            core, 2, Self.stranger,
            [
                #"{"type":"add_recognizer","id":1,"recognizer":{"name":"spy","kind":"long-press","minimum_press_duration":0}}"#,
                #"{"type":"add_recognizer","id":2,"recognizer":{"name":"spy","kind":"long-press","device":"touch","minimum_press_duration":0}}"#,
                #"{"type":"add_region","id":3,"region":{"name":"keys","device":"touch","rect":[0,0,1,1]}}"#,
            ])
        let replies = Self.replies(lines, 2).filter { $0["id"] != nil }
        #expect(replies.map { $0["code"] as? String } == ["invalid_recognizer", "invalid_recognizer", "invalid_region"])
        #expect(replies.allSatisfy { ($0["message"] as? String)?.contains("positions") == true }, "\(replies)")
        #expect(core.state.runningRecognizers == 3)
    }

    /// What root's connections receive, with or without a stranger's recognizers that delay, cancel and hold touches.
    static func rootsLines(withStranger: Bool) throws -> (root: [String], stranger: [[String: Any]]) {
        let toml = """
            [daemon]
            raw_touches = { users = [0] }
            positions = { users = [1000] }

            \(Self.recognizers)
            """
        let (core, lines) = try Core.core(toml)
        Self.connect(core, 1, PeerCredentials(pid: 1, uid: 0, gid: 0), [#"{"type":"subscribe","events":["gestures","touches"]}"#])
        if withStranger {
            let greedy = #""delays_touches_began":true,"delays_touches_ended":true,"cancels_touches_in_view":true"#
            Self.connect(
                core, 2, Self.stranger,
                [
                    #"{"type":"subscribe"}"#,
                    #"{"type":"add_recognizer","id":1,"recognizer":{"name":"hold","kind":"long-press","device":"touch","minimum_press_duration":0,"#
                        + greedy + "}}",
                    #"{"type":"add_recognizer","id":2,"recognizer":{"name":"grab","kind":"pan","device":"touch","minimum_number_of_touches":1,"#
                        + greedy + "}}",
                    #"{"type":"add_recognizer","id":3,"recognizer":{"name":"tap","kind":"tap","device":"touch"}}"#,
                    #"{"type":"add_recognizer","id":4,"recognizer":{"name":"wait","kind":"tap","device":"touch","require_to_fail":["pan"]}}"#,
                    #"{"type":"add_recognizer","id":5,"recognizer":{"name":"three-finger-tap","kind":"tap","device":"touch","number_of_touches_required":1}}"#,
                ])
        }
        play(core)
        let root = lines.sent.filter { $0.0 == 1 }.map(\.1).filter { $0.contains("\"gesture\"") || $0.contains("\"touch\"") }
        return (root, lines.objects(to: 2))
    }

    @Test func aPeersRecognizersChangeNothingAnotherConnectionReceives() throws {
        let quiet = try Self.rootsLines(withStranger: false)
        let attacked = try Self.rootsLines(withStranger: true)
        #expect(quiet.root.count > 30)
        #expect(attacked.root == quiet.root, "root's lines changed when a stranger added greedy recognizers")
        let replies = attacked.stranger.filter { $0["id"] != nil }
        #expect(replies.map { ($0["type"] as? String) ?? "" } == ["recognizer_added", "recognizer_added", "error", "error", "recognizer_added"], "\(replies)")
        #expect((replies[2]["message"] as? String)?.contains("already exists") == true)
        #expect((replies[3]["message"] as? String)?.contains("is configured") == true)
        // Its own gestures come to it, named as its own, where it sees: its long press, which in its own engine
        // keeps its pan and tap from beginning, as UIKit's would.
        let gestures = attacked.stranger.filter { $0["type"] as? String == "gesture" }
        let own = gestures.filter { $0["owner"] as? String == "client 2" }
        #expect(Set(own.compactMap { $0["recognizer"] as? String }) == ["hold"])
        #expect(own.count > 8 && own.allSatisfy { $0["location"] != nil })
        #expect(gestures.count == own.count + quiet.root.filter { $0.contains("\"gesture\"") }.count)
    }

    @Test func anotherConnectionsNamesReachNobodyElse() throws {
        let (core, lines) = try Core.core("[daemon]\npositions = { users = [1000] }\n" + Self.recognizers)
        Self.connect(core, 1, PeerCredentials(pid: 1, uid: 0, gid: 0), [#"{"type":"subscribe","filter":{"recognizers":["three-finger-tap"]}}"#])
        Self.connect(
            core, 2, Self.stranger,
            [#"{"type":"add_recognizer","recognizer":{"name":"three-finger-tap","kind":"tap","number_of_touches_required":1,"device":"touch"}}"#])
        Self.play(core)
        #expect(lines.objects(to: 1).filter { $0["type"] as? String == "gesture" }.isEmpty)
        core.clientLine(1, Array(#"{"type":"list_recognizers"}"#.utf8), at: .zero)
        let listed = try #require(lines.objects(to: 1).last?["recognizers"] as? [[String: Any]])
        #expect(listed.compactMap { $0["name"] as? String } == ["tap", "pan", "pinch"])
        core.clientLine(2, Array(#"{"type":"list_recognizers"}"#.utf8), at: .zero)
        let theirs = try #require(lines.objects(to: 2).last?["recognizers"] as? [[String: Any]])
        #expect(theirs.last?["name"] as? String == "three-finger-tap" && theirs.last?["owner"] as? String == "client 2")
    }

    @Test func aReloadTakesRawTouchesAwayFromOpenConnections() throws {
        let allowed = "[daemon]\nraw_touches = { users = [1000] }\n" + Self.recognizers
        let configuration = try Configuration.parse(allowed, file: "test.toml")
        let logger = Logger(label: "test")
        let lines = Core.Lines()
        let core = DaemonCore(configuration: configuration, access: resolved(configuration), outbox: lines)
        core.deviceAdded(Core.device)
        Self.connect(core, 2, Self.stranger, [#"{"type":"subscribe","events":["touches"]}"#])
        core.frame(Core.frame(1, [(1, .began, 50, 100)]), from: Core.device.id)
        #expect(lines.objects(to: 2).contains { $0["type"] as? String == "touch" })
        let revoked = try Configuration.parse(Self.recognizers, file: "test.toml")
        core.apply(revoked, access: resolved(revoked), at: .seconds(1.01))
        let before = lines.objects(to: 2).count
        #expect(lines.objects(to: 2).last?["code"] as? String == "access_revoked")
        core.frame(Core.frame(1.1, [(2, .began, 50, 100)]), from: Core.device.id)
        core.frame(Core.frame(1.2, [(2, .ended, 50, 100)]), from: Core.device.id)
        #expect(lines.objects(to: 2).count == before)
        core.clientLine(2, Array(#"{"type":"subscribe","events":["touches"]}"#.utf8), at: .zero)
        #expect(lines.objects(to: 2).last?["code"] as? String == "access_denied")
    }

    @Test func aConnectionThatSaysNoHelloIsClosedAtItsDeadline() throws {
        let (core, lines) = try Core.core("[daemon]\nhello_timeout_s = 2\n" + Self.recognizers)
        _ = core.clientConnected(5, peer: Self.stranger, at: .seconds(10))
        #expect(core.nextDeadline == .seconds(12))
        core.advance(to: .seconds(11.9))
        #expect(lines.closed.isEmpty)
        core.advance(to: .seconds(12))
        #expect(lines.objects(to: 5).last?["code"] as? String == "hello_timeout")
        #expect(lines.closed == [5])
        #expect(core.nextDeadline == nil)
        // One that greets in time has no deadline.
        _ = core.clientConnected(6, peer: Self.stranger, at: .seconds(20))
        core.clientLine(6, Array(#"{"type":"hello","version":1}"#.utf8), at: .zero)
        #expect(core.nextDeadline == nil)
    }

    @Test func allConnectionsTogetherAddNoMoreThanTheTotal() throws {
        let (core, lines) = try Core.core("[daemon]\nmax_client_recognizers_total = 2\nmax_user_share = 1\npositions = { users = [1000] }\n" + Self.recognizers)
        for id in (1...3).map { ClientID($0) } {
            Self.connect(core, id, Self.stranger, [#"{"type":"add_recognizer","id":1,"recognizer":{"name":"mine","kind":"tap","device":"touch"}}"#])
        }
        #expect(Self.replies(lines, 3).last?["code"] as? String == "limit_reached")
        #expect((Self.replies(lines, 3).last?["message"] as? String)?.contains("max_client_recognizers_total") == true)
        core.clientDisconnected(1, at: .zero)
        core.clientLine(3, Array(#"{"type":"add_recognizer","id":2,"recognizer":{"name":"mine","kind":"tap","device":"touch"}}"#.utf8), at: .zero)
        #expect(Self.replies(lines, 3).last?["type"] as? String == "recognizer_added")
    }
}
