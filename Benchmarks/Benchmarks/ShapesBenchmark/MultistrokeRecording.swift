import CaptureFormats
import GestureEngine
import InputCore

/// A multistroke drawing as the recording of one finger on a touchscreen, with the drawing's own timing: each
/// stroke a touch of its own, landing at its first point, moving at each later point's time and lifting at its last
/// (a dot, a touch that lifts 20 ms after it lands, where it landed); the drawing moved so that it lies 10 mm in from
/// the corner of a 400 mm square screen of 10 units a millimetre.
enum MultistrokeRecording {
    static let resolution: Int32 = 10
    static let size: Int32 = 4000

    static let description = DeviceDescription(
        name: "gestured multistroke touchscreen", bus: 0x06, vendor: 0x1209, product: 0x0002, version: 1,
        properties: [InputProperty.direct], codes: [EventType.key: [KeyCode.touch]],
        axes: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: size - 1, resolution: resolution),
            AbsCode.y: AbsInfo(minimum: 0, maximum: size - 1, resolution: resolution),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9), AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: size - 1, resolution: resolution),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: size - 1, resolution: resolution),
        ])

    static func recording(of strokes: [[ShapePoint]], start: Double) -> Recording {
        let points = strokes.joined()
        guard let minX = points.map(\.x).min(), let minY = points.map(\.y).min() else { return Recording(description: description, events: []) }
        var events: [InputEvent] = []
        func at(_ seconds: Double) -> Timestamp { Timestamp(nanoseconds: Int64(((start + seconds) * 1e9).rounded())) }
        func units(_ mm: Double, from origin: Double) -> Int32 { Int32(min(Double(size - 1), ((mm - origin + 10) * Double(resolution)).rounded())) }
        func report(_ time: Timestamp) { events.append(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0)) }
        for (id, stroke) in strokes.enumerated() {
            guard let first = stroke.first, let last = stroke.last else { continue }
            let down = at(first.time)
            events.append(InputEvent(time: down, type: EventType.abs, code: AbsCode.mtTrackingID, value: Int32(id + 1)))
            var x = units(first.x, from: minX), y = units(first.y, from: minY)
            events.append(InputEvent(time: down, type: EventType.abs, code: AbsCode.mtPositionX, value: x))
            events.append(InputEvent(time: down, type: EventType.abs, code: AbsCode.mtPositionY, value: y))
            events.append(InputEvent(time: down, type: EventType.key, code: KeyCode.touch, value: 1))
            report(down)
            var previous = down
            for p in stroke.dropFirst() {
                let nx = units(p.x, from: minX), ny = units(p.y, from: minY)
                // A frame's time never goes back, and the kernel reports only the axes that changed.
                let time = max(at(p.time), previous)
                guard nx != x || ny != y else { continue }
                if nx != x { events.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtPositionX, value: nx)) }
                if ny != y { events.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtPositionY, value: ny)) }
                report(time)
                (x, y, previous) = (nx, ny, time)
            }
            let lift = stroke.count == 1 ? at(first.time + 0.02) : max(at(last.time), previous)
            events.append(InputEvent(time: lift, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1))
            events.append(InputEvent(time: lift, type: EventType.key, code: KeyCode.touch, value: 0))
            report(lift)
        }
        return Recording(description: description, events: events)
    }
}
