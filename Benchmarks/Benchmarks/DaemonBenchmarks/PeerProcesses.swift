import Foundation
import Glibc
import LinuxInput

/// A program `peers` runs and reads: its standard output comes through a pipe, each line stamped with the time
/// it arrived (CLOCK_MONOTONIC), its standard error goes to a log file.
final class WatchedProcess {
    let name: String
    let pid: pid_t
    /// The read end of its standard output (non-blocking).
    let output: Int32
    let logPath: String
    private(set) var lines: [(arrived: Int64, text: String)] = []
    private var partial: [UInt8] = []
    private var reaped = false

    init(name: String, program: String, arguments: [String], log: String) throws {
        self.name = name
        logPath = log
        var ends: [Int32] = [0, 0]
        // Close-on-exec: no other child inherits this pipe, so its end of file means this program's end.
        guard pipe(&ends) == 0 else { throw BenchmarkError("pipe failed: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let logFD = Glibc.open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            close(ends[1])
            close(logFD)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_adddup2(&actions, logFD, 2)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard rc == 0 else {
            close(ends[0])
            throw BenchmarkError("cannot start \(program): \(String(cString: strerror(rc)))")
        }
        self.pid = pid
        output = ends[0]
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(output) }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    var isRunning: Bool {
        guard !reaped else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { reaped = true }
        return !reaped
    }

    /// Reads what is there; every whole line gets `now` as its arrival time.
    func drain(now: Int64) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = read(output, &buffer, buffer.count)
            guard got > 0 else { return }
            for byte in buffer[0..<got] {
                if byte == UInt8(ascii: "\n") {
                    lines.append((now, String(decoding: partial, as: UTF8.self)))
                    partial.removeAll(keepingCapacity: true)
                } else {
                    partial.append(byte)
                }
            }
        }
    }

    /// utime + stime of the process itself, and of its children it has waited for (cutime + cstime: the
    /// commands lisgd runs through system(3)), in seconds: fields 14 to 17 of /proc/PID/stat.
    var cpu: (own: Double, children: Double) {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return (0, 0) }
        let fields = stat[stat.index(after: close)...].split(separator: " ").map { Double($0) ?? 0 }
        guard fields.count > 15 else { return (0, 0) }
        let tick = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ((fields[11] + fields[12]) / tick, (fields[13] + fields[14]) / tick)
    }

    /// Where its CPU went: utime and stime in seconds (fields 14 and 15 of /proc/PID/stat).
    var usage: (user: Double, system: Double) {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return (0, 0) }
        let fields = stat[stat.index(after: close)...].split(separator: " ").map { Double($0) ?? 0 }
        let tick = Double(sysconf(Int32(_SC_CLK_TCK)))
        return fields.count > 13 ? (fields[11] / tick, fields[12] / tick) : (0, 0)
    }

    /// Whether the process has `path` open (a reader of the device is ready once it has).
    func hasOpen(_ path: String) -> Bool {
        let folder = "/proc/\(pid)/fd"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == path }
    }

    func waitForExit() {
        guard !reaped else { return }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        reaped = true
    }

    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        reaped = true
    }
}

/// Waits until every process's output has been read up to `deadline` (CLOCK_MONOTONIC ns): one poll on all of
/// them, each read stamped as it arrives.
func pump(_ processes: [WatchedProcess], until deadline: Int64) throws {
    var set = processes.map { pollfd(fd: $0.output, events: Int16(POLLIN), revents: 0) }
    while true {
        let left = deadline - monotonicNanoseconds()
        guard left > 0 else { return }
        guard try waitForDescriptors(&set, timeout: left) else { continue }
        let now = monotonicNanoseconds()
        for (index, entry) in set.enumerated() where entry.revents != 0 {
            processes[index].drain(now: now)
            // At end of file poll keeps saying so: the program is gone, and there is nothing more to read.
            if entry.revents & Int16(POLLHUP) != 0 && entry.revents & Int16(POLLIN) == 0 { set[index].fd = -1 }
        }
    }
}
