import CLibevdev
import GestureDaemon
import GestureEngine
import Logging
import Testing

/// libevdev's messages reach swift-log: a misuse it reports (changing the fd of a device never set up) comes
/// out as an error line of the daemon's logger.
@Suite(.serialized) struct LibevdevLogTests {
    final class Collected: @unchecked Sendable {
        var lines: [(Logger.Level, String)] = []
        var suppressed: [String] = []
    }

    struct Handler: LogHandler {
        let collected: Collected
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            collected.lines.append((event.level, "\(event.message)"))
            if let n = event.metadata?["libevdev.suppressed"] { collected.suppressed.append("\(n)") }
        }
    }

    @Test func aMessageFromLibevdevIsALogLine() {
        let collected = Collected()
        LibevdevLog.route(to: Logger(label: "test") { _ in Handler(collected: collected) })
        let device = libevdev_new()
        defer { libevdev_free(device) }
        #expect(libevdev_change_fd(device, 0) < 0)
        #expect(collected.lines.contains { $0.0 == .error && $0.1.hasPrefix("libevdev: ") && $0.1.contains("libevdev_set_fd") })
    }

    /// A device can make libevdev complain on every event: at most `burst` lines a second go out, and the next
    /// line that does says how many were left out.
    @Test func aFloodIsCutToABurstASecondAndCounted() {
        let collected = Collected()
        var now = Timestamp.seconds(1000)
        LibevdevLog.route(to: Logger(label: "test") { _ in Handler(collected: collected) }, clock: { now })
        let device = libevdev_new()
        defer { libevdev_free(device) }
        for _ in 0..<100 { _ = libevdev_change_fd(device, 0) }
        #expect(collected.lines.count == LibevdevLog.burst)
        now = .seconds(1001)
        _ = libevdev_change_fd(device, 0)
        #expect(collected.lines.count == LibevdevLog.burst + 1)
        #expect(collected.suppressed.last == "90")
    }
}
