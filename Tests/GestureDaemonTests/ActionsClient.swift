import Foundation

/// `gesturectl actions` as a user runs it against a test's daemon: on an actions file, with more arguments and
/// environment if the test needs them, its output and errors in a log; stopped when the value goes.
final class ActionsClient {
    let log: String
    private let process = Process()

    init(file: String, socket: String, arguments: [String] = [], environment: [String: String] = [:], log: String) throws {
        self.log = log
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = DaemonProcess.binaries.appendingPathComponent("gesturectl")
        process.arguments = ["actions", "--socket", socket, "--file", file] + arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new } }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardError = process.standardOutput
        try process.run()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    var isRunning: Bool { process.isRunning }
    var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    var logLines: [String] { Self.lines(log) }

    /// A file's lines (none while it does not exist).
    static func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
