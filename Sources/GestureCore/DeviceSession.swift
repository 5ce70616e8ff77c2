import Conditioning
import GestureConfig
import GestureEngine
import GestureProtocol
import TwinEncoding

/// One device claimed by a configuration entry: its surface (engine, regions, recognizers) and what turns the
/// input layer's frames into the surface's: touches held back after a reload, the configured size, touch
/// conditioning (docs/conditioning.md), rotation. Size and rotation are one `SurfaceTransform`, which also turns
/// the surface's touches back for a pass-through twin; conditioning works between the two.
final class DeviceSession {
    let info: DeviceInfo
    private(set) var surface: ConfiguredSurface
    // The state read and changed on every frame is marked @exclusivity(unchecked), as GestureEngine's is: no
    // access to it is ever open while another starts, and the runtime's check cost about 70 instructions an
    // access (docs/daemon.md, What a frame costs).

    /// Touches that were down when the surface was rebuilt: the old one saw them cancelled, the new one never
    /// sees them, until they lift.
    @exclusivity(unchecked) private var heldBack: Set<TouchID> = []
    /// Touches down as of the last frame, to cancel them when the surface is rebuilt. A list: a frame has a few
    /// touches, and finding one by comparing ids cost less than hashing it into a dictionary every frame.
    @exclusivity(unchecked) private var down: [Touch] = []
    @exclusivity(unchecked) private var scratch = TouchFrame(timestamp: .zero, touches: [])
    /// The configured size and rotation, and their inverse for the twin; made again with each surface.
    @exclusivity(unchecked) private var transform: SurfaceTransform
    /// Touch conditioning and the surface's engine (TouchPipeline, as a trace runs them): conditioning works in
    /// the surface's millimetres before rotation; made again with each surface.
    @exclusivity(unchecked) private(set) var pipeline: TouchPipeline {
        didSet {
            guaranteed = .passUnretained(pipeline)
            conditioning = pipeline.conditions
        }
    }
    /// The pipeline, for every frame's calls into it: a call through the property retained and released the
    /// pipeline around it (40 instructions a frame on a touchpad); `pipeline` keeps it alive. Whether it conditions,
    /// kept here too: every frame asks.
    @exclusivity(unchecked) private var guaranteed: Unmanaged<TouchPipeline>
    @exclusivity(unchecked) private var conditioning: Bool
    /// Gets each contact's change of state in touch conditioning (`gestured replay --explain`, the debug log),
    /// from this pipeline and from the one a reload makes.
    var contactObserver: ((ContactTransition) -> Void)? {
        didSet { pipeline.contactObserver = contactObserver }
    }
    /// Whether a SYN_DROPPED of this device was logged (later ones are only counted).
    var dropsLogged = false
    /// The engines of connections whose recognizers run apart (ClientSurface), by connection. Looked at every
    /// frame and turn, changed only by requests and reloads: unchecked, as above.
    @exclusivity(unchecked) var clientSurfaces: [ClientSurface] = []

    init(info: DeviceInfo, surface: ConfiguredSurface) {
        self.info = info
        self.surface = surface
        transform = SurfaceTransform(info: info, surface: surface)
        let made = TouchPipeline(engine: surface.engine, conditioner: Self.conditioner(info: info, surface: surface))
        pipeline = made
        guaranteed = .passUnretained(made)
        conditioning = made.conditions
    }

    private static func conditioner(info: DeviceInfo, surface: ConfiguredSurface) -> TouchConditioner {
        let settings = surface.entry.conditioning(
            for: info.kind, surface: surface.rawSize, facts: info.knowledge.facts, description: info.description, geometry: info.geometry)
        return TouchConditioner(settings: settings, surface: surface.rawSize)
    }

    var name: String { surface.entry.name }

    var summary: DeviceSummary {
        DeviceSummary(
            name: name, node: info.node, deviceName: info.description.name, kind: info.kind.rawValue,
            sizeMillimetres: Extent(surface.rawSize), sizeSource: surface.entry.size == nil ? info.sizeSource : "configured",
            rotation: surface.entry.rotation.rawValue, outputPixels: surface.entry.outputSize.map(Extent.init))
    }

