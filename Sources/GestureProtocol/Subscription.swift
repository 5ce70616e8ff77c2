/// What a subscriber wants: classes of events, and filters on gestures and touches. An absent filter
/// matches everything.
public struct Subscription: Sendable, Equatable {
    public enum Events: String, Sendable, CaseIterable {
        /// Recognizer actions.
        case gestures
        /// Raw touch deliveries (V1-V5), for clients the configuration allows.
        case touches
        /// Devices added and removed.
        case devices
        /// Configuration reloaded or refused.
        case config
    }

    /// The classes asked for. Kept as bits: matching is asked for every line to every subscriber, and a Set of
    /// these hashes the case's String each time.
    public var events: Set<Events> {
        get { Set(Events.allCases.filter { eventBits & Self.bit($0) != 0 }) }
        set { eventBits = newValue.reduce(0) { $0 | Self.bit($1) } }
    }
    private var eventBits: UInt8 = bit(.gestures) | bit(.devices) | bit(.config)

    private static func bit(_ events: Events) -> UInt8 {
        switch events {
        case .gestures: 1
        case .touches: 2
        case .devices: 4
        case .config: 8
        }
    }

    /// Whether `events` holds this class, without a Set.
    public func wants(_ events: Events) -> Bool { eventBits & Self.bit(events) != 0 }
    public var recognizers: Set<String>?
    public var kinds: Set<String>?
    public var devices: Set<String>?
    public var regions: Set<String>?
    public var states: Set<String>?

    public static let filterKeys = ["recognizers", "kinds", "devices", "regions", "states"]
    public static let states = ["began", "changed", "ended", "cancelled"]

    public init() {}

    /// `events` asked for, and the filters (nil: everything).
    public init(
        events: Set<Events>, recognizers: Set<String>? = nil, kinds: Set<String>? = nil, devices: Set<String>? = nil, regions: Set<String>? = nil,
        states: Set<String>? = nil
    ) {
        self.events = events
        self.recognizers = recognizers
        self.kinds = kinds
        self.devices = devices
        self.regions = regions
        self.states = states
    }

    init(_ reader: FieldReader) throws(RequestError) {
        if let events = reader.fields["events"] {
            self.events = Set(try FieldReader.strings(events, "events", choices: Events.allCases.map(\.rawValue)).compactMap(Events.init(rawValue:)))
        }
        guard let filter = reader.fields["filter"] else { return }
        guard case .object(let fields) = filter else { throw .badRequest("filter must be an object, got \(filter.typeName)") }
        try FieldReader(fields: fields, request: "filter").only(Self.filterKeys)
        if let v = fields["recognizers"] { recognizers = Set(try FieldReader.strings(v, "filter.recognizers")) }
        // Which kinds there are is the daemon's to say (its catalog): it checks them after this.
        if let v = fields["kinds"] { self.kinds = Set(try FieldReader.strings(v, "filter.kinds")) }
        if let v = fields["devices"] { devices = Set(try FieldReader.strings(v, "filter.devices")) }
        if let v = fields["regions"] { regions = Set(try FieldReader.strings(v, "filter.regions")) }
        if let v = fields["states"] { states = Set(try FieldReader.strings(v, "filter.states", choices: Self.states)) }
    }

    /// `"events":[…],"filter":{…}`, each list sorted: what a subscribe request carries.
    func write(into w: inout JSONWriter) {
        w.field("events", strings: Events.allCases.filter(wants).map(\.rawValue))
        w.beginObject("filter")
        if let recognizers { w.field("recognizers", strings: recognizers.sorted()) }
        if let kinds { w.field("kinds", strings: kinds.sorted()) }
        if let devices { w.field("devices", strings: devices.sorted()) }
        if let regions { w.field("regions", strings: regions.sorted()) }
        if let states { w.field("states", strings: states.sorted()) }
        w.endObject()
    }

    /// Whether an action passes the filters. `kind` is the configured kind name (so "checkmark" can be asked
    /// for by name) and `engineKind` the engine's family ("custom" for the samples).
    public func matches(recognizer: String, kind: String, engineKind: String, device: String, region: String, state: String) -> Bool {
        wants(.gestures) && (recognizers?.contains(recognizer) ?? true)
            && (kinds.map { $0.contains(kind) || $0.contains(engineKind) } ?? true) && (devices?.contains(device) ?? true)
            && (regions?.contains(region) ?? true) && (states?.contains(state) ?? true)
    }

    /// Every action passes: gestures asked for, no filter.
    public var takesEveryGesture: Bool {
        wants(.gestures) && recognizers == nil && kinds == nil && devices == nil && regions == nil && states == nil
    }

    /// Every touch passes: touches asked for, no device or region filter.
    public var takesEveryTouch: Bool { wants(.touches) && devices == nil && regions == nil }

    public func matchesTouch(device: String, region: String) -> Bool {
        wants(.touches) && (devices?.contains(device) ?? true) && (regions?.contains(region) ?? true)
    }

    public func matchesDevice(_ device: String) -> Bool {
        wants(.devices) && (devices?.contains(device) ?? true)
    }
}
