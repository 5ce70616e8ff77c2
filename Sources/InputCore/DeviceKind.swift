import GestureEngine

/// What kind of touch surface a device is.
public enum DeviceKind: String, Sendable, CaseIterable {
    /// Direct touch: the touch is where the finger is on a screen.
    case touchscreen
    /// Indirect: a finger moves a pointer.
    case touchpad
    /// A pen tablet.
    case tablet
    /// Not a touch surface gestured uses.
    case other

    /// udev's classification (ID_INPUT_TOUCHSCREEN, ID_INPUT_TOUCHPAD, ID_INPUT_TABLET) when the udev database
    /// has it, else the device's own capabilities (no udev daemon, as in a small VM or a container).
    public static func classify(_ device: DeviceDescription, udevProperties: [String: String] = [:]) -> DeviceKind {
        if udevProperties["ID_INPUT_TOUCHSCREEN"] == "1" { return .touchscreen }
        if udevProperties["ID_INPUT_TOUCHPAD"] == "1" { return .touchpad }
        if udevProperties["ID_INPUT_TABLET"] == "1" { return .tablet }
        guard device.positionAxes != nil, device.axes[AbsCode.x] != nil || device.isMultitouch else { return .other }
        let finger = device.has(EventType.key, KeyCode.toolFinger)
        let pen = device.has(EventType.key, KeyCode.toolPen)
        let touch = device.has(EventType.key, KeyCode.touch)
        if pen, !finger { return .tablet }
        if device.properties.contains(InputProperty.direct) { return .touchscreen }
        if device.properties.contains(InputProperty.pointer) || device.properties.contains(InputProperty.buttonPad) {
            return .touchpad
        }
        if finger { return .touchpad }
        // Older touchscreen drivers set no properties: positions and BTN_TOUCH, no tool buttons.
        if touch || device.isMultitouch { return .touchscreen }
        return .other
    }
}

extension DeviceKind {
    /// What a finger on this kind of surface is to the engine.
    public var touchType: TouchType {
        switch self {
        case .touchscreen, .other: .direct
        case .touchpad: .indirect
        case .tablet: .stylus
        }
    }
}
