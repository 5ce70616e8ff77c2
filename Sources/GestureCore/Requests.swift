import ConfigSchema
import GestureCatalog
import GestureConfig
import GestureEngine
import GestureProtocol
import Logging

/// Connections and what they ask: hello and its deadline, subscriptions, the lists, status, reloads asked
/// (read by the caller, applied by Reloads), and each connection's own regions and recognizers within its bounds
/// and its reach (docs/protocol.md, Who changes what). It owns the connections' coming and going, what they
/// added, the client log's budget and the reload requests waiting for their answer.
final class Requests {
    let state: CoreState
    /// Connections that have not said hello yet (their deadlines are looked for only while there are any).
    /// Asked before every frame (the deadlines due before it), changed only by requests and hello deadlines, never
    /// while another access is open: unchecked, as the shared state's `clients` is.
    @exclusivity(unchecked) private var awaitingHello = 0
    /// The lines clients cause (connections, refusals, additions): a burst, then a few a second, the rest counted
    /// (LogBudget), so that churning connections cannot flood the journal.
    /// Asked before every frame for when its report is due; unchecked, as `awaitingHello`.
    @exclusivity(unchecked) private(set) var clientLog = LogBudget()
    /// The time of the request in hand, for the lines it causes.
    private var requestTime = Timestamp.zero
    /// When the last reload over the socket was: one a second at most, so a client looping reload cannot keep
    /// cancelling every gesture in flight.
    private var lastSocketReload: Timestamp?
    /// Reload requests waiting for the read they started or joined: answered when it is applied (Reloads).
    var pendingReloads: [(client: ClientID, id: RequestID?)] = []

    init(state: CoreState) { self.state = state }

    /// A new connection at `time`, within daemon.max_clients and max_clients_per_user (the socket server refuses
    /// the rest where it accepts them): it has daemon.hello_timeout_s from then to say hello.
    func clientConnected(_ id: ClientID, peer: PeerCredentials, at time: Timestamp) {
        let client = ClientSession(id: id, peer: peer, mayReceiveTouches: state.policy.allows(peer), trusted: state.control.allows(peer))
        client.positions = state.sight(of: peer)
        client.helloDeadline = time + state.configuration.daemon.helloTimeout
        awaitingHello += 1
        state.clients[id] = client
        clientLog.log(at: time, state.clientMetadata(id, peer).merging(["client.raw_touches": "\(client.mayReceiveTouches)"]) { a, _ in a }) {
            state.logger.info("client connected", metadata: $0)
        }
    }

    /// The earliest time a connection must have said hello by; nil when every one has.
    var helloDeadline: Timestamp? {
        // Asked every loop turn: nothing walked when every connection has said hello.
        awaitingHello == 0 ? nil : state.clients.values.lazy.compactMap(\.helloDeadline).min()
    }

    /// Closes the connections that did not say hello in time.
    func closeSilentClients(at time: Timestamp) {
        for client in state.clients.values where client.helloDeadline.map({ $0 <= time }) ?? false {
            client.helloDeadline = nil
            awaitingHello -= 1
            let seconds = state.configuration.daemon.helloTimeout
            state.outbox.send(Event.notice(RequestError("hello_timeout", "no hello within \(seconds) s (daemon.hello_timeout_s); closing")).line(), to: client.id)
            state.outbox.close(client.id, reason: "no hello within \(seconds) s")
        }
    }

    /// The client is gone: its subscriptions end and what it added is removed from every surface.
    func clientDisconnected(_ id: ClientID, reason: String = "closed", at time: Timestamp) {
        guard let client = state.clients.removeValue(forKey: id) else { return }
        if client.helloDeadline != nil { awaitingHello -= 1 }
        removeAdditions(of: client)
        clientLog.log(at: time, state.clientMetadata(id, client.peer).merging(["reason": "\(reason)"]) { a, _ in a }) {
            state.logger.info("client disconnected", metadata: $0)
        }
    }

