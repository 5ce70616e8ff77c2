import GestureConfig
import GestureEngine
import GestureProtocol
import Logging

extension DaemonCore {
    public func clientConnected(_ id: ClientID, peer: PeerCredentials) -> Bool {
        guard clients.count < configuration.daemon.maxClients else {
            logger.warning("client refused: too many clients", metadata: clientMetadata(id, peer))
            outbox.send(Reply.error(RequestError("too_many_clients", "the daemon serves at most \(configuration.daemon.maxClients) clients (daemon.max_clients)"), id: nil), to: id)
            outbox.close(id, reason: "too many clients")
            outbox.flush()
            return false
        }
        let client = ClientSession(id: id, peer: peer, mayReceiveTouches: policy.allows(peer))
        clients[id] = client
        logger.info("client connected", metadata: clientMetadata(id, peer).merging(["client.raw_touches": "\(client.mayReceiveTouches)"]) { a, _ in a })
        return true
    }

    /// The client is gone: its subscriptions end and what it added is removed from every surface.
    public func clientDisconnected(_ id: ClientID, reason: String = "closed") {
        guard let client = clients.removeValue(forKey: id) else { return }
        for session in sessions.values {
            session.surface.remove(recognizers: client.recognizers.map(\.name), regions: client.regions.reversed().map(\.name))
        }
        if !client.recognizers.isEmpty { updateKinds() }
        logger.info("client disconnected", metadata: clientMetadata(id, client.peer).merging(["reason": "\(reason)"]) { a, _ in a })
        outbox.flush()
    }

    /// One request line, without its newline.
    public func clientLine(_ id: ClientID, _ line: some Collection<UInt8>) {
        guard let client = clients[id] else { return }
        let decoded = DecodedRequest(line: line)
        switch decoded.request {
        case .failure(let error):
            outbox.send(Reply.error(error, id: decoded.id), to: id)
        case .success(let request):
            let reply: [UInt8]?
            do throws(RequestError) {
                reply = try handle(request, from: client, id: decoded.id)
            } catch {
                reply = Reply.error(error, id: decoded.id)
            }
            if let reply { outbox.send(reply, to: id) }
        }
        outbox.flush()
    }

