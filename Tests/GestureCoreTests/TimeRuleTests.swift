import Foundation
import GestureConfig
@testable import GestureCore
import InputCore
import Testing

/// Every input that comes at a time first fires what is due before it, whatever the caller called before: the
/// core's one rule of time (docs/daemon.md, Time) does not rest on the caller advancing its clock in between.
@Suite struct TimeRuleTests {
    typealias Core = DaemonCoreTests

    static let press = "[[recognizer]]\nname = \"press\"\nkind = \"long-press\"\n"

    /// A finger held from 1 s: its long press is due at 1.5 s.
    static func held() throws -> (DaemonCore, Core.Lines) {
        let (core, lines) = try Core.core(press)
        Core.subscribe(core, 1)
        core.frame(Core.frame(1, [(1, .began, 50, 100)]), from: Core.device.id)
        #expect(Core.gestures(lines, 1).isEmpty)
        return (core, lines)
    }

    @Test func aClientLineFiresWhatIsDueBeforeIt() throws {
        let (core, lines) = try Self.held()
        core.clientLine(1, Array(#"{"type":"list_recognizers"}"#.utf8), at: .seconds(2))
        #expect(Core.gestures(lines, 1) == ["press began"])
        // The deadline's line comes before the reply to the line that came after it.
        let types = lines.objects(to: 1).suffix(2).compactMap { $0["type"] as? String }
        #expect(types == ["gesture", "recognizers"])
    }

    @Test func aConnectionAndADisconnectionFireWhatIsDueBeforeThem() throws {
        var (core, lines) = try Self.held()
        core.clientConnected(2, peer: PeerCredentials(pid: 2, uid: 0, gid: 0), at: .seconds(2))
        #expect(Core.gestures(lines, 1) == ["press began"])
        (core, lines) = try Self.held()
        core.clientDisconnected(1, at: .seconds(2))
        #expect(Core.gestures(lines, 1) == ["press began"])
    }

    @Test func aDeviceGoneFiresWhatWasDueBeforeItThenCancels() throws {
        let (core, lines) = try Self.held()
        core.deviceRemoved(Core.device.id, at: .seconds(2))
        #expect(Core.gestures(lines, 1) == ["press began", "press cancelled"])
    }

    @Test func aReloadFiresWhatIsDueBeforeIt() throws {
        let (core, lines) = try Self.held()
        let same = try Configuration.parse(Self.press, file: "test.toml")
        core.apply(same, access: resolved(same), at: .seconds(2))
        #expect(Core.gestures(lines, 1).first == "press began")
    }

    @Test func somethingAtExactlyADeadlineComesFirst() throws {
        let (core, lines) = try Self.held()
        core.clientLine(1, Array(#"{"type":"list_recognizers"}"#.utf8), at: .seconds(1.5))
        #expect(Core.gestures(lines, 1).isEmpty)
        core.advance(to: .seconds(1.5))
        #expect(Core.gestures(lines, 1) == ["press began"])
    }
}
