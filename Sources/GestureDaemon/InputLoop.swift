import ConfigLanguage
import ConfigSchema
import DeviceFactsDatabase
import GestureConfig
import GestureCore
import GestureEngine
import GestureProtocol
import Glibc
import InputCore
import LinuxInput
import Logging
import SystemCalls

/// The daemon's one thread: waits on the devices (or a replay's next frame), the recognizers' next deadline, the
/// socket and its clients, and the signals, and feeds the core. With no finger down and no deadline it sleeps in
/// poll(2) without a timeout: an idle daemon makes no wake-ups.
final class InputLoop {
    enum Source {
        case devices(InputHub)
        case replay(ReplaySource)
    }

    private let core: DaemonCore
    private let server: SocketServer
    private let signals: SignalReader
    /// Wakes the loop at its next deadline or replayed frame.
    private let timer: DeadlineTimer
    // The loop's own state, touched every turn by this thread alone, never while another access is open: unchecked
    // (each checked access cost about 60 instructions, five a turn). The source as two optionals rather than the
    // enum: a replay is played in place, where taking it out of the enum and putting it back copied it twice a turn
    // (its device's description and frames retained and released, 2,400 instructions).
    private var hub: InputHub?
    @exclusivity(unchecked) private var replay: ReplaySource?
    private let logger: Logger
    private let notifier: SystemdNotifier
    /// Said to be alive to systemd every half of WatchdogSec= (nothing when it does not watch).
    private var watchdog: SystemdWatchdog
    /// Reads the configuration for reloads on a thread of its own.
    private let reader: ConfigurationReader
    /// A reload that SIGHUP asked for (or joined) is being read: systemd was told RELOADING=1 and waits for READY=1.
    private var reloadAnnounced = false
    /// The turn's clock reading, for what the core asks of the loop within the turn (a reload).
    @exclusivity(unchecked) private var turnTime = Timestamp.zero
    /// Served instead of the devices when the first scan finds none.
    private let fallback: ReplaySource?
    /// What the device database knows of a device, from the kernel's description of it.
    private let knowledge: (DeviceDescription) -> DeviceKnowledge
    private var stopped = false
    /// Where each frame's time went, for `status`.
    @exclusivity(unchecked) private(set) var latency = FrameLatency()
    /// What is being served, for status and the log.
    private(set) var sourceName: String

    init(
        core: DaemonCore, server: SocketServer, signals: SignalReader, source: Source, fallback: ReplaySource? = nil, logger: Logger,
        notifier: SystemdNotifier, watchdog: SystemdWatchdog, reader: ConfigurationReader,
        knowledge: @escaping (DeviceDescription) -> DeviceKnowledge = { .unknown($0) }
    ) throws(SystemCallError) {
        self.knowledge = knowledge
        self.core = core
        self.watchdog = watchdog
        self.reader = reader
        self.server = server
        self.signals = signals
        timer = try DeadlineTimer()
        switch source {
        case .devices(let hub): self.hub = hub
        case .replay(let replay): self.replay = replay
        }
        self.fallback = fallback
        self.logger = logger
        self.notifier = notifier
        switch source {
        case .replay(let replay):
            sourceName = replay.info.node
            twins = nil
        case .devices(let hub):
            sourceName = "devices"
            twins = DeviceTwins(hub: hub)
        }
        started = monotonicNow()
    }

    /// Grabbed devices' twins; nil when a recording is served.
    private var twins: DeviceTwins?
    /// When the loop was made, for the status's uptime.
    private let started: Timestamp

    /// What the core asked for in its last call, done; then its lines written (one write per client).
    private func carryOut() {
        core.takeActions { action in
            switch action {
            case .log(let level, let message, let metadata):
                logger.log(level: level, message, metadata: metadata)
            case .grab(let id, let node, let description):
                guard let twins else { return core.grabFailed(id, because: .recording) }
                do {
                    core.grabbed(id, twin: try twins.grab(id, node: node, description: description))
                } catch {
                    core.grabFailed(id, because: .failed("\(error)"))
                }
            case .release(let id):
                twins?.release(id)
            case .writeTwin(let id, let events):
                twins?.write(events, to: id, logger: logger)
            case .readConfiguration:
                startReload()
            case .answerStatus(let client, let id, var status):
                status.source = sourceName
                status.uptime = (Double(monotonicNow().nanoseconds - started.nanoseconds) / 1e8).rounded() / 10
                status.latency = latency.summary
                server.send(Reply.status(status).line(id: id), to: client)
            }
        }
        server.flush()
    }