    /// The reply to a request; nil when it comes later (a reload, answered once applied).
    private func handle(_ request: Request, from client: ClientSession, id: RequestID?) throws(RequestError) -> [UInt8]? {
        if case .hello(let version, let name) = request {
            guard version == ProtocolVersion.current else {
                throw RequestError("unsupported_version", "this daemon speaks protocol version \(ProtocolVersion.current), not \(version)")
            }
            client.greeted = true
            client.name = name
            var r = Reply("hello", id: id)
            r.writer.field("version", ProtocolVersion.current)
            r.writer.field("daemon", "gestured")
            r.writer.field("daemon_version", GesturedVersion.string)
            r.writer.field("uid", Int(client.peer.uid))
            r.writer.field("raw_touches", client.mayReceiveTouches)
            return r.line()
        }
        guard client.greeted else {
            throw RequestError("hello_required", "say hello first: {\"type\":\"hello\",\"version\":\(ProtocolVersion.current)}")
        }
        switch request {
        case .hello:
            fatalError("handled above")
        case .subscribe(let subscription):
            if subscription.wants(.touches) && !client.mayReceiveTouches {
                logger.notice("raw touches denied", metadata: clientMetadata(client.id, client.peer))
                throw RequestError(
                    "access_denied",
                    "raw touches are not allowed for uid \(client.peer.uid): daemon.raw_touches in \(configuration.file) names the users and groups that may have them")
            }
            try withinLimit(client.subscriptions.count, configuration.daemon.maxClientSubscriptions, "subscriptions", "max_client_subscriptions")
            let n = client.subscribe(subscription)
            var r = Reply("subscribed", id: id)
            r.writer.field("subscription", n)
            r.writer.field("events", strings: Subscription.Events.allCases.filter(subscription.events.contains).map(\.rawValue))
            return r.line()
        case .unsubscribe(let n):
            guard client.unsubscribe(n) else { throw RequestError("unknown_subscription", "no subscription \(n) on this connection") }
            var r = Reply("unsubscribed", id: id)
            r.writer.field("subscription", n)
            return r.line()
        case .listDevices:
            var r = Reply("devices", id: id)
            r.writer.beginArray("devices")
            for session in sessions.values.sorted(by: { $0.info.node < $1.info.node }) {
                r.writer.beginObject()
                session.summary.write(into: &r.writer)
                r.writer.endObject()
            }
            r.writer.endArray()
            return r.line()
        case .listRecognizers:
            return listRecognizers(id: id)
        case .listRegions:
            return listRegions(id: id)
        case .status:
            return status(id: id)
        case .reload:
            guard control.allows(client.peer) else {
                logger.notice("reload denied", metadata: clientMetadata(client.id, client.peer))
                throw RequestError(
                    "access_denied",
                    "uid \(client.peer.uid) may not reload the daemon: daemon.control in \(configuration.file) names who may (by default root and the daemon's own user); SIGHUP and systemctl reload work as ever")
            }
            let now = clock()
            if let last = lastSocketReload, now - last < Self.socketReloadInterval {
                throw RequestError(
                    "reload_too_soon",
                    "the daemon was reloaded over the socket less than \(Self.socketReloadInterval) s ago; try again later")
            }
            lastSocketReload = now
            // Read on the loop's reader thread: answered by finishReload once applied.
            if let startReload {
                pendingReloads.append((client.id, id))
                startReload()
                return nil
            }
            guard let result = reload(at: latestTime) else { throw RequestError("reload_unavailable", "this daemon has no configuration file to reload") }
            return reloadReply(result, id: id)
        case .addRegion(let value):
            try withinLimit(client.regions.count, configuration.daemon.maxClientRegions, "regions", "max_client_regions")
            let region = try clientRegion(value, of: client)
            client.regions.append(region)
            for session in sessions.values where session.name == region.device { place(region, of: client, on: session.surface) }
            logger.info("client added a region", metadata: clientMetadata(client.id, client.peer).merging(["region": "\(region.name)"]) { a, _ in a })
            var r = Reply("region_added", id: id)
            r.writer.field("name", region.name)
            return r.line()
        case .removeRegion(let name):
            guard client.regions.contains(where: { $0.name == name }) else {
                throw RequestError("unknown_region", "this connection added no region '\(name)'")
            }
            let removed = regionAndDescendants(name, in: client.regions)
            client.regions.removeAll { removed.contains($0.name) }
            let doomed = client.recognizers.filter { if case .region(let r) = $0.placement { removed.contains(r) } else { false } }
            client.recognizers.removeAll { r in doomed.contains { $0.name == r.name } }
            for session in sessions.values { session.surface.remove(recognizers: doomed.map(\.name), regions: [name]) }
            updateKinds()
            var r = Reply("region_removed", id: id)
            r.writer.field("name", name)
            return r.line()
        case .addRecognizer(let value):
            try withinLimit(client.recognizers.count, configuration.daemon.maxClientRecognizers, "recognizers", "max_client_recognizers")
            let recognizer = try clientRecognizer(value, of: client)
            client.recognizers.append(recognizer)
            recognizerKinds[recognizer.name] = recognizer.kind.rawValue
            for session in sessions.values where applies(recognizer, to: session.surface) { session.surface.add(recognizer) }
            logger.info("client added a recognizer", metadata: clientMetadata(client.id, client.peer).merging(["gesture.name": "\(recognizer.name)"]) { a, _ in a })
            var r = Reply("recognizer_added", id: id)
            r.writer.field("name", recognizer.name)
            return r.line()
        case .removeRecognizer(let name):
            guard client.recognizers.contains(where: { $0.name == name }) else {
                throw RequestError("unknown_recognizer", "this connection added no recognizer '\(name)'")
            }
            client.recognizers.removeAll { $0.name == name }
            for session in sessions.values { session.surface.removeRecognizer(named: name) }
            updateKinds()
            var r = Reply("recognizer_removed", id: id)
            r.writer.field("name", name)
            return r.line()
        }
    }

