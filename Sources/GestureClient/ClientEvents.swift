import Foundation

/// Where on a device surface something happened, in every unit the daemon gives.
public struct SurfaceLocation: Sendable, Equatable {
    /// Millimetres from the surface's top left corner, as the user sees it (after the device's rotation).
    public var millimetres: (x: Double, y: Double)
    /// 0...1 across the surface.
    public var normalized: (x: Double, y: Double)
    /// Pixels of the device's configured output, when it has one (`output_px`).
    public var pixels: (x: Double, y: Double)?

    public init(millimetres: (x: Double, y: Double), normalized: (x: Double, y: Double), pixels: (x: Double, y: Double)? = nil) {
        self.millimetres = millimetres
        self.normalized = normalized
        self.pixels = pixels
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.millimetres == b.millimetres && a.normalized == b.normalized && a.pixels?.x == b.pixels?.x && a.pixels?.y == b.pixels?.y
    }
}

/// A recognizer's action: it began, changed, ended (was recognized), failed or was cancelled.
public struct GestureEvent: Sendable, Equatable {
    public enum State: String, Sendable { case began, changed, ended, cancelled, failed }

    public var recognizer: String
    /// The configured kind (`tap`, `pan`, `edge-pan`, ...).
    public var kind: String
    public var state: State
    /// The `[[device]]` entry's name and the event node.
    public var device: String
    public var node: String
    public var region: String
    /// Seconds on the daemon's monotonic clock.
    public var time: Double
    public var touches: Int
    /// Nil where the daemon does not show this connection positions (docs/protocol.md, Who sees what); `values`
    /// then hold nothing that gives one away, and `words` a swipe's direction or an edge.
    public var location: SurfaceLocation?
    /// `client N` for a recognizer a connection added; nil for a configured one.
    public var owner: String?
    /// The kind's values: `taps`, `translation_mm` and `velocity_mm_s` pairs flattened as `translation_x_mm`...
    /// exactly as the daemon names them (docs/protocol.md, gesture).
    public var values: [String: Double]
    /// Values that are words (a swipe's `direction`, an edge pan's `edge`).
    public var words: [String: String]

    public init(
        recognizer: String, kind: String, state: State, device: String, node: String, region: String, time: Double, touches: Int,
        location: SurfaceLocation?, values: [String: Double] = [:], words: [String: String] = [:], owner: String? = nil
    ) {
        self.owner = owner
        self.recognizer = recognizer
        self.kind = kind
        self.state = state
        self.device = device
        self.node = node
        self.region = region
        self.time = time
        self.touches = touches
        self.location = location
        self.values = values
        self.words = words
    }
}

/// A raw touch delivered to a region (for clients allowed raw touches).
public struct TouchEvent: Sendable, Equatable {
    public enum Phase: String, Sendable { case began, moved, stationary, ended, cancelled }

    public var device: String
    public var node: String
    public var region: String
    public var id: UInt64
    public var phase: Phase
    public var time: Double
    /// `direct` (a touchscreen) or `indirect` (a touchpad).
    public var touchType: String
    public var location: SurfaceLocation
    public var majorMillimetres: Double?
    public var pressure: Double?
    /// Set for contacts touch conditioning kept from the recognizers: `palm`, `thumb`, `click`.
    public var contactClass: String?
}

/// A touch device the daemon serves.
public struct DeviceEvent: Sendable, Equatable {
    public var name: String
    public var node: String
    public var deviceName: String
    public var kind: String
    public var sizeMillimetres: (width: Double, height: Double)
    public var rotation: Int

    public static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.node == b.node && a.deviceName == b.deviceName && a.kind == b.kind && a.sizeMillimetres == b.sizeMillimetres
            && a.rotation == b.rotation
    }
}

/// What a subscription brings, typed.
public enum ClientEvent: Sendable, Equatable {
    case gesture(GestureEvent)
    case touch(TouchEvent)
    case deviceAdded(DeviceEvent)
    case deviceRemoved(name: String, node: String, time: Double)
    case configReloaded(file: String, recognizers: Int)
    case configRejected(file: String, errors: [String])
    /// Something the daemon tells unprompted (`dropped_after_reload`, `region_not_placed`).
    case notice(GestureClientError)
}

