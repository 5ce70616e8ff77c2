/// The daemon's `status` reply: its counters since it started (docs/protocol.md, status).
public struct DaemonStatus: Sendable, Equatable {
    public var daemonVersion: String
    public var protocolVersion: Int
    public var config: String
    public var devices: Int
    /// Touch devices no `[[device]]` entry claims.
    public var unclaimedDevices: Int
    public var recognizers: Int
    public var clients: Int
    public var clientRecognizers: Int
    public var clientRegions: Int
    public var frames: Int
    public var gestures: Int
    public var linesSent: Int
    public var reloads: Int
    public var rejectedReloads: Int
    public var kernelDrops: Int
    /// What the running daemon adds: `devices` or the recording it serves, seconds since it started, and where a
    /// frame's time goes.
    public var source: String?
    public var uptime: Double?
    public var latency: Latency?

    public init(
        daemonVersion: String = GesturedVersion.string, protocolVersion: Int = ProtocolVersion.current, config: String, devices: Int,
        unclaimedDevices: Int, recognizers: Int, clients: Int, clientRecognizers: Int, clientRegions: Int, frames: Int, gestures: Int,
        linesSent: Int, reloads: Int, rejectedReloads: Int, kernelDrops: Int, source: String? = nil, uptime: Double? = nil, latency: Latency? = nil
    ) {
        self.daemonVersion = daemonVersion
        self.protocolVersion = protocolVersion
        self.config = config
        self.devices = devices
        self.unclaimedDevices = unclaimedDevices
        self.recognizers = recognizers
        self.clients = clients
        self.clientRecognizers = clientRecognizers
        self.clientRegions = clientRegions
        self.frames = frames
        self.gestures = gestures
        self.linesSent = linesSent
        self.reloads = reloads
        self.rejectedReloads = rejectedReloads
        self.kernelDrops = kernelDrops
        self.source = source
        self.uptime = uptime
        self.latency = latency
    }

    /// Where a frame's time went, in microseconds (`latency_us`): from the kernel's timestamp to the daemon's read
    /// (`input`), in the engine (`engine`), writing sockets (`write`).
    public struct Latency: Sendable, Equatable {
        public var frames: Int
        public var input: Percentiles
        public var engine: Percentiles
        public var write: Percentiles

        public init(frames: Int, input: Percentiles, engine: Percentiles, write: Percentiles) {
            self.frames = frames
            self.input = input
            self.engine = engine
            self.write = write
        }
    }

    public struct Percentiles: Sendable, Equatable {
        public var p50: Double
        public var p99: Double
        public var max: Double

        public init(p50: Double, p99: Double, max: Double) {
            self.p50 = p50
            self.p99 = p99
            self.max = max
        }

        func write(_ key: StaticString, into w: inout JSONWriter) {
            w.beginObject(key)
            w.field("p50", p50)
            w.field("p99", p99)
            w.field("max", max)
            w.endObject()
        }

        init(_ r: FieldReader) throws(RequestError) {
            self.init(p50: try r.number("p50"), p99: try r.number("p99"), max: try r.number("max"))
        }
    }

    func write(into w: inout JSONWriter) {
        w.field("daemon_version", daemonVersion)
        w.field("protocol", protocolVersion)
        w.field("config", config)
        w.field("devices", devices)
        w.field("unclaimed_devices", unclaimedDevices)
        w.field("recognizers", recognizers)
        w.field("clients", clients)
        w.field("client_recognizers", clientRecognizers)
        w.field("client_regions", clientRegions)
        w.field("frames", frames)
        w.field("gestures", gestures)
        w.field("lines_sent", linesSent)
        w.field("reloads", reloads)
        w.field("rejected_reloads", rejectedReloads)
        w.field("kernel_drops", kernelDrops)
        if let source { w.field("source", source) }
        if let uptime { w.field("uptime_s", uptime) }
        if let latency {
            w.beginObject("latency_us")
            w.field("frames", latency.frames)
            latency.input.write("input", into: &w)
            latency.engine.write("engine", into: &w)
            latency.write.write("write", into: &w)
            w.endObject()
        }
    }

    init(_ r: FieldReader) throws(RequestError) {
        self.init(
            daemonVersion: try r.string("daemon_version"), protocolVersion: try r.integer("protocol"), config: try r.string("config"),
            devices: try r.integer("devices"), unclaimedDevices: try r.integer("unclaimed_devices"), recognizers: try r.integer("recognizers"),
            clients: try r.integer("clients"), clientRecognizers: try r.integer("client_recognizers"), clientRegions: try r.integer("client_regions"),
            frames: try r.integer("frames"), gestures: try r.integer("gestures"), linesSent: try r.integer("lines_sent"),
            reloads: try r.integer("reloads"), rejectedReloads: try r.integer("rejected_reloads"), kernelDrops: try r.integer("kernel_drops"),
            source: try r.optionalString("source"), uptime: try r.optionalNumber("uptime_s"))
        if r.has("latency_us") {
            let l = try r.reader("latency_us")
            latency = Latency(
                frames: try l.integer("frames"), input: try Percentiles(try l.reader("input")), engine: try Percentiles(try l.reader("engine")),
                write: try Percentiles(try l.reader("write")))
        }
    }
}
