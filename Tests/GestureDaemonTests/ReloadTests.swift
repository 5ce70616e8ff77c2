import DaemonTestSupport
import Foundation
import Glibc
import Testing

/// Reloads of a running daemon: SIGHUP and the reload request, with valid and invalid files.
@Suite struct ReloadTests {
    static let base = DaemonFixtures.config()

    @Test func aValidFileTakesOverWithoutDroppingClients() throws {
        let daemon = try DaemonProcess(config: Self.base, script: "at 0.1 tap 150 100\n")
        let client = try daemon.client()
        _ = try client.request(["type": "subscribe", "events": ["config"]])
        try (Self.base + "\n[[recognizer]]\nname = \"press\"\nkind = \"long-press\"\n").write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        let reloaded = try #require(try client.message())
        #expect(reloaded["type"] as? String == "config_reloaded")
        #expect(reloaded["recognizers"] as? Int == 3)
        let names = (try client.request(["type": "list_recognizers"])["recognizers"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["tap", "pan", "press"])
        #expect(daemon.log.contains("configuration reloaded"))
    }

    @Test func anInvalidFileIsRefusedAndTheRunningOneStays() throws {
        let daemon = try DaemonProcess(config: Self.base, script: "at 1.5 tap 150 100\n")
        let observer = try daemon.client()
        _ = try observer.request(["type": "subscribe"])
        try (Self.base + "\n[[recognizer]]\nname = \"press\"\nkind = \"long-pres\"\n").write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        let refused = try daemon.client().request(["type": "reload"])
        #expect(refused["code"] as? String == "config_invalid")
        let expected = "\(daemon.configPath):15:8: kind 'long-pres' is not one of tap, long-press, pan, swipe, pinch, rotation, edge-pan, shape, checkmark, tickle; did you mean 'long-press'?"
        #expect(refused["errors"] as? [String] == [expected])
        // Subscribers hear of it, then the old recognizers go on working.
        let seen = try observer.messages(until: { $0.gestureSummary == "tap ended" })
        #expect(seen.first?["type"] as? String == "config_rejected")
        #expect(seen.first?["errors"] as? [String] == [expected])
        #expect(try observer.request(["type": "status"])["rejected_reloads"] as? Int == 1)
        #expect(daemon.log.contains("configuration refused; the running one stays"))
    }

    @Test func touchesInFlightAreCancelledAndNeverStuck() throws {
        // The pan lets the region keep its touches, so the reload is what cancels the one in flight.
        let config = Self.base.replacingOccurrences(of: "kind = \"pan\"", with: "kind = \"pan\"\ncancels_touches_in_view = false")
        let daemon = try DaemonProcess(config: config, script: "at 0.1 drag 60 100 to 240 100 over 2\nat 2.5 tap 150 100\n")
        let client = try daemon.client()
        _ = try client.request(["type": "subscribe", "events": ["gestures", "touches", "config"]])
        _ = try client.messages(until: { $0.gestureSummary == "pan changed" })
        daemon.signal(SIGHUP)
        let rest = try client.messages(until: { $0.gestureSummary == "tap ended" })
        let summary = rest.compactMap { m -> String? in
            switch m["type"] as? String {
            case "gesture": m.gestureSummary
            case "touch": (m["phase"] as? String).map { "touch \($0)" }
            case let other: other
            }
        }
        // The pan and its touch end as cancelled at the reload; the finger still moving is held back from the
        // new recognizers until it lifts; the next tap is seen by them.
        let reload = try #require(summary.firstIndex(of: "config_reloaded"))
        #expect(summary[..<reload].contains("pan cancelled"))
        #expect(summary[..<reload].contains("touch cancelled"))
        #expect(summary[reload...].filter { $0.hasPrefix("pan") || $0 == "touch moved" }.isEmpty)
        #expect(summary.last == "tap ended")
    }
}