    /// The least time between two reloads over the socket.
    static let socketReloadInterval = 1.0

    /// A connection holds at most `limit` of a thing; the error names the key that sets it.
    private func withinLimit(_ count: Int, _ limit: Int, _ what: String, _ key: String) throws(RequestError) {
        guard count >= limit else { return }
        throw RequestError(
            "limit_reached",
            "this connection already has \(count) \(what), the most daemon.\(key) in \(configuration.file) allows; remove one first")
    }

    /// The latest time the core has seen, for requests that act without a frame (reload).
    var latestTime: Timestamp {
        sessions.values.map(\.surface.engine.now).max() ?? .zero
    }

    private func listRecognizers(id: RequestID?) -> [UInt8] {
        var r = Reply("recognizers", id: id)
        r.writer.beginArray("recognizers")
        let owners = Dictionary(clients.values.flatMap { c in c.recognizers.map { ($0.name, c.id) } }, uniquingKeysWith: { a, _ in a })
        for session in sessions.values.sorted(by: { $0.info.node < $1.info.node }) {
            for recognizer in session.surface.engine.recognizers {
                r.writer.beginObject()
                r.writer.field("name", recognizer.name)
                r.writer.field("kind", recognizerKinds[recognizer.name] ?? recognizer.kind.rawValue)
                r.writer.field("device", session.name)
                r.writer.field("node", session.info.node)
                r.writer.field("region", recognizer.region?.name ?? session.name)
                r.writer.field("state", recognizer.state.description)
                r.writer.field("enabled", recognizer.isEnabled)
                if let owner = owners[recognizer.name] { r.writer.field("owner", "client \(owner)") } else { r.writer.field("owner", "config") }
                r.writer.endObject()
            }
        }
        r.writer.endArray()
        return r.line()
    }

    private func listRegions(id: RequestID?) -> [UInt8] {
        var r = Reply("regions", id: id)
        r.writer.beginArray("regions")
        let owners = Dictionary(clients.values.flatMap { c in c.regions.map { ($0.name, c.id) } }, uniquingKeysWith: { a, _ in a })
        for region in allRegions() {
            r.writer.beginObject()
            r.writer.field("name", region.name)
            r.writer.field("device", region.device)
            if region.name != region.device { r.writer.field("parent", region.parent) }
            r.writer.beginArray("rect")
            for v in [region.rect.minX, region.rect.minY, region.rect.size.width, region.rect.size.height] { r.writer.element(v) }
            r.writer.endArray()
            if let owner = owners[region.name] { r.writer.field("owner", "client \(owner)") } else { r.writer.field("owner", "config") }
            r.writer.endObject()
        }
        r.writer.endArray()
        return r.line()
    }

    /// Device surfaces, the configuration's regions, then the clients'.
    func allRegions() -> [RegionEntry] {
        configuredRegions() + clients.keys.sorted().flatMap { clients[$0]!.regions }
    }

    /// Each device's whole surface and the configuration's regions.
    func configuredRegions() -> [RegionEntry] {
        configuration.devices.map { .wholeSurface(of: $0.name) } + configuration.regions
    }