    /// Opens what is there now; runs on the caller's thread before `run` starts.
    func start() throws(SystemCallError) {
        if let hub {
            try hub.scan { handle($0, at: monotonicNow()) }
            // The devices this scan opened are the ones there are: without any, the fallback is served and the
            // hub (with its hot-plug monitor) is let go.
            if hub.devices.isEmpty, let fallback {
                logger.notice("no readable touch device: serving a recording instead", metadata: ["recording": "\(fallback.info.node)"])
                self.hub = nil
                replay = fallback
                sourceName = "\(fallback.info.node) (no touch device)"
                twins = nil
                core.deviceAdded(fallback.info)
                carryOut()
            }
        } else if let replay {
            core.deviceAdded(replay.info)
            carryOut()
        }
    }

    /// What one turn waits on: the devices' descriptors (none for a replay), then the signals, the timer and the
    /// configuration reader, then the socket's (from `socketStart`). Kept between turns and built again only when
    /// the devices' or the socket's descriptors changed (the versions it was built for); each turn sets what the
    /// clients wait for.
    @exclusivity(unchecked) private var pollSet: [pollfd] = []
    @exclusivity(unchecked) private var pollSetVersions: (input: Int, socket: Int)?
    @exclusivity(unchecked) private var inputCount = 0
    @exclusivity(unchecked) private var socketStart = 0

    private func preparePollSet() {
        let versions = (input: hub?.descriptorsVersion ?? -1, socket: server.descriptorsVersion)
        if let built = pollSetVersions, built == versions {
            server.updateEvents(in: &pollSet, from: socketStart)
            return
        }
        pollSet.removeAll(keepingCapacity: true)
        hub?.descriptors(into: &pollSet)
        inputCount = pollSet.count
        pollSet.append(pollfd(fd: signals.fd.rawValue, events: Int16(POLLIN), revents: 0))
        pollSet.append(pollfd(fd: timer.fd.rawValue, events: Int16(POLLIN), revents: 0))
        pollSet.append(pollfd(fd: reader.fd.rawValue, events: Int16(POLLIN), revents: 0))
        socketStart = pollSet.count
        server.descriptors(into: &pollSet)
        pollSetVersions = versions
    }

    /// Runs until SIGTERM or SIGINT; throws when waiting fails. Devices and a replay go through the same turn:
    /// input that arrived (a device's frames) or is due (a replay's), then deadlines that passed, then what the
    /// signals and the socket brought, then the clients' requests, and a replay that a new subscription started.
    func run() throws(SystemCallError) {
        // The clock is read once a turn, just after the wait, and that reading serves the whole turn: the
        // frames' arrival, the deadlines, a replay's due frames. The wait itself needs none: the next deadline
        // is the timer's (DeadlineTimer), set at that time.
        while !stopped {
            try timer.arm(at: nextWakeUp)
            preparePollSet()
            // Requests still waiting: look at the input and come straight back for them.
            let anyReady = try waitForDescriptors(&pollSet, timeout: server.hasWaitingEvents ? 0 : nil)
            let now = monotonicNow()
            turnTime = now
            server.beginTurn(at: now)
            if watchdog.isDue(at: now) { notifier.notify("WATCHDOG=1") }
            if let d = reader.deadline, d <= now { reader.giveUp(at: now) }
            if anyReady, let hub { hub.read(pollSet[..<inputCount]) { handle($0, at: now) } }
            playReplay(at: now)
            if let d = core.nextDeadline, d <= now {
                core.advance(to: now)
                carryOut()
            }
            if anyReady {
                for entry in pollSet[inputCount...] where entry.revents != 0 { ready(entry, at: now) }
            }
            // Input that is due goes before the clients, so that a burst of requests delays no frame.
            clientEvents(at: now)
            playReplay(at: now)
        }
    }

    /// The earliest of the next deadline, the replay's next frame, the server's next chore, the watchdog's
    /// next notification and a reload's time limit; nil for none.
    private var nextWakeUp: Timestamp? {
        core.nextDeadline.earliest(replay?.nextTime).earliest(server.nextDeadline).earliest(watchdog.deadline).earliest(reader.deadline)
    }

    private func playReplay(at now: Timestamp) {
        guard let id = replay?.info.id else { return }
        if replay?.isPlaying == false, core.hasSubscribers { replay?.start(at: now) }
        // A replayed frame is stamped when it is played: its input share is how late the loop woke for it.
        replay?.due(at: now) { frame, due in feed(frame, from: id, since: due, arrived: now) }
    }

    /// When the last frame's engine and write shares were timed (FrameLatency): one frame a second is, with
    /// three more clock reads (the end of its engine run, the start and end of its writes); every other frame
    /// costs the turn's one reading only.
    @exclusivity(unchecked) private var lastTimed: Timestamp?
    private static let timingPeriod: Int64 = 1_000_000_000

