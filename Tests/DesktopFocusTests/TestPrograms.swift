import Foundation
import Glibc

/// Programs the tests start, found on PATH; a test that needs one that is missing is skipped, saying which.
enum TestPrograms {
    /// `name` on PATH, or `name` itself when it is a path.
    static func path(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// "needs Xvfb, xdotool (Debian: apt-get install xvfb xdotool)" for those missing, nil when none is.
    static func missing(_ programs: [(program: String, package: String)]) -> String? {
        let absent = programs.filter { path($0.program) == nil }
        guard !absent.isEmpty else { return nil }
        return "needs \(absent.map(\.program).joined(separator: ", ")) (Debian: apt-get install \(Set(absent.map(\.package)).sorted().joined(separator: " ")))"
    }

    static let asRoot = getuid() == 0
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Polls `condition` every 10 ms until it holds, failing after `seconds`: what another process does takes what it
/// takes, and no longer is waited. The deadline is generous (an X server, a window manager and terminals starting
/// on a loaded two-core machine took more than 10 s once), since a deadline costs nothing while things go well.
func waitUntil(_ what: String, seconds: Double = 30, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return }
        usleep(10_000)
    }
    throw TestFailure("timed out after \(seconds) s waiting for \(what)")
}

/// A temporary folder, removed on deinit (GESTURED_KEEP_TEST_DIRS=1 keeps it for a look after a failure).
final class TemporaryFolder {
    let path: String

    /// `base`: where, when not the temporary folder ($TMPDIR, which may be private to this user).
    init(_ name: String, in base: String = NSTemporaryDirectory()) throws {
        path = base + "/gestured-\(name)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        if ProcessInfo.processInfo.environment["GESTURED_KEEP_TEST_DIRS"] == nil { try? FileManager.default.removeItem(atPath: path) }
    }
}
