import Foundation
import Synchronization
import Testing

@testable import ActionService

/// Commands as the service runs them, real processes: what fails is said with what it printed, one past its
/// timeout is ended with its whole group, and one that ends is known at once (its pidfd), not at a poll.
@Suite struct CommandRunnerTests {
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func say(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// Waits (at most 10 s) until `condition` holds: the commands run on threads of their own.
    static func waitUntil(_ condition: () -> Bool) {
        let end = Date().addingTimeInterval(10)
        while !condition(), Date() < end { usleep(10_000) }
    }

    @Test func aFailingCommandIsSaidWithWhatItPrinted() {
        let said = Lines()
        let runner = CommandRunner(timeout: 5, say: said.say)
        runner.run("echo \"no $GESTURE_WHAT here\" >&2; exit 3", ["GESTURE_WHAT": "window"])
        Self.waitUntil { !said.all.isEmpty }
        #expect(said.all == ["actions: 'echo \"no $GESTURE_WHAT here\" >&2; exit 3' exited with status 3: no window here"])
    }

    @Test func aCommandPastItsTimeoutIsEndedWithWhatItStarted() throws {
        let said = Lines()
        let marker = NSTemporaryDirectory() + "/runner-\(UUID().uuidString.prefix(8))"
        let runner = CommandRunner(timeout: 0.3, say: said.say)
        // A child of its own, in the background, which would touch the marker after 2 s.
        runner.run("(sleep 2; touch \(marker)) & sleep 30", [:])
        Self.waitUntil { !said.all.isEmpty }
        #expect(said.all == ["actions: '(sleep 2; touch \(marker)) & sleep 30' ran longer than 0.3 s and was ended"])
        usleep(2_500_000)
        #expect(!FileManager.default.fileExists(atPath: marker), "the background child was ended with its group")
    }

    @Test func aCommandThatSucceedsSaysNothingAndFreesItsPlace() {
        let said = Lines()
        let runner = CommandRunner(timeout: 5, most: 1, say: said.say)
        let done = NSTemporaryDirectory() + "/runner-\(UUID().uuidString.prefix(8))"
        runner.run("true", [:])
        Self.waitUntil { runner.isIdle }
        runner.run("touch \(done)", [:])
        Self.waitUntil { FileManager.default.fileExists(atPath: done) && runner.isIdle }
        #expect(FileManager.default.fileExists(atPath: done) && said.all.isEmpty, "\(said.all)")
        try? FileManager.default.removeItem(atPath: done)
    }
}