    /// Each connection's share of daemon.client_shape_steps (docs/protocol.md, Shape work): split evenly between
    /// the users whose connections have shape recognizers of their own, then between that user's such connections,
    /// so that what all of them match in one step stays within it and no user's connections crowd another's out.
    /// Made again whenever connections' shape recognizers come or go.
    func shareShapeSteps() {
        let drawing = state.clients.values.filter { !$0.trusted && $0.recognizers.contains { $0.shapes != nil } }
        var connections: [UInt32: Int] = [:]
        for client in drawing { connections[client.peer.uid, default: 0] += 1 }
        let total = state.configuration.daemon.clientShapeSteps
        for client in state.clients.values {
            let mine = connections[client.peer.uid] ?? 0
            client.shapeSteps = client.trusted || mine == 0 ? 0 : total / connections.count / mine
        }
    }

    /// One request line, without its newline, at `time`.
    func clientLine(_ id: ClientID, _ line: some Collection<UInt8>, at time: Timestamp) {
        guard let client = state.clients[id] else { return }
        requestTime = time
        let decoded = DecodedRequest(line: line)
        switch decoded.request {
        case .failure(let error):
            state.outbox.send(Reply.error(error).line(id: decoded.id), to: id)
        case .success(let request):
            let reply: Reply?
            do throws(RequestError) {
                reply = try handle(request, from: client, id: decoded.id)
            } catch {
                reply = .error(error)
            }
            if let reply { state.outbox.send(reply.line(id: decoded.id), to: id) }
        }
    }

