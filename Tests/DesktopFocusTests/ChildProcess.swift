import Foundation
import Glibc

/// A program a test starts, with exactly the environment given, its output in a log file; stopped on deinit
/// if the test has not: SIGTERM, and SIGKILL when it has not exited after two seconds.
final class ChildProcess {
    let name: String
    let logPath: String
    let pid: pid_t
    private var exited = false

    /// `as user`: a uid to run it as (through setpriv, for root's tests of programs that refuse root). `stdout`: a
    /// descriptor for its standard output instead of the log.
    init(_ program: String, _ arguments: [String], environment: [String: String], log: String, as user: uid_t? = nil, stdout: Int32? = nil) throws {
        guard let path = TestPrograms.path(program) else { throw TestFailure("\(program) is not on PATH") }
        name = program
        logPath = log
        let logFD = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard logFD >= 0 else { throw TestFailure("cannot open \(log): \(String(cString: strerror(errno)))") }
        defer { close(logFD) }
        if let user {
            guard let setpriv = TestPrograms.path("setpriv") else { throw TestFailure("setpriv is not on PATH") }
            pid = try spawn(setpriv, ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", path] + arguments, environment, stdout: stdout ?? logFD, stderr: logFD)
        } else {
            pid = try spawn(path, arguments, environment, stdout: stdout ?? logFD, stderr: logFD)
        }
    }

    deinit { stop() }

    var isRunning: Bool {
        guard !exited else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { exited = true }
        return !exited
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        while isRunning && Date() < deadline { usleep(5_000) }
        guard isRunning else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        exited = true
    }
}

/// Runs a program to completion within `seconds` (killed beyond): its exit status and output (standard output and
/// error together, through a file: a child filling a pipe nobody reads would wait for ever).
@discardableResult
func run(_ program: String, _ arguments: [String], environment: [String: String], seconds: Double = 10) throws -> (status: Int32, out: String) {
    guard let path = TestPrograms.path(program) else { throw TestFailure("\(program) is not on PATH") }
    let output = TemporaryFile()
    let fd = open(output.path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw TestFailure("cannot open \(output.path)") }
    let pid: pid_t
    do {
        defer { close(fd) }
        pid = try spawn(path, arguments, environment, stdout: fd, stderr: fd)
    }
    var status: Int32 = 0
    let deadline = Date().addingTimeInterval(seconds)
    while waitpid(pid, &status, WNOHANG) == 0 {
        guard Date() < deadline else {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
            throw TestFailure("\(program) \(arguments.joined(separator: " ")) did not finish within \(seconds) s: \(output.contents)")
        }
        usleep(2_000)
    }
    // WIFEXITED and WEXITSTATUS are macros: the status's bits as <sys/wait.h> lays them out.
    return ((status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output.contents)
}

/// posix_spawn with every signal at its default and none blocked: the tests' threads block most signals, and a
/// child inherits the mask of the thread that starts it (Foundation's Process leaves it so), so an X server or a
/// compositor started that way never sees the SIGTERM that should stop it. Standard input is /dev/null.
private func spawn(_ path: String, _ arguments: [String], _ environment: [String: String], stdout: Int32, stderr: Int32) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let error = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard error == 0 else { throw TestFailure("cannot start \(path): \(String(cString: strerror(error)))") }
    return pid
}

/// A file for a child's output, removed on deinit.
final class TemporaryFile {
    let path = NSTemporaryDirectory() + "/gestured-output-\(UUID().uuidString.prefix(8))"

    init() { _ = FileManager.default.createFile(atPath: path, contents: nil) }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    var contents: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
}
