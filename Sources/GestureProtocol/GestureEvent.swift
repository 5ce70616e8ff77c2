/// A recognizer's action (docs/protocol.md, gesture): it began, changed, ended (was recognized) or was cancelled.
public struct GestureEvent: Sendable, Equatable {
    /// What opens the line: whose action it is. Encoded once per recognizer and written into each of its lines.
    public struct Names: Sendable, Equatable {
        public var recognizer: String
        /// The configured kind (`tap`, `edge-pan`, `checkmark`, ...).
        public var kind: String
        /// `client N` for a recognizer a connection added; nil for a configured one.
        public var owner: String?

        public init(recognizer: String, kind: String, owner: String? = nil) {
            self.recognizer = recognizer
            self.kind = kind
            self.owner = owner
        }

        /// `{"type":"gesture","recognizer":…,"kind":…[,"owner":…]`.
        public var encoded: EncodedFields {
            EncodedFields("{") {
                $0.field("type", "gesture")
                $0.field("recognizer", recognizer)
                $0.field("kind", kind)
                if let owner { $0.field("owner", owner) }
            }
        }
    }

    public var names: Names
    public var place: Place
    public var state: RecognizerState
    public var time: DaemonTime
    public var touches: Int
    /// Nil where the daemon shows this connection no positions (docs/protocol.md, Who sees what): the line says
    /// `"positions":false`, and `values` hold only what gives no position away.
    public var location: SurfaceLocation?
    public var values: GestureValues

    public init(
        names: Names, place: Place, state: RecognizerState, time: DaemonTime, touches: Int, location: SurfaceLocation?, values: GestureValues
    ) {
        self.names = names
        self.place = place
        self.state = state
        self.time = time
        self.touches = touches
        self.location = location
        self.values = values
    }

    public var recognizer: String { names.recognizer }
    public var kind: String { names.kind }
    public var owner: String? { names.owner }
    public var device: String { place.device }
    public var node: String { place.node }
    public var region: String { place.region }

    public func encode(into w: inout JSONWriter) {
        Self.encode(
            names: names.encoded, place: place.encoded, state: state, time: time, touches: touches, location: location, values: values, into: &w)
    }

    /// The line into `w` (reset first), from its names and place encoded before (`Names.encoded`, `Place.encoded`):
    /// the daemon's path, once per action, shared by every subscriber. Written as fixed pieces (LineCursor), keys in
    /// the order of docs/protocol.md. Without a location (a connection that sees no positions there), the values
    /// hold only what gives none away.
    public static func encode(
        names: EncodedFields, place: EncodedFields, state: RecognizerState, time: DaemonTime, touches: Int, location: SurfaceLocation?,
        values: GestureValues, into w: inout JSONWriter
    ) {
        w.reset()
        // Pieces of text and the two encoded parts, twelve numbers at most, and what the values hold.
        let room = names.bytes.count + place.bytes.count + 256 + 12 * JSONText.numberBytes + values.room
        w.write(maximum: room) { c in
            c.raw(names)
            c.raw(RecognizerState.encodedStates[Int(state.rawValue)])
            c.raw(place)
            c.raw(",\"time\":")
            c.seconds(microseconds: time.microseconds)
            c.raw(",\"touches\":")
            c.integer(touches)
            if let location {
                location.write(into: &c)
                c.raw(",\"values\":{")
            } else {
                c.raw(",\"positions\":false,\"values\":{")
            }
            values.write(positions: location != nil, into: &c)
            c.raw("}}\n")
        }
    }

    init(_ r: FieldReader) throws(RequestError) {
        names = Names(recognizer: try r.string("recognizer"), kind: try r.string("kind"), owner: try r.optionalString("owner"))
        place = try Place(r)
        state = try r.choice("state")
        time = try DaemonTime(r, "time")
        touches = try r.integer("touches")
        location = r.has("location") ? try SurfaceLocation(r) : nil
        values = try GestureValues(try r.reader("values"))
    }
}

/// Where an event happened: the `[[device]]` entry's name, its event node, and the region.
public struct Place: Sendable, Equatable {
    public var device: String
    public var node: String
    public var region: String

    public init(device: String, node: String, region: String) {
        self.device = device
        self.node = node
        self.region = region
    }

    /// `,"device":…,"node":…,"region":…`: encoded once per region of a device, written into each line there.
    public var encoded: EncodedFields {
        EncodedFields(",") {
            $0.field("device", device)
            $0.field("node", node)
            $0.field("region", region)
        }
    }

    init(_ r: FieldReader) throws(RequestError) {
        self.init(device: try r.string("device"), node: try r.string("node"), region: try r.string("region"))
    }
}

/// A recognizer's state as the wire names it: `possible` only in list_recognizers, the others in gesture lines.
public enum RecognizerState: UInt8, Sendable, CaseIterable, WireName {
    case possible, began, changed, ended, cancelled, failed

    public var name: String {
        switch self {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }

    /// `,"state":…` for each state, by raw value.
    static let encodedStates = allCases.map { state in EncodedFields(",") { $0.field("state", state.name) } }
}

/// An enumeration the wire writes as a word.
public protocol WireName: CaseIterable, Sendable {
    var name: String { get }
}

/// A word-valued enumeration's word is its raw value.
extension WireName where Self: RawRepresentable, RawValue == String {
    public var name: String { rawValue }
}

extension WireName {
    public init?(name: String) {
        guard let value = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = value
    }
}
