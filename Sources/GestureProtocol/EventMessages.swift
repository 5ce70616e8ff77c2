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

/// The lines the daemon sends without being asked (see docs/protocol.md for each).
public enum EventMessage {
    /// A recognizer's action: `kind` is its configured kind, the engine's values follow under "values".
    public static func gesture(
        _ action: GestureAction, kind: String, device: String, node: String, at location: SurfaceLocation
    ) -> [UInt8] {
        // Room for the longest usual line: growing the array was one more allocation and copy per line.
        var w = JSONWriter(capacity: 512)
        w.beginObject()
        w.field("type", "gesture")
        w.field("recognizer", action.recognizer)
        w.field("kind", kind)
        w.field("state", action.state.description)
        w.field("device", device)
        w.field("node", node)
        w.field("region", action.region)
        w.field("time", microseconds: action.time.nanoseconds / 1000)
        w.field("touches", action.numberOfTouches)
        write(location, into: &w)
        w.beginObject("values")
        values(action.detail, into: &w)
        w.endObject()
        w.endObject()
        return w.line()
    }

    /// A raw touch delivered to a region, with the phase the region gets (rules V1-V5); or, with `contactClass`, a
    /// contact touch conditioning held back from the recognizers (a palm, a resting thumb, a finger on a click).
    public static func touch(
        _ delivery: TouchDelivery, device: String, node: String, at location: SurfaceLocation, contactClass: String? = nil
    ) -> [UInt8] {
        var w = JSONWriter(capacity: 512)
        w.beginObject()
        w.field("type", "touch")
        w.field("device", device)
        w.field("node", node)
        w.field("region", delivery.region)
        w.field("id", Int(truncatingIfNeeded: delivery.touch.id))
        w.field("phase", delivery.phase.description)
        w.field("time", microseconds: delivery.time.nanoseconds / 1000)
        w.field("touch_type", delivery.touch.type.description)
        write(location, into: &w)
        if let pressure = delivery.touch.pressure { w.field("pressure", pressure, decimals: 4) }
        if let radius = delivery.touch.majorRadius { w.field("major_mm", radius, decimals: 3) }
        if let contactClass { w.field("class", contactClass) }
        w.endObject()
        return w.line()
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
    private static func write(_ location: SurfaceLocation, into w: inout JSONWriter) {
        w.beginObject("location")
        w.field("mm", location.millimetres.x, location.millimetres.y, decimals: 3)
        w.field("normalized", location.normalized.x, location.normalized.y, decimals: 6)
        if let px = location.pixels { w.field("px", px.x, px.y, decimals: 2) }
        w.endObject()
    }

    private static func values(_ detail: GestureDetail, into w: inout JSONWriter) {
        switch detail {
        case .none:
            break
        case .tap(let taps):
            w.field("taps", taps)
        case .pan(let translation, let velocity):
            w.field("translation_mm", translation.x, translation.y, decimals: 3)
            w.field("velocity_mm_s", velocity.x, velocity.y, decimals: 3)
        case .swipe(let direction):
            w.field("direction", direction.description)
        case .pinch(let scale, let velocity):
            w.field("scale", scale, decimals: 6)
            w.field("velocity", velocity, decimals: 6)
        case .rotation(let rotation, let velocity):
            w.field("rotation_rad", rotation, decimals: 6)
            w.field("velocity_rad_s", velocity, decimals: 6)
        case .edgePan(let edge, let translation, let velocity):
            w.field("edge", edge.description)
            w.field("translation_mm", translation.x, translation.y, decimals: 3)
            w.field("velocity_mm_s", velocity.x, velocity.y, decimals: 3)
        case .custom(let values):
            for key in values.keys.sorted() { w.field(named: key, values[key]!) }
        }
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
