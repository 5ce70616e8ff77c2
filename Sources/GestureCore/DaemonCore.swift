import Conditioning
import GestureConfig
import GestureEngine
import GestureProtocol
import InputCore
import Logging

/// The daemon without its I/O: devices and their surfaces, frames through the engines, clients and their
/// requests, reloads. Single-threaded: the input loop (or a replay) calls it; the lines it makes go into the
/// outbox, a queue the caller writes out, and what else is to be done (grab a device, write its twin, read the
/// configuration, log) comes back as actions (`takeActions`). Time comes in with every call; it never reads a
/// clock.
public final class DaemonCore {
    public private(set) var configuration: Configuration
    let outbox: any Outbox
    /// What the caller is to do, in order; the core's log lines among them.
    let actions = CoreActions()
    let logger: Logger
    /// The connection `gestured replay --explain` writes to: every recognizer transition and every contact's
    /// change in touch conditioning go to it as lines that start with `#`, between the event lines.
    let explainTo: ClientID?
    var policy: PeerPolicy
    /// Who may reload over the socket, and whose recognizers join the configured ones' arbitration (daemon.control).
    var control: PeerPolicy
    /// Who sees positions where (docs/protocol.md, Who sees what). Read for every action some peer sees part of,
    /// changed only by requests and reloads: unchecked, as the clients are.
    @exclusivity(unchecked) var positionAccess: PositionAccess
    /// When the last reload over the socket was: one a second at most, so a client looping reload cannot keep
    /// cancelling every gesture in flight.
    var lastSocketReload: Timestamp?
    /// Read every loop turn for the next deadline, changed only as devices come and go or on reload, never
    /// while another access is open: unchecked for exclusivity.
    @exclusivity(unchecked) var sessions: [String: DeviceSession] = [:] {
        didSet {
            lastSession = nil
            sessionList = sessions.values.map { Unmanaged.passUnretained($0) }
        }
    }
    /// The sessions as a list, unretained (`sessions` holds them), for the deadlines asked before every frame:
    /// walking a dictionary's values, each retained and released, cost 250 instructions a frame.
    @exclusivity(unchecked) private var sessionList: [Unmanaged<DeviceSession>] = []
    /// The session the last frame went to: frames come in runs from one device, whose node is the same string
    /// each time, and comparing it costs less than hashing it.
    @exclusivity(unchecked) private var lastSession: DeviceSession?
    /// Devices no configuration entry claims: kept so that a reload can claim them.
    var unclaimed: [String: DeviceInfo] = [:]
    /// Read for every line (each subscriber's wishes), changed only by requests, never during a frame.
    @exclusivity(unchecked) var clients: [ClientID: ClientSession] = [:]
    /// Connections that have not said hello yet (their deadlines are looked for only while there are any).
    /// Asked before every frame (the deadlines due before it), changed only by requests and hello deadlines, never
    /// while another access is open: unchecked, as `clients` is.
    @exclusivity(unchecked) var awaitingHello = 0
    /// The lines clients cause (connections, refusals, additions): a burst, then a few a second, the rest counted
    /// (LogBudget), so that churning connections cannot flood the journal.
    /// Asked before every frame for when its report is due; unchecked, as `awaitingHello`.
    @exclusivity(unchecked) var clientLog = LogBudget()
    /// The time of the request in hand, for the lines it causes.
    var requestTime = Timestamp.zero
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

    /// `access`: who may do what, the configuration's names resolved by the caller (`Access.resolve`). `logLevel`:
    /// the level of the log its `.log` actions go to, below which it makes none. `explainTo`: see there.
    public init(configuration: Configuration, access: Access, outbox: any Outbox, logLevel: Logger.Level = .info, explainTo: ClientID? = nil) {
        self.configuration = configuration
        policy = access.rawTouches
        control = access.control
        positionAccess = access.positions
        self.outbox = outbox
        self.explainTo = explainTo
        logger = actions.logger(label: "gestured", level: logLevel)
        events.reserveCapacity(64)
        updateKinds()
    }

