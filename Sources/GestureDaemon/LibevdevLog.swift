import CGesturedInput
import GestureEngine
import LinuxInput
import Logging

/// libevdev's own messages (a kernel bug it noticed, a misuse) go to swift-log like every other line, with a
/// `libevdev:` prefix, instead of to stderr unformatted. A device can make libevdev complain on every event (a
/// firmware that repeats tracking ids), so at most `burst` lines go out per second; the rest are counted and
/// the count is logged with the next line that goes out. The C callback can capture nothing, so the state
/// lives here; it is set up once, at start-up, before any device is opened, and used on the input thread.
nonisolated(unsafe) private var libevdevLog = LibevdevLog.State()

public enum LibevdevLog {
    /// Lines per second at most.
    public static let burst = 10

    struct State {
        var logger: Logger?
        var clock: () -> Timestamp = monotonicNow
        var windowStart = Timestamp.zero
        var sentInWindow = 0
        var suppressed = 0
    }

    public static func route(to logger: Logger, clock: @escaping () -> Timestamp = monotonicNow) {
        libevdevLog = State(logger: logger, clock: clock)
        gestured_libevdev_set_log_sink { priority, message in
            guard let message else { return }
            // libevdev: 10 error, 20 info, 30 debug.
            let level: Logger.Level = priority <= 10 ? .error : priority <= 20 ? .info : .debug
            LibevdevLog.log(level, String(cString: message))
        }
    }

    static func log(_ level: Logger.Level, _ text: String) {
        guard let logger = libevdevLog.logger else { return }
        let now = libevdevLog.clock()
        if now - libevdevLog.windowStart >= 1 {
            libevdevLog.windowStart = now
            libevdevLog.sentInWindow = 0
        }
        guard libevdevLog.sentInWindow < burst else {
            libevdevLog.suppressed += 1
            return
        }
        libevdevLog.sentInWindow += 1
        let line = text.hasSuffix("\n") ? String(text.dropLast()) : text
        if libevdevLog.suppressed > 0 {
            logger.log(level: level, "libevdev: \(line)", metadata: ["libevdev.suppressed": "\(libevdevLog.suppressed)"])
            libevdevLog.suppressed = 0
        } else {
            logger.log(level: level, "libevdev: \(line)")
        }
    }
}