    /// The reply to a request; nil when it comes later (a reload, answered once applied).
    private func handle(_ request: Request, from client: ClientSession, id: RequestID?) throws(RequestError) -> Reply? {
        if case .hello(let version, let name) = request {
            guard version == ProtocolVersion.current else {
                throw RequestError("unsupported_version", "this daemon speaks protocol version \(ProtocolVersion.current), not \(version)")
            }
            client.greeted = true
            if client.helloDeadline != nil { awaitingHello -= 1 }
            client.helloDeadline = nil
            client.name = name
            return .hello(
                Hello(
                    uid: Int(client.peer.uid), rawTouches: client.mayReceiveTouches, positions: client.positions, client: client.id.rawValue,
                    additions: client.trusted ? .shared : .own))
        }
        guard client.greeted else {
            throw RequestError("hello_required", "say hello first: {\"type\":\"hello\",\"version\":\(ProtocolVersion.current)}")
        }
        switch request {
        case .hello:
            fatalError("handled above")
        case .subscribe(let subscription):
            if subscription.wants(.touches) && !client.mayReceiveTouches {
                clientLog.log(at: requestTime, state.clientMetadata(client.id, client.peer)) { state.logger.notice("raw touches denied", metadata: $0) }
                throw RequestError(
                    "access_denied",
                    "raw touches are not allowed for uid \(client.peer.uid): daemon.raw_touches in \(state.configuration.file) names the users and groups that may have them")
            }
            try Self.checkKinds(subscription)
            try withinLimit(client.subscriptions.count, "subscriptions", ("max_client_subscriptions", state.configuration.daemon.maxClientSubscriptions))
            let n = client.subscribe(subscription)
            return .subscribed(subscription: n, events: Subscription.Events.allCases.filter(subscription.wants))
        case .unsubscribe(let n):
            guard client.unsubscribe(n) else { throw RequestError("unknown_subscription", "no subscription \(n) on this connection") }
            return .unsubscribed(subscription: n)
        case .listDevices:
            return .devices(state.sessions.values.sorted(by: { $0.info.node < $1.info.node }).map(\.summary))
        case .listRecognizers:
            return listRecognizers(for: client)
        case .listRegions:
            return listRegions(for: client)
        case .status:
            // What only the caller knows (the source, the uptime, where a frame's time goes) is added by it.
            state.actions.append(.answerStatus(client: client.id, id: id, status()))
            return nil
        case .reload:
            guard state.control.allows(client.peer) else {
                clientLog.log(at: requestTime, state.clientMetadata(client.id, client.peer)) { state.logger.notice("reload denied", metadata: $0) }
                throw RequestError(
                    "access_denied",
                    "uid \(client.peer.uid) may not reload the daemon: daemon.control in \(state.configuration.file) names who may (by default root and the daemon's own user); SIGHUP and systemctl reload work as ever")
            }
            if let last = lastSocketReload, requestTime - last < Self.socketReloadInterval {
                throw RequestError(
                    "reload_too_soon",
                    "the daemon was reloaded over the socket less than \(Self.socketReloadInterval) s ago; try again later")
            }
            lastSocketReload = requestTime
            // Read by the caller (the loop's reader thread): answered by finishReload once applied.
            pendingReloads.append((client.id, id))
            state.actions.append(.readConfiguration)
            return nil
        case .addRegion(let value):
            let limits = state.configuration.daemon
            try within(client, adding: 1, "regions", held: \.regions.count, ("max_client_regions", limits.maxClientRegions), ("max_client_regions_total", limits.maxClientRegionsTotal))
            let region = try clientRegion(value, of: client)
            client.regions.append(region)
            if client.trusted {
                state.positionAccess.add(region)
                for session in state.orderedSessions where session.name == region.device { state.place(region, of: client, on: session.surface) }
            } else {
                for session in state.orderedSessions where session.name == region.device { state.place(region, of: client, on: ownSurface(of: client, on: session).surface) }
            }
            clientLog.log(at: requestTime, state.clientMetadata(client.id, client.peer).merging(["region": "\(region.name)"]) { a, _ in a }) {
                state.logger.info("client added a region", metadata: $0)
            }
            return .regionAdded(name: region.name)
        case .removeRegion(let name):
            guard client.regions.contains(where: { $0.name == name }) else {
                throw RequestError("unknown_region", "this connection added no region '\(name)'")
            }
            let removed = regionAndDescendants(name, in: client.regions)
            let doomed = client.recognizers.filter { if case .region(let r) = $0.placement { removed.contains(r) } else { false } }
            remove(recognizers: doomed.map(\.name), regions: client.regions.filter { removed.contains($0.name) }.reversed().map(\.name), of: client)
            return .regionRemoved(name: name)
        case .addRecognizer(let value):
            let limits = state.configuration.daemon
            try within(
                client, adding: 1, "recognizers", held: \.recognizers.count, ("max_client_recognizers", limits.maxClientRecognizers),
                ("max_client_recognizers_total", limits.maxClientRecognizersTotal))
            // Before the recognizer is made: making it prepares every example it names, the work refused here.
            let comparisons = client.examples(named: value)
            if comparisons > 0 {
                try within(
                    client, adding: comparisons, "shape comparisons a drawing (examples its shape recognizers hold)", held: \.shapeComparisons,
                    ("max_client_shape_comparisons", limits.maxClientShapeComparisons),
                    ("max_client_shape_comparisons_total", limits.maxClientShapeComparisonsTotal))
            }
            let recognizer = try clientRecognizer(value, of: client)
            client.recognizers.append(recognizer)
            if client.trusted {
                state.recognizerNaming[recognizer.name] = RecognizerNaming(kind: recognizer.kind.rawValue, owner: client.ownerName)
                for session in state.orderedSessions where state.applies(recognizer, to: session.surface) { session.surface.add(recognizer) }
            } else {
                for session in state.orderedSessions where state.applies(recognizer, to: session.surface) || session.clientSurface(of: client.id).map({ state.applies(recognizer, to: $0.surface) }) == true {
                    ownSurface(of: client, on: session).surface.add(recognizer)
                }
            }
            if recognizer.shapes != nil { shareShapeSteps() }
            clientLog.log(at: requestTime, state.clientMetadata(client.id, client.peer).merging(["gesture.name": "\(recognizer.name)"]) { a, _ in a }) {
                state.logger.info("client added a recognizer", metadata: $0)
            }
            return .recognizerAdded(name: recognizer.name)
        case .removeRecognizer(let name):
            guard client.recognizers.contains(where: { $0.name == name }) else {
                throw RequestError("unknown_recognizer", "this connection added no recognizer '\(name)'")
            }
            remove(recognizers: [name], regions: [], of: client)
            return .recognizerRemoved(name: name)
        case .addShape(let value):
            let limits = state.configuration.daemon
            try withinLimit(client.shapes.count, "shapes", ("max_client_shapes", limits.maxClientShapes))
            let shape: ShapeTemplate
            do {
                shape = try state.configuration.clientShape(ConfigValue(value))
            } catch {
                throw RequestError("invalid_shape", error.errors.map(\.message).joined(separator: "; "))
            }
            guard !client.shapes.contains(where: { $0.name == shape.name }) else {
                throw RequestError("invalid_shape", "this connection already added a shape '\(shape.name)'; remove it first to replace it")
            }
            try within(
                client, adding: shape.pointCount, "shape points", held: \.shapePoints, ("max_client_shape_points", limits.maxClientShapePoints),
                ("max_client_shape_points_total", limits.maxClientShapePointsTotal))
            client.shapes.append(shape)
            return .shapeAdded(name: shape.name)
        case .removeShape(let name):
            guard client.shapes.contains(where: { $0.name == name }) else {
                throw RequestError("unknown_shape", "this connection added no shape '\(name)'")
            }
            // A recognizer keeps the shapes it was made with: a shape it names goes after it.
            if let user = client.recognizers.first(where: { $0.shapes?.templates.contains { $0.name == name } == true }) {
                throw RequestError("shape_in_use", "recognizer '\(user.name)' of this connection tells shape '\(name)' apart; remove the recognizer first")
            }
            client.shapes.removeAll { $0.name == name }
            return .shapeRemoved(name: name)
        }
    }

