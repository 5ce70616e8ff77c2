import Conditioning
import GestureConfig
import GestureEngine
import GestureProtocol
import InputCore
import LinuxInput
import Logging

/// The daemon without its I/O: devices and their surfaces, frames through the engines, clients and their
/// requests, reloads. Single-threaded: the input loop (or a replay) calls it, and everything it produces goes
/// to the outbox. Time comes in with the frames and with `advance(to:)`; it never reads a clock.
public final class DaemonCore {
    public private(set) var configuration: Configuration
    let outbox: any Outbox
    let logger: Logger
    var policy: PeerPolicy
    /// Who may reload over the socket, and whose recognizers join the configured ones' arbitration (daemon.control).
    var control: PeerPolicy
    /// Who sees positions where (docs/protocol.md, Who sees what). Read for every action some peer sees part of,
    /// changed only by requests and reloads: unchecked, as the clients are.
    @exclusivity(unchecked) var positionAccess: PositionAccess
    /// When the last reload over the socket was, on `clock`: one a second at most, so a client looping reload
    /// cannot keep cancelling every gesture in flight.
    var lastSocketReload: Timestamp?
    /// Now, for the reload rate; tests set it.
    var clock: () -> Timestamp = monotonicNow
    /// Read every loop turn for the next deadline, changed only as devices come and go or on reload, never
    /// while another access is open: unchecked for exclusivity.
    @exclusivity(unchecked) var sessions: [String: DeviceSession] = [:] {
        didSet { lastSession = nil }
    }
    /// The session the last frame went to: frames come in runs from one device, whose node is the same string
    /// each time, and comparing it costs less than hashing it.
    @exclusivity(unchecked) private var lastSession: DeviceSession?
    /// Devices no configuration entry claims: kept so that a reload can claim them.
    var unclaimed: [String: DeviceInfo] = [:]
    /// Read for every line (each subscriber's wishes), changed only by requests, never during a frame.
    @exclusivity(unchecked) var clients: [ClientID: ClientSession] = [:]
    /// Connections that have not said hello yet (their deadlines are looked for only while there are any).
    var awaitingHello = 0
    /// The lines clients cause (connections, refusals, additions): a burst, then a few a second, the rest counted
    /// (LogBudget), so that churning connections cannot flood the journal.
    var clientLog = LogBudget()
    /// The time of the request in hand, for the lines it causes.
    var requestTime = Timestamp.zero
    /// Asked to read and check the configuration file again (gesturectl reload, SIGHUP).
    public var reloadSource: (() -> Result<Configuration, ConfigErrors>)?
    /// Facts for the status request that only the caller knows (source, uptime, latency), as fields.
    public var statusExtras: (inout DaemonStatus) -> Void = { _ in }
    // Touched on every frame, never while another access is open: unchecked, as in DeviceSession.
    @exclusivity(unchecked) var counters = Counters()
    /// What gesture lines call each shared recognizer: its configured kind ("checkmark" where the engine says
    /// "custom") and, for one a connection added, that connection (`client N`: no configuration binds it). The
    /// devices' encoded recognizer names carry these, so they are encoded again after a change. Read for every
    /// action, changed only by requests, never during a frame: unchecked.
    @exclusivity(unchecked) var recognizerNaming: [String: RecognizerNaming] = [:] {
        didSet { for session in sessions.values { session.forgetEncodedFields() } }
    }
    @exclusivity(unchecked) private var events: [EngineEvent] = []
    /// The event line being written: one writer for every line, so that a line allocates nothing; and the same
    /// gesture for peers that may not see where it happened.
    @exclusivity(unchecked) private var line = JSONWriter(capacity: 1024)
    @exclusivity(unchecked) private var withheldLine = JSONWriter(capacity: 512)

    struct Counters {
        var frames = 0
        var gestures = 0
        var linesSent = 0
        var reloads = 0
        var rejectedReloads = 0
        var kernelDrops = 0
    }

    public convenience init(configuration: Configuration, policy: PeerPolicy, outbox: any Outbox, logger: Logger) {
        self.init(configuration: configuration, policy: policy, positions: nil, outbox: outbox, logger: logger)
    }

