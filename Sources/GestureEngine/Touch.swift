/// Where a touch is in its life, as of one frame.
public enum TouchPhase: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case began, moved, stationary, ended, cancelled

    /// Ended or cancelled: the touch is gone after this frame.
    public var isFinal: Bool { self == .ended || self == .cancelled }

    public var description: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}

/// What touched the surface.
public enum TouchType: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    /// A finger on a touchscreen: the touch is where the finger is.
    case direct
    /// A finger on a touchpad: the surface is not the screen.
    case indirect
    /// A pen or stylus.
    case stylus

    public var description: String {
        switch self {
        case .direct: "direct"
        case .indirect: "indirect"
        case .stylus: "stylus"
        }
    }
}

/// A set of touch types, for `allowedTouchTypes`.
public struct TouchTypes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public init(_ type: TouchType) { rawValue = 1 << type.rawValue }

    public static let direct = TouchTypes(.direct)
    public static let indirect = TouchTypes(.indirect)
    public static let stylus = TouchTypes(.stylus)
    public static let all: TouchTypes = [.direct, .indirect, .stylus]

    public func contains(_ type: TouchType) -> Bool { contains(TouchTypes(type)) }
}

/// Identifies one touch from touch-down to lift. The input layer hands out a fresh id per touch (kernel
/// tracking ids are reused), so an id never names two different touches. A type of its own, so that no other
/// number (a slot, a tracking id, a count) can be taken for one.
public struct TouchID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public let rawValue: UInt64

    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public init(integerLiteral value: UInt64) { rawValue = value }
    /// The id written in decimal (a trace's `down 3 ...`); nil for anything else.
    public init?(_ text: some StringProtocol) {
        guard let value = UInt64(text) else { return nil }
        rawValue = value
    }

    /// The id after this one: the next touch's.
    public var next: TouchID { TouchID(rawValue &+ 1) }

    public static func < (a: TouchID, b: TouchID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { String(rawValue) }
}

/// One finger (or pen) as of one frame. Locations are millimetres on the device surface, y down.
/// (The fields are in the order that packs them: the one-byte ones in the optionals' tail. A touch is copied many
/// times a frame, and at 104 bytes its copies went through memcpy: about 500 instructions a frame.)
public struct Touch: Hashable, Sendable {
    public var id: TouchID
    public var location: Point
    /// Where the touch was in the frame before; equal to `location` when it began.
    public var previousLocation: Point
    public var timestamp: Timestamp
    /// Marks the engine's caller gives the touch for the places it has been since it landed, one bit a kind of
    /// place; the engine only carries them to the gestures the touch feeds (`GestureAction.placesVisited`). The
    /// daemon marks who may see positions there (docs/protocol.md, Who sees what).
    public var placesVisited: UInt64 = 0
    /// Contact size in millimetres (the major axis), when the device reports it.
    public var majorRadius: Double?
    /// Pressure normalized to 0...1, when the device reports it.
    public var pressure: Double?
    public var phase: TouchPhase
    public var type: TouchType

    public init(
        id: TouchID, phase: TouchPhase, location: Point, previousLocation: Point? = nil,
        timestamp: Timestamp, type: TouchType = .direct, majorRadius: Double? = nil, pressure: Double? = nil
    ) {
        self.id = id
        self.phase = phase
        self.location = location
        self.previousLocation = previousLocation ?? location
        self.timestamp = timestamp
        self.type = type
        self.majorRadius = majorRadius
        self.pressure = pressure
    }
}

/// One kernel frame (everything up to a SYN_REPORT): its time and every touch that is down or just lifted,
/// each with its phase in this frame.
public struct TouchFrame: Sendable {
    public var timestamp: Timestamp
    public var touches: [Touch]
    /// A touchpad's physical buttons held as of this frame: bit 0 left (a clickpad's click), 1 right, 2 middle.
    /// The engine does not use them; the input layer's touch conditioning does (a touch that presses the
    /// button is never a tap), and a grabbed device's twin passes them on.
    public var physicalButtons: UInt8

    /// Whether any physical button is down; setting it down presses the left one.
    public var physicalButtonDown: Bool {
        get { physicalButtons != 0 }
        set { physicalButtons = newValue ? (physicalButtons == 0 ? 1 : physicalButtons) : 0 }
    }

    public init(timestamp: Timestamp, touches: [Touch], physicalButtonDown: Bool = false) {
        self.timestamp = timestamp
        self.touches = touches
        self.physicalButtons = physicalButtonDown ? 1 : 0
    }
}
