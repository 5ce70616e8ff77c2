import CaptureFormats
import GestureEngine
import InputCore
import UnistrokeLogs

/// A $1 drawing as the recording of one finger on a touchscreen, with the drawing's own timing: the finger lands at
/// the first point, moves at each later point's time (the kernel reports only the axes that changed), and lifts at
/// the last point's time, in a frame of its own. The screen is the Pocket PC's 240 by 320 pixels at 0.25 mm a
/// pixel (as the checkmark sample's tests read the logs), one axis unit a pixel, so the millimetres are exact.
enum DrawingRecording {
    static let millimetresPerPixel = 0.25
    /// Axis units a millimetre: one a pixel.
    static let resolution: Int32 = 4

    /// A direct-touch screen with 10 slots, as a gesture script's, of the Pocket PC's size.
    static let description = DeviceDescription(
        name: "gestured $1 unistroke touchscreen", bus: 0x06, vendor: 0x1209, product: 0x0001, version: 1,
        properties: [InputProperty.direct], codes: [EventType.key: [KeyCode.touch]],
        axes: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 239, resolution: resolution),
            AbsCode.y: AbsInfo(minimum: 0, maximum: 319, resolution: resolution),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9), AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 239, resolution: resolution),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 319, resolution: resolution),
        ])

    /// The drawing's touch, its first point at `start` seconds.
    static func recording(of drawing: UnistrokeDrawing, start: Double = 1) -> Recording {
        var events: [InputEvent] = []
        guard let first = drawing.points.first, let last = drawing.points.last else { return Recording(description: description, events: []) }
        func time(_ p: UnistrokeDrawing.Point) -> Timestamp { Timestamp(nanoseconds: Int64((start * 1e9).rounded()) + Int64(p.ms * 1e6)) }
        func abs(_ at: Timestamp, _ code: UInt16, _ value: Double) {
            events.append(InputEvent(time: at, type: EventType.abs, code: code, value: Int32(value.rounded())))
        }
        func report(_ at: Timestamp) { events.append(InputEvent(time: at, type: EventType.syn, code: SynCode.report, value: 0)) }

        let down = time(first)
        events.append(InputEvent(time: down, type: EventType.abs, code: AbsCode.mtTrackingID, value: 1))
        abs(down, AbsCode.mtPositionX, first.x)
        abs(down, AbsCode.mtPositionY, first.y)
        events.append(InputEvent(time: down, type: EventType.key, code: KeyCode.touch, value: 1))
        report(down)
        var previous = first
        for p in drawing.points.dropFirst() where p.x != previous.x || p.y != previous.y {
            let at = time(p)
            if p.x != previous.x { abs(at, AbsCode.mtPositionX, p.x) }
            if p.y != previous.y { abs(at, AbsCode.mtPositionY, p.y) }
            report(at)
            previous = p
        }
        let lift = time(last)
        events.append(InputEvent(time: lift, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1))
        events.append(InputEvent(time: lift, type: EventType.key, code: KeyCode.touch, value: 0))
        report(lift)
        return Recording(description: description, events: events)
    }

    /// The drawing's points as the matcher takes them without a recognizer: millimetres and
    /// seconds, one stroke.
    static func strokes(of drawing: UnistrokeDrawing) -> [[ShapePoint]] {
        let k = millimetresPerPixel
        return [drawing.points.map { ShapePoint(x: $0.x * k, y: $0.y * k, time: $0.ms / 1000) }]
    }
}