    /// `positions`: who sees positions where; nil resolves the configuration's (docs/protocol.md, Who sees what).
    init(configuration: Configuration, policy: PeerPolicy, positions: PositionAccess?, outbox: any Outbox, logger: Logger) {
        self.configuration = configuration
        self.policy = policy
        self.outbox = outbox
        self.logger = logger
        control = PeerPolicy.control(configuration.daemon, logger: logger)
        positionAccess = positions ?? PositionAccess(configuration, logger: logger)
        events.reserveCapacity(64)
        updateKinds()
    }

    /// The recognizers of the shared surfaces: the configuration's, then those daemon.control's peers added.
    func sharedRecognizers() -> [RecognizerEntry] {
        configuration.recognizers + trustedClients().flatMap(\.recognizers)
    }

    /// Connections whose additions join the shared surfaces, in connection order.
    func trustedClients() -> [ClientSession] {
        clients.values.filter(\.trusted).sorted { $0.id < $1.id }
    }

    func updateKinds() {
        var naming: [String: RecognizerNaming] = [:]
        for r in configuration.recognizers { naming[r.name] = RecognizerNaming(kind: r.kind.rawValue) }
        for client in trustedClients() {
            for r in client.recognizers { naming[r.name] = RecognizerNaming(kind: r.kind.rawValue, owner: client.ownerName) }
        }
        recognizerNaming = naming
    }

    /// Recognizers at work on all devices (one instance per device a recognizer applies to).
    var runningRecognizers: Int { sessions.values.reduce(0) { $0 + $1.surface.engine.recognizers.count } }

    // MARK: Devices

    public func deviceAdded(_ info: DeviceInfo) {
        guard let entry = configuration.deviceEntry(for: info.description, kind: info.kind) else {
            unclaimed[info.node] = info
            logger.info("device not claimed by any [[device]] entry", metadata: deviceMetadata(info))
            return
        }
        let session = DeviceSession(info: info, surface: makeSurface(entry: entry, info: info))
        session.contactObserver = contactLogger(device: entry.name)
        session.clientSurfaces = makeClientSurfaces(
            entry: entry, size: session.surface.rawSize, boxCorners: session.surface.engine.fingersAreBoxCorners)
        sessions[info.node] = session
        var metadata = deviceMetadata(info)
        metadata["device.name"] = "\(entry.name)"
        metadata["device.size_mm"] = "\(session.surface.rawSize.width)x\(session.surface.rawSize.height)"
        metadata["device.size_source"] = "\(session.summary.sizeSource)"
        if info.geometry.source == .estimated && entry.size == nil {
            logger.warning("device reports no resolution: its size is estimated; set size_mm in its [[device]] entry", metadata: metadata)
        }
        logger.info("device added", metadata: metadata)
        updateGrab(session)
        broadcast(Event.deviceAdded(session.summary).line()) { $0.matchesDevice(entry.name) }
        outbox.flush()
    }

    /// The input layer already delivered a last frame cancelling the device's touches.
    public func deviceRemoved(node: String, at time: Timestamp) {
        unclaimed[node] = nil
        guard let session = sessions.removeValue(forKey: node) else { return }
        cancelTouches(of: session, at: time)
        release(session)
        logger.info("device removed", metadata: ["device.node": "\(node)", "device.name": "\(session.name)"])
        broadcast(Event.deviceRemoved(device: session.name, node: node, time: DaemonTime(time)).line()) { $0.matchesDevice(session.name) }
        outbox.flush()
    }

    /// The kernel's buffer for a device overflowed (SYN_DROPPED): libevdev already resynchronized its touches, but
    /// whatever moved meanwhile was lost. Told once per device at notice level (a storm would flood the journal),
    /// counted in `status` always.
    public func eventsDropped(node: String, times: Int) {
        counters.kernelDrops += times
        guard let session = sessions[node] else { return }
        let metadata: Logger.Metadata = ["device.node": "\(node)", "device.name": "\(session.name)", "times": "\(times)"]
        if session.dropsLogged {
            logger.debug("the kernel dropped events again (SYN_DROPPED)", metadata: metadata)
        } else {
            session.dropsLogged = true
            logger.notice("the kernel dropped events of a device (SYN_DROPPED): its touches were resynchronized; more are only counted (status: kernel_drops)", metadata: metadata)
        }
    }