    /// The connection's own engine on a device, made when it first adds something there.
    private func ownSurface(of client: ClientSession, on session: DeviceSession) -> ClientSurface {
        if let own = session.clientSurface(of: client.id) { return own }
        let own = ClientSurface(
            client: client.id, configuration: state.configuration, entry: session.surface.entry, size: session.surface.rawSize,
            boxCorners: session.surface.engine.fingersAreBoxCorners)
        session.clientSurfaces.append(own)
        return own
    }

    /// Takes a connection's recognizers and regions (given children first) off every surface and out of its lists;
    /// a connection's own engine goes when nothing of it is left on that device.
    func remove(recognizers names: [String], regions regionNames: [String], of client: ClientSession) {
        let hadShapes = client.recognizers.contains { names.contains($0.name) && $0.shapes != nil }
        client.recognizers.removeAll { names.contains($0.name) }
        if hadShapes { shareShapeSteps() }
        client.regions.removeAll { regionNames.contains($0.name) }
        for session in state.orderedSessions {
            if client.trusted {
                session.surface.remove(recognizers: names, regions: regionNames)
            } else if let own = session.clientSurface(of: client.id) {
                own.surface.remove(recognizers: names, regions: regionNames)
                if own.surface.recognizers.isEmpty && !client.regions.contains(where: { $0.device == session.name }) {
                    session.clientSurfaces.removeAll { $0 === own }
                }
            }
        }
        if client.trusted {
            for name in regionNames { state.positionAccess.remove(name) }
            if !names.isEmpty { state.updateKinds() }
        }
    }

    /// Everything a connection added, gone (it closed, or a reload changed what it may do).
    func removeAdditions(of client: ClientSession) {
        remove(recognizers: client.recognizers.map(\.name), regions: client.regions.reversed().map(\.name), of: client)
        for session in state.orderedSessions { session.clientSurfaces.removeAll { $0.client == client.id } }
    }

    /// Whether `client` may hold `adding` more of a thing `held` counts (docs/protocol.md, Limits): within what
    /// one connection may hold (`connection`'s key and bound), within its user's share of what all connections
    /// may hold together (daemon.max_user_share of `total`: the rest is kept for other users), and within `total`.
    /// The refusal says which bound and whose (`RequestError.Limit`). daemon.control's peers, whose additions are
    /// the configuration's to bound, hold their share as anyone does.
    private func within(
        _ client: ClientSession, adding: Int, _ what: String, held: (ClientSession) -> Int, _ connection: (key: String, bound: Int),
        _ total: (key: String, bound: Int)
    ) throws(RequestError) {
        try withinLimit(held(client), adding: adding, what, connection)
        let file = state.configuration.file
        let share = Int((Double(total.bound) * state.configuration.daemon.maxUserShare).rounded(.down))
        let users = state.clients.values.reduce(adding) { $1.peer.uid == client.peer.uid ? $0 + held($1) : $0 }
        // A share of all of it is the total's to say.
        guard users <= share || share >= total.bound else {
            throw RequestError(
                "limit_reached",
                "uid \(client.peer.uid)'s connections would hold \(users) \(what) together, more than a user's share of daemon.\(total.key) in \(file) (\(share) of \(total.bound): daemon.max_user_share \(state.configuration.daemon.maxUserShare)); the rest is kept for other users",
                limit: .init(key: total.key, holder: .user, wanted: users, allowed: share))
        }
        let all = state.clients.values.reduce(adding) { $0 + held($1) }
        guard all <= total.bound else {
            throw RequestError(
                "limit_reached",
                "the connections would hold \(all) \(what) together, more than daemon.\(total.key) (\(total.bound)) in \(file) allows; try again when others have gone",
                limit: .init(key: total.key, holder: .all, wanted: all, allowed: total.bound))
        }
    }

