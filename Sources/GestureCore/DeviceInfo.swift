import DeviceFactsDatabase
import GestureConfig
import GestureEngine
import InputCore

/// A touch device as the core needs it: its number (the core's key for it), where it is, what it is, its size as the input layer measured it, and
/// what the device database knows of it (its description is already corrected by those facts).
public struct DeviceInfo: Sendable {
    public var id: DeviceID
    /// Its path, for people: the log and the event lines say it.
    public var node: String
    public var description: DeviceDescription
    public var kind: DeviceKind
    public var geometry: SurfaceGeometry
    public var knowledge: DeviceKnowledge

    public init(
        id: DeviceID, node: String, description: DeviceDescription, kind: DeviceKind, geometry: SurfaceGeometry, knowledge: DeviceKnowledge? = nil
    ) {
        self.id = id
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
}