    public func frame(_ frame: TouchFrame, from node: String) {
        let session: DeviceSession
        if let last = lastSession, last.info.node == node {
            session = last
        } else {
            guard let found = sessions[node] else { return }
            session = found
            lastSession = found
        }
        session.passThrough?.buttons(frame.physicalButtons, at: frame.timestamp)
        let prepared = session.prepare(frame)
        if let prepared {
            counters.frames += 1
            run(session) { $0.process(prepared, into: &$1) }
            if !session.clientSurfaces.isEmpty { runClientSurfaces(of: session, prepared) }
        }
        let classified = sendClassifiedContacts(of: session)
        // The device's frame is one frame on the twin: the engine's deliveries, the contacts conditioning held
        // back and the buttons together.
        if let passThrough = session.passThrough { flush(passThrough, of: session) }
        if prepared != nil || classified { outbox.flush() }
    }

    /// Palms, resting thumbs and fingers on a click that touch conditioning held back: raw-touch subscribers see
    /// them on the device's whole surface, with their class (docs/protocol.md, touch). False when there were none.
    private func sendClassifiedContacts(of session: DeviceSession) -> Bool {
        // Made (turned to the surface, a few arrays) only when the twin or a client takes them: 1,200 instructions
        // a frame on a touchpad with a thumb resting, for nobody.
        guard session.hasClassifiedContacts, session.passThrough != nil || clients.values.contains(where: \.takesAnyTouch) else {
            return false
        }
        let contacts = session.classifiedContacts
        let device = session.name
        for (touch, contactClass) in contacts {
            let delivery = TouchDelivery(region: device, touch: touch, phase: touch.phase, time: touch.timestamp)
            // Not the recognizers', so not kept from the applications either: their own palm, thumb and
            // soft-button handling (libinput's) sees them as on the device itself.
            session.passThrough?.deliver(delivery, as: session.deviceContact(touch))
            sendTouch(delivery, of: session, contactClass: contactClass.description)
        }
        return true
    }

    /// Gets every recognizer transition of every device, with the device's name (`gestured replay --explain`).
    /// Set it before devices are added.
    public var explainer: ((String, Transition) -> Void)?

    /// Gets every contact's change of state in touch conditioning, with the device's name (`gestured replay
    /// --explain`). Set it before devices are added.
    public var contactExplainer: ((String, ContactTransition) -> Void)?

    /// The earliest time a recognizer or a device's touch conditioning wants to be woken, a connection must have
    /// said hello by, or the client lines left out of the log can be told of; nil when none waits for anything.
    public var nextDeadline: Timestamp? {
        var earliest = helloDeadline
        if let d = clientLog.reportDue, earliest.map({ d < $0 }) ?? true { earliest = d }
        for session in sessions.values {
            if let d = session.nextDeadline, earliest.map({ d < $0 }) ?? true { earliest = d }
        }
        return earliest
    }

    public func advance(to time: Timestamp) {
        if helloDeadline.map({ $0 <= time }) ?? false { closeSilentClients(at: time) }
        clientLog.reportDropped(at: time) { logger.info("client lines left out", metadata: $0) }
        for session in sessions.values where session.nextDeadline.map({ $0 <= time }) ?? false {
            // Touch conditioning first: the engine's timers due before its frame fire as the frame goes in.
            if session.conditioningDue(by: time) {
                if let frame = session.tick(at: time) {
                    counters.frames += 1
                    run(session) { $0.process(frame, into: &$1) }
                    if !session.clientSurfaces.isEmpty { runClientSurfaces(of: session, frame) }
                }
                _ = sendClassifiedContacts(of: session)
            }
            if session.surface.engine.nextDeadline.map({ $0 <= time }) ?? false {
                run(session) { $0.advance(to: time, into: &$1) }
            }
            for own in session.clientSurfaces where own.surface.engine.nextDeadline.map({ $0 <= time }) ?? false {
                runOwn(own, of: session) { $0.advance(to: time, into: &$1) }
            }
            if let passThrough = session.passThrough { flush(passThrough, of: session) }
        }
        outbox.flush()
    }

    /// A frame to every connection's own engine on the device, after the shared one: each sees the touches it
    /// admits (ClientSurface), and what it makes goes to its connection alone.
    private func runClientSurfaces(of session: DeviceSession, _ frame: TouchFrame) {
        for own in session.clientSurfaces {
            guard let client = clients[own.client] else { continue }
            guard let mine = own.filter(frame, visible: { self.seesOwnPositions(client, in: $0) }) else { continue }
            runOwn(own, of: session) { $0.process(mine, into: &$1) }
        }
    }

