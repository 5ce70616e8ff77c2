import CaptureFormats
import Foundation
import Glibc

/// A real `gestured run` process on a temporary socket, serving a recording made from a gesture script.
public final class DaemonProcess {
    public let directory: URL
    public let socket: String
    public let configPath: String
    public let logPath: String
    private let process = Process()

    /// The build folder the tests were built in (so a sanitizer build tests its own gestured), found from the
    /// test binary itself, which SwiftPM puts next to the executables.
    public static var binaries: URL {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: own.appendingPathComponent("gestured").path) { return own }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug")
    }

    /// The source tree, for its shipped files (the device database).
    public static var projectRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// Starts the daemon and waits until its socket answers. `bare`: the recording is served as bare `E:` lines,
    /// its device given with `--description` (a file of its header lines). `socket`: where to listen, when not in
    /// its own folder (a daemon restarted where its clients look for it).
    public init(config: String, script: String, speed: Double = 1, extra: [String] = [], bare: Bool = false, socket: String? = nil) throws {
        directory = try Self.temporaryDirectory()
        self.socket = socket ?? directory.appendingPathComponent("g.sock").path
        configPath = directory.appendingPathComponent("gestured.toml").path
        logPath = directory.appendingPathComponent("daemon.log").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let recording = directory.appendingPathComponent("input.evemu").path
        try Self.synthesize(script, to: recording)
        var described: [String] = []
        if bare {
            let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
            let header = directory.appendingPathComponent("input.prop").path
            try (lines.filter { !$0.hasPrefix("E:") }.joined(separator: "\n") + "\n").write(toFile: header, atomically: true, encoding: .utf8)
            try (lines.filter { $0.hasPrefix("E:") }.joined(separator: "\n") + "\n").write(toFile: recording, atomically: true, encoding: .utf8)
            described = ["--description", header]
        }
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.executableURL = Self.binaries.appendingPathComponent("gestured")
        process.arguments =
            ["run", "--config", configPath, "--socket", self.socket, "--replay", recording, "--speed", "\(speed)", "--log-level", "debug"] + described + extra
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try waitUntil("the daemon to listen on \(self.socket)") { (try? TestClient(path: self.socket, hello: false)) != nil }
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        // GESTURED_KEEP_TEST_DIRS=1 keeps the configuration, recording and daemon log for a look after a failure.
        if ProcessInfo.processInfo.environment["GESTURED_KEEP_TEST_DIRS"] == nil { try? FileManager.default.removeItem(at: directory) }
    }

    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }
    public var isRunning: Bool { process.isRunning }
    public var pid: Int32 { process.processIdentifier }

    public func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// SIGTERM, then the exit status.
    public func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    public func client(hello: Bool = true) throws -> TestClient { try TestClient(path: socket, hello: hello) }

    public static func synthesize(_ script: String, to path: String) throws {
        let recording = try GestureScript(script, source: "test script").recording
        try EvemuFormat.write(recording.description!, events: recording.events).write(toFile: path, atomically: true, encoding: .utf8)
    }

    public static func temporaryDirectory() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("gestured-test-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs a gestured or gesturectl command to completion: its exit status, stdout and stderr. `directory`: the
    /// folder it runs in, when its paths are relative.
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil
    ) throws -> (status: Int32, out: String, err: String) {
        try runAny(binaries.appendingPathComponent(program).path, arguments, environment: environment, directory: directory)
    }

    /// Runs any program to completion: its exit status, stdout and stderr. Stderr goes through a file: with
    /// two pipes, a child filling the one not being read (a sanitizer's report, say) would wait forever.
    public static func runAny(
        _ path: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil
    ) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = directory }
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let errPath = NSTemporaryDirectory() + "/gestured-stderr-\(UUID().uuidString.prefix(8))"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errPath) }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        try p.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return (p.terminationStatus, String(decoding: outData, as: UTF8.self), err)
    }
}

public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Waits for something another process does, checking every 10 ms for at most 10 s.
public func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
    for _ in 0..<1000 {
        if try condition() { return }
        usleep(10_000)
    }
    throw TestFailure("timed out waiting for \(what)")
}
