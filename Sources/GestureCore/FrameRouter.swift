import Conditioning
import GestureConfig
import GestureEngine
import GestureProtocol
import InputCore

/// Frames and deadlines to the engines, and what they make to the clients that may see it and to the twins: a
/// device's frame through its session (touch conditioning, rotation) to the shared engine and the connections'
/// own, each event encoded once into the lines its subscribers are allowed (docs/protocol.md, Who sees what). It
/// owns the engines' events while they are sent and the line buffers; the sessions, the connections and the
/// counters are the shared state's (CoreState), read here and counted into.
final class FrameRouter {
    let state: CoreState
    /// The shared state's, held here too: a line written through `state.outbox` retained and released the state
    /// for every line (about 110 instructions a line).
    private let outbox: any Outbox
    @exclusivity(unchecked) private var events: [EngineEvent] = []
    /// The event line being written: one writer for every line, so that a line allocates nothing; and the same
    /// gesture for peers that may not see where it happened.
    @exclusivity(unchecked) private var line = JSONWriter(capacity: 1024)
    @exclusivity(unchecked) private var withheldLine = JSONWriter(capacity: 512)

    init(state: CoreState) {
        self.state = state
        outbox = state.outbox
        events.reserveCapacity(64)
    }

    /// A device's frame, its deadlines before it already fired (DaemonCore). Inlined into DaemonCore.frame: as a
    /// call of its own it cost 20 instructions a frame more than before the core's parts were apart.
    @inline(__always) func frame(_ frame: TouchFrame, from device: DeviceID) {
        guard let session = state.session(of: device) else { return }
        session.passThrough?.buttons(frame.physicalButtons, at: frame.timestamp)
        if var prepared = session.prepare(frame) {
            if state.positionAccess.hasKindsOfPlace { session.markPlaces(&prepared, state.positionAccess) }
            state.counters.frames += 1
            run(session) { $0.process(prepared, into: &$1) }
            if !session.clientSurfaces.isEmpty { runClientSurfaces(of: session, prepared) }
        }
        sendClassifiedContacts(of: session)
        // The device's frame is one frame on the twin: the engine's deliveries, the contacts conditioning held
        // back and the buttons together.
        if let passThrough = session.passThrough { flush(passThrough, of: session) }
    }

    /// Palms, resting thumbs and fingers on a click that touch conditioning held back in the device's last frame.
    private func sendClassifiedContacts(of session: DeviceSession) {
        guard session.hasClassifiedContacts, takesClassifiedContacts(session) else { return }
        sendClassifiedContacts(session.pipeline.classified, of: session)
    }

    /// Whether the twin or a client takes the contacts conditioning holds back: they are made (turned to the
    /// surface, a few arrays) only then, which spares 1,200 instructions a frame on a touchpad with a thumb resting.
    private func takesClassifiedContacts(_ session: DeviceSession) -> Bool {
        session.passThrough != nil || state.clients.values.contains(where: \.takesAnyTouch)
    }

    /// Contacts touch conditioning held back, once `takesClassifiedContacts` said someone takes them: raw-touch
    /// subscribers see them on the device's whole surface, with their class (docs/protocol.md, touch).
    private func sendClassifiedContacts(_ contacts: [(touch: Touch, class: ContactClass)], of session: DeviceSession) {
        let device = session.name
        for (touch, contactClass) in session.turned(contacts) {
            let delivery = TouchDelivery(region: device, touch: touch, phase: touch.phase, time: touch.timestamp)
            // Not the recognizers', so not kept from the applications either: their own palm, thumb and
            // soft-button handling (libinput's) sees them as on the device itself.
            session.passThrough?.deliver(delivery, as: session.deviceContact(touch))
            sendTouch(delivery, of: session, contactClass: contactClass.description)
        }
    }

    /// The earliest time a device's recognizers, its connections' own or its touch conditioning want to be woken.
    var nextDeadline: Timestamp? {
        var earliest: Timestamp?
        for session in state.sessionList {
            if let d = session._withUnsafeGuaranteedRef(\.nextDeadline), earliest.map({ d < $0 }) ?? true { earliest = d }
        }
        return earliest
    }

    /// Each device's touch conditioning, engine and connections' engines whose deadline has come by `time`, in the
    /// order the devices were opened. Walks the shared list itself (firing never adds or removes a device): a copy
    /// of it cost an allocation a deadline.
    func fire(at time: Timestamp) {
        for listed in state.sessionList {
            let session = listed.takeUnretainedValue()
            guard session.nextDeadline.map({ $0 <= time }) ?? false else { continue }
            // Touch conditioning's frame, then the engine's timers (TouchPipeline's order, a trace's too).
            session.pipeline.fire(
                at: time,
                conditioned: { conditioned, classified in
                    if var frame = conditioned.map(session.turned) {
                        if state.positionAccess.hasKindsOfPlace { session.markPlaces(&frame, state.positionAccess) }
                        state.counters.frames += 1
                        run(session) { $0.process(frame, into: &$1) }
                        if !session.clientSurfaces.isEmpty { runClientSurfaces(of: session, frame) }
                    }
                    if !classified.isEmpty, takesClassifiedContacts(session) { sendClassifiedContacts(classified, of: session) }
                },
                timers: { run(session) { $0.advance(to: time, into: &$1) } })
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
            guard let client = state.clients[own.client] else { continue }
            guard let mine = own.filter(frame, visible: { self.state.seesOwnPositions(client, in: $0) }) else { continue }
            runOwn(own, of: session) { $0.process(mine, into: &$1) }
        }
    }

