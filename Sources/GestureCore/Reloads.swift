import ConfigSchema
import GestureConfig
import GestureEngine
import GestureProtocol
import InputCore
import Logging

/// Reloads: a configuration read by the caller (SIGHUP, a reload request, or a file that changed) taken or
/// refused. Taking it cancels every touch in flight, rereads what each connection may do, drops the additions that
/// no longer fit, rebuilds every surface and claims the devices again; the reload requests that waited are
/// answered. It owns nothing of its own: it changes the shared state through the other parts.
final class Reloads {
    let state: CoreState
    let router: FrameRouter
    let devices: Devices
    let requests: Requests

    init(state: CoreState, router: FrameRouter, devices: Devices, requests: Requests) {
        self.state = state
        self.router = router
        self.devices = devices
        self.requests = requests
    }

    /// Takes a new configuration: every touch in flight is cancelled on the old surfaces, and devices are
    /// claimed again under the new entries. Clients stay connected; their additions are kept where they still fit.
    func apply(_ new: Configuration, access: Access, at time: Timestamp) {
        for session in state.orderedSessions {
            router.cancelTouches(of: session, at: time)
            if let passThrough = session.passThrough { router.flush(passThrough, of: session) }
        }
        state.take(new, access: access)
        rereadRights()
        dropClientAdditionsThatNoLongerFit()
        requests.shareShapeSteps()
        state.updateKinds()
        var infos = Array(state.unclaimed.values)
        state.unclaimed = [:]
        var kept: [DeviceID: DeviceSession] = [:]
        for session in state.orderedSessions {
            let id = session.info.id
            if let entry = new.deviceEntry(for: session.info.description, kind: session.info.kind) {
                session.replace(with: devices.makeSurface(entry: entry, info: session.info))
                session.contactObserver = devices.contactLogger(device: entry.name)
                session.clientSurfaces = devices.makeClientSurfaces(
                    entry: entry, size: session.surface.rawSize, boxCorners: session.surface.engine.fingersAreBoxCorners)
                devices.updateGrab(session)
                kept[id] = session
            } else {
                devices.release(session)
                session.clientSurfaces = []
                infos.append(session.info)
                state.broadcast(Event.deviceRemoved(device: session.name, node: session.info.node, time: DaemonTime(time)).line()) { $0.matchesDevice(session.name) }
            }
        }
        state.sessions = kept
        for info in infos.sorted(by: { $0.id < $1.id }) {
            if state.sessions[info.id] == nil { devices.deviceAdded(info) }
        }
        state.counters.reloads += 1
        state.logger.notice("configuration reloaded", metadata: ["config.file": "\(new.file)", "config.recognizers": "\(new.recognizers.count)"])
        state.broadcast(Event.configReloaded(file: new.file, recognizers: new.recognizers.count).line()) { $0.wants(.config) }
    }

    /// A reload that failed validation: the running configuration stays, and subscribers hear why.
    func rejected(_ errors: ConfigErrors, file: String) {
        state.counters.rejectedReloads += 1
        state.logger.error("configuration refused; the running one stays", metadata: ["config.file": "\(file)", "config.errors": "\(errors.errors.count)"])
        for e in errors.errors { state.logger.error("\(e)") }
        state.broadcast(Event.configRejected(file: file, errors: errors.errors.map(\.description)).line()) { $0.wants(.config) }
    }

    /// A configuration read for a reload: applied, or refused with its errors; the requests that waited for it
    /// are answered.
    func finishReload(_ result: Result<(Configuration, Access), ConfigErrors>, at time: Timestamp) {
        switch result {
        case .success(let (new, access)): apply(new, access: access, at: time)
        case .failure(let errors): rejected(errors, file: state.configuration.file)
        }
        let waiting = requests.pendingReloads
        requests.pendingReloads = []
        for (client, id) in waiting where state.clients[client] != nil { state.outbox.send(reloadReply(result.map(\.0)).line(id: id), to: client) }
    }

