import GestureEngine

/// A device as the daemon knows it while it is open: the input hub numbers the devices it opens from 0, in the
/// order it opens them, and never gives a number twice (a device unplugged and plugged again is a new one). Compared
/// and hashed as the small integer it is, where a node path was a string to hash on every frame; the path stays
/// for people (logs, event lines). A replay numbers its recordings the same way.
public struct DeviceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let index: Int

    public init(_ index: Int) { self.index = index }

    /// The first of the touch ids this device's frame builder hands out (TouchIDLayout).
    public var firstTouchID: TouchID { TouchIDLayout.firstID(ofDevice: index) }

    public static func < (a: DeviceID, b: DeviceID) -> Bool { a.index < b.index }

    public var description: String { "device \(index)" }
}