    /// The input frame as the surface sees it; nil when nothing is left after holding touches back.
    func prepare(_ frame: TouchFrame) -> TouchFrame? {
        scratch.timestamp = frame.timestamp
        scratch.physicalButtons = frame.physicalButtons
        scratch.touches.removeFewKeepingCapacity()
        for touch in frame.touches {
            if let i = down.firstIndex(where: { $0.id == touch.id }) {
                if touch.phase.isFinal { down.remove(at: i) } else { down[i] = touch }
            } else if !touch.phase.isFinal {
                down.append(touch)
            }
            if !heldBack.isEmpty, heldBack.contains(touch.id) {
                if touch.phase.isFinal { heldBack.remove(touch.id) }
                continue
            }
            scratch.touches.append(transform.sized(touch))
        }
        guard !scratch.touches.isEmpty else { return nil }
        guard conditioning else { return transform.turned(scratch) }
        return guaranteed._withUnsafeGuaranteedRef { $0.condition(scratch) }.map { transform.turned($0) }
    }

    /// A frame of the surface's, conditioned, as the engines see it: turned to the configured rotation.
    func turned(_ frame: TouchFrame) -> TouchFrame { transform.turned(frame) }

    /// The earliest time the engine, a connection's own or touch conditioning wants to be woken.
    var nextDeadline: Timestamp? {
        // The pipeline's (its engine's and its conditioning's) taken apart, as each is a field here: asked for every
        // frame, through the pipeline it cost 4 instructions more.
        var earliest = surface.engine.nextDeadline
        for own in clientSurfaces {
            if let d = own.surface.engine.nextDeadline, earliest.map({ d < $0 }) ?? true { earliest = d }
        }
        guard conditioning, let stage = guaranteed._withUnsafeGuaranteedRef(\.conditioningDeadline) else { return earliest }
        return earliest.map { min($0, stage) } ?? stage
    }

    /// The engine of a connection's own recognizers here, if it has one.
    func clientSurface(of client: ClientID) -> ClientSurface? {
        clientSurfaces.first { $0.client == client }
    }

    /// Whether the last frame or tick held back contacts as palms, thumbs or clicks.
    var hasClassifiedContacts: Bool { conditioning && guaranteed._withUnsafeGuaranteedRef(\.hasClassifiedContacts) }

    /// Contacts touch conditioning held back, as the surface sees them (turned with it).
    func turned(_ contacts: [(touch: Touch, class: ContactClass)]) -> [(touch: Touch, class: ContactClass)] {
        // Rotation maps points only; a frame of these contacts turns them as the engine's touches are turned.
        let turned = transform.turned(TouchFrame(timestamp: .zero, touches: contacts.map(\.touch)))
        return zip(turned.touches, contacts).map { ($0, $1.class) }
    }

    /// A frame that cancels every touch the surface has, at `time`; nil when none is down. The touches stay
    /// down as far as the device goes.
    func cancellation(at time: Timestamp) -> TouchFrame? {
        if pipeline.conditions { return pipeline.cancelAll(at: time).map { transform.turned($0) } }
        var touches: [Touch] = []
        for touch in down.sorted(by: { $0.id < $1.id }) where !heldBack.contains(touch.id) {
            var t = transform.sized(touch)
            t.phase = .cancelled
            t.timestamp = time
            touches.append(t)
        }
        return touches.isEmpty ? nil : transform.turned(TouchFrame(timestamp: time, touches: touches))
    }

    /// Switches to a new surface; touches down now are held back from it until they lift.
    func replace(with surface: ConfiguredSurface) {
        self.surface = surface
        transform = SurfaceTransform(info: info, surface: surface)
        forgetEncodedFields()
        heldBack.formUnion(down.lazy.map(\.id))
        pipeline = TouchPipeline(engine: surface.engine, conditioner: Self.conditioner(info: info, surface: surface))
        pipeline.contactObserver = contactObserver
    }

