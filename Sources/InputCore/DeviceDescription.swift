/// One absolute axis (struct input_absinfo). Resolution is in units per millimetre (0: unknown).
public struct AbsInfo: Hashable, Sendable {
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    public var resolution: Int32

    public init(value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}

/// What a device is, as the kernel describes it: name, ids, properties, the event codes it can send and
/// its absolute axes. Live devices fill it from libevdev, recordings from their header.
public struct DeviceDescription: Hashable, Sendable {
    public var name: String
    public var bus: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16
    public var properties: Set<UInt16>
    /// Event codes by event type, absolute axes aside (they are in `axes`).
    public var codes: [UInt16: Set<UInt16>]
    public var axes: [UInt16: AbsInfo]

    public init(
        name: String, bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0,
        properties: Set<UInt16> = [], codes: [UInt16: Set<UInt16>] = [:], axes: [UInt16: AbsInfo] = [:]
    ) {
        self.name = name
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
        self.properties = properties
        self.codes = codes
        self.axes = axes
    }

    public func has(_ type: UInt16, _ code: UInt16) -> Bool {
        if type == EventType.abs, axes[code] != nil { return true }
        return codes[type]?.contains(code) ?? false
    }

    /// Multitouch protocol B: the device has slots.
    public var hasSlots: Bool { axes[AbsCode.mtSlot] != nil }

    public var slotCount: Int {
        guard let slot = axes[AbsCode.mtSlot] else { return 0 }
        return Int(slot.maximum) + 1
    }

    /// Multitouch positions, with or without slots.
    public var isMultitouch: Bool { axes[AbsCode.mtPositionX] != nil && axes[AbsCode.mtPositionY] != nil }

    /// The most fingers the device can announce with BTN_TOOL_FINGER ... QUINTTAP.
    public var maximumAnnouncedFingers: Int {
        KeyCode.fingerCounts.filter { has(EventType.key, $0.code) }.map(\.fingers).max() ?? 0
    }

    /// The axes that give positions: the multitouch ones when present, else ABS_X/ABS_Y.
    public var positionAxes: (x: AbsInfo, y: AbsInfo)? {
        if let x = axes[AbsCode.mtPositionX], let y = axes[AbsCode.mtPositionY] { return (x, y) }
        if let x = axes[AbsCode.x], let y = axes[AbsCode.y] { return (x, y) }
        return nil
    }
}
