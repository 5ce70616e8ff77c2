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

    /// The device a recording was made on, at `node`: its kind as given, else from its description; its size
    /// from its axes.
    public init(recording: Recording, source: String, node: String, kind: DeviceKind? = nil) throws(InputError) {
        guard let description = recording.description else {
            throw InputError(device: source, Replay.missingDescription)
        }
        guard let axes = description.positionAxes else {
            throw InputError(device: source, "the recording describes no touch device (no position axes)")
        }
        self.init(
            node: node, description: description, kind: kind ?? DeviceKind.classify(description),
            geometry: SurfaceGeometry(x: axes.x, y: axes.y))
    }
}
