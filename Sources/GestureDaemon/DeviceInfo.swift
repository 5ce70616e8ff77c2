import GestureEngine
import InputCore

/// A touch device as the core needs it: where it is, what it is, and its size as the input layer measured it.
public struct DeviceInfo: Sendable {
    public var node: String
    public var description: DeviceDescription
    public var kind: DeviceKind
    public var geometry: SurfaceGeometry

    public init(node: String, description: DeviceDescription, kind: DeviceKind, geometry: SurfaceGeometry) {
        self.node = node
        self.description = description
        self.kind = kind
        self.geometry = geometry
    }
}