    /// Cancels every touch in flight on a device's surfaces (it went, or the configuration changed).
    private func cancelTouches(of session: DeviceSession, at time: Timestamp) {
        guard let frame = session.cancellation(at: time) else { return }
        run(session) { $0.process(frame, into: &$1) }
        for own in session.clientSurfaces {
            if let mine = own.cancellation(frame) { runOwn(own, of: session) { $0.process(mine, into: &$1) } }
        }
    }

    /// One step of a connection's own engine, its events to that connection only.
    private func runOwn(_ own: ClientSurface, of session: DeviceSession, _ step: (GestureEngine, inout [EngineEvent]) -> Void) {
        events.removeAll(keepingCapacity: true)
        step(own.surface.engine, &events)
        guard let client = clients[own.client] else { return }
        for event in events { sendOwn(event, of: session, to: client) }
    }

    /// Runs one step of a surface's engine and sends what it produced.
    private func run(_ session: DeviceSession, _ step: (GestureEngine, inout [EngineEvent]) -> Void) {
        events.removeAll(keepingCapacity: true)
        step(session.surface.engine, &events)
        // Each event moved out of the buffer for its sending and back after it, not copied out: a copy retained
        // and released the strings it holds (250 instructions an event). While the buffer is lent here, the array
        // reads as empty.
        events.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices {
                let event = buffer.moveElement(from: i)
                send(event, from: session)
                buffer.initializeElement(at: i, to: event)
            }
        }
    }

    // MARK: Grabbing

    /// Takes the input layer's part in grabbing; set before devices are added. Nil for a replay.
    public var grabber: DeviceGrabber?

    /// Grabs a session's device when its entry says so and lets it go when it no longer does (a reload).
    private func updateGrab(_ session: DeviceSession) {
        let wanted = session.surface.entry.grab
        if !wanted {
            release(session)
            return
        }
        guard session.passThrough == nil else { return }
        var metadata: Logger.Metadata = ["device.node": "\(session.info.node)", "device.name": "\(session.name)"]
        guard let grabber else {
            logger.notice("grab = true has no effect on a recording: nothing else reads it", metadata: metadata)
            return
        }
        do {
            let twin = try grabber.grab(node: session.info.node, description: session.info.description)
            session.passThrough = PassThrough(output: twin, description: session.info.description)
            metadata["twin.node"] = "\(twin.node)"
            logger.info("device grabbed: applications read its twin", metadata: metadata)
        } catch {
            metadata["error"] = "\(error)"
            logger.warning("cannot grab the device: read without grabbing, so applications see every touch", metadata: metadata)
        }
    }

    private func release(_ session: DeviceSession) {
        guard session.passThrough != nil else { return }
        session.passThrough = nil
        grabber?.release(node: session.info.node)
        logger.info("device released: its twin is gone", metadata: ["device.node": "\(session.info.node)", "device.name": "\(session.name)"])
    }

    /// The turn's passed-through touches to the twin, as one frame.
    private func flush(_ passThrough: PassThrough, of session: DeviceSession) {
        do {
            try passThrough.flush(at: session.surface.engine.now)
            if passThrough.failures > 0 {
                logger.notice("the twin takes events again", metadata: ["device.name": "\(session.name)", "failures": "\(passThrough.failures)"])
                passThrough.failures = 0
            }
        } catch {
            if passThrough.failures == 0 {
                logger.error("cannot write to the twin: applications miss touches", metadata: ["device.name": "\(session.name)", "error": "\(error)"])
            }
            passThrough.failures += 1
        }
    }

    private func send(_ event: EngineEvent, from session: DeviceSession) {
        let device = session.name
        switch event {
        case .action(let action):
            counters.gestures += 1
            let (kind, names) = session.names(of: action, naming: recognizerNaming)
            let engineKind = action.kind.rawValue
            let state = action.state.description
            // Encoded once each way, for the first subscriber that wants it so; not at all when none does. Where the
            // gesture is (the deepest region at its location) is looked up only for a peer that sees some regions.
            var encoded = false, encodedWithheld = false
            var at: String?
            for c in clients.values
            where c.wantsGesture({ $0.matches(recognizer: action.recognizer, kind: kind, engineKind: engineKind, device: device, region: action.region, state: state) }) {
                let sees: Bool
                switch c.positions {
                case .everywhere: sees = true
                case .nowhere: sees = false
                case .some:
                    if at == nil { at = (session.surface.engine.root.hitTest(action.location) ?? session.surface.engine.root).name }
                    sees = positionAccess.allows(c.peer, in: at!)
                }
                if sees {
                    if !encoded {
                        Self.encode(action, names: names, place: session.place(action.region), on: session, positions: true, into: &line)
                        encoded = true
                    }
                    deliverLine(to: c.id)
                } else {
                    if !encodedWithheld {
                        Self.encode(action, names: names, place: session.place(action.region), on: session, positions: false, into: &withheldLine)
                        encodedWithheld = true
                    }
                    counters.linesSent += 1
                    withheldLine.withBytes { outbox.send($0, to: c.id) }
                }
            }
        case .touch(let delivery):
            if let passThrough = session.passThrough, !session.surface.closedRegions.contains(delivery.region) {
                passThrough.deliver(delivery, as: session.deviceContact(delivery.touch))
            }
            sendTouch(delivery, of: session)
        }
    }

    /// What a connection's own engine made, to that connection: its gestures (with positions where it may see them),
    /// and the raw touches its own regions were delivered, if it may have touches. Never to the twin: the
    /// applications' touches are the shared surface's.
    private func sendOwn(_ event: EngineEvent, of session: DeviceSession, to client: ClientSession) {
        let device = session.name
        switch event {
        case .action(let action):
            counters.gestures += 1
            let kind = client.recognizers.first { $0.name == action.recognizer }?.kind.rawValue ?? action.kind.rawValue
            let state = action.state.description
            guard client.wantsGesture({
                $0.matches(recognizer: action.recognizer, kind: kind, engineKind: action.kind.rawValue, device: device, region: action.region, state: state)
            }) else { return }
            let own = session.clientSurface(of: client.id)?.surface.engine.root
            let at = own.flatMap { $0.hitTest(action.location) }?.name ?? device
            let sees = seesOwnPositions(client, in: at)
            Self.encode(
                action, names: GestureEvent.Names(recognizer: action.recognizer, kind: kind, owner: client.ownerName).encoded,
                place: session.place(action.region), on: session, positions: sees, into: &line)
            deliverLine(to: client.id)
        case .touch(let delivery):
            guard client.mayReceiveTouches, client.regions.contains(where: { $0.name == delivery.region }),
                client.wantsTouch({ $0.matchesTouch(device: device, region: delivery.region) })
            else { return }
            Self.encode(delivery, place: session.place(delivery.region), on: session, contactClass: nil, into: &line)
            deliverLine(to: client.id)
        }
    }

    /// Whether a connection sees positions in a region of the shared surfaces.
    func seesPositions(_ client: ClientSession, in region: String) -> Bool {
        switch client.positions {
        case .everywhere: true
        case .nowhere: false
        case .some: positionAccess.allows(client.peer, in: region)
        }
    }

    /// Whether a connection sees positions in a region of its own engine: its own regions (placed only where it
    /// sees, and dropped by a reload that takes that away) or a shared one it sees.
    func seesOwnPositions(_ client: ClientSession, in region: String) -> Bool {
        client.regions.contains { $0.name == region } || seesPositions(client, in: region)
    }

    /// A raw touch line to every client that may have touches and wants the delivery's region; encoded once, for
    /// the first of them, and not at all when none does.
    private func sendTouch(_ delivery: TouchDelivery, of session: DeviceSession, contactClass: String? = nil) {
        let device = session.name
        var encoded = false
        for c in clients.values where c.mayReceiveTouches && c.wantsTouch({ $0.matchesTouch(device: device, region: delivery.region) }) {
            if !encoded {
                Self.encode(delivery, place: session.place(delivery.region), on: session, contactClass: contactClass, into: &line)
                encoded = true
            }
            deliverLine(to: c.id)
        }
    }

    /// An action's line into `w`; without `positions`, one that says where nothing is (docs/protocol.md, Who sees
    /// what).
    private static func encode(
        _ action: GestureAction, names: EncodedFields, place: EncodedFields, on session: DeviceSession, positions: Bool, into w: inout JSONWriter
    ) {
        GestureEvent.encode(
            names: names, place: place, state: RecognizerState(action.state), time: DaemonTime(action.time), touches: action.numberOfTouches,
            location: positions ? session.location(action.location) : nil, values: GestureValues(of: action), into: &w)
    }

    /// A delivery's line into `w`; `contactClass` for a contact touch conditioning held back.
    private static func encode(_ delivery: TouchDelivery, place: EncodedFields, on session: DeviceSession, contactClass: String?, into w: inout JSONWriter) {
        let touch = delivery.touch
        TouchEvent.encode(
            place: place, id: touch.id, phase: TouchEvent.Phase(delivery.phase), time: DaemonTime(delivery.time),
            touchType: TouchEvent.TouchType(touch.type), location: session.location(touch.location), pressure: touch.pressure,
            majorMillimetres: touch.majorRadius, contactClass: contactClass, into: &w)
    }

    /// The event line `line` holds, to one client.
    private func deliverLine(to client: ClientID) {
        counters.linesSent += 1
        line.withBytes { outbox.send($0, to: client) }
    }

    func deliver(_ line: [UInt8], to client: ClientID) {
        counters.linesSent += 1
        outbox.send(line, to: client)
    }

    func broadcast(_ line: [UInt8], where test: (Subscription) -> Bool) {
        for c in clients.values where c.wants(test) { deliver(line, to: c.id) }
    }

    /// Whether any client subscribed to anything: a replay waits for the first.
    public var hasSubscribers: Bool { clients.values.contains { !$0.subscriptions.isEmpty } }

    /// One line for systemd's STATUS=.
    public var statusLine: String {
        "\(sessions.count) device(s), \(clients.count) client(s), \(runningRecognizers) recognizer(s)"
    }

    // MARK: Surfaces

    /// A surface for a device from the configuration, with the additions of daemon.control's peers that fit it.
    func makeSurface(entry: DeviceEntry, info: DeviceInfo) -> ConfiguredSurface {
        let surface = ConfiguredSurface(configuration: configuration, entry: entry, surface: entry.size ?? info.geometry.size)
        surface.engine.fingersAreBoxCorners = info.description.properties.contains(InputProperty.semiMT)
        surface.engine.transitionObserver = transitionLogger(device: entry.name)
        for client in trustedClients() {
            for region in client.regions where region.device == entry.name { place(region, of: client, on: surface) }
            for recognizer in client.recognizers where applies(recognizer, to: surface) { surface.add(recognizer) }
        }
        return surface
    }

    /// The engines of the other connections' additions on a device: one for each connection that added anything there.
    func makeClientSurfaces(entry: DeviceEntry, size: Size, boxCorners: Bool) -> [ClientSurface] {
        clients.values.filter { !$0.trusted }.sorted { $0.id < $1.id }.compactMap { client in
            let own = ClientSurface(client: client.id, configuration: configuration, entry: entry, size: size, boxCorners: boxCorners)
            for region in client.regions where region.device == entry.name { place(region, of: client, on: own.surface) }
            for recognizer in client.recognizers where applies(recognizer, to: own.surface) { own.surface.add(recognizer) }
            return own.surface.recognizers.isEmpty && client.regions.allSatisfy({ $0.device != entry.name }) ? nil : own
        }
    }

    func applies(_ recognizer: RecognizerEntry, to surface: ConfiguredSurface) -> Bool {
        switch recognizer.placement {
        case .everyDevice: true
        case .device(let d): d == surface.entry.name
        case .region(let r): surface.regions[r] != nil
        }
    }

    /// Every recognizer transition at debug level, with its cause (`tap: possible -> failed, touches moved #3: ...`),
    /// and to `explainer` when one is set.
    private func transitionLogger(device: String) -> ((Transition) -> Void)? {
        let logger = logger
        let debug = logger.logLevel <= .debug
        guard debug || explainer != nil else { return nil }
        let explainer = explainer
        return { t in
            explainer?(device, t)
            guard debug else { return }
            logger.debug(
                "\(t)",
                metadata: ["gesture.name": "\(t.recognizer)", "device.name": "\(device)", "time": "\(t.time)"])
        }
    }

    /// Every contact's change of state in touch conditioning at debug level, with its cause (`contact 3: settling #3
    /// -> palm, pressure 0.98 > 0.45`), and to `contactExplainer` when one is set; nil when neither wants them, so
    /// that the conditioner makes none.
    private func contactLogger(device: String) -> ((ContactTransition) -> Void)? {
        let logger = logger
        let debug = logger.logLevel <= .debug
        guard debug || contactExplainer != nil else { return nil }
        let explainer = contactExplainer
        return { t in
            explainer?(device, t)
            guard debug else { return }
            logger.debug("\(t)", metadata: ["contact.id": "\(t.contact)", "device.name": "\(device)", "time": "\(t.time)"])
        }
    }

    private func deviceMetadata(_ info: DeviceInfo) -> Logger.Metadata {
        ["device.node": "\(info.node)", "device.kind": "\(info.kind.rawValue)", "device.description": "\(info.description.name)"]
    }

    // MARK: Reload

    /// Takes a new configuration: every touch in flight is cancelled on the old surfaces, and devices are
    /// claimed again under the new entries. Clients stay connected; their additions are kept where they still fit.
    public func apply(_ new: Configuration, policy: PeerPolicy, at time: Timestamp) {
        for session in sessions.values {
            cancelTouches(of: session, at: time)
            if let passThrough = session.passThrough { flush(passThrough, of: session) }
        }
        configuration = new
        self.policy = policy
        control = PeerPolicy.control(new.daemon, logger: logger)
        positionAccess = PositionAccess(new, logger: logger)
        rereadRights()
        dropClientAdditionsThatNoLongerFit()
        updateKinds()
        var infos = Array(unclaimed.values)
        unclaimed = [:]
        var kept: [String: DeviceSession] = [:]
        for (node, session) in sessions {
            if let entry = new.deviceEntry(for: session.info.description, kind: session.info.kind) {
                session.replace(with: makeSurface(entry: entry, info: session.info))
                session.contactObserver = contactLogger(device: entry.name)
                session.clientSurfaces = makeClientSurfaces(
                    entry: entry, size: session.surface.rawSize, boxCorners: session.surface.engine.fingersAreBoxCorners)
                updateGrab(session)
                kept[node] = session
            } else {
                release(session)
                session.clientSurfaces = []
                infos.append(session.info)
                broadcast(Event.deviceRemoved(device: session.name, node: node, time: DaemonTime(time)).line()) { $0.matchesDevice(session.name) }
            }
        }
        sessions = kept
        for info in infos.sorted(by: { $0.node < $1.node }) {
            if sessions[info.node] == nil { deviceAdded(info) }
        }
        counters.reloads += 1
        logger.notice("configuration reloaded", metadata: ["config.file": "\(new.file)", "config.recognizers": "\(new.recognizers.count)"])
        broadcast(Event.configReloaded(file: new.file, recognizers: new.recognizers.count).line()) { $0.wants(.config) }
        outbox.flush()
    }

    /// A reload that failed validation: the running configuration stays, and subscribers hear why.
    public func rejected(_ errors: ConfigErrors, file: String) {
        counters.rejectedReloads += 1
        logger.error("configuration refused; the running one stays", metadata: ["config.file": "\(file)", "config.errors": "\(errors.errors.count)"])
        for e in errors.errors { logger.error("\(e)") }
        broadcast(Event.configRejected(file: file, errors: errors.errors.map(\.description)).line()) { $0.wants(.config) }
        outbox.flush()
    }

    /// Reads the file again through `reloadSource`, in place, and applies or rejects it.
    @discardableResult
    public func reload(at time: Timestamp) -> Result<Configuration, ConfigErrors>? {
        guard let reloadSource else { return nil }
        let result = reloadSource()
        finishReload(result, at: time)
        return result
    }

    /// Starts reading the configuration away from the loop (the daemon's reader thread, which joins a read under
    /// way); the result comes back through `finishReload`. Nil: a reload request reads it in place (`reload(at:)`).
    public var startReload: (() -> Void)?
    /// Reload requests over the socket waiting for the read they started or joined: answered when it is applied.
    var pendingReloads: [(client: ClientID, id: RequestID?)] = []

    /// A configuration read for a reload: applied, or refused with its errors; the requests that waited for it
    /// are answered.
    public func finishReload(_ result: Result<Configuration, ConfigErrors>, at time: Timestamp) {
        switch result {
        case .success(let new): apply(new, policy: PeerPolicy.rawTouches(new.daemon, logger: logger), at: time)
        case .failure(let errors): rejected(errors, file: configuration.file)
        }
        let waiting = pendingReloads
        pendingReloads = []
        for (client, id) in waiting where clients[client] != nil { outbox.send(reloadReply(result).line(id: id), to: client) }
        outbox.flush()
    }

    /// The answer to a reload request.
    func reloadReply(_ result: Result<Configuration, ConfigErrors>) -> Reply {
        switch result {
        case .success(let c): .reloaded(file: c.file, recognizers: c.recognizers.count)
        case .failure(let errors):
            .error(RequestError("config_invalid", "the configuration was refused; the running one stays", errors: errors.errors.map(\.description)))
        }
    }
}