    // MARK: Places

    /// The places each touch the surface sees has been since it landed (`PositionAccess.bit`), kept only while
    /// regions differ in who sees them. A list, as `down` is; a frame holds every touch down, so the list is made
    /// again from each, and a touch the frames stop showing (held back, a reload) leaves nothing behind.
    @exclusivity(unchecked) private var visited: [(id: TouchID, places: UInt64)] = []
    @exclusivity(unchecked) private var visitedScratch: [(id: TouchID, places: UInt64)] = []

    /// Gives each touch of a frame for the engines the places it has been since it landed, this frame's included
    /// (`Touch.placesVisited`): the deepest region of the shared surface it is in, by who sees positions there.
    func markPlaces(_ frame: inout TouchFrame, _ access: PositionAccess) {
        let root = surface.engine.root
        visitedScratch.removeAll(keepingCapacity: true)
        for i in frame.touches.indices {
            let touch = frame.touches[i]
            let before = visited.first { $0.id == touch.id }?.places ?? 0
            let places = before | access.bit(of: (root.hitTest(touch.location) ?? root).name)
            frame.touches[i].placesVisited = places
            if !touch.phase.isFinal { visitedScratch.append((touch.id, places)) }
        }
        swap(&visited, &visitedScratch)
    }

    // MARK: Pass-through

    /// The twin a grabbed device's passed-through touches go to; nil when the device is not grabbed.
    var passThrough: PassThrough?
    /// The caller was asked to grab the device and has not answered yet (DaemonCore.grabbed, grabFailed).
    var grabAsked = false

    /// A touch as the device reported it, in its units, from the touch as the surface sees it (SurfaceTransform).
    func deviceContact(_ touch: Touch) -> TwinEncoder.Contact { transform.deviceContact(touch) }

    // MARK: Encoded fields

    /// The fields this device's event lines repeat, encoded on first use: the places of its
    /// regions, and each recognizer's names with its kind. Found by comparing names (a recognizer's name is the
    /// string the engine hands back, so mostly by identity), which costs less than hashing them; at most
    /// `encodedLimit` of each are kept, and all go when the surface or the recognizers' kinds change.
    @exclusivity(unchecked) private var places: [(region: String, fields: EncodedFields)] = []
    @exclusivity(unchecked) private var gestureNames: [(recognizer: String, kind: String, fields: EncodedFields)] = []
    private static let encodedLimit = 64

    /// `Place.encoded` of `region` on this device.
    func place(_ region: String) -> EncodedFields {
        if let found = places.first(where: { $0.region == region }) { return found.fields }
        if places.count >= Self.encodedLimit { places.removeAll() }
        let fields = Place(device: name, node: info.node, region: region).encoded
        places.append((region, fields))
        return fields
    }

    /// The recognizer's configured kind (from `naming`, else the engine's) and its `GestureEvent.Names`, with the
    /// connection that added it.
    func names(of action: GestureAction, naming: [String: RecognizerNaming]) -> (kind: String, fields: EncodedFields) {
        if let found = gestureNames.first(where: { $0.recognizer == action.recognizer }) { return (found.kind, found.fields) }
        if gestureNames.count >= Self.encodedLimit { gestureNames.removeAll() }
        let named = naming[action.recognizer]
        let kind = named?.kind ?? action.kind.rawValue
        let fields = GestureEvent.Names(recognizer: action.recognizer, kind: kind, owner: named?.owner).encoded
        gestureNames.append((action.recognizer, kind, fields))
        return (kind, fields)
    }

    func forgetEncodedFields() {
        places.removeAll()
        gestureNames.removeAll()
    }

    /// Where a point of the surface is, in every unit.
    func location(_ p: Point) -> SurfaceLocation {
        SurfaceLocation(millimetres: Pair(p), normalized: Pair(surface.normalized(p)), pixels: surface.pixels(p).map(Pair.init))
    }
}

/// What a shared recognizer's lines call it: its configured kind, and the connection that added it, if one did.
struct RecognizerNaming {
    var kind: String
    var owner: String?
}