    /// What the caller is to do after its last call, in order (docs/daemon.md, One thread and data flow), and what
    /// the answers it gives meanwhile (`grabbed`, `grabFailed`, `finishReload`) ask for in turn.
    public func takeActions(_ body: (CoreAction) -> Void) {
        // Asked after every frame, and most frames ask for nothing.
        guard !actions.queued.isEmpty else { return }
        actions.take(body)
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
    }

    /// The input layer already delivered a last frame cancelling the device's touches.
    public func deviceRemoved(node: String, at time: Timestamp) {
        unclaimed[node] = nil
        guard let session = sessions.removeValue(forKey: node) else { return }
        cancelTouches(of: session, at: time)
        release(session)
        logger.info("device removed", metadata: ["device.node": "\(node)", "device.name": "\(session.name)"])
        broadcast(Event.deviceRemoved(device: session.name, node: node, time: DaemonTime(time)).line()) { $0.matchesDevice(session.name) }
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

    /// A device's frame, after every deadline due before it has fired, each at its own time (DaemonCore's one rule
    /// of time, live and in replay alike: docs/daemon.md, Time).
    public func frame(_ frame: TouchFrame, from node: String) {
        fireDeadlines(through: frame.timestamp, inclusive: false)
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

    /// The earliest time a recognizer or a device's touch conditioning wants to be woken, a connection must have
    /// said hello by, or the client lines left out of the log can be told of; nil when none waits for anything.
    public var nextDeadline: Timestamp? {
        var earliest = helloDeadline
        if let d = clientLog.reportDue, earliest.map({ d < $0 }) ?? true { earliest = d }
        for session in sessionList {
            if let d = session._withUnsafeGuaranteedRef(\.nextDeadline), earliest.map({ d < $0 }) ?? true { earliest = d }
        }
        return earliest
    }

    /// Time has come to `time` with no input: every deadline due by then fires, each at its own time, earliest first.
    public func advance(to time: Timestamp) { fireDeadlines(through: time, inclusive: true) }

    /// Every deadline up to `time` (at it too when `inclusive`), each at its own time, earliest first. Before a
    /// frame, only those strictly before it: a frame at exactly a deadline goes first (the engine's rule, UIKit's:
    /// the touch that arrives as a timer runs out still counts).
    private func fireDeadlines(through time: Timestamp, inclusive: Bool) {
        var fired: Timestamp?
        while let due = nextDeadline, inclusive ? due <= time : due < time, fired.map({ due > $0 }) ?? true {
            fire(at: due)
            fired = due
        }
    }

    /// What is due at `time`: hello deadlines, the client log's report, and each device's touch conditioning,
    /// engine and connections' engines whose deadline has come. (A deadline that firing leaves where it was is not
    /// fired again at the same time: the callers' loops stop rather than spin.)
    private func fire(at time: Timestamp) {
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

    /// Why a device was not grabbed, as the caller found.
    public enum GrabRefusal: Error {
        /// The device is a recording: nothing else reads it.
        case recording
        /// The input layer could not (another process holds the device, no /dev/uinput, ...), saying why.
        case failed(String)
    }

    /// Asks for a session's device to be grabbed when its entry says so, and let go when it no longer does (a
    /// reload).
    private func updateGrab(_ session: DeviceSession) {
        guard session.surface.entry.grab else {
            release(session)
            return
        }
        guard session.passThrough == nil, !session.grabAsked else { return }
        session.grabAsked = true
        actions.append(.grab(node: session.info.node, description: session.info.description))
    }

    /// The caller grabbed the device at `node` and made its twin at `twin`: the recognizers' leftovers go there
    /// from the next frame on. A device gone or no longer to be grabbed meanwhile is let go again.
    public func grabbed(node: String, twin: String) {
        guard let session = sessions[node], session.grabAsked, session.surface.entry.grab else {
            actions.append(.release(node: node))
            return
        }
        session.grabAsked = false
        session.passThrough = PassThrough(description: session.info.description)
        logger.info(
            "device grabbed: applications read its twin", metadata: ["device.node": "\(node)", "device.name": "\(session.name)", "twin.node": "\(twin)"])
    }

    /// The caller did not grab the device at `node`: it is read without grabbing (a reload asks again).
    public func grabFailed(node: String, because refusal: GrabRefusal) {
        guard let session = sessions[node] else { return }
        session.grabAsked = false
        var metadata: Logger.Metadata = ["device.node": "\(node)", "device.name": "\(session.name)"]
        switch refusal {
        case .recording:
            logger.notice("grab = true has no effect on a recording: nothing else reads it", metadata: metadata)
        case .failed(let why):
            metadata["error"] = "\(why)"
            logger.warning("cannot grab the device: read without grabbing, so applications see every touch", metadata: metadata)
        }
    }

    private func release(_ session: DeviceSession) {
        session.grabAsked = false
        guard session.passThrough != nil else { return }
        session.passThrough = nil
        actions.append(.release(node: session.info.node))
        logger.info("device released: its twin is gone", metadata: ["device.node": "\(session.info.node)", "device.name": "\(session.name)"])
    }

    /// The turn's passed-through touches to the twin, as one frame.
    private func flush(_ passThrough: PassThrough, of session: DeviceSession) {
        guard let events = passThrough.frame(at: session.surface.engine.now) else { return }
        actions.append(.writeTwin(node: session.info.node, events: events))
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

    /// How many devices are served.
    public var deviceCount: Int { sessions.count }

    /// Whether a peer may control the daemon (daemon.control): the socket server asks at each accept, so that a
    /// reload's daemon.control counts from the next connection on.
    public func mayControl(_ peer: PeerCredentials) -> Bool { control.allows(peer) }

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
    /// and to `explainTo` when there is one.
    private func transitionLogger(device: String) -> ((Transition) -> Void)? {
        let logger = logger
        let debug = logger.logLevel <= .debug
        guard debug || explainTo != nil else { return nil }
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
    private func contactLogger(device: String) -> ((ContactTransition) -> Void)? {
        let logger = logger
        let debug = logger.logLevel <= .debug
        guard debug || explainTo != nil else { return nil }
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
        guard let explainTo else { return }
        let micro = time.nanoseconds / 1000
        let fraction = String(abs(micro % 1_000_000))
        let seconds = (micro < 0 && micro > -1_000_000 ? "-" : "") + String(micro / 1_000_000) + "."
            + String(repeating: "0", count: 6 - fraction.count) + fraction
        outbox.send(Array("# \(seconds) \(text)\n".utf8), to: explainTo)
    }

    private func deviceMetadata(_ info: DeviceInfo) -> Logger.Metadata {
        ["device.node": "\(info.node)", "device.kind": "\(info.kind.rawValue)", "device.description": "\(info.description.name)"]
    }

    // MARK: Reload

    /// Takes a new configuration: every touch in flight is cancelled on the old surfaces, and devices are
    /// claimed again under the new entries. Clients stay connected; their additions are kept where they still fit.
    public func apply(_ new: Configuration, access: Access, at time: Timestamp) {
        for session in sessions.values {
            cancelTouches(of: session, at: time)
            if let passThrough = session.passThrough { flush(passThrough, of: session) }
        }
        configuration = new
        policy = access.rawTouches
        control = access.control
        positionAccess = access.positions
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
    }

    /// A reload that failed validation: the running configuration stays, and subscribers hear why.
    public func rejected(_ errors: ConfigErrors, file: String) {
        counters.rejectedReloads += 1
        logger.error("configuration refused; the running one stays", metadata: ["config.file": "\(file)", "config.errors": "\(errors.errors.count)"])
        for e in errors.errors { logger.error("\(e)") }
        broadcast(Event.configRejected(file: file, errors: errors.errors.map(\.description)).line()) { $0.wants(.config) }
    }

    /// Reload requests over the socket waiting for the read they started or joined: answered when it is applied.
    var pendingReloads: [(client: ClientID, id: RequestID?)] = []

    /// A configuration read for a reload: applied, or refused with its errors; the requests that waited for it
    /// are answered.
    public func finishReload(_ result: Result<(Configuration, Access), ConfigErrors>, at time: Timestamp) {
        switch result {
        case .success(let (new, access)): apply(new, access: access, at: time)
        case .failure(let errors): rejected(errors, file: configuration.file)
        }
        let waiting = pendingReloads
        pendingReloads = []
        for (client, id) in waiting where clients[client] != nil { outbox.send(reloadReply(result.map(\.0)).line(id: id), to: client) }
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