    /// The least time between two reloads over the socket.
    static let socketReloadInterval = 1.0

    /// Whether a connection that holds `held` of a thing may hold `adding` more, within what one connection may
    /// hold (`connection`'s key and bound); the refusal names the key.
    private func withinLimit(_ held: Int, adding: Int = 1, _ what: String, _ connection: (key: String, bound: Int)) throws(RequestError) {
        let mine = held + adding
        guard mine > connection.bound else { return }
        throw RequestError(
            "limit_reached",
            "this connection would hold \(mine) \(what), more than the \(connection.bound) that daemon.\(connection.key) in \(state.configuration.file) allows; remove some first",
            limit: .init(key: connection.key, holder: .connection, wanted: mine, allowed: connection.bound))
    }

    /// The shared surfaces' recognizers and the asking connection's own: another's own are its business.
    private func listRecognizers(for client: ClientSession) -> Reply {
        var list: [RecognizerSummary] = []
        for session in state.sessions.values.sorted(by: { $0.info.node < $1.info.node }) {
            let own = session.clientSurface(of: client.id)?.surface.engine.recognizers ?? []
            for recognizer in session.surface.engine.recognizers + own {
                let mine = own.contains { $0 === recognizer }
                let kind = mine ? client.recognizers.first { $0.name == recognizer.name }?.kind.rawValue : state.recognizerNaming[recognizer.name]?.kind
                list.append(
                    RecognizerSummary(
                        name: recognizer.name, kind: kind ?? recognizer.kind.rawValue, device: session.name, node: session.info.node,
                        region: recognizer.region?.name ?? session.name, state: RecognizerState(recognizer.state), enabled: recognizer.isEnabled,
                        owner: mine ? client.ownerName : state.recognizerNaming[recognizer.name]?.owner ?? "config"))
            }
        }
        let configured = state.configuration.recognizers.map { entry in
            ConfiguredRecognizer(name: entry.name, kind: entry.kind.rawValue, shapes: entry.shapes?.templates.map(\.name) ?? [])
        }
        return .recognizers(list, configured: configured)
    }

    /// The shared surfaces' regions and the asking connection's own.
    private func listRegions(for client: ClientSession) -> Reply {
        var owners: [String: String] = [:]
        for c in state.trustedClients() + [client] { for region in c.regions { owners[region.name] = c.ownerName } }
        return .regions(
            (state.sharedRegions() + (client.trusted ? [] : client.regions)).map { region in
                RegionSummary(
                    name: region.name, device: region.device, parent: region.name != region.device ? region.parent : nil,
                    rect: [region.rect.minX, region.rect.minY, region.rect.size.width, region.rect.size.height], owner: owners[region.name] ?? "config",
                    positions: state.seesOwnPositions(client, in: region.name))
            })
    }

    private func status() -> DaemonStatus {
        DaemonStatus(
            config: state.configuration.file, devices: state.sessions.count, unclaimedDevices: state.unclaimed.count, recognizers: state.runningRecognizers,
            clients: state.clients.count, clientRecognizers: state.clients.values.reduce(0) { $0 + $1.recognizers.count },
            clientRegions: state.clients.values.reduce(0) { $0 + $1.regions.count }, frames: state.counters.frames, gestures: state.counters.gestures,
            linesSent: state.counters.linesSent, reloads: state.counters.reloads, rejectedReloads: state.counters.rejectedReloads, kernelDrops: state.counters.kernelDrops)
    }

    /// The kinds a subscription filters on are the catalog's (and `custom`, the samples' family): the wire does not
    /// know them.
    private static func checkKinds(_ subscription: Subscription) throws(RequestError) {
        let kinds = RecognizerKind.allCases.map(\.rawValue) + ["custom"]
        for kind in subscription.kinds?.sorted() ?? [] where !kinds.contains(kind) {
            throw .badRequest("'\(kind)' in filter.kinds is not one of \(kinds.joined(separator: ", "))\(NameSuggestion.didYouMean(kind, among: kinds))")
        }
    }

