import CGesturedInput
import ConfigLanguage
import ConfigSchema
import GestureConfig
import GestureCore
import GestureEngine
import Glibc
import Synchronization
import SystemCalls
import SystemPackage

/// Reads and checks the configuration file for a reload on a thread of its own, so that the loop goes on with
/// frames meanwhile: a 1 MB file takes about a second to read and check, and in the loop's turn that second was
/// a second of frames held back. The result comes back through an eventfd the loop polls, and the loop applies it
/// between two frames as before (docs/daemon.md, Reloads).
///
/// A plain POSIX thread, made for the read and ended with it: not Dispatch, whose worker threads leave its
/// manager thread waking every second for the rest of the process's life (docs/daemon.md). The thread inherits
/// the loop's blocked signals (SignalReader), so SIGTERM still reaches the loop's signalfd.
///
/// A reload asked for while one is being read joins it. One that takes longer than `timeLimit` is given up: the
/// running configuration stays, and no other read starts until the stuck one returns (a file that hangs every
/// read would otherwise leave a thread behind at each reload).
final class ConfigurationReader {
    /// The configuration read and checked, with its users' and groups' names looked up (Access.resolve).
    typealias Outcome = Result<(Configuration, Access), ConfigErrors>

    /// Readable when a result waits: polled by the loop.
    let fd: FileDescriptor
    private let read: @Sendable () -> Outcome
    private let file: String
    private let mailbox = Mailbox()
    /// The read whose result the loop waits for; nil: none.
    private var awaited: Int?
    private var lastRead = 0
    /// When the thread of the awaited read started; nil when no thread reads for it (its result is posted).
    private var started: Timestamp?
    /// A read given up on whose thread has not returned yet.
    private var stuck: (read: Int, since: Timestamp)?

    static let timeLimit: Int64 = 10_000_000_000

    init(file: String, read: @escaping @Sendable () -> Outcome) throws(SystemCallError) {
        self.file = file
        self.read = read
        fd = FileDescriptor(
            rawValue: try systemCall("eventfd", on: "the configuration reader") { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) })
    }

    deinit { fd.closeReleasing() }

    /// Whether a reload is being read (a new one then joins it).
    var isReading: Bool { awaited != nil }

    /// Starts reading the file, unless a read is under way already. True when this started one.
    @discardableResult
    func start(at time: Timestamp) -> Bool {
        guard awaited == nil else { return false }
        lastRead += 1
        awaited = lastRead
        if let stuck {
            post(lastRead, failure("the reload begun \(Int(time - stuck.since)) s ago has not finished reading \(file); the running configuration stays"))
            return true
        }
        let job = Job(number: lastRead, read: read, mailbox: mailbox, wake: fd.rawValue)
        let context = Unmanaged.passRetained(job).toOpaque()
        // An ordinary thread whatever the loop's policy: made real-time (as the tests make the daemon), a reader
        // inheriting the loop's priority would hold the loop off its CPU until it finished (398 ms, seen). Only
        // then is the policy set: under the service it is ordinary already, and setting it is filtered out
        // (SystemCallFilter=~@resources: pthread_create failed with EPERM).
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if sched_getscheduler(0) != SCHED_OTHER {
            var ordinary = sched_param(sched_priority: 0)
            pthread_attr_setinheritsched(&attributes, Int32(PTHREAD_EXPLICIT_SCHED))
            pthread_attr_setschedpolicy(&attributes, SCHED_OTHER)
            pthread_attr_setschedparam(&attributes, &ordinary)
        }
        var thread = pthread_t()
        let made = pthread_create(&thread, &attributes, { context in
            Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard made == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            post(lastRead, failure("cannot start a thread to read \(file): \(Errno(rawValue: made)); the running configuration stays"))
            return true
        }
        // Nobody joins it: the loop hears of its end through the mailbox, and the thread's resources go with it.
        pthread_detach(thread)
        started = time
        return true
    }

    /// When the awaited read is given up on.
    var deadline: Timestamp? { started.map { Timestamp(nanoseconds: $0.nanoseconds + Self.timeLimit) } }

    /// The time limit passed at `time`: the read is given up, its result (whenever the thread returns) thrown
    /// away, and a refusal posted in its place.
    func giveUp(at time: Timestamp) {
        guard let awaited, let started, time.nanoseconds - started.nanoseconds >= Self.timeLimit else { return }
        stuck = (awaited, started)
        self.started = nil
        // Under a number of its own: the stuck read's result, whenever it comes, is not taken for it.
        lastRead += 1
        self.awaited = lastRead
        post(lastRead, failure("reading \(file) took longer than \(Self.timeLimit / 1_000_000_000) s; the running configuration stays"))
    }

    /// The awaited result, once poll found the descriptor readable; nil when what came was a stuck read's late one.
    func take() -> Outcome? {
        var count: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &count) { try? fd.read(into: $0) }
        var result: Outcome?
        for (number, outcome) in mailbox.takeAll() {
            if number == stuck?.read { stuck = nil }
            if number == awaited, result == nil {
                result = outcome
                awaited = nil
                started = nil
            }
        }
        return result
    }

    private func post(_ number: Int, _ outcome: Outcome) {
        mailbox.post(number, outcome)
        Job.wake(fd.rawValue)
    }

    /// A refusal that is not the file's fault, placed at its start as one it cannot be read is (SystemFiles).
    private func failure(_ message: String) -> Outcome {
        .failure(ConfigErrors([ConfigError(file: file, position: SourcePosition(line: 1, column: 1), message)]))
    }

    /// Results on their way from the reading threads to the loop, behind a lock.
    final class Mailbox: Sendable {
        private let results = Mutex<[(Int, Outcome)]>([])

        func post(_ number: Int, _ outcome: Outcome) { results.withLock { $0.append((number, outcome)) } }
        func takeAll() -> [(Int, Outcome)] { results.withLock { r in defer { r = [] }; return r } }
    }

    /// What one thread does: read, post, wake the loop.
    private final class Job: Sendable {
        let number: Int
        let read: @Sendable () -> Outcome
        let mailbox: Mailbox
        let wake: Int32

        init(number: Int, read: @escaping @Sendable () -> Outcome, mailbox: Mailbox, wake: Int32) {
            self.number = number
            self.read = read
            self.mailbox = mailbox
            self.wake = wake
        }

        func run() {
            mailbox.post(number, read())
            Self.wake(wake)
        }

        static func wake(_ fd: Int32) {
            var one: UInt64 = 1
            _ = try? systemCall("write", on: "the configuration reader's eventfd") { Glibc.write(fd, &one, 8) }
        }
    }
}