    /// Cancels every touch in flight on a device's surfaces (it went, or the configuration changed).
    func cancelTouches(of session: DeviceSession, at time: Timestamp) {
        guard let frame = session.cancellation(at: time) else { return }
        run(session) { $0.process(frame, into: &$1) }
        for own in session.clientSurfaces {
            if let mine = own.cancellation(frame) { runOwn(own, of: session) { $0.process(mine, into: &$1) } }
        }
    }

    /// One step of a connection's own engine, its events to that connection only.
    private func runOwn(_ own: ClientSurface, of session: DeviceSession, _ step: (GestureEngine, inout [EngineEvent]) -> Void) {
        events.removeFewKeepingCapacity()
        guard let client = state.clients[own.client] else { return }
        own.surface.engine.shapeWorkPerCall = client.shapeSteps
        step(own.surface.engine, &events)
        for event in events { sendOwn(event, of: session, to: client) }
    }

    /// Runs one step of a surface's engine and sends what it produced.
    private func run(_ session: DeviceSession, _ step: (GestureEngine, inout [EngineEvent]) -> Void) {
        events.removeFewKeepingCapacity()
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

    /// The turn's passed-through touches to the twin, as one frame.
    func flush(_ passThrough: PassThrough, of session: DeviceSession) {
        guard let events = passThrough.frame(at: session.surface.engine.now) else { return }
        state.actions.append(.writeTwin(session.info.id, events: events))
    }

    private func send(_ event: EngineEvent, from session: DeviceSession) {
        let device = session.name
        switch event {
        case .action(let action):
            state.counters.gestures += 1
            let (kind, names) = session.names(of: action, naming: state.recognizerNaming)
            let engineKind = action.kind.rawValue
            let stateName = action.state.description
            // Encoded once each way, for the first subscriber that wants it so; not at all when none does. Where the
            // gesture is (the deepest region at its location) is looked up only for a peer that sees some regions.
            var encoded = false, encodedWithheld = false
            var at: String?
            for c in state.clients.values
            where c.wantsGesture({ $0.matches(recognizer: action.recognizer, kind: kind, engineKind: engineKind, device: device, region: action.region, state: stateName) }) {
                let sees: Bool
                switch c.positions {
                case .everywhere: sees = true
                case .nowhere: sees = false
                case .some:
                    if at == nil { at = (session.surface.engine.root.hitTest(action.location) ?? session.surface.engine.root).name }
                    // Where it is now, and wherever its touches have been: a pan that left a closed region would
                    // otherwise show where it began there (its location less its translation).
                    sees = state.positionAccess.allows(c.peer, in: at!) && state.positionAccess.allows(c.peer, everywhereIn: action.placesVisited)
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
                    state.counters.linesSent += 1
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
            state.counters.gestures += 1
            let kind = client.recognizers.first { $0.name == action.recognizer }?.kind.rawValue ?? action.kind.rawValue
            let stateName = action.state.description
            guard client.wantsGesture({
                $0.matches(recognizer: action.recognizer, kind: kind, engineKind: action.kind.rawValue, device: device, region: action.region, state: stateName)
            }) else { return }
            let own = session.clientSurface(of: client.id)?.surface.engine.root
            let at = own.flatMap { $0.hitTest(action.location) }?.name ?? device
            let sees = state.seesOwnPositions(client, in: at) && (client.positions != .some || state.positionAccess.allows(client.peer, everywhereIn: action.placesVisited))
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

    /// A raw touch line to every client that may have touches and wants the delivery's region; encoded once, for
    /// the first of them, and not at all when none does.
    private func sendTouch(_ delivery: TouchDelivery, of session: DeviceSession, contactClass: String? = nil) {
        let device = session.name
        var encoded = false
        for c in state.clients.values where c.mayReceiveTouches && c.wantsTouch({ $0.matchesTouch(device: device, region: delivery.region) }) {
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
            place: place, id: touch.id.rawValue, phase: TouchEvent.Phase(delivery.phase), time: DaemonTime(delivery.time),
            touchType: TouchEvent.TouchType(touch.type), location: session.location(touch.location), pressure: touch.pressure,
            majorMillimetres: touch.majorRadius, contactClass: contactClass, into: &w)
    }

    /// The event line `line` holds, to one client.
    private func deliverLine(to client: ClientID) {
        state.counters.linesSent += 1
        line.withBytes { outbox.send($0, to: client) }
    }
}
