/// Two numbers written `[x, y]`: a position or a motion, in millimetres, fractions of the surface or pixels.
public struct Pair: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// A size written `[width, height]`.
public struct Extent: Sendable, Equatable {
    public var width: Double
    public var height: Double

    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }
}

/// Where on a device surface something happened, in every unit the daemon gives.
public struct SurfaceLocation: Sendable, Equatable {
    /// Millimetres from the surface's top left corner, as the user sees it (after the device's rotation).
    public var millimetres: Pair
    /// 0...1 across the (rotated) surface.
    public var normalized: Pair
    /// Pixels of the device's configured output, when it has one (`output_px`).
    public var pixels: Pair?

    public init(millimetres: Pair, normalized: Pair, pixels: Pair? = nil) {
        self.millimetres = millimetres
        self.normalized = normalized
        self.pixels = pixels
    }

    /// Values are rounded to what can matter (a micrometre, a millionth of the surface, a hundredth of a pixel),
    /// so lines stay short.
    func write(into c: inout LineCursor) {
        c.raw(",\"location\":{\"mm\":[")
        c.pair(millimetres, decimals: 3)
        c.raw("],\"normalized\":[")
        c.pair(normalized, decimals: 6)
        if let pixels {
            c.raw("],\"px\":[")
            c.pair(pixels, decimals: 2)
        }
        c.raw("]}")
    }

    init(_ r: FieldReader) throws(RequestError) {
        let l = try r.reader("location")
        self.init(millimetres: try l.pair("mm"), normalized: try l.pair("normalized"), pixels: try l.optionalPair("px"))
    }
}

/// A time on the daemon's monotonic clock, to the microsecond (the kernel's resolution), written as seconds.
public struct DaemonTime: Sendable, Equatable, Comparable, Hashable {
    public var microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }

    public var seconds: Double { Double(microseconds) / 1e6 }

    public static func < (a: Self, b: Self) -> Bool { a.microseconds < b.microseconds }

    init(_ r: FieldReader, _ key: String) throws(RequestError) {
        let seconds = try r.number(key)
        guard let time = DaemonTime(seconds: seconds) else { throw r.malformed("\(key) in \(r.request) is out of range: \(seconds) s") }
        self = time
    }

    /// Seconds to the nearest microsecond; nil beyond 2^63 microseconds (292,000 years), where no daemon's clock
    /// goes: a line that says so is not the daemon's.
    init?(seconds: Double) {
        let micro = (seconds * 1e6).rounded()
        guard micro.magnitude < 9.2e18 else { return nil }
        microseconds = Int64(micro)
    }
}
