import GestureConfig
import GestureEngine
import InputCore
import TwinEncoding

/// How one device's touches become its surface's and back: from millimetres as the input layer measured them to
/// the configured size (`size_mm`), then turned by the configured rotation, which is what the engine sees; and
/// from a touch the engine saw to the device's own units, for the pass-through twin. Both directions are one
/// value so that the inverse cannot drift from the way forward. `gestured replay --svg` draws with it too.
public struct SurfaceTransform {
    /// Configured size over measured size, per axis: the input layer measures, the configuration overrides.
    private let scale: Point
    private let rotation: Rotation
    /// The surface in millimetres before rotation (the configured size, else the measured one): what the
    /// rotation turns.
    private let rawSize: Size
    /// The device's position axes and the size the input layer measured on them.
    private let geometry: SurfaceGeometry
    /// The axis pressure came from, as the input layer picks it: the multitouch one, else the single-touch one.
    private let pressureAxis: AbsInfo?
    /// Whether the device reports contact sizes (ABS_MT_TOUCH_MAJOR), which the input layer measured along x.
    private let reportsMajor: Bool

    /// The transform a device's `[[device]]` entry asks for; none (measured size, no rotation) without one.
    public init(info: DeviceInfo, entry: DeviceEntry?) {
        geometry = info.geometry
        rotation = entry?.rotation ?? .none
        rawSize = entry?.size ?? info.geometry.size
        let measured = info.geometry.size
        scale =
            entry?.size.map { configured in
                Point(x: measured.width > 0 ? configured.width / measured.width : 1, y: measured.height > 0 ? configured.height / measured.height : 1)
            } ?? Point(x: 1, y: 1)
        let axes = info.description.axes
        pressureAxis = axes[AbsCode.mtPressure] ?? axes[AbsCode.pressure]
        reportsMajor = axes[AbsCode.mtTouchMajor] != nil
    }

    init(info: DeviceInfo, surface: ConfiguredSurface) { self.init(info: info, entry: surface.entry) }

    /// The surface the engine sees: the configured (else measured) size, turned.
    public var surface: Size { rotation.apply(to: rawSize) }

    // MARK: Device to surface

    /// The touch at the configured size, not yet turned: touch conditioning works on these.
    public func sized(_ touch: Touch) -> Touch {
        var t = touch
        t.location = Point(x: t.location.x * scale.x, y: t.location.y * scale.y)
        t.previousLocation = Point(x: t.previousLocation.x * scale.x, y: t.previousLocation.y * scale.y)
        return t
    }

    /// A frame of sized touches on the surface the engine sees: each location turned with the surface. Inlined:
    /// called on the session's stored transform, it was copied whole for each call (a memcpy a frame).
    @inline(__always)
    public func turned(_ frame: TouchFrame) -> TouchFrame {
        guard rotation != .none else { return frame }
        var turned = frame
        for i in turned.touches.indices {
            turned.touches[i].location = rotation.apply(to: turned.touches[i].location, in: rawSize)
            turned.touches[i].previousLocation = rotation.apply(to: turned.touches[i].previousLocation, in: rawSize)
        }
        return turned
    }

    // MARK: Surface to device

    /// A touch as the device reported it, in its units, from the touch as the engine saw it: rotation, the
    /// configured size and the millimetres undone, so that an untouched stroke reaches the twin as it came.
    func deviceContact(_ touch: Touch) -> TwinEncoder.Contact {
        let unturned = rotation.undo(touch.location, in: rawSize)
        let mm = Point(x: unturned.x / scale.x, y: unturned.y / scale.y)
        var contact = TwinEncoder.Contact(
            x: Self.units(mm.x, of: geometry.size.width, on: geometry.x), y: Self.units(mm.y, of: geometry.size.height, on: geometry.y))
        if let pressure = touch.pressure, let pressureAxis {
            contact.pressure = Self.units(pressure, of: 1, on: pressureAxis)
        }
        if let radius = touch.majorRadius, reportsMajor, geometry.size.width > 0 {
            let range = Double(geometry.x.maximum) - Double(geometry.x.minimum)
            contact.major = Int32(clamping: Int64((radius * 2 / geometry.size.width * range).rounded()))
        }
        return contact
    }

    /// `value` of `length` along an axis, in the axis's units: `SurfaceGeometry.millimetres` undone (pressure is
    /// 0...1 of its axis, a length of 1).
    private static func units(_ value: Double, of length: Double, on axis: AbsInfo) -> Int32 {
        guard length > 0 else { return axis.minimum }
        let range = Double(axis.maximum) - Double(axis.minimum)
        let units = (Double(axis.minimum) + value / length * range).rounded()
        return Int32(clamping: Int64(max(min(units, Double(Int32.max)), Double(Int32.min))))
    }
}
