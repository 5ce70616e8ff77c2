import CaptureFormats
import GestureConfig
import GestureEngine
import InputCore

/// A touch device as the core needs it: where it is, what it is, its size as the input layer measured it, and
/// what the device database knows of it (its description is already corrected by those facts).
public struct DeviceInfo: Sendable {
    public var node: String
    public var description: DeviceDescription
    public var kind: DeviceKind
    public var geometry: SurfaceGeometry
    public var knowledge: DeviceKnowledge

    public init(node: String, description: DeviceDescription, kind: DeviceKind, geometry: SurfaceGeometry, knowledge: DeviceKnowledge? = nil) {
        self.node = node
        self.description = description
        self.kind = kind
        self.geometry = geometry
        self.knowledge = knowledge ?? .unknown(description)
    }

    /// Where the surface's size comes from, in words: the configuration's is said by the caller.
    public var sizeSource: String {
        knowledge.facts.x != nil || knowledge.facts.y != nil || knowledge.facts.size != nil ? "device database" : geometry.source.rawValue
    }

    /// The device a recording was made on, at `node`: its kind as given, else from its description; its size
    /// from its axes. The recording's description is the corrected one (`DeviceKnowledge.correct`).
    public init(recording: Recording, source: String, node: String, kind: DeviceKind? = nil, knowledge: DeviceKnowledge? = nil) throws(InputError) {
        guard let description = recording.description else {
            throw InputError(device: source, Replay.missingDescription)
        }
        guard let axes = description.positionAxes else {
            throw InputError(device: source, "the recording describes no touch device (no position axes)")
        }
        self.init(
            node: node, description: description, kind: kind ?? DeviceKind.classify(description),
            geometry: SurfaceGeometry(x: axes.x, y: axes.y), knowledge: knowledge)
    }
}

extension DeviceKnowledge {
    /// The recording with its device's description corrected by what is known of the device.
    public func correct(_ recording: Recording) -> Recording {
        var corrected = recording
        corrected.description = recording.description.map(facts.corrected)
        return corrected
    }
}
