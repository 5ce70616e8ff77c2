/// A raw touch delivered to a region, with the phase the region gets (docs/protocol.md, touch), for connections
/// allowed raw touches.
public struct TouchEvent: Sendable, Equatable {
    public enum Phase: UInt8, Sendable, WireName {
        case began, moved, stationary, ended, cancelled

        public var name: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }

        static let encoded = allCases.map { phase in EncodedFields(",") { $0.field("phase", phase.name) } }
    }

    /// `direct` (a touchscreen), `indirect` (a touchpad), `stylus`.
    public enum TouchType: UInt8, Sendable, WireName {
        case direct, indirect, stylus

        public var name: String {
            switch self {
            case .direct: "direct"
            case .indirect: "indirect"
            case .stylus: "stylus"
            }
        }

        static let encoded = allCases.map { type in EncodedFields(",") { $0.field("touch_type", type.name) } }
    }

    public var place: Place
    /// The touch's id for as long as it lasts (docs/protocol.md, touch).
    public var id: UInt64
    public var phase: Phase
    public var time: DaemonTime
    public var touchType: TouchType
    public var location: SurfaceLocation
    /// 0...1, where the device reports pressure.
    public var pressure: Double?
    /// The contact's major radius in millimetres, where the device reports it.
    public var majorMillimetres: Double?
    /// Set for contacts touch conditioning kept from the recognizers: `palm`, `thumb`, `click`.
    public var contactClass: String?

    public init(
        place: Place, id: UInt64, phase: Phase, time: DaemonTime, touchType: TouchType, location: SurfaceLocation, pressure: Double? = nil,
        majorMillimetres: Double? = nil, contactClass: String? = nil
    ) {
        self.place = place
        self.id = id
        self.phase = phase
        self.time = time
        self.touchType = touchType
        self.location = location
        self.pressure = pressure
        self.majorMillimetres = majorMillimetres
        self.contactClass = contactClass
    }

    public var device: String { place.device }
    public var node: String { place.node }
    public var region: String { place.region }

    public func encode(into w: inout JSONWriter) {
        Self.encode(
            place: place.encoded, id: id, phase: phase, time: time, touchType: touchType, location: location, pressure: pressure,
            majorMillimetres: majorMillimetres, contactClass: contactClass, into: &w)
    }

    /// The line into `w` (reset first), its place encoded before (`Place.encoded`): the daemon's path.
    public static func encode(
        place: EncodedFields, id: UInt64, phase: Phase, time: DaemonTime, touchType: TouchType, location: SurfaceLocation, pressure: Double?,
        majorMillimetres: Double?, contactClass: String?, into w: inout JSONWriter
    ) {
        w.reset()
        // Pieces of text and the encoded place, ten numbers at most, and the class.
        let room = place.bytes.count + 256 + 10 * JSONText.numberBytes + (contactClass.map { JSONText.quotedBytes($0.utf8.count) } ?? 0)
        w.write(maximum: room) { c in
            c.raw("{\"type\":\"touch\"")
            c.raw(place)
            c.raw(",\"id\":")
            c.integer(Int(truncatingIfNeeded: id))
            c.raw(Phase.encoded[Int(phase.rawValue)])
            c.raw(",\"time\":")
            c.seconds(microseconds: time.microseconds)
            c.raw(TouchType.encoded[Int(touchType.rawValue)])
            location.write(into: &c)
            if let pressure {
                c.raw(",\"pressure\":")
                c.fixed(pressure, decimals: 4)
            }
            if let majorMillimetres {
                c.raw(",\"major_mm\":")
                c.fixed(majorMillimetres, decimals: 3)
            }
            if let contactClass {
                c.raw(",\"class\":")
                c.string(contactClass)
            }
            c.raw("}\n")
        }
    }

    init(_ r: FieldReader) throws(RequestError) {
        self.init(
            place: try Place(r), id: UInt64(bitPattern: Int64(try r.integer("id"))), phase: try r.choice("phase"), time: try DaemonTime(r, "time"),
            touchType: try r.choice("touch_type"), location: try SurfaceLocation(r), pressure: try r.optionalNumber("pressure"),
            majorMillimetres: try r.optionalNumber("major_mm"), contactClass: try r.optionalString("class"))
    }
}
