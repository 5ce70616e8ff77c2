/// The daemon's answer to a request (docs/protocol.md, Requests and replies), sent with the request's id.
public enum Reply: Sendable, Equatable {
    case hello(Hello)
    case subscribed(subscription: Int, events: [Subscription.Events])
    case unsubscribed(subscription: Int)
    case devices([DeviceSummary])
    /// The recognizers running, and every recognizer the configuration declares whatever devices are present.
    case recognizers([RecognizerSummary], configured: [ConfiguredRecognizer])
    case regions([RegionSummary])
    case status(DaemonStatus)
    case reloaded(file: String, recognizers: Int)
    case regionAdded(name: String)
    case regionRemoved(name: String)
    case recognizerAdded(name: String)
    case recognizerRemoved(name: String)
    case shapeAdded(name: String)
    case shapeRemoved(name: String)
    case error(RequestError)

    public static let types = [
        "hello", "subscribed", "unsubscribed", "devices", "recognizers", "regions", "status", "reloaded", "region_added", "region_removed",
        "recognizer_added", "recognizer_removed", "shape_added", "shape_removed", "error",
    ]

    /// The line, with its newline: the reply's type, the request's id, then its fields.
    public func line(id: RequestID?) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.field("type", Self.types[typeIndex])
        w.field("id", id)
        switch self {
        case .hello(let hello): hello.write(into: &w)
        case .subscribed(let subscription, let events):
            w.field("subscription", subscription)
            w.field("events", strings: events.map(\.rawValue))
        case .unsubscribed(let subscription): w.field("subscription", subscription)
        case .devices(let devices):
            w.beginArray("devices")
            for device in devices {
                w.beginObject()
                device.write(into: &w)
                w.endObject()
            }
            w.endArray()
        case .recognizers(let recognizers, let configured):
            w.beginArray("recognizers")
            for recognizer in recognizers { recognizer.write(into: &w) }
            w.endArray()
            w.beginArray("configured")
            for recognizer in configured { recognizer.write(into: &w) }
            w.endArray()
        case .regions(let regions):
            w.beginArray("regions")
            for region in regions { region.write(into: &w) }
            w.endArray()
        case .status(let status): status.write(into: &w)
        case .reloaded(let file, let recognizers):
            w.field("file", file)
            w.field("recognizers", recognizers)
        case .regionAdded(let name), .regionRemoved(let name), .recognizerAdded(let name), .recognizerRemoved(let name), .shapeAdded(let name),
            .shapeRemoved(let name):
            w.field("name", name)
        case .error(let error):
            w.field("code", error.code)
            w.field("message", error.message)
            if !error.errors.isEmpty { w.field("errors", strings: error.errors) }
            if let limit = error.limit {
                w.beginObject("limit")
                w.field("key", limit.key)
                w.field("holder", limit.holder.rawValue)
                w.field("wanted", limit.wanted)
                w.field("allowed", limit.allowed)
                w.endObject()
            }
        }
        w.endObject()
        return w.line()
    }

    private var typeIndex: Int {
        switch self {
        case .hello: 0
        case .subscribed: 1
        case .unsubscribed: 2
        case .devices: 3
        case .recognizers: 4
        case .regions: 5
        case .status: 6
        case .reloaded: 7
        case .regionAdded: 8
        case .regionRemoved: 9
        case .recognizerAdded: 10
        case .recognizerRemoved: 11
        case .shapeAdded: 12
        case .shapeRemoved: 13
        case .error: 14
        }
    }

    init?(type: String, _ r: FieldReader) throws(RequestError) {
        switch type {
        case "hello": self = .hello(try Hello(r))
        case "subscribed":
            let events = try r.strings("events").map { name throws(RequestError) -> Subscription.Events in
                guard let events = Subscription.Events(rawValue: name) else { throw r.malformed("unknown events '\(name)'") }
                return events
            }
            self = .subscribed(subscription: try r.integer("subscription"), events: events)
        case "unsubscribed": self = .unsubscribed(subscription: try r.integer("subscription"))
        case "devices": self = .devices(try r.readers("devices").map { r throws(RequestError) in try DeviceSummary(r) })
        case "recognizers":
            // A daemon older than `configured` lists only what runs.
            let configured = r.has("configured") ? try r.readers("configured").map { r throws(RequestError) in try ConfiguredRecognizer(r) } : []
            self = .recognizers(try r.readers("recognizers").map { r throws(RequestError) in try RecognizerSummary(r) }, configured: configured)
        case "regions": self = .regions(try r.readers("regions").map { r throws(RequestError) in try RegionSummary(r) })
        case "status": self = .status(try DaemonStatus(r))
        case "reloaded": self = .reloaded(file: try r.string("file"), recognizers: try r.integer("recognizers"))
        case "region_added": self = .regionAdded(name: try r.string("name"))
        case "region_removed": self = .regionRemoved(name: try r.string("name"))
        case "recognizer_added": self = .recognizerAdded(name: try r.string("name"))
        case "shape_added": self = .shapeAdded(name: try r.string("name"))
        case "shape_removed": self = .shapeRemoved(name: try r.string("name"))
        case "recognizer_removed": self = .recognizerRemoved(name: try r.string("name"))
        case "error": self = .error(try RequestError(r))
        default: return nil
        }
    }
}

