import CGesturedInput
import Logging

/// libevdev's own messages (a kernel bug it noticed, a misuse) go to swift-log like every other line, with the
/// device layer's label, instead of to stderr unformatted. The C callback can capture nothing, so the logger
/// lives here; it is set once, at start-up, before any device is opened.
nonisolated(unsafe) private var libevdevLogger: Logger?

public enum LibevdevLog {
    public static func route(to logger: Logger) {
        libevdevLogger = logger
        gestured_libevdev_set_log_sink { priority, message in
            guard let logger = libevdevLogger, let message else { return }
            // libevdev: 10 error, 20 info, 30 debug.
            let level: Logger.Level = priority <= 10 ? .error : priority <= 20 ? .info : .debug
            logger.log(level: level, "libevdev: \(String(cString: message).trimmingTrailingNewline)")
        }
    }
}

extension String {
    fileprivate var trimmingTrailingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
