import InputCore

// Here rather than beside the facts: InputCore knows no conditioning, and the settings the facts size are this
// module's.
extension DeviceFacts {
    /// Touch conditioning with what is known of the device: palm thresholds in the stage's units (a fraction
    /// of the pressure axis, millimetres of contact). `description` is the corrected one, `geometry` its size.
    public func apply(to settings: inout TouchConditioning, description: DeviceDescription, geometry: SurfaceGeometry) {
        if let palmPressure, let axis = description.axes[AbsCode.mtPressure] ?? description.axes[AbsCode.pressure],
            axis.maximum > axis.minimum
        {
            let raw: Double?
            switch palmPressure {
            case .raw(let value): raw = Double(value)
            case .contactArea(let area):
                raw = pressureCalibration.flatMap { $0.slope > 0 ? (area - $0.offset) / $0.slope : nil }
            }
            if let raw {
                settings.palmPressure = min(max((raw - Double(axis.minimum)) / (Double(axis.maximum) - Double(axis.minimum)), 0), 1)
            }
        }
        if let palmSize { settings.palmSize = geometry.millimetres(length: palmSize) }
        if edgePalms == false { settings.palmEdge = nil }
        settings.boxCorners = description.properties.contains(InputProperty.semiMT)
    }
}
