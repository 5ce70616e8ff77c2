import GestureEngine

/// Where something happened on a surface, in every unit a subscriber may want.
public struct SurfaceLocation: Sendable {
    public var millimetres: Point
    /// 0...1 over the (rotated) surface.
    public var normalized: Point
    /// Pixels of the configured output, when the device has one.
    public var pixels: Point?

    public init(millimetres: Point, normalized: Point, pixels: Point?) {
        self.millimetres = millimetres
        self.normalized = normalized
        self.pixels = pixels
    }
}

/// A piece of an event line encoded once and written as it is into many lines (`LineCursor.raw`): the names an
/// event line repeats (a recognizer's, a device's, a region's; a state), which cost more to quote and escape each
/// time than the rest of the line.
public struct EncodedFields: Sendable {
    let bytes: [UInt8]

    /// `opening` (JSON text), then the fields `write` puts into an empty writer, commas between them.
    public init(_ opening: StaticString, _ write: (inout JSONWriter) -> Void) {
        var w = JSONWriter(capacity: 128)
        w.write(maximum: opening.utf8CodeUnitCount) { $0.raw(opening) }
        write(&w)
        bytes = w.written
    }
}

/// The lines the daemon sends without being asked (see docs/protocol.md for each).
public enum EventMessage {
    /// A recognizer's action, into `w` (reset first): `names` opens it (`gestureNames`), `place` says where
    /// (`place`), both encoded once for every line of the recognizer on the device; the engine's values follow
    /// under "values". Keys in the order of docs/protocol.md, written as fixed pieces (LineCursor). Without
    /// `positions` (docs/protocol.md, Who sees what), the line says where nothing is: no location, and of the
    /// values only those that carry no position (a tap's count, a swipe's direction, an edge).
    public static func gesture(
        _ action: GestureAction, names: EncodedFields, place: EncodedFields, at location: SurfaceLocation, positions: Bool = true,
        into w: inout JSONWriter
    ) {
        w.reset()
        // Pieces of text and the two encoded parts, twelve numbers at most, and what the values hold.
        let room = names.bytes.count + place.bytes.count + 256 + 12 * JSONText.numberBytes + valuesRoom(action.detail)
        w.write(maximum: room) { c in
            c.raw(names)
            c.raw(states[Int(action.state.rawValue)])
            c.raw(place)
            c.raw(",\"time\":")
            c.seconds(microseconds: action.time.nanoseconds / 1000)
            c.raw(",\"touches\":")
            c.integer(action.numberOfTouches)
            if positions {
                write(location, into: &c)
                c.raw(",\"values\":{")
            } else {
                c.raw(",\"positions\":false,\"values\":{")
            }
            values(action.detail, positions: positions, into: &c)
            c.raw("}}\n")
        }
    }

    /// `{"type":"gesture","recognizer":…,"kind":…`: what opens a recognizer's action lines; `owner` for a
    /// recognizer a connection added (`client N`), which no configuration binds.
    public static func gestureNames(recognizer: String, kind: String, owner: String? = nil) -> EncodedFields {
        EncodedFields("{") {
            $0.field("type", "gesture")
            $0.field("recognizer", recognizer)
            $0.field("kind", kind)
            if let owner { $0.field("owner", owner) }
        }
    }

    /// `,"device":…,"node":…,"region":…`: where a line's event happened.
    public static func place(device: String, node: String, region: String) -> EncodedFields {
        EncodedFields(",") {
            $0.field("device", device)
            $0.field("node", node)
            $0.field("region", region)
        }
    }

    /// `,"state":…` for each state, `,"phase":…` for each phase, `,"touch_type":…` for each type, by raw value.
    private static let states = GestureState.allCases.map { state in EncodedFields(",") { $0.field("state", state.description) } }
    private static let phases = TouchPhase.allCases.map { phase in EncodedFields(",") { $0.field("phase", phase.description) } }
    private static let touchTypes = TouchType.allCases.map { type in EncodedFields(",") { $0.field("touch_type", type.description) } }

