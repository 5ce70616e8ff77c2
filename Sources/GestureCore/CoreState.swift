import GestureConfig
import GestureEngine
import GestureProtocol
import InputCore
import Logging

/// What the core's parts share: the configuration and who may do what under it, the devices' sessions, the
/// connections, the counters, and where lines and actions go. FrameRouter, Devices, Requests and Reloads each
/// hold it and change only what their doc comments say they own; DaemonCore makes it and them.
final class CoreState {
    private(set) var configuration: Configuration
    let outbox: any Outbox
    /// What the caller is to do, in order; the core's log lines among them.
    let actions = CoreActions()
    let logger: Logger
    /// The connection `gestured replay --explain` writes to: every recognizer transition and every contact's
    /// change in touch conditioning go to it as lines that start with `#`, between the event lines.
    let explainTo: ClientID?
    /// Who may have raw touches (daemon.raw_touches).
    private(set) var policy: PeerPolicy
    /// Who may reload over the socket, and whose recognizers join the configured ones' arbitration (daemon.control).
    private(set) var control: PeerPolicy
    /// Who sees positions where (docs/protocol.md, Who sees what). Read for every action some peer sees part of,
    /// changed only by requests and reloads: unchecked, as the clients are.
    @exclusivity(unchecked) var positionAccess: PositionAccess
    /// Read every loop turn for the next deadline, changed only as devices come and go or on reload, never
    /// while another access is open: unchecked for exclusivity.
    @exclusivity(unchecked) var sessions: [DeviceID: DeviceSession] = [:] {
        didSet {
            lastSession = nil
            sessionList = sessions.sorted { $0.key < $1.key }.map { Unmanaged.passUnretained($0.value) }
        }
    }
    /// The sessions as a list in the order their devices were opened, unretained (`sessions` holds them), for the
    /// deadlines asked before every frame: walking a dictionary's values, each retained and released, cost 250
    /// instructions a frame. The order is the one devices' deadlines due together fire in.
    @exclusivity(unchecked) private(set) var sessionList: [Unmanaged<DeviceSession>] = []
    /// The session the last frame went to: frames come in runs from one device, and comparing its id costs less
    /// than hashing it.
    @exclusivity(unchecked) private var lastSession: DeviceSession?
    /// The sessions in the order their devices were opened, for whatever goes through all of them and makes lines:
    /// the same order every run.
    var orderedSessions: [DeviceSession] { sessionList.map { $0.takeUnretainedValue() } }
    /// Devices no configuration entry claims: kept so that a reload can claim them.
    var unclaimed: [DeviceID: DeviceInfo] = [:]
    /// Read for every line (each subscriber's wishes), changed only by requests, never during a frame.
    @exclusivity(unchecked) var clients: [ClientID: ClientSession] = [:]
    // Touched on every frame, never while another access is open: unchecked, as in DeviceSession.
    @exclusivity(unchecked) var counters = Counters()
    /// What gesture lines call each shared recognizer: its configured kind ("checkmark" where the engine says
    /// "custom") and, for one a connection added, that connection (`client N`: no configuration binds it). The
    /// devices' encoded recognizer names carry these, so they are encoded again after a change. Read for every
    /// action, changed only by requests, never during a frame: unchecked.
    @exclusivity(unchecked) var recognizerNaming: [String: RecognizerNaming] = [:] {
        didSet { for session in sessions.values { session.forgetEncodedFields() } }
    }

    struct Counters {
        var frames = 0
        var gestures = 0
        var linesSent = 0
        var reloads = 0
        var rejectedReloads = 0
        var kernelDrops = 0
    }

    init(configuration: Configuration, access: Access, outbox: any Outbox, logLevel: Logger.Level, explainTo: ClientID?) {
        self.configuration = configuration
        policy = access.rawTouches
        control = access.control
        positionAccess = access.positions
        self.outbox = outbox
        self.explainTo = explainTo
        logger = actions.logger(label: "gestured", level: logLevel)
        updateKinds()
    }

    /// A new configuration and who may do what under it (Reloads; the surfaces are rebuilt after).
    func take(_ new: Configuration, access: Access) {
        configuration = new
        policy = access.rawTouches
        control = access.control
        positionAccess = access.positions
    }

    /// The session of the device, if one claims it. Asked for every frame (inlined, as FrameRouter.frame).
    @inline(__always) func session(of device: DeviceID) -> DeviceSession? {
        if let last = lastSession, last.info.id == device { return last }
        guard let found = sessions[device] else { return nil }
        lastSession = found
        return found
    }

    // MARK: Connections

    /// The recognizers of the shared surfaces: the configuration's, then those daemon.control's peers added.
    func sharedRecognizers() -> [RecognizerEntry] {
        configuration.recognizers + trustedClients().flatMap(\.recognizers)
    }

    /// Connections whose additions join the shared surfaces, in connection order.
    func trustedClients() -> [ClientSession] {
        clients.values.filter(\.trusted).sorted { $0.id < $1.id }
    }

    /// The shared surfaces' regions: device surfaces, the configuration's, then those daemon.control's peers added.
    func sharedRegions() -> [RegionEntry] {
        configuredRegions() + trustedClients().flatMap(\.regions)
    }

    /// Each device's whole surface and the configuration's regions.
    func configuredRegions() -> [RegionEntry] {
        configuration.devices.map { .wholeSurface(of: $0.name) } + configuration.regions
    }

    func updateKinds() {
        var naming: [String: RecognizerNaming] = [:]
        for r in configuration.recognizers { naming[r.name] = RecognizerNaming(kind: r.kind.rawValue) }
        for client in trustedClients() {
            for r in client.recognizers { naming[r.name] = RecognizerNaming(kind: r.kind.rawValue, owner: client.ownerName) }
        }
        recognizerNaming = naming
    }

    /// Where a peer sees positions, from the configuration.
    func sight(of peer: PeerCredentials) -> ClientSession.Sight {
        if positionAccess.allowsEverywhere(peer) { return .everywhere }
        return positionAccess.allowsNowhere(peer) ? .nowhere : .some
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

    func clientMetadata(_ id: ClientID, _ peer: PeerCredentials) -> Logger.Metadata {
        ["client.id": "\(id)", "client.pid": "\(peer.pid)", "client.uid": "\(peer.uid)", "client.gid": "\(peer.gid)"]
    }

    // MARK: Surfaces

    /// Recognizers at work on all devices (one instance per device a recognizer applies to).
    var runningRecognizers: Int { sessions.values.reduce(0) { $0 + $1.surface.engine.recognizers.count } }

    func applies(_ recognizer: RecognizerEntry, to surface: ConfiguredSurface) -> Bool {
        switch recognizer.placement {
        case .everyDevice: true
        case .device(let d): d == surface.entry.name
        case .region(let r): surface.regions[r] != nil
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
            outbox.send(Event.notice(RequestError("region_not_placed", "region '\(region.name)' could not be placed on device '\(surface.entry.name)': \(error)")).line(), to: client.id)
        }
    }

    // MARK: Lines

    func deliver(_ line: [UInt8], to client: ClientID) {
        counters.linesSent += 1
        outbox.send(line, to: client)
    }

    func broadcast(_ line: [UInt8], where test: (Subscription) -> Bool) {
        for c in clients.values where c.wants(test) { deliver(line, to: c.id) }
    }
}
