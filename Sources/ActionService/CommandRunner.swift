import CGesturedInput
import Foundation
import Glibc

/// Runs actions' commands, each with `/bin/sh -c` in a process group of its own, never waited for by the caller:
/// a watcher thread a command reads what it prints (the first `shownBytes` go to the log, the rest is drained, so
/// a command that writes without end blocks neither itself nor anyone), learns of its end from a pidfd (woken by
/// the kernel, where it polled waitpid every 20 ms) and ends it, with its whole group, once it has run `timeout`
/// seconds. At most `most` run at once: more are skipped and said.
public final class CommandRunner: CommandLauncher, @unchecked Sendable {
    let timeout: Double
    let most: Int
    static let shownBytes = 2048
    /// Seconds between SIGTERM and SIGKILL for a command past its timeout.
    static let grace = 2.0

    private let lock = NSLock()
    private var running = 0
    private var skips = SkipReport()
    private let say: @Sendable (String) -> Void

    public init(timeout: Double = 30, most: Int = 32, say: @escaping @Sendable (String) -> Void) {
        self.timeout = timeout
        self.most = most
        self.say = say
    }

    /// Whether no command is running.
    var isIdle: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running == 0
    }

    public func run(_ command: String, _ variables: [String: String]) {
        lock.lock()
        guard running < most else {
            let line = skips.skipped(command, most: most, at: ActionPerformer.now)
            lock.unlock()
            if let line { say(line) }
            return
        }
        running += 1
        lock.unlock()
        guard let (pid, output) = spawn(command, variables) else {
            finished()
            return
        }
        let thread = Thread { [self] in
            watch(pid, output, command)
            finished()
        }
        thread.start()
    }

    private func finished() {
        lock.lock()
        running -= 1
        let line = skips.commandEnded(at: ActionPerformer.now)
        lock.unlock()
        if let line { say(line) }
    }

    /// The command started with its output into a pipe; nil, said, when it cannot be.
    private func spawn(_ command: String, _ variables: [String: String]) -> (pid_t, Int32)? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            say("actions: cannot run '\(command)': \(String(cString: strerror(errno)))")
            return nil
        }
        // Neither end for other commands: a write end left open in another would keep this one's reader waiting.
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so that a timeout ends what it started too (`a | b`, `x &`).
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        let environment = ProcessInfo.processInfo.environment.merging(variables) { _, new in new }.map { "\($0)=\($1)" }
        let words: [String] = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        close(pipeEnds[1])
        guard rc == 0 else {
            close(pipeEnds[0])
            say("actions: cannot run '\(command)': \(String(cString: strerror(rc)))")
            return nil
        }
        return (pid, pipeEnds[0])
    }

    /// Reads the command's output until it closes and the command has ended (its pidfd readable), ends the
    /// command's group at its timeout, reaps it, and says what went wrong: a status other than 0, with the start of
    /// what it printed, or the timeout. Without a pidfd (a kernel before 5.3) its end is asked every 100 ms.
    private func watch(_ pid: pid_t, _ output: Int32, _ command: String) {
        let ending = gestured_pidfd_open(pid)
        defer {
            close(output)
            if ending >= 0 { close(ending) }
        }
        let start = ActionPerformer.now
        var shown: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var open = true, exited = false, signalled: Int32 = 0
        var status: Int32 = 0
        // Past SIGKILL its end is enough: what still holds the output is outside its group (a daemon it started).
        while (open && signalled != SIGKILL) || !exited {
            let elapsed = ActionPerformer.now - start
            if signalled == 0, elapsed >= timeout {
                kill(-pid, SIGTERM)
                signalled = SIGTERM
            } else if signalled == SIGTERM, elapsed >= timeout + Self.grace {
                kill(-pid, SIGKILL)
                signalled = SIGKILL
            }
            let deadline = signalled == 0 ? timeout : signalled == SIGTERM ? timeout + Self.grace : .infinity
            var wait = max(0, deadline - elapsed)
            if ending < 0 && !exited { wait = min(wait, 0.1) }
            var watched = [
                pollfd(fd: open ? output : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: exited ? -1 : ending, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&watched, 2, wait.isFinite ? Int32(min(wait * 1000, 60_000).rounded(.up)) : -1) >= 0 || errno == EINTR else { break }
            if watched[0].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                if n > 0 {
                    shown += buffer.prefix(max(0, min(n, Self.shownBytes - shown.count)))
                } else if n == 0 || errno != EINTR {
                    open = false
                }
            }
            if !exited, ending < 0 || watched[1].revents != 0 {
                exited = waitpid(pid, &status, WNOHANG) == pid
            }
        }
        let text = String(decoding: shown, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let said = text.isEmpty ? "" : ": \(text)"
        if signalled != 0 {
            let seconds = timeout == timeout.rounded() ? "\(Int(timeout))" : "\(timeout)"
            say("actions: '\(command)' ran longer than \(seconds) s and was ended\(said)")
        } else if (status & 0x7f) == 0, (status >> 8) & 0xff != 0 {
            say("actions: '\(command)' exited with status \((status >> 8) & 0xff)\(said)")
        }
    }
}