    /// A raw touch delivered to a region, with the phase the region gets (rules V1-V5), into `w` (reset first);
    /// `place` is `place(device:node:region:)` of the delivery's region. With `contactClass`, a contact touch
    /// conditioning held back from the recognizers (a palm, a resting thumb, a finger on a click).
    public static func touch(
        _ delivery: TouchDelivery, place: EncodedFields, at location: SurfaceLocation, contactClass: String? = nil, into w: inout JSONWriter
    ) {
        w.reset()
        // Pieces of text and the encoded place, ten numbers at most, and the class.
        let room = place.bytes.count + 256 + 10 * JSONText.numberBytes + (contactClass.map { JSONText.quotedBytes($0.utf8.count) } ?? 0)
        w.write(maximum: room) { c in
            c.raw("{\"type\":\"touch\"")
            c.raw(place)
            c.raw(",\"id\":")
            c.integer(Int(truncatingIfNeeded: delivery.touch.id))
            c.raw(phases[Int(delivery.phase.rawValue)])
            c.raw(",\"time\":")
            c.seconds(microseconds: delivery.time.nanoseconds / 1000)
            c.raw(touchTypes[Int(delivery.touch.type.rawValue)])
            write(location, into: &c)
            if let pressure = delivery.touch.pressure {
                c.raw(",\"pressure\":")
                c.fixed(pressure, decimals: 4)
            }
            if let radius = delivery.touch.majorRadius {
                c.raw(",\"major_mm\":")
                c.fixed(radius, decimals: 3)
            }
            if let contactClass {
                c.raw(",\"class\":")
                c.string(contactClass)
            }
            c.raw("}\n")
        }
    }

    public static func deviceAdded(_ device: DeviceSummary) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.field("type", "device_added")
        w.beginObject("device")
        device.write(into: &w)
        w.endObject()
        w.endObject()
        return w.line()
    }

    public static func deviceRemoved(name: String, node: String, time: Timestamp) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.field("type", "device_removed")
        w.field("device", name)
        w.field("node", node)
        w.field("time", microseconds: time.nanoseconds / 1000)
        w.endObject()
        return w.line()
    }

    public static func configReloaded(file: String, recognizers: Int) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.field("type", "config_reloaded")
        w.field("file", file)
        w.field("recognizers", recognizers)
        w.endObject()
        return w.line()
    }

    /// A reload that was refused: the running configuration stays.
    public static func configRejected(file: String, errors: [String]) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.field("type", "config_rejected")
        w.field("file", file)
        w.field("errors", strings: errors)
        w.endObject()
        return w.line()
    }

    /// Values are rounded to what can matter (a micrometre, a millionth of the surface), so lines stay short;
    /// times are to the microsecond, the kernel's resolution.
    private static func write(_ location: SurfaceLocation, into c: inout LineCursor) {
        c.raw(",\"location\":{\"mm\":[")
        pair(location.millimetres, decimals: 3, into: &c)
        c.raw("],\"normalized\":[")
        pair(location.normalized, decimals: 6, into: &c)
        if let px = location.pixels {
            c.raw("],\"px\":[")
            pair(px, decimals: 2, into: &c)
        }
        c.raw("]}")
    }

    private static func pair(_ p: Point, decimals: Int, into c: inout LineCursor) {
        c.fixed(p.x, decimals: decimals)
        c.raw(",")
        c.fixed(p.y, decimals: decimals)
    }

    /// Room for what `values` writes beyond its numbers (four at most, counted by the line): the strings it quotes.
    private static func valuesRoom(_ detail: GestureDetail) -> Int {
        switch detail {
        case .swipe(let direction): JSONText.quotedBytes(direction.description.utf8.count)
        case .edgePan(let edge, _, _): JSONText.quotedBytes(edge.description.utf8.count)
        case .custom(let values): values.keys.reduce(0) { $0 + JSONText.quotedBytes($1.utf8.count) + JSONText.numberBytes + 2 }
        default: 0
        }
    }

    /// The fields inside "values"; without `positions`, only those that give no position away.
    private static func values(_ detail: GestureDetail, positions: Bool, into c: inout LineCursor) {
        switch detail {
        case .none:
            break
        case .tap(let taps):
            c.raw("\"taps\":")
            c.integer(taps)
        case .pan(let translation, let velocity):
            if positions { motion(translation, velocity, into: &c) }
        case .swipe(let direction):
            c.raw("\"direction\":")
            c.string(direction.description)
        case .pinch(let scale, let velocity):
            guard positions else { break }
            c.raw("\"scale\":")
            c.fixed(scale, decimals: 6)
            c.raw(",\"velocity\":")
            c.fixed(velocity, decimals: 6)
        case .rotation(let rotation, let velocity):
            guard positions else { break }
            c.raw("\"rotation_rad\":")
            c.fixed(rotation, decimals: 6)
            c.raw(",\"velocity_rad_s\":")
            c.fixed(velocity, decimals: 6)
        case .edgePan(let edge, let translation, let velocity):
            c.raw("\"edge\":")
            c.string(edge.description)
            guard positions else { break }
            c.raw(",")
            motion(translation, velocity, into: &c)
        case .custom(let values):
            guard positions else { break }
            for (index, key) in values.keys.sorted().enumerated() {
                if index > 0 { c.raw(",") }
                c.string(key)
                c.raw(":")
                c.number(values[key]!)
            }
        }
    }

    /// `"translation_mm":[x,y],"velocity_mm_s":[x,y]`.
    private static func motion(_ translation: Point, _ velocity: Point, into c: inout LineCursor) {
        c.raw("\"translation_mm\":[")
        pair(translation, decimals: 3, into: &c)
        c.raw("],\"velocity_mm_s\":[")
        pair(velocity, decimals: 3, into: &c)
        c.raw("]")
    }
}

