import GestureEngine
import Glibc
import InputCore
import LinuxInput
import Logging

/// The input thread: waits on the devices (or a replay's next frame), the recognizers' next deadline and the
/// command queue, and feeds the core. With no finger down and no deadline it sleeps in poll(2) without a
/// timeout: an idle daemon makes no wake-ups.
final class InputLoop: @unchecked Sendable {
    enum Source {
        case devices(InputHub)
        case replay(ReplaySource)
    }

    private let core: DaemonCore
    private let queue: CommandQueue
    private var source: Source
    private let logger: Logger
    private let notifier: SystemdNotifier
    /// Served instead of the devices when the first scan finds none.
    private let fallback: ReplaySource?
    private var stopped = false
    /// What is being served, for status and the log.
    private(set) var sourceName: String

    init(core: DaemonCore, queue: CommandQueue, source: Source, fallback: ReplaySource? = nil, logger: Logger, notifier: SystemdNotifier) {
        self.core = core
        self.queue = queue
        self.source = source
        self.fallback = fallback
        self.logger = logger
        self.notifier = notifier
        if case .replay(let replay) = source { sourceName = replay.info.node } else { sourceName = "devices" }
    }

    /// Opens what is there now; runs on the caller's thread before `run` starts.
    func start() throws(DeviceError) {
        switch source {
        case .devices(let hub):
            try hub.scan(handle)
            // The devices this scan opened are the ones there are: without any, the fallback is served and the
            // hub (with its hot-plug monitor) is let go.
            if hub.devices.isEmpty, let fallback {
                logger.notice("no readable touch device: serving a recording instead", metadata: ["recording": "\(fallback.info.node)"])
                source = .replay(fallback)
                sourceName = "\(fallback.info.node) (no touch device)"
                core.deviceAdded(fallback.info)
            }
        case .replay(let replay):
            core.deviceAdded(replay.info)
        }
    }

    /// Runs until a stop command.
    func run() {
        while !stopped {
            let now = monotonicNow()
            let wait = timeout(now: now)
            do {
                switch source {
                case .devices(let hub):
                    try hub.poll(timeout: wait, wake: queue.fd, woken: commands, handle)
                case .replay:
                    var fds = [pollfd(fd: queue.fd, events: Int16(POLLIN), revents: 0)]
                    if Glibc.poll(&fds, 1, wait) > 0 { commands() }
                    playReplay()
                }
            } catch {
                logger.critical("input loop failed; stopping", metadata: ["error": "\(error)"])
                stopped = true
            }
            fireDeadlines()
        }
    }

    /// Milliseconds until the earliest of the next deadline and the replay's next frame; -1 for none.
    private func timeout(now: Timestamp) -> Int32 {
        var earliest = core.nextDeadline
        if case .replay(let replay) = source, let t = replay.nextTime, earliest.map({ t < $0 }) ?? true { earliest = t }
        guard let earliest else { return -1 }
        let ns = earliest.nanoseconds - now.nanoseconds
        guard ns > 0 else { return 0 }
        // Round up: waking a little late keeps a deadline's order; waking early would spin.
        return Int32(min((ns + 999_999) / 1_000_000, Int64(Int32.max)))
    }

    private func fireDeadlines() {
        let now = monotonicNow()
        if let d = core.nextDeadline, d <= now { core.advance(to: now) }
    }

    private func playReplay() {
        guard case .replay(var replay) = source else { return }
        if !replay.isPlaying, core.hasSubscribers { replay.start(at: monotonicNow()) }
        let node = replay.info.node
        replay.due(at: monotonicNow()) { core.frame($0, from: node) }
        source = .replay(replay)
    }

    private func handle(_ event: InputHub.Event) {
        switch event {
        case .added(let device):
            core.deviceAdded(DeviceInfo(node: device.node, description: device.description, kind: device.kind, geometry: device.geometry))
        case .removed(let node):
            core.deviceRemoved(node: node, at: monotonicNow())
        case .frame(let device, let frame):
            core.frame(frame, from: device.node)
        case .skipped(let node, let reason):
            logger.debug("input node skipped", metadata: ["device.node": "\(node)", "reason": "\(reason)"])
        }
    }

    private func commands() {
        for command in queue.drain() {
            switch command {
            case .connected(let id, let peer):
                _ = core.clientConnected(id, peer: peer)
            case .line(let id, let line):
                core.clientLine(id, line)
            case .disconnected(let id, let reason):
                core.clientDisconnected(id, reason: reason)
            case .reload:
                notifier.notify("RELOADING=1\nMONOTONIC_USEC=\(monotonicNow().nanoseconds / 1000)")
                core.reload(at: monotonicNow())
                notifier.notify("READY=1\nSTATUS=\(core.statusLine)")
            case .stop:
                stopped = true
            }
        }
    }
}
