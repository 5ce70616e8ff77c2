import GestureEngine

/// What is known of one device beyond what it reports: facts from a device database (docs/devices.md), each
/// from a public source, that correct its description and size its touch conditioning (`apply(to:)`, in
/// Conditioning). Nil: not known.
public struct DeviceFacts: Sendable, Equatable {
    /// An axis as it really is, in device units; resolution in units per millimetre (0: the device's own).
    public struct Axis: Sendable, Equatable {
        public var minimum: Int32
        public var maximum: Int32
        public var resolution: Int32

        public init(minimum: Int32, maximum: Int32, resolution: Int32) {
            self.minimum = minimum
            self.maximum = maximum
            self.resolution = resolution
        }
    }

    /// Calibrated pressure = raw pressure x slope + offset, roughly the contact's area in mm² (ChromeOS's
    /// "Pressure Calibration Slope/Offset", fitted per board with probes of known diameter).
    public struct PressureCalibration: Sendable, Equatable {
        public var slope: Double
        public var offset: Double

        public init(slope: Double, offset: Double) {
            self.slope = slope
            self.offset = offset
        }
    }

    /// A palm pressure threshold, in the units its source gives it.
    public enum PalmPressure: Sendable, Equatable {
        /// Device units of the pressure axis (libinput's AttrPalmPressureThreshold).
        case raw(Int32)
        /// Calibrated pressure, about mm² of contact (ChromeOS's "Palm Pressure"); needs `pressureCalibration`.
        case contactArea(Double)
    }

    /// The position axes' true ranges and resolutions (ChromeOS's active area, the kernel driver's resolution).
    public var x: Axis?
    public var y: Axis?
    /// The surface in millimetres, used when the device reports no resolution (libinput's AttrSizeHint).
    public var size: Size?
    public var pressureCalibration: PressureCalibration?
    public var palmPressure: PalmPressure?
    /// Device units of the touch-major axis (libinput's AttrPalmSizeThreshold).
    public var palmSize: Int32?
    /// Whether a contact at a side edge may be a palm (libinput leaves Apple's pads without edge palms).
    public var edgePalms: Bool?
    /// The device reports two fingers as the corners of their bounding box (INPUT_PROP_SEMI_MT), whether or not it
    /// says so: two touchpad fingers there are never a pinch or rotation.
    public var semiMT: Bool?

    public init() {}

    /// Nothing known: the device as it reports itself.
    public static let none = DeviceFacts()

    /// `other`'s facts over these: a later database entry overrides an earlier one, fact by fact.
    public func overridden(by other: DeviceFacts) -> DeviceFacts {
        var merged = self
        if let v = other.x { merged.x = v }
        if let v = other.y { merged.y = v }
        if let v = other.size { merged.size = v }
        if let v = other.pressureCalibration { merged.pressureCalibration = v }
        if let v = other.palmPressure { merged.palmPressure = v }
        if let v = other.palmSize { merged.palmSize = v }
        if let v = other.edgePalms { merged.edgePalms = v }
        if let v = other.semiMT { merged.semiMT = v }
        return merged
    }

    /// The description with its position axes as they really are: the known ranges and resolutions, else a
    /// resolution from the known size where the device reports none.
    public func corrected(_ description: DeviceDescription) -> DeviceDescription {
        var d = description
        if let semiMT {
            if semiMT { d.properties.insert(InputProperty.semiMT) } else { d.properties.remove(InputProperty.semiMT) }
        }
        for (code, known) in [(AbsCode.x, x), (AbsCode.mtPositionX, x), (AbsCode.y, y), (AbsCode.mtPositionY, y)] {
            guard let known, var axis = d.axes[code] else { continue }
            axis.minimum = known.minimum
            axis.maximum = known.maximum
            if known.resolution > 0 { axis.resolution = known.resolution }
            d.axes[code] = axis
        }
        guard let size else { return d }
        for (code, length) in [(AbsCode.x, size.width), (AbsCode.mtPositionX, size.width), (AbsCode.y, size.height), (AbsCode.mtPositionY, size.height)] {
            guard var axis = d.axes[code], axis.resolution <= 0, length > 0 else { continue }
            let range = Double(axis.maximum) - Double(axis.minimum)
            axis.resolution = Int32(clamping: Int64((range / length).rounded()))
            d.axes[code] = axis
        }
        return d
    }
}
