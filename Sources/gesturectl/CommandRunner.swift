import Foundation
import Glibc

/// Runs actions' commands, each with `/bin/sh -c` in a process group of its own, never waited for by the caller:
/// a watcher thread a command reads what it prints (the first `shownBytes` go to the log, the rest is drained, so
/// a command that writes without end blocks neither itself nor anyone) and ends it, with its whole group, once it
/// has run `timeout` seconds. At most `most` run at once: more are skipped and said.
final class CommandRunner: @unchecked Sendable {
    let timeout: Double
    let most: Int
    static let shownBytes = 2048
    /// Seconds between SIGTERM and SIGKILL for a command past its timeout.
    static let grace = 2.0

    private let lock = NSLock()
    private var running = 0
    private var skips = SkipReport()

    init(timeout: Double = 30, most: Int = 32) {
        self.timeout = timeout
        self.most = most
    }

    func run(_ command: String, _ variables: [String: String]) {
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

    /// Reads the command's output until it closes, ends the command's group at its timeout, reaps it, and says
    /// what went wrong: a status other than 0, with the start of what it printed, or the timeout.
    private func watch(_ pid: pid_t, _ output: Int32, _ command: String) {
        defer { close(output) }
        let start = ActionPerformer.now
        var shown: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var open = true, signalled: Int32 = 0
        var status: Int32 = 0
        while true {
            if !open || signalled == SIGKILL {
                if waitpid(pid, &status, WNOHANG) == pid { break }
            }
            let elapsed = ActionPerformer.now - start
            if signalled == 0, elapsed >= timeout {
                kill(-pid, SIGTERM)
                signalled = SIGTERM
            } else if signalled == SIGTERM, elapsed >= timeout + Self.grace {
                kill(-pid, SIGKILL)
                signalled = SIGKILL
            }
            guard open else {
                usleep(20_000)
                continue
            }
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n > 0 {
                shown += buffer.prefix(max(0, min(n, Self.shownBytes - shown.count)))
            } else if n == 0 || errno != EINTR {
                open = false
            }
        }
        let text = String(decoding: shown, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let said = text.isEmpty ? "" : ": \(text)"
        if signalled != 0 {
            say("actions: '\(command)' ran longer than \(Int(timeout)) s and was ended\(said)")
        } else if (status & 0x7f) == 0, (status >> 8) & 0xff != 0 {
            say("actions: '\(command)' exited with status \((status >> 8) & 0xff)\(said)")
        }
    }
}
