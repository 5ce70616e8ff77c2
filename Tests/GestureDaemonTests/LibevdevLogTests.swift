import CLibevdev
import GestureDaemon
import Logging
import Testing

/// libevdev's messages reach swift-log: a misuse it reports (changing the fd of a device never set up) comes
/// out as an error line of the daemon's logger.
@Suite struct LibevdevLogTests {
    final class Collected: @unchecked Sendable {
        var lines: [(Logger.Level, String)] = []
    }

    struct Handler: LogHandler {
        let collected: Collected
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { collected.lines.append((event.level, "\(event.message)")) }
    }

    @Test func aMessageFromLibevdevIsALogLine() {
        let collected = Collected()
        LibevdevLog.route(to: Logger(label: "test") { _ in Handler(collected: collected) })
        let device = libevdev_new()
        defer { libevdev_free(device) }
        #expect(libevdev_change_fd(device, 0) < 0)
        #expect(collected.lines.contains { $0.0 == .error && $0.1.hasPrefix("libevdev: ") && $0.1.contains("libevdev_set_fd") })
    }
}
