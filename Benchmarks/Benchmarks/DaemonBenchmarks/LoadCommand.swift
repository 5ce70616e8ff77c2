import ArgumentParser
import Foundation
import Glibc

/// Well-behaved subscribers' latency while many other clients churn, never read, or send garbage and over-long
/// lines; and the daemon's memory, descriptors and clients after it all.
///
/// One daemon replays the recording in a loop. First a baseline: the subscribers alone for one loop. Then the
/// load for `duration` seconds, paused once after `warmUp` seconds: with the load's connections gone, the
/// daemon's memory then is the reference, and at the end (the load gone again) it may not have grown by more
/// than `maxGrowthKib`. The load runs on one thread of the benchmark, paced, so that on two cores it loads the
/// daemon rather than competing with it for the CPU.
struct LoadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Subscribers' latency and the daemon's memory while 200 clients churn and others misbehave; fails on growth or lost events.")

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: "Seconds of load.")
    var duration = 60.0

    @Option(name: .long, help: "Seconds of load after which the daemon's memory is the reference (the load pauses then).")
    var warmUp = 20.0

    @Option(name: .long, help: "Seconds without load first (default: one loop of the recording).")
    var baseline: Double?

    @Option(name: .long, help: "Well-behaved subscribers to gestures and raw touches, measured.")
    var subscribers = 10

    @Option(name: .long, help: "Clients that connect, hello, subscribe, unsubscribe and close, again and again.")
    var churnClients = 200

    @Option(name: .long, help: "Each churning client starts a cycle this often, in milliseconds.")
    var churnPeriodMs = 200.0

    @Option(name: .long, help: "Clients that subscribe to everything and never read.")
    var nonReaders = 20

    @Option(name: .long, help: "A non-reader that was cut off connects again after this many milliseconds.")
    var reconnectMs = 1000.0

    @Option(name: .long, help: "Clients that send garbage.")
    var garbageClients = 10

    @Option(name: .long, help: "Each garbage client sends a line this often, in milliseconds.")
    var garbagePeriodMs = 20.0

    @Option(name: .long, help: "Clients that send lines over the 64 KiB limit.")
    var hugeClients = 4

    @Option(name: .long, help: "Each of those sends one this often, in milliseconds (on a new connection).")
    var hugePeriodMs = 1000.0

    @Option(name: .long, help: "The over-long lines' size in KiB.")
    var hugeKib = 128

    @Option(name: .long, help: "daemon.client_queue_bytes in KiB (the daemon's default is 1024).")
    var clientQueueKib = 1024

    /// Not zero: the non-readers' queues, freed, leave the heap fragmented by a few MiB (churn alone grows it by
    /// 0 KiB over 60,000 cycles; non-readers alone by -0.5 to +7 MiB, up and down, measured 2026-11-22).
    @Option(name: .long, help: "Fail when resident memory at the end exceeds the reference after the warm-up by more than this many KiB, or when its peak exceeds the baseline by more than this and the non-readers' queues (2 × client_queue_bytes each: a queue's array doubles).")
    var maxGrowthKib = 8192

    /// How long the daemon is given to let the load's connections go before memory is sampled.
    private static let quiet = 2.0

    func run() throws {
        let recording = try common.recordingFacts()
        let loadClients = churnClients + nonReaders + garbageClients + hugeClients
        // Room for everyone, the control connection, and connections closed whose end the daemon has not seen yet.
        let limits = DaemonUnderTest.Limits(maxClients: subscribers + loadClients + 1 + 16, clientQueueBytes: clientQueueKib * 1024)
        // At notice level the daemon logs each client it cuts off or closes for an over-long line, to count.
        let daemon = try DaemonUnderTest(binary: common.gestured, recording: recording.path, loop: true, limits: limits, logLevel: "notice")
        defer { _ = daemon.stop() }
        let control = try Subscribers.connect(daemon.socket)
        defer { close(control) }
        try Subscribers.request(control, ["type": "hello", "version": 1, "client": "bench-control"], expect: "hello")
        let startedKiB = daemon.residentKiB
        let readers = try Subscribers(count: subscribers, socket: daemon.socket, events: ["gestures", "touches"], keepSamples: true)

        let begin = monotonicNanoseconds()
        func at(_ seconds: Double) -> Int64 { begin + Int64(seconds * 1e9) }
        let baselineEnd = baseline ?? recording.seconds + 2
        let warmUpEnd = baselineEnd + min(warmUp, duration)
        let loadEnd = baselineEnd + duration + Self.quiet
        let end = loadEnd + Self.quiet
        readers.count(before: at(end) - 300_000_000)

        print("recording \(recording.path): \(recording.frames) frames over \(String(format: "%.1f", recording.seconds)) s, in a loop")
        print("daemon: max_clients \(limits.maxClients), client_queue_bytes \(limits.clientQueueBytes); \(subscribers) subscribers to gestures and raw touches, measured")
        print(String(format: "baseline %.0f s without load, then %.0f s of load (paused for %.0f s after %.0f s), all on one thread:", baselineEnd, duration, Self.quiet, warmUpEnd - baselineEnd))
        print(String(format: "  %d churning clients, a cycle each %.0f ms (%.0f cycles/s): connect, hello, subscribe gestures+touches, unsubscribe, close",
            churnClients, churnPeriodMs, Double(churnClients) * 1000 / churnPeriodMs))
        print(String(format: "  %d clients subscribed to everything that never read, connecting again %.0f ms after being cut off", nonReaders, reconnectMs))
        print(String(format: "  %d garbage clients, a line each %.0f ms (%.0f lines/s)", garbageClients, garbagePeriodMs, Double(garbageClients) * 1000 / garbagePeriodMs))
        print(String(format: "  %d clients sending a %d KiB line each %.0f ms, on a new connection each time\n", hugeClients, hugeKib, hugePeriodMs))

        var memory: [(seconds: Double, kib: Int)] = []
        var died = false
        func sample() {
            guard !died else { return }
            guard daemon.isRunning else {
                died = true
                return
            }
            memory.append((Double(monotonicNanoseconds() - begin) / 1e9, daemon.residentKiB))
        }
        func everySecond(_ from: Double, _ to: Double) -> [Int64] { Swift.stride(from: from + 1, through: to, by: 1).map(at) }

        let tally = LoadTally()
        var cpu = CPUTimes(daemon: daemon.pid)
        readers.read(until: at(baselineEnd), samples: everySecond(0, baselineEnd), sample)
        let baselineCPU = cpu.lap()
        let baselineKiB = daemon.residentKiB
        let baselineDescriptors = daemon.descriptors
        let baselineStatus = try Subscribers.request(control, ["type": "status"], expect: "status")

        var load = LoadGenerator(makeClients(daemon.socket, tally, from: at(baselineEnd)))
        load.start()
        readers.read(until: at(warmUpEnd), samples: everySecond(baselineEnd, warmUpEnd), sample)
        load.stop()
        readers.read(until: at(warmUpEnd + Self.quiet))
        let referenceKiB = daemon.residentKiB
        load = LoadGenerator(makeClients(daemon.socket, tally, from: at(warmUpEnd + Self.quiet)))
        load.start()
        readers.read(until: at(loadEnd), samples: everySecond(warmUpEnd + Self.quiet, loadEnd), sample)
        load.stop()
        readers.read(until: at(end))
        let loadCPU = cpu.lap()
        sample()
        let endKiB = daemon.residentKiB

        var failures: [String] = []
        guard !died, daemon.isRunning else {
            throw BenchmarkError("the daemon died under load; its log:\n\(daemon.daemonLog)")
        }
        let status = try Subscribers.request(control, ["type": "status"], expect: "status")

        // Latency by when events were read: the baseline, and the load without its pause.
        let lateness = recording.schedule.lateness(of: Array(Set(readers.samples.map(\.time))).sorted())
        let rows = [
            ("baseline", PhaseLatency(readers.samples, lateness, [begin..<at(baselineEnd)])),
            ("load", PhaseLatency(readers.samples, lateness, [at(baselineEnd)..<at(warmUpEnd), at(warmUpEnd + Self.quiet)..<at(loadEnd)])),
        ]
        print("well-behaved subscribers (\(subscribers)), µs     events   end-to-end p50/p99/max   frame lateness p50/p99/max   with lateness p50/p99/max   CPU: daemon / benchmark")
        for ((name, row), cpu) in zip(rows, [baselineCPU, loadCPU]) { print(row.line(name, cpu: cpu)) }
        print("  goal: p99 < 250 µs with 10 subscribers. end-to-end is from the frame's stamp, as `latency` measures; a replayed")
        print("  frame is stamped when played, so the time it waited for the daemon is its lateness (how much longer than the")
        print("  recorded interval it came after the frame before, at least the daemon's timer slack); with lateness adds it,")
        print("  as a device's kernel timestamp would (for events matched to a frame).")
        for (name, s) in [("after the baseline", baselineStatus), ("at the end", status)] {
            guard let shares = try? ["input", "engine", "write"].map({ try Percentiles(status: s, $0) }) else { continue }
            print(String(format: "  daemon's shares since start, \(name), p50/p99 µs: input %.0f/%.0f, engine %.0f/%.0f, write %.0f/%.0f",
                shares[0].p50, shares[0].p99, shares[1].p50, shares[1].p99, shares[2].p50, shares[2].p99))
        }

        print("\nchurn: \(tally.churnCycles) cycles completed (\(String(format: "%.0f", Double(tally.churnCycles) / duration))/s), cycle time \(Self.spread(tally.churnCycleTimes.map { Double($0) / 1e6 }, "ms"))")
        print("never reading: \(tally.nonReaderConnections) connections, \(tally.nonReadersCut) cut off by the daemon, after \(Self.spread(tally.cutAfter, "s")) holding \(Self.spread(tally.unreadBytes.map { Double($0) / 1024 }, "KiB")) unread")
        print("garbage: \(tally.garbageLines) lines, \(tally.garbageReplies) error replies, \(tally.garbageUnanswered) unanswered when their connection ended")
        print("over-long lines: \(tally.hugeLines) sent, \(tally.lineTooLong) line_too_long replies, \(tally.closedAfterHugeLine) connections closed after one")
        print("error replies by code: " + tally.errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        let log = daemon.daemonLog
        func logged(_ text: String) -> Int { log.components(separatedBy: text).count - 1 }
        print("the daemon's log: \(logged("client disconnected for not reading")) cut off for not reading, \(logged("sent a line over")) closed for an over-long line, \(logged("too many clients")) refused as too many")
        if tally.connectFailures > 0 { print("connections refused by the kernel (backlog full): \(tally.connectFailures)") }
        for (what, count) in tally.surprises.sorted(by: { $0.key < $1.key }) { print("unexpected: \(what) (\(count)×)") }

        let peak = memory.max { $0.kib < $1.kib }
        print("\nresident memory: start-up \(startedKiB) KiB, after the baseline \(baselineKiB) KiB, peak \(peak?.kib ?? 0) KiB at \(String(format: "%.0f", peak?.seconds ?? 0)) s,")
        print("  after the warm-up (load gone) \(referenceKiB) KiB, at the end (load gone) \(endKiB) KiB: growth \(endKiB - referenceKiB) KiB (limit \(maxGrowthKib))")
        print("  every 5 s, MiB: " + Swift.stride(from: 0, to: memory.count, by: 5).map { String(format: "%.1f", Double(memory[$0].kib) / 1024) }.joined(separator: " "))
        let descriptors = daemon.descriptors
        print("daemon: \(status["clients"] ?? "?") clients and \(descriptors) descriptors at the end, \(baselineDescriptors) after the baseline")

        let counts = readers.counts
        let peakBound = nonReaders * 2 * clientQueueKib + maxGrowthKib
        print("  peak \((peak?.kib ?? 0) - baselineKiB) KiB above the baseline (limit \(peakBound))")
        if (peak?.kib ?? 0) - baselineKiB > peakBound {
            failures.append("resident memory peaked \((peak?.kib ?? 0) - baselineKiB) KiB above the baseline (limit \(peakBound) KiB)")
        }
        if endKiB - referenceKiB > maxGrowthKib {
            failures.append("resident memory grew by \(endKiB - referenceKiB) KiB after the warm-up (limit \(maxGrowthKib) KiB)")
        }
        if readers.closed > 0 { failures.append("the daemon closed \(readers.closed) well-behaved subscribers") }
        if Set(counts).count > 1 { failures.append("the well-behaved subscribers read different numbers of events: \(counts)") }
        if status["clients"] as? Int != subscribers + 1 {
            failures.append("the daemon still has \(status["clients"] ?? "?") clients, not \(subscribers + 1), after the load left")
        }
        if descriptors > baselineDescriptors { failures.append("the daemon has \(descriptors - baselineDescriptors) more descriptors than before the load") }
        if nonReaders > 0 && tally.nonReadersCut == 0 { failures.append("no client that never reads was cut off") }
        if tally.lineTooLong != tally.closedAfterHugeLine || tally.closedAfterHugeLine < tally.hugeLines - hugeClients * 2 {
            failures.append("of \(tally.hugeLines) over-long lines, \(tally.lineTooLong) were refused and \(tally.closedAfterHugeLine) closed")
        }
        if !tally.surprises.isEmpty { failures.append("clients saw what the protocol does not allow (above)") }
        print(failures.isEmpty ? "\nevents read: \(counts.first ?? 0) by each subscriber; all checks passed" : "")
        guard failures.isEmpty else { throw BenchmarkError("load: " + failures.joined(separator: "; ")) }
    }

    /// The load's clients, their first actions spread over their periods from `start`.
    private func makeClients(_ path: String, _ tally: LoadTally, from start: Int64) -> [any PacedClient] {
        func spread(_ i: Int, _ n: Int, _ periodMs: Double) -> Int64 { start + Int64(periodMs * 1e6 * Double(i) / Double(max(n, 1))) }
        let churn: [any PacedClient] = (0..<churnClients).map {
            ChurningClient(path: path, period: Int64(churnPeriodMs * 1e6), first: spread($0, churnClients, churnPeriodMs), tally: tally)
        }
        let silent: [any PacedClient] = (0..<nonReaders).map {
            NonReadingClient(path: path, reconnect: Int64(reconnectMs * 1e6), first: spread($0, nonReaders, 1000), tally: tally)
        }
        let garbage: [any PacedClient] = (0..<garbageClients).map {
            GarbageClient(path: path, period: Int64(garbagePeriodMs * 1e6), first: spread($0, garbageClients, garbagePeriodMs), tally: tally)
        }
        let huge: [any PacedClient] = (0..<hugeClients).map {
            HugeLineClient(path: path, period: Int64(hugePeriodMs * 1e6), size: hugeKib * 1024, first: spread($0, hugeClients, hugePeriodMs), tally: tally)
        }
        return churn + silent + garbage + huge
    }

    /// "p50 a / p99 b / max c unit" of `values`.
    private static func spread(_ values: [Double], _ unit: String) -> String {
        guard !values.isEmpty else { return "-" }
        let sorted = values.sorted()
        func at(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        return String(format: "p50 %.1f / p99 %.1f / max %.1f %@", at(0.5), at(0.99), sorted.last!, unit)
    }
}

/// The well-behaved subscribers' events read within some windows of time.
struct PhaseLatency {
    var events = 0
    var endToEnd = Reader.histogram()
    /// Per frame, once.
    var lateness = Reader.histogram()
    var withLateness = Reader.histogram()
    /// Events whose frame was found, for `withLateness`.
    var matched = 0

    init(_ samples: [EventSample], _ frameLateness: [Int64: Int64], _ windows: [Range<Int64>]) {
        var frames = Set<Int64>()
        for sample in samples where windows.contains(where: { $0.contains(sample.read) }) {
            let latency = max(0, sample.read - sample.time)
            events += 1
            _ = endToEnd.record(UInt64(latency))
            guard let late = frameLateness[sample.time] else { continue }
            matched += 1
            _ = withLateness.record(UInt64(latency + late))
            if frames.insert(sample.time).inserted { _ = lateness.record(UInt64(late)) }
        }
    }

    func line(_ name: String, cpu: (daemon: Double, benchmark: Double)) -> String {
        func f(_ p: Percentiles) -> String { String(format: "%.0f / %.0f / %.0f", p.p50, p.p99, p.max) }
        return [
            "  " + name.padding(toLength: 42, withPad: " ", startingAt: 0),
            String(events).padding(toLength: 9, withPad: " ", startingAt: 0),
            f(Percentiles(endToEnd)).padding(toLength: 25, withPad: " ", startingAt: 0),
            f(Percentiles(lateness)).padding(toLength: 29, withPad: " ", startingAt: 0),
            (f(Percentiles(withLateness)) + String(format: " (%.1f%%)", Double(matched) * 100 / Double(max(events, 1))))
                .padding(toLength: 28, withPad: " ", startingAt: 0),
            String(format: "%.0f%% / %.0f%%", cpu.daemon * 100, cpu.benchmark * 100),
        ].joined()
    }
}

/// CPU time (user and system) over wall time, lap by lap: the daemon's from /proc, and this process's (the
/// subscribers' readers and the load), to show which of the two the cores went to.
struct CPUTimes {
    let pid: pid_t
    private var last: (daemon: Double, benchmark: Double, wall: Int64)

    init(daemon pid: pid_t) {
        self.pid = pid
        last = (Self.cpuSeconds(pid), Self.ownSeconds(), monotonicNanoseconds())
    }

    /// The shares of one core the daemon and the benchmark used since the last lap.
    mutating func lap() -> (daemon: Double, benchmark: Double) {
        let now = (daemon: Self.cpuSeconds(pid), benchmark: Self.ownSeconds(), wall: monotonicNanoseconds())
        defer { last = now }
        let wall = Double(now.wall - last.wall) / 1e9
        return ((now.daemon - last.daemon) / wall, (now.benchmark - last.benchmark) / wall)
    }

    private static func ownSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// utime + stime, fields 14 and 15 of /proc/PID/stat (after the command name, which may hold spaces).
    private static func cpuSeconds(_ pid: pid_t) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
