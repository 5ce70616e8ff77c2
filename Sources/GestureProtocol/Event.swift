/// The lines the daemon sends without being asked (docs/protocol.md, Events).
public enum Event: Sendable, Equatable {
    case gesture(GestureEvent)
    case touch(TouchEvent)
    case deviceAdded(DeviceSummary)
    case deviceRemoved(device: String, node: String, time: DaemonTime)
    case configReloaded(file: String, recognizers: Int)
    /// A reload that was refused: the running configuration stays.
    case configRejected(file: String, errors: [String])
    /// An error without a request's id: something the daemon tells unprompted (`dropped_after_reload`,
    /// `region_not_placed`, `too_many_clients`).
    case notice(RequestError)

    public static let types = ["gesture", "touch", "device_added", "device_removed", "config_reloaded", "config_rejected", "error"]

    /// The line, with its newline.
    public func line() -> [UInt8] {
        var w = JSONWriter()
        switch self {
        case .gesture(let g):
            g.encode(into: &w)
            return w.written
        case .touch(let t):
            t.encode(into: &w)
            return w.written
        case .deviceAdded(let device):
            w.beginObject()
            w.field("type", "device_added")
            w.beginObject("device")
            device.write(into: &w)
            w.endObject()
        case .deviceRemoved(let device, let node, let time):
            w.beginObject()
            w.field("type", "device_removed")
            w.field("device", device)
            w.field("node", node)
            w.field("time", microseconds: time.microseconds)
        case .configReloaded(let file, let recognizers):
            w.beginObject()
            w.field("type", "config_reloaded")
            w.field("file", file)
            w.field("recognizers", recognizers)
        case .configRejected(let file, let errors):
            w.beginObject()
            w.field("type", "config_rejected")
            w.field("file", file)
            w.field("errors", strings: errors)
        case .notice(let error):
            return Reply.error(error).line(id: nil)
        }
        w.endObject()
        return w.line()
    }

    init?(type: String, _ r: FieldReader) throws(RequestError) {
        switch type {
        case "gesture": self = .gesture(try GestureEvent(r))
        case "touch": self = .touch(try TouchEvent(r))
        case "device_added": self = .deviceAdded(try DeviceSummary(try r.reader("device")))
        case "device_removed": self = .deviceRemoved(device: try r.string("device"), node: try r.string("node"), time: try DaemonTime(r, "time"))
        case "config_reloaded": self = .configReloaded(file: try r.string("file"), recognizers: try r.integer("recognizers"))
        case "config_rejected": self = .configRejected(file: try r.string("file"), errors: try r.strings("errors"))
        default: return nil
        }
    }
}

/// A device as clients see it, in list_devices and device_added.
public struct DeviceSummary: Sendable, Equatable {
    /// The `[[device]]` entry's name, and the event node.
    public var name: String
    public var node: String
    /// The kernel's name of the device.
    public var deviceName: String
    /// `touchscreen`, `touchpad`, `tablet`.
    public var kind: String
    public var sizeMillimetres: Extent
    /// Where the size comes from (`resolution`, `configuration`, `device database`, ...).
    public var sizeSource: String
    /// Degrees clockwise: 0, 90, 180, 270.
    public var rotation: Int
    public var outputPixels: Extent?

    public init(
        name: String, node: String, deviceName: String, kind: String, sizeMillimetres: Extent, sizeSource: String, rotation: Int,
        outputPixels: Extent? = nil
    ) {
        self.name = name
        self.node = node
        self.deviceName = deviceName
        self.kind = kind
        self.sizeMillimetres = sizeMillimetres
        self.sizeSource = sizeSource
        self.rotation = rotation
        self.outputPixels = outputPixels
    }

    func write(into w: inout JSONWriter) {
        w.field("name", name)
        w.field("node", node)
        w.field("device_name", deviceName)
        w.field("kind", kind)
        w.field("size_mm", sizeMillimetres.width, sizeMillimetres.height)
        w.field("size_source", sizeSource)
        w.field("rotation", rotation)
        if let px = outputPixels { w.field("output_px", px.width, px.height) }
    }

    init(_ r: FieldReader) throws(RequestError) {
        let size = try r.pair("size_mm")
        self.init(
            name: try r.string("name"), node: try r.string("node"), deviceName: try r.string("device_name"), kind: try r.string("kind"),
            sizeMillimetres: Extent(size.x, size.y), sizeSource: try r.string("size_source"), rotation: try r.integer("rotation"),
            outputPixels: try r.optionalPair("output_px").map { Extent($0.x, $0.y) })
    }
}
