import Foundation

/// `gesturectl actions` as a user runs it against a test's daemon: on an actions file, with more arguments and
/// environment if the test needs them, its output and errors in a log; stopped when the value goes.
public final class ActionsClient {
    public let log: String
    private let process = Process()

    public init(file: String, socket: String, arguments: [String] = [], environment: [String: String] = [:], log: String) throws {
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

    public var isRunning: Bool { process.isRunning }
    public var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    public var logLines: [String] { Self.lines(log) }

    /// A file's lines (none while it does not exist).
    public static func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}

/// The actions file `text`, in `folder` (OUT in it: the file its commands write), and `gesturectl actions`
/// running it.
public final class RunningActions {
    public let folder: String
    public let file: String
    public let out: String
    private let client: ActionsClient

    public init(_ text: String, in folder: String, socket: String) throws {
        self.folder = folder
        file = folder + "/actions.toml"
        out = folder + "/out.txt"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.replacingOccurrences(of: "OUT", with: out).write(toFile: file, atomically: true, encoding: .utf8)
        client = try ActionsClient(file: file, socket: socket, log: folder + "/actions.log")
    }

    public var isRunning: Bool { client.isRunning }
    public var logLines: [String] { client.logLines }
    public var outLines: [String] { ActionsClient.lines(out) }
}