    private func status(id: RequestID?) -> [UInt8] {
        var r = Reply("status", id: id)
        r.writer.field("daemon_version", GesturedVersion.string)
        r.writer.field("protocol", ProtocolVersion.current)
        r.writer.field("config", configuration.file)
        r.writer.field("devices", sessions.count)
        r.writer.field("unclaimed_devices", unclaimed.count)
        r.writer.field("recognizers", runningRecognizers)
        r.writer.field("clients", clients.count)
        r.writer.field("frames", counters.frames)
        r.writer.field("gestures", counters.gestures)
        r.writer.field("lines_sent", counters.linesSent)
        r.writer.field("reloads", counters.reloads)
        r.writer.field("rejected_reloads", counters.rejectedReloads)
        r.writer.field("kernel_drops", counters.kernelDrops)
        statusExtras(&r.writer)
        return r.line()
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

    private func clientRegion(_ value: JSONValue, of client: ClientSession) throws(RequestError) -> RegionEntry {
        let parents = configuredRegions() + client.regions
        do {
            return try configuration.clientRegion(ConfigValue(value), regions: allRegions(), parents: parents)
        } catch {
            throw RequestError("invalid_region", error.errors.map(\.message).joined(separator: "; "))
        }
    }

    private func clientRecognizer(_ value: JSONValue, of client: ClientSession) throws(RequestError) -> RecognizerEntry {
        var others = ClientAdditionNames()
        for other in clients.values where other.id != client.id {
            others.recognizers.formUnion(other.recognizers.map(\.name))
            others.regions.formUnion(other.regions.map(\.name))
        }
        do {
            return try configuration.clientRecognizer(
                ConfigValue(value), recognizers: allRecognizers().map(\.name), regions: allRegions(), othersOwn: others)
        } catch {
            throw RequestError("invalid_recognizer", error.errors.map(\.message).joined(separator: "; "))
        }
    }

    /// After a reload, what a client added that no longer fits the new configuration is dropped, and the
    /// client is told.
    func dropClientAdditionsThatNoLongerFit() {
        for client in clients.values.sorted(by: { $0.id < $1.id }) {
            var kept: [RegionEntry] = []
            for region in client.regions {
                let others = allRegions().filter { r in r.name != region.name && !client.regions.contains { $0.name == r.name } } + kept
                if (try? configuration.checkClientRegion(region, regions: others)) != nil {
                    kept.append(region)
                } else {
                    notifyDropped(client, "region '\(region.name)' no longer fits the reloaded configuration and was removed")
                }
            }
            client.regions = kept
            let regionNames = Set(allRegions().map(\.name))
            let names = allRecognizers().map(\.name)
            client.recognizers.removeAll { r in
                var fits = true
                if case .region(let name) = r.placement, !regionNames.contains(name) { fits = false }
                if case .device(let d) = r.placement, !configuration.devices.contains(where: { $0.name == d }) { fits = false }
                if configuration.recognizers.contains(where: { $0.name == r.name }) { fits = false }
                if !(r.requireToFail + r.simultaneousWith).allSatisfy(names.contains) { fits = false }
                if !fits { notifyDropped(client, "recognizer '\(r.name)' no longer fits the reloaded configuration and was removed") }
                return !fits
            }
        }
    }

    /// A client's region on a surface. Validation put it inside its parent, which is configured or the client's
    /// own and so placed before it; should the engine still refuse it, the log and the client say so, since its
    /// recognizers would otherwise run on the whole surface unnoticed.
    func place(_ region: RegionEntry, of client: ClientSession, on surface: ConfiguredSurface) {
        do {
            try surface.addRegion(region)
        } catch {
            logger.error("bug: a validated client region was not placed", metadata: clientMetadata(client.id, client.peer).merging(["region": "\(region.name)", "device.name": "\(surface.entry.name)", "error": "\(error)"]) { a, _ in a })
            outbox.send(Reply.error(RequestError("region_not_placed", "region '\(region.name)' could not be placed on device '\(surface.entry.name)': \(error)"), id: nil), to: client.id)
        }
    }

    private func notifyDropped(_ client: ClientSession, _ message: String) {
        outbox.send(Reply.error(RequestError("dropped_after_reload", message), id: nil), to: client.id)
    }

    func clientMetadata(_ id: ClientID, _ peer: PeerCredentials) -> Logger.Metadata {
        ["client.id": "\(id)", "client.pid": "\(peer.pid)", "client.uid": "\(peer.uid)", "client.gid": "\(peer.gid)"]
    }
}