    private func regionAndDescendants(_ name: String, in regions: [RegionEntry]) -> Set<String> {
        var names: Set<String> = [name]
        var grew = true
        while grew {
            grew = false
            for r in regions where names.contains(r.parent) && names.insert(r.name).inserted { grew = true }
        }
        return names
    }

    /// Regions the connection may hang a region from or state.place a recognizer on: configured ones (for a connection
    /// whose additions run apart, only those it sees positions in) and its own.
    private func clientRegion(_ value: JSONValue, of client: ClientSession) throws(RequestError) -> RegionEntry {
        if !client.trusted, case .object(let fields) = value, case .string(let parent)? = fields["parent"] ?? fields["device"],
            state.configuredRegions().contains(where: { $0.name == parent }), !state.seesPositions(client, in: parent)
        {
            throw RequestError(
                "invalid_region",
                "region '\(parent)' shows where touches are only to the users and groups its positions name (daemon.positions): a connection adds regions only where it sees")
        }
        let parents = state.configuredRegions().filter { client.trusted || state.seesPositions(client, in: $0.name) } + client.regions
        let known = client.trusted ? state.sharedRegions() : state.sharedRegions() + client.regions
        let region: RegionEntry
        do {
            region = try state.configuration.clientRegion(ConfigValue(value), regions: known, parents: parents)
        } catch {
            throw RequestError("invalid_region", error.errors.map(\.message).joined(separator: "; "))
        }
        return region
    }

    private func clientRecognizer(_ value: JSONValue, of client: ClientSession) throws(RequestError) -> RecognizerEntry {
        do {
            return try state.configuration.clientRecognizer(
                ConfigValue(value), recognizers: (state.sharedRecognizers() + (client.trusted ? [] : client.recognizers)).map(\.name),
                regions: state.sharedRegions() + (client.trusted ? [] : client.regions), reach: reach(of: client), shapes: client.shapes)
        } catch {
            throw RequestError("invalid_recognizer", error.errors.map(\.message).joined(separator: "; "))
        }
    }

    /// What a connection's recognizer may not name (docs/protocol.md, Who changes what): other connections'
    /// additions; and for one whose recognizers run apart, the configured recognizers and the regions whose
    /// positions it may not see.
    func reach(of client: ClientSession) -> ClientReach {
        var reach = ClientReach()
        let another = "belongs to another connection: a client's recognizer may only refer to configured ones and its connection's own"
        for other in state.trustedClients() where other.id != client.id {
            for r in other.recognizers { reach.recognizers[r.name] = another }
            for r in other.regions { reach.regions[r.name] = another }
        }
        guard !client.trusted else { return reach }
        let configured = "is configured: a connection's recognizers wait for and share touches with its own only (daemon.control names the peers whose recognizers may name configured ones)"
        for r in state.configuration.recognizers { reach.recognizers[r.name] = configured }
        let unseen = "shows where touches are only to the users and groups its positions name (daemon.positions): a connection adds recognizers and regions only where it sees"
        for region in state.configuredRegions() where !state.seesPositions(client, in: region.name) { reach.regions[region.name] = unseen }
        if state.configuration.devices.contains(where: { !state.seesPositions(client, in: $0.name) }) {
            reach.everyDevice = "a recognizer on every device needs positions on every device; name a device or region this connection sees"
        }
        return reach
    }

    /// The client lines left out of the log, told when their report is due.
    func reportDroppedLines(at time: Timestamp) {
        clientLog.reportDropped(at: time) { state.logger.info("client lines left out", metadata: $0) }
    }

    /// A subscriber inside the process (a replay's output), greeted and subscribed without a socket.
    func addLocalSubscriber(_ id: ClientID, _ subscription: Subscription) {
        let client = ClientSession(id: id, peer: PeerCredentials(pid: 0, uid: 0, gid: 0), mayReceiveTouches: true, trusted: true)
        client.positions = .everywhere
        client.greeted = true
        _ = client.subscribe(subscription)
        state.clients[id] = client
    }
}
