import GestureEngine

/// Turns device units into millimetres on the surface.
public struct SurfaceGeometry: Hashable, Sendable {
    public var x: AbsInfo
    public var y: AbsInfo
    /// The surface in millimetres.
    public var size: Size
    /// Where the size came from.
    public var source: Source

    public enum Source: String, Sendable {
        /// The axes' resolution.
        case resolution
        /// A guess: the device reports no resolution and the configuration gives no size.
        case estimated
    }

    /// The width assumed for a surface of unknown size: a common 11.6" to 13.3" screen. Only the aspect ratio
    /// of the axis ranges is known, and many touchscreens use the same range on both axes, so a square range
    /// is taken as 16:9.
    public static let estimatedWidth = 260.0

    public init(x: AbsInfo, y: AbsInfo) {
        self.x = x
        self.y = y
        let rangeX = Double(x.maximum) - Double(x.minimum)
        let rangeY = Double(y.maximum) - Double(y.minimum)
        if x.resolution > 0, y.resolution > 0 {
            size = Size(width: rangeX / Double(x.resolution), height: rangeY / Double(y.resolution))
            source = .resolution
        } else {
            let aspect = rangeX > 0 && rangeY > 0 && rangeX != rangeY ? rangeY / rangeX : 9.0 / 16.0
            size = Size(width: Self.estimatedWidth, height: Self.estimatedWidth * aspect)
            source = .estimated
        }
    }

    public func millimetres(x vx: Int32, y vy: Int32) -> Point {
        Point(x: Self.scale(vx, x, size.width), y: Self.scale(vy, y, size.height))
    }

    private static func scale(_ value: Int32, _ axis: AbsInfo, _ length: Double) -> Double {
        // In Double: a device may declare axes spanning all of Int32, where Int32 arithmetic would trap.
        let range = Double(axis.maximum) - Double(axis.minimum)
        guard range > 0 else { return 0 }
        return (Double(value) - Double(axis.minimum)) / range * length
    }

    /// A length along the x axis (touch size) in millimetres.
    public func millimetres(length: Int32) -> Double {
        let range = Double(x.maximum) - Double(x.minimum)
        return range > 0 ? Double(length) / range * size.width : 0
    }
}
