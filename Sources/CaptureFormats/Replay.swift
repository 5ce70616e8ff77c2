import GestureEngine
import InputCore

/// Replays a recording through the frame builder, with the recording's timestamps as the clock, exactly as
/// a live device's events would go: the same input gives the same frames every time.
public enum Replay {
    /// What to do about a bare event log (`E:` lines, or evtest's events without its header).
    public static let missingDescription =
        "the recording has no device description; give one with --description FILE (an evemu recording or header, a .prop or .device file, A: lines, or getevent -lp output) and, when its capabilities do not say what the device is, --kind"

    /// Every frame of `recording`. Touches still down when it ends are cancelled at its last event's time.
    public static func frames(
        of recording: Recording, source: String, kind: DeviceKind? = nil
    ) throws(InputError) -> [TouchFrame] {
        guard let description = recording.description else {
            throw InputError(device: source, missingDescription)
        }
        guard let axes = description.positionAxes else {
            throw InputError(device: source, "the device description has no position axes")
        }
        let kind = kind ?? DeviceKind.classify(description)
        let geometry = SurfaceGeometry(x: axes.x, y: axes.y)
        var builder = try FrameBuilder(description: description, geometry: geometry, touchType: kind.touchType)
        return builder.frames(of: recording.events)
    }
}
