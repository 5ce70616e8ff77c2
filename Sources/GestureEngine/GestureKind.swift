/// The families of recognizers, as clients see them.
public enum GestureKind: String, Sendable, CaseIterable {
    case tap, longPress = "long-press", pan, swipe, pinch, rotation, screenEdgePan = "edge-pan", shape, custom
}

/// Swipe directions, as a set (UISwipeGestureRecognizer.Direction).
public struct SwipeDirections: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let right = SwipeDirections(rawValue: 1)
    public static let left = SwipeDirections(rawValue: 2)
    public static let up = SwipeDirections(rawValue: 4)
    public static let down = SwipeDirections(rawValue: 8)

    public static let horizontal: SwipeDirections = [.left, .right]
    public static let vertical: SwipeDirections = [.up, .down]

    public var description: String {
        var names: [String] = []
        if contains(.right) { names.append("right") }
        if contains(.left) { names.append("left") }
        if contains(.up) { names.append("up") }
        if contains(.down) { names.append("down") }
        return names.joined(separator: "|")
    }
}

/// Edges of the device surface (UIRectEdge), for screen-edge pans.
public struct Edges: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let top = Edges(rawValue: 1)
    public static let left = Edges(rawValue: 2)
    public static let bottom = Edges(rawValue: 4)
    public static let right = Edges(rawValue: 8)
    public static let all: Edges = [.top, .left, .bottom, .right]

    public var description: String {
        var names: [String] = []
        if contains(.top) { names.append("top") }
        if contains(.left) { names.append("left") }
        if contains(.bottom) { names.append("bottom") }
        if contains(.right) { names.append("right") }
        return names.isEmpty ? "none" : names.joined(separator: "|")
    }
}