/// The answer to hello: who the daemon is and what this connection may have (docs/protocol.md, hello).
public struct Hello: Sendable, Equatable {
    /// Where this connection sees positions (docs/protocol.md, Who sees what).
    public enum Positions: String, Sendable, WireName {
        case everywhere, some, nowhere
    }

    /// Whether recognizers and regions this connection adds join the configured ones (`shared`) or run apart (`own`).
    public enum Additions: String, Sendable, WireName {
        case shared, own
    }

    public var version: Int
    public var daemon: String
    public var daemonVersion: String
    /// The connection's user, as the daemon sees it.
    public var uid: Int
    /// Whether this connection may subscribe to raw touches.
    public var rawTouches: Bool
    public var positions: Positions
    /// The connection's number: its additions' owner is `client N`.
    public var client: Int
    public var additions: Additions

    public init(
        version: Int = ProtocolVersion.current, daemon: String = "gestured", daemonVersion: String = GesturedVersion.string, uid: Int,
        rawTouches: Bool, positions: Positions, client: Int, additions: Additions
    ) {
        self.version = version
        self.daemon = daemon
        self.daemonVersion = daemonVersion
        self.uid = uid
        self.rawTouches = rawTouches
        self.positions = positions
        self.client = client
        self.additions = additions
    }

    func write(into w: inout JSONWriter) {
        w.field("version", version)
        w.field("daemon", daemon)
        w.field("daemon_version", daemonVersion)
        w.field("uid", uid)
        w.field("raw_touches", rawTouches)
        w.field("positions", positions.name)
        w.field("client", client)
        w.field("additions", additions.name)
    }

    init(_ r: FieldReader) throws(RequestError) {
        self.init(
            version: try r.integer("version"), daemon: try r.string("daemon"), daemonVersion: try r.string("daemon_version"), uid: try r.integer("uid"),
            rawTouches: try r.bool("raw_touches"), positions: try r.choice("positions"), client: try r.integer("client"),
            additions: try r.choice("additions"))
    }
}

/// A recognizer in list_recognizers.
public struct RecognizerSummary: Sendable, Equatable {
    public var name: String
    public var kind: String
    public var device: String
    public var node: String
    public var region: String
    public var state: RecognizerState
    public var enabled: Bool
    /// `config`, or `client N` for one a connection added.
    public var owner: String

    public init(name: String, kind: String, device: String, node: String, region: String, state: RecognizerState, enabled: Bool, owner: String) {
        self.name = name
        self.kind = kind
        self.device = device
        self.node = node
        self.region = region
        self.state = state
        self.enabled = enabled
        self.owner = owner
    }

    func write(into w: inout JSONWriter) {
        w.beginObject()
        w.field("name", name)
        w.field("kind", kind)
        w.field("device", device)
        w.field("node", node)
        w.field("region", region)
        w.field("state", state.name)
        w.field("enabled", enabled)
        w.field("owner", owner)
        w.endObject()
    }

    init(_ r: FieldReader) throws(RequestError) {
        self.init(
            name: try r.string("name"), kind: try r.string("kind"), device: try r.string("device"), node: try r.string("node"),
            region: try r.string("region"), state: try r.choice("state"), enabled: try r.bool("enabled"), owner: try r.string("owner"))
    }
}

/// A recognizer the configuration declares (list_recognizers' `configured`), whether or not a device it runs on is
/// present: what an actions file may name. `shapes` are a shape recognizer's shapes, by name.
public struct ConfiguredRecognizer: Sendable, Equatable {
    public var name: String
    public var kind: String
    public var shapes: [String]

    public init(name: String, kind: String, shapes: [String] = []) {
        self.name = name
        self.kind = kind
        self.shapes = shapes
    }

    func write(into w: inout JSONWriter) {
        w.beginObject()
        w.field("name", name)
        w.field("kind", kind)
        if !shapes.isEmpty { w.field("shapes", strings: shapes) }
        w.endObject()
    }

    init(_ r: FieldReader) throws(RequestError) {
        self.init(name: try r.string("name"), kind: try r.string("kind"), shapes: r.has("shapes") ? try r.strings("shapes") : [])
    }
}

/// A region in list_regions: `rect` is x, y, width, height as fractions of its device's surface.
public struct RegionSummary: Sendable, Equatable {
    public var name: String
    public var device: String
    /// Nil for a device's whole surface.
    public var parent: String?
    public var rect: [Double]
    public var owner: String
    /// Whether this connection sees positions there.
    public var positions: Bool

    public init(name: String, device: String, parent: String?, rect: [Double], owner: String, positions: Bool) {
        self.name = name
        self.device = device
        self.parent = parent
        self.rect = rect
        self.owner = owner
        self.positions = positions
    }

    func write(into w: inout JSONWriter) {
        w.beginObject()
        w.field("name", name)
        w.field("device", device)
        if let parent { w.field("parent", parent) }
        w.beginArray("rect")
        for v in rect { w.element(v) }
        w.endArray()
        w.field("owner", owner)
        w.field("positions", positions)
        w.endObject()
    }

    init(_ r: FieldReader) throws(RequestError) {
        self.init(
            name: try r.string("name"), device: try r.string("device"), parent: try r.optionalString("parent"), rect: try r.numbers("rect", count: 4),
            owner: try r.string("owner"), positions: try r.bool("positions"))
    }
}
