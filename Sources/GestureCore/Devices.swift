import Conditioning
import GestureConfig
import GestureEngine
import GestureProtocol
import InputCore
import Logging

/// Devices as they come and go: a device a configuration entry claims gets a session (its surface, its
/// connections' own engines) and, when its entry says so, a grab; one it leaves is kept for a reload to claim. It
/// owns the sessions' coming and going and their grabs; what their frames make is FrameRouter's.
final class Devices {
    let state: CoreState
    let router: FrameRouter

    init(state: CoreState, router: FrameRouter) {
        self.state = state
        self.router = router
    }

    func deviceAdded(_ info: DeviceInfo) {
        guard let entry = state.configuration.deviceEntry(for: info.description, kind: info.kind) else {
            state.unclaimed[info.id] = info
            state.logger.info("device not claimed by any [[device]] entry", metadata: deviceMetadata(info))
            return
        }
        let session = DeviceSession(info: info, surface: makeSurface(entry: entry, info: info))
        session.contactObserver = contactLogger(device: entry.name)
        session.clientSurfaces = makeClientSurfaces(
            entry: entry, size: session.surface.rawSize, boxCorners: session.surface.engine.fingersAreBoxCorners)
        state.sessions[info.id] = session
        var metadata = deviceMetadata(info)
        metadata["device.name"] = "\(entry.name)"
        metadata["device.size_mm"] = "\(session.surface.rawSize.width)x\(session.surface.rawSize.height)"
        metadata["device.size_source"] = "\(session.summary.sizeSource)"
        if info.geometry.source == .estimated && entry.size == nil {
            state.logger.warning("device reports no resolution: its size is estimated; set size_mm in its [[device]] entry", metadata: metadata)
        }
        state.logger.info("device added", metadata: metadata)
        updateGrab(session)
        state.broadcast(Event.deviceAdded(session.summary).line()) { $0.matchesDevice(entry.name) }
    }

    /// The input layer already delivered a last frame cancelling the device's touches.
    func deviceRemoved(_ device: DeviceID, at time: Timestamp) {
        state.unclaimed[device] = nil
        guard let session = state.sessions.removeValue(forKey: device) else { return }
        let node = session.info.node
        router.cancelTouches(of: session, at: time)
        release(session)
        state.logger.info("device removed", metadata: ["device.node": "\(node)", "device.name": "\(session.name)"])
        state.broadcast(Event.deviceRemoved(device: session.name, node: node, time: DaemonTime(time)).line()) { $0.matchesDevice(session.name) }
    }

    /// The kernel's buffer for a device overflowed (SYN_DROPPED): libevdev already resynchronized its touches, but
    /// whatever moved meanwhile was lost. Told once per device at notice level (a storm would flood the journal),
    /// counted in `status` always.
    func eventsDropped(_ device: DeviceID, times: Int) {
        state.counters.kernelDrops += times
        guard let session = state.sessions[device] else { return }
        let metadata: Logger.Metadata = ["device.node": "\(session.info.node)", "device.name": "\(session.name)", "times": "\(times)"]
        if session.dropsLogged {
            state.logger.debug("the kernel dropped events again (SYN_DROPPED)", metadata: metadata)
        } else {
            session.dropsLogged = true
            state.logger.notice("the kernel dropped events of a device (SYN_DROPPED): its touches were resynchronized; more are only counted (status: kernel_drops)", metadata: metadata)
        }
    }

    // MARK: Grabbing

    /// Asks for a session's device to be grabbed when its entry says so, and let go when it no longer does (a
    /// reload).
    func updateGrab(_ session: DeviceSession) {
        guard session.surface.entry.grab else {
            release(session)
            return
        }
        guard session.passThrough == nil, !session.grabAsked else { return }
        session.grabAsked = true
        state.actions.append(.grab(session.info.id, node: session.info.node, description: session.info.description))
    }

    /// The caller grabbed the device and made its twin at `twin`: the recognizers' leftovers go there from the
    /// next frame on. A device gone or no longer to be grabbed meanwhile is let go again.
    func grabbed(_ device: DeviceID, twin: String) {
        guard let session = state.sessions[device], session.grabAsked, session.surface.entry.grab else {
            state.actions.append(.release(device))
            return
        }
        let node = session.info.node
        session.grabAsked = false
        session.passThrough = PassThrough(description: session.info.description)
        state.logger.info(
            "device grabbed: applications read its twin", metadata: ["device.node": "\(node)", "device.name": "\(session.name)", "twin.node": "\(twin)"])
    }

