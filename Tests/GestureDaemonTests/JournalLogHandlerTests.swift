@testable import GestureCore
@testable import GestureDaemon
import Logging
import Testing

/// Log lines are one line each, whatever a device or a client named things: a newline in a value could
/// otherwise start a line of its own, with a syslog priority of its choosing.
@Suite struct JournalLogHandlerTests {
    static func line(_ message: Logger.Message, _ metadata: Logger.Metadata) -> String {
        JournalLogHandler(level: .info).line(
            for: LogEvent(level: .info, message: message, metadata: metadata, source: nil, file: #fileID, function: #function, line: #line))
    }

    @Test func aNewlineInAValueCannotForgeALine() {
        let line = Self.line("device added", ["device.description": "pad\n<0>gestured: everything is on fire"])
        #expect(line.hasSuffix(" device.description=pad\\n<0>gestured: everything is on fire\n"))
        #expect(line.filter { $0 == "\n" }.count == 1)
    }

    @Test func controlCharactersAndBackslashesAreEscapedInMessagesKeysAndValues() {
        let line = Self.line("bad \u{1b}[31mname\r", ["key\nx": "a\\b\t\u{7f}"])
        #expect(line.contains("bad \\x1b[31mname\\r"))
        #expect(line.contains(" key\\nx=a\\\\b\\t\\x7f"))
        #expect(line.filter { $0 == "\n" }.count == 1)
    }

    @Test func plainTextIsLeftAlone() {
        #expect(JournalLogHandler.escaped("touchpad Ελληνικά 100%") == "touchpad Ελληνικά 100%")
    }
}