/// A device as clients see it, in list_devices and device_added.
public struct DeviceSummary: Sendable {
    public var name: String
    public var node: String
    public var deviceName: String
    public var kind: String
    public var sizeMillimetres: Size
    public var sizeSource: String
    public var rotation: Int
    public var outputPixels: Size?

    public init(name: String, node: String, deviceName: String, kind: String, sizeMillimetres: Size, sizeSource: String, rotation: Int, outputPixels: Size?) {
        self.name = name
        self.node = node
        self.deviceName = deviceName
        self.kind = kind
        self.sizeMillimetres = sizeMillimetres
        self.sizeSource = sizeSource
        self.rotation = rotation
        self.outputPixels = outputPixels
    }

    public func write(into w: inout JSONWriter) {
        w.field("name", name)
        w.field("node", node)
        w.field("device_name", deviceName)
        w.field("kind", kind)
        w.field("size_mm", sizeMillimetres.width, sizeMillimetres.height)
        w.field("size_source", sizeSource)
        w.field("rotation", rotation)
        if let px = outputPixels { w.field("output_px", px.width, px.height) }
    }
}

/// Replies to requests: the reply's type, the request's id, then the caller's fields.
public struct Reply {
    public var writer = JSONWriter()

    public init(_ type: String, id: RequestID?) {
        writer.beginObject()
        writer.field("type", type)
        switch id {
        case .number(let n)?: writer.field("id", n)
        case .string(let s)?: writer.field("id", s)
        case nil: break
        }
    }

    public static func error(_ error: RequestError, id: RequestID?) -> [UInt8] {
        var r = Reply("error", id: id)
        r.writer.field("code", error.code)
        r.writer.field("message", error.message)
        return r.line()
    }

    public mutating func line() -> [UInt8] {
        writer.endObject()
        return writer.line()
    }
}