    /// The caller did not grab the device: it is read without grabbing (a reload asks again).
    func grabFailed(_ device: DeviceID, because refusal: DaemonCore.GrabRefusal) {
        guard let session = state.sessions[device] else { return }
        session.grabAsked = false
        var metadata: Logger.Metadata = ["device.node": "\(session.info.node)", "device.name": "\(session.name)"]
        switch refusal {
        case .recording:
            state.logger.notice("grab = true has no effect on a recording: nothing else reads it", metadata: metadata)
        case .failed(let why):
            metadata["error"] = "\(why)"
            state.logger.warning("cannot grab the device: read without grabbing, so applications see every touch", metadata: metadata)
        }
    }

    func release(_ session: DeviceSession) {
        session.grabAsked = false
        guard session.passThrough != nil else { return }
        session.passThrough = nil
        state.actions.append(.release(session.info.id))
        state.logger.info("device released: its twin is gone", metadata: ["device.node": "\(session.info.node)", "device.name": "\(session.name)"])
    }

    // MARK: Surfaces

    /// A surface for a device from the configuration, with the additions of daemon.control's peers that fit it.
    func makeSurface(entry: DeviceEntry, info: DeviceInfo) -> ConfiguredSurface {
        let surface = ConfiguredSurface(configuration: state.configuration, entry: entry, surface: entry.size ?? info.geometry.size)
        surface.engine.fingersAreBoxCorners = info.description.properties.contains(InputProperty.semiMT)
        surface.engine.transitionObserver = transitionLogger(device: entry.name)
        for client in state.trustedClients() {
            for region in client.regions where region.device == entry.name { state.place(region, of: client, on: surface) }
            for recognizer in client.recognizers where state.applies(recognizer, to: surface) { surface.add(recognizer) }
        }
        return surface
    }

    /// The engines of the other connections' additions on a device: one for each connection that added anything there.
    func makeClientSurfaces(entry: DeviceEntry, size: Size, boxCorners: Bool) -> [ClientSurface] {
        state.clients.values.filter { !$0.trusted }.sorted { $0.id < $1.id }.compactMap { client in
            let own = ClientSurface(client: client.id, configuration: state.configuration, entry: entry, size: size, boxCorners: boxCorners)
            for region in client.regions where region.device == entry.name { state.place(region, of: client, on: own.surface) }
            for recognizer in client.recognizers where state.applies(recognizer, to: own.surface) { own.surface.add(recognizer) }
            return own.surface.recognizers.isEmpty && client.regions.allSatisfy({ $0.device != entry.name }) ? nil : own
        }
    }

    /// Every recognizer transition at debug level, with its cause (`tap: possible -> failed, touches moved #3: ...`),
    /// and to `explainTo` when there is one.
    private func transitionLogger(device: String) -> ((Transition) -> Void)? {
        let logger = state.logger
        let debug = logger.logLevel <= .debug
        guard debug || state.explainTo != nil else { return nil }
        return { [unowned self] t in
            explain(t.time, "\(device) \(t)")
            guard debug else { return }
            logger.debug(
                "\(t)",
                metadata: ["gesture.name": "\(t.recognizer)", "device.name": "\(device)", "time": "\(t.time)"])
        }
    }

    /// Every contact's change of state in touch conditioning at debug level, with its cause (`contact 3: settling #3
    /// -> palm, pressure 0.98 > 0.45`), and to `explainTo` when there is one; nil when neither wants them, so that
    /// the conditioner makes none.
    func contactLogger(device: String) -> ((ContactTransition) -> Void)? {
        let logger = state.logger
        let debug = logger.logLevel <= .debug
        guard debug || state.explainTo != nil else { return nil }
        return { [unowned self] t in
            explain(t.time, "\(device) \(t)")
            guard debug else { return }
            logger.debug("\(t)", metadata: ["contact.id": "\(t.contact)", "device.name": "\(device)", "time": "\(t.time)"])
        }
    }

    /// An explanation line to `explainTo`, between the event lines it explains: `# 1288981454.520952 touch tap:
    /// possible -> ended, touches ended #12: tap 1 of 1 lifted`. The time has all six decimals (the event lines
    /// give the same microseconds, trailing zeros left out), so that explanation lines line up.
    private func explain(_ time: Timestamp, _ text: String) {
        guard let explainTo = state.explainTo else { return }
        let micro = time.nanoseconds / 1000
        let fraction = String(abs(micro % 1_000_000))
        let seconds = (micro < 0 && micro > -1_000_000 ? "-" : "") + String(micro / 1_000_000) + "."
            + String(repeating: "0", count: 6 - fraction.count) + fraction
        state.outbox.send(Array("# \(seconds) \(text)\n".utf8), to: explainTo)
    }

    private func deviceMetadata(_ info: DeviceInfo) -> Logger.Metadata {
        ["device.node": "\(info.node)", "device.kind": "\(info.kind.rawValue)", "device.description": "\(info.description.name)"]
    }
}
