import GestureConfig
import GestureEngine

/// A connection's own regions and recognizers on one device, in an engine of their own (docs/protocol.md, Who
/// changes what). It is fed the device's frames after the shared surface, so nothing the connection adds can delay,
/// cancel or exclude what the configured recognizers, other connections or a grabbed device's twin receive: as in
/// UIKit, a recognizer acts on its own views' touches. The configured regions are placed too, for the
/// connection's regions to hang from and for hit-testing, but none of the configured recognizers.
final class ClientSurface {
    let client: ClientID
    let surface: ConfiguredSurface
    /// Touches this engine sees: each began after it was made, where the connection may see positions (a touch is
    /// judged where it begins). Any other is left out until it lifts: one already down when the engine was made
    /// would be taken as beginning wherever it is now.
    private var admitted: Set<TouchID> = []
    private var scratch = TouchFrame(timestamp: .zero, touches: [])

    /// `boxCorners`: the device is semi-multitouch, as the shared surface says (`GestureEngine.fingersAreBoxCorners`).
    init(client: ClientID, configuration: Configuration, entry: DeviceEntry, size: Size, boxCorners: Bool) {
        self.client = client
        var regionsOnly = configuration
        regionsOnly.recognizers = []
        surface = ConfiguredSurface(configuration: regionsOnly, entry: entry, surface: size)
        surface.engine.fingersAreBoxCorners = boxCorners
    }

    /// The device's frame as this engine sees it: only the touches it admitted, a new one admitted when it begins
    /// where `visible` says the connection may see. Nil when nothing is left.
    func filter(_ frame: TouchFrame, visible: (String) -> Bool) -> TouchFrame? {
        scratch.timestamp = frame.timestamp
        scratch.physicalButtons = frame.physicalButtons
        scratch.touches.removeAll(keepingCapacity: true)
        for touch in frame.touches {
            if admitted.contains(touch.id) {
                if touch.phase.isFinal { admitted.remove(touch.id) }
            } else if touch.phase == .began, visible((surface.engine.root.hitTest(touch.location) ?? surface.engine.root).name) {
                admitted.insert(touch.id)
            } else {
                continue
            }
            scratch.touches.append(touch)
        }
        return scratch.touches.isEmpty ? nil : scratch
    }

    /// A frame cancelling every touch this engine has, at `time`, from the device's cancellation; nil when none.
    func cancellation(_ frame: TouchFrame) -> TouchFrame? {
        var mine = frame
        mine.touches.removeAll { !admitted.contains($0.id) }
        admitted.removeAll()
        return mine.touches.isEmpty ? nil : mine
    }
}
