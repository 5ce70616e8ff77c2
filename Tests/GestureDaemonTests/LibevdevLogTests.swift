import CLibevdev
import GestureDaemon
import GestureEngine
import Logging
import Testing

/// libevdev's messages reach swift-log: a misuse it reports (changing the fd of a device never set up) comes
/// out as an error line of the daemon's logger.
@Suite(.serialized) struct LibevdevLogTests {
    @Test func aMessageFromLibevdevIsALogLine() {
        let collected = CollectedLog()
        LibevdevLog.route(to: collected.logger)
        let device = libevdev_new()
        defer { libevdev_free(device) }
        #expect(libevdev_change_fd(device, 0) < 0)
        #expect(collected.lines.contains { $0.level == .error && $0.message.hasPrefix("libevdev: ") && $0.message.contains("libevdev_set_fd") })
    }

    /// A device can make libevdev complain on every event: at most `burst` lines a second go out, and the next
    /// line that does says how many were left out.
    @Test func aFloodIsCutToABurstASecondAndCounted() {
        let collected = CollectedLog()
        var now = Timestamp.seconds(1000)
        LibevdevLog.route(to: collected.logger, clock: { now })
        let device = libevdev_new()
        defer { libevdev_free(device) }
        for _ in 0..<100 { _ = libevdev_change_fd(device, 0) }
        #expect(collected.lines.count == LibevdevLog.burst)
        now = .seconds(1001)
        _ = libevdev_change_fd(device, 0)
        #expect(collected.lines.count == LibevdevLog.burst + 1)
        #expect(collected.lines.compactMap { $0.metadata["libevdev.suppressed"].map { "\($0)" } }.last == "90")
    }
}