    /// The answer to a reload request.
    func reloadReply(_ result: Result<Configuration, ConfigErrors>) -> Reply {
        switch result {
        case .success(let c): .reloaded(file: c.file, recognizers: c.recognizers.count)
        case .failure(let errors):
            .error(RequestError("config_invalid", "the configuration was refused; the running one stays", errors: errors.errors.map(\.description)))
        }
    }

    /// What the configuration lets each connection do, read again after a reload: raw touches (a connection that
    /// lost them is told, and its touch subscriptions end), positions, and whether its additions join the shared
    /// surfaces (a connection whose standing changed loses its additions, and is told).
    func rereadRights() {
        for client in state.clients.values.sorted(by: { $0.id < $1.id }) {
            let touches = state.policy.allows(client.peer)
            if client.mayReceiveTouches && !touches && client.dropTouchSubscriptions() {
                state.outbox.send(
                    Event.notice(
                        RequestError(
                            "access_revoked",
                            "raw touches are no longer allowed for uid \(client.peer.uid) (daemon.raw_touches in \(state.configuration.file)): this connection's touch subscriptions ended")
                    ).line(), to: client.id)
                state.logger.notice("raw touches revoked", metadata: state.clientMetadata(client.id, client.peer))
            }
            client.mayReceiveTouches = touches
            client.positions = state.sight(of: client.peer)
            let trusted = state.control.allows(client.peer)
            guard trusted != client.trusted else { continue }
            if !client.regions.isEmpty || !client.recognizers.isEmpty {
                notifyDropped(client, "what this connection added was removed: the reloaded configuration changed whether its recognizers join the configured ones (daemon.control)")
                requests.removeAdditions(of: client)
            }
            client.trusted = trusted
        }
    }

    /// After a reload, what a client added that no longer fits the new configuration (or what it may now see) is
    /// dropped, and the client is told. The regions of daemon.control's peers are then shown as their parents are.
    func dropClientAdditionsThatNoLongerFit() {
        for client in state.clients.values.sorted(by: { $0.id < $1.id }) {
            var kept: [RegionEntry] = []
            let others = state.configuredRegions() + state.trustedClients().filter { $0.id != client.id }.flatMap(\.regions)
            for region in client.regions {
                let seen = client.trusted || kept.contains { $0.name == region.parent } || state.seesPositions(client, in: region.parent)
                if seen, (try? state.configuration.checkClientRegion(region, regions: others + kept)) != nil {
                    kept.append(region)
                } else {
                    notifyDropped(client, "region '\(region.name)' no longer fits the reloaded configuration and was removed")
                }
            }
            client.regions = kept
            let regionNames = Set((others + kept).map(\.name))
            let names = Set((state.configuration.recognizers + state.trustedClients().flatMap(\.recognizers) + client.recognizers).map(\.name))
            let reach = requests.reach(of: client)
            client.recognizers.removeAll { r in
                var fits = true
                switch r.placement {
                case .region(let name): fits = regionNames.contains(name) && reach.regions[name] == nil
                case .device(let d): fits = state.configuration.devices.contains { $0.name == d } && reach.regions[d] == nil
                case .everyDevice: fits = reach.everyDevice == nil
                }
                if state.configuration.recognizers.contains(where: { $0.name == r.name }) { fits = false }
                let named = r.requireToFail + r.simultaneousWith + r.cannotPrevent + r.cannotBePreventedBy + (r.shouldBegin?.unlessActive ?? [])
                if !named.allSatisfy({ names.contains($0) && reach.recognizers[$0] == nil }) { fits = false }
                let ruleRegions = (r.shouldReceive?.regions ?? []) + (r.shouldReceive?.excludeRegions ?? []) + (r.shouldBegin?.regions ?? [])
                if !ruleRegions.allSatisfy({ regionNames.contains($0) && reach.regions[$0] == nil }) { fits = false }
                if !fits { notifyDropped(client, "recognizer '\(r.name)' no longer fits the reloaded configuration and was removed") }
                return !fits
            }
        }
        for client in state.trustedClients() { for region in client.regions { state.positionAccess.add(region) } }
    }

    private func notifyDropped(_ client: ClientSession, _ message: String) {
        state.outbox.send(Event.notice(RequestError("dropped_after_reload", message)).line(), to: client.id)
    }
}