extension ClientEvent {
    /// The event a line of the daemon's carries; nil for a line that is not an event (a reply).
    init?(_ m: [String: Any]) throws(GestureClientError) {
        let r = FieldReader(m)
        switch m["type"] as? String {
        case "gesture":
            var values: [String: Double] = [:], words: [String: String] = [:]
            for (key, value) in m["values"] as? [String: Any] ?? [:] {
                if let number = FieldReader.double(value) {
                    values[key] = number
                } else if let pair = FieldReader.pair(value) {
                    values[key + "_x"] = pair.0
                    values[key + "_y"] = pair.1
                } else if let word = value as? String {
                    words[key] = word
                }
            }
            self = .gesture(
                GestureEvent(
                    recognizer: try r.string("recognizer"), kind: try r.string("kind"), state: try r.choice("state"), device: try r.string("device"),
                    node: try r.string("node"), region: try r.string("region"), time: try r.number("time"), touches: Int(try r.number("touches")),
                    location: m["location"] == nil ? nil : try r.location(), values: values, words: words, owner: m["owner"] as? String))
        case "touch":
            self = .touch(
                TouchEvent(
                    device: try r.string("device"), node: try r.string("node"), region: try r.string("region"), id: UInt64(try r.number("id")),
                    phase: try r.choice("phase"), time: try r.number("time"), touchType: try r.string("touch_type"), location: try r.location(),
                    majorMillimetres: FieldReader.double(m["major_mm"]), pressure: FieldReader.double(m["pressure"]), contactClass: m["class"] as? String))
        case "device_added":
            guard let d = m["device"] as? [String: Any] else { throw GestureClientError.malformed("device_added without its device", m) }
            let dr = FieldReader(d)
            let size = try dr.pair("size_mm")
            self = .deviceAdded(
                DeviceEvent(
                    name: try dr.string("name"), node: try dr.string("node"), deviceName: try dr.string("device_name"), kind: try dr.string("kind"),
                    sizeMillimetres: (size.0, size.1), rotation: Int(try dr.number("rotation"))))
        case "device_removed":
            self = .deviceRemoved(name: try r.string("device"), node: try r.string("node"), time: try r.number("time"))
        case "config_reloaded":
            self = .configReloaded(file: try r.string("file"), recognizers: Int(try r.number("recognizers")))
        case "config_rejected":
            self = .configRejected(file: try r.string("file"), errors: m["errors"] as? [String] ?? [])
        case "error" where m["id"] == nil:
            self = .notice(GestureClientError(code: m["code"] as? String ?? "error", message: m["message"] as? String ?? ""))
        default:
            return nil
        }
    }
}

/// Typed fields of a decoded line; a missing or mistyped one is a malformed line.
struct FieldReader {
    let m: [String: Any]
    init(_ m: [String: Any]) { self.m = m }

    func string(_ key: String) throws(GestureClientError) -> String {
        guard let s = m[key] as? String else { throw GestureClientError.malformed("no string '\(key)'", m) }
        return s
    }

    func number(_ key: String) throws(GestureClientError) -> Double {
        guard let n = Self.double(m[key]) else { throw GestureClientError.malformed("no number '\(key)'", m) }
        return n
    }

    func pair(_ key: String) throws(GestureClientError) -> (Double, Double) {
        guard let p = Self.pair(m[key]) else { throw GestureClientError.malformed("no pair '\(key)'", m) }
        return p
    }

    /// A JSON number, whether the parser made it an integer or not.
    static func double(_ value: Any?) -> Double? {
        switch value {
        case let d as Double: d
        case let i as Int: Double(i)
        case let n as NSNumber where !(n is Bool): n.doubleValue
        default: nil
        }
    }

    static func pair(_ value: Any?) -> (Double, Double)? {
        guard let items = value as? [Any], items.count == 2, let a = double(items[0]), let b = double(items[1]) else { return nil }
        return (a, b)
    }

    func choice<T: RawRepresentable<String>>(_ key: String) throws(GestureClientError) -> T {
        guard let value = T(rawValue: try string(key)) else { throw GestureClientError.malformed("unknown '\(key)'", m) }
        return value
    }

    func location() throws(GestureClientError) -> SurfaceLocation {
        guard let l = m["location"] as? [String: Any] else { throw GestureClientError.malformed("no location", m) }
        let r = FieldReader(l)
        let px = l["px"] != nil ? try r.pair("px") : nil
        return SurfaceLocation(millimetres: try r.pair("mm"), normalized: try r.pair("normalized"), pixels: px)
    }
}