    /// A frame to the core. Its input share (from `since`, its timestamp or when a replay's frame was due, to the
    /// turn's clock reading just after the wait) is kept for every frame; its engine and write shares for one
    /// frame a second.
    private func feed(_ frame: TouchFrame, from device: DeviceID, since: Timestamp, arrived: Timestamp) {
        if let lastTimed, arrived.nanoseconds - lastTimed.nanoseconds < Self.timingPeriod {
            core.frame(frame, from: device)
            carryOut()
            latency.record(frame: since, arrived: arrived)
            return
        }
        lastTimed = arrived
        server.writingTime = 0
        core.frame(frame, from: device)
        carryOut()
        let writing = server.writingTime ?? 0
        server.writingTime = nil
        latency.record(frame: since, arrived: arrived, done: monotonicNow(), writing: writing)
    }

    private func handle(_ event: InputHub.Event, at now: Timestamp) {
        switch event {
        case .added(let device):
            core.deviceAdded(
                DeviceInfo(
                    id: device.id, node: device.node, description: device.description, kind: device.kind, geometry: device.geometry,
                    knowledge: knowledge(device.kernelDescription)))
            carryOut()
        case .removed(let device):
            core.deviceRemoved(device.id, at: monotonicNow())
            carryOut()
        case .frame(let device, let frame):
            feed(frame, from: device.id, since: frame.timestamp, arrived: now)
        case .dropped(let device, let times):
            core.eventsDropped(device.id, times: times)
            carryOut()
        case .skipped(let node, let reason):
            logger.debug("input node skipped", metadata: ["device.node": "\(node)", "reason": "\(reason)"])
        }
    }

    private func ready(_ entry: pollfd, at now: Timestamp) {
        if entry.fd == signals.fd.rawValue {
            received(signals.read(), at: now)
        } else if entry.fd == timer.fd.rawValue {
            timer.fired()
        } else if entry.fd == reader.fd.rawValue {
            if let result = reader.take() { reloaded(result, at: now) }
        } else {
            server.ready(entry)
        }
    }

    /// SIGHUP reloads the configuration; SIGTERM and SIGINT stop the loop after the frame in hand.
    private func received(_ signals: [Int32], at now: Timestamp) {
        for signal in signals {
            if signal == SIGHUP {
                // RELOADING=1 ... READY=1 brackets the whole reload, read on the reader's thread meanwhile.
                if !reloadAnnounced { notifier.notify("RELOADING=1\nMONOTONIC_USEC=\(now.nanoseconds / 1000)") }
                reloadAnnounced = true
                startReload()
            } else if !stopped {
                logger.notice("stopping", metadata: ["signal": "\(String(cString: strsignal(signal)))"])
                notifier.notify("STOPPING=1")
                stopped = true
            }
        }
    }

    /// A reload asked for by SIGHUP or over the socket (the core's `.readConfiguration`): read on the reader's
    /// thread, or joined to the read under way.
    private func startReload() { reader.start(at: turnTime) }

    /// The reader's result, applied between two frames. A configuration whose max_clients needs more descriptors
    /// than the hard limit allows is refused as a whole (DescriptorLimit).
    private func reloaded(_ result: ConfigurationReader.Outcome, at now: Timestamp) {
        var result = result
        if case .success(let (new, _)) = result {
            do {
                try DescriptorLimit.raise(for: new.daemon.maxClients)
                server.apply(new.daemon)
            } catch {
                result = .failure(ConfigErrors([ConfigError(file: new.file, position: SourcePosition(line: 1, column: 1), "\(error)")]))
            }
        }
        // The configuration's users and groups were looked up on the reader's thread, not in the core.
        core.finishReload(result, at: now)
        carryOut()
        // What the reader's thread allocated to read the file (70 MB for 100,000 users) stays with glibc, in
        // that thread's arena, until trimmed.
        server.memory.note(released: MemoryTrim.threshold)
        if reloadAnnounced {
            reloadAnnounced = false
            notifier.notify("READY=1\nSTATUS=\(core.statusLine)")
        }
    }

    /// What the socket brought in (connections, request lines, disconnections) to the core, in order, for at
    /// most 100 µs a turn: then the input is looked at again, so a burst of requests delays a frame by about
    /// that much, however many clients send at once.
    private static let clientEventsBudget: Int64 = 100_000

    private func clientEvents(at now: Timestamp) {
        // Most turns bring no request: then no clock read for the budget.
        guard server.hasWaitingEvents else { return }
        let started = monotonicNow().nanoseconds
        while monotonicNow().nanoseconds - started < Self.clientEventsBudget, let event = server.nextEvent(at: now) {
            switch event {
            case .connected(let id, let peer):
                core.clientConnected(id, peer: peer, at: now)
            case .line(let id, let line):
                core.clientLine(id, line, at: now)
            case .disconnected(let id, let reason):
                core.clientDisconnected(id, reason: reason, at: now)
            }
            carryOut()
        }
    }
}
