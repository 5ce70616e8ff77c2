import GestureEngine
import Testing

/// The strokes of a drawing as the shape recognizer and `gestured shape learn` take them from frames, and as
/// `gesturectl shape record` takes them from a client's touches: the same strokes either way.
struct StrokeCollectorTests {
    /// Two fingers drawing a stroke together, one lifting, landing again and drawing a second: frames of touches
    /// 10 ms apart, and beside them the touches down after each frame.
    static func drawing() -> [(frame: TouchFrame, down: [Point])] {
        var result: [(TouchFrame, [Point])] = []
        var time: Int64 = 0
        func frame(_ touches: [(UInt64, TouchPhase, Double, Double)]) {
            time += 10_000_000
            let t = Timestamp(nanoseconds: time)
            let frame = TouchFrame(timestamp: t, touches: touches.map { Touch(id: TouchID($0.0), phase: $0.1, location: Point(x: $0.2, y: $0.3), timestamp: t) })
            result.append((frame, touches.filter { !$0.1.isFinal }.map { Point(x: $0.2, y: $0.3) }))
        }
        frame([(1, .began, 10, 10)])
        frame([(1, .stationary, 10, 10), (2, .began, 30, 10)])
        for k in 1...5 { frame([(1, .moved, 10 + Double(k), 10), (2, .moved, 30 + Double(k), 10)]) }
        frame([(1, .stationary, 15, 10), (2, .ended, 35, 10)])
        frame([(1, .stationary, 15, 10), (2, .began, 35, 20)])
        for k in 1...3 { frame([(1, .moved, 15, 10 + Double(k)), (2, .moved, 35, 20 + Double(k))]) }
        frame([(1, .ended, 15, 13), (2, .ended, 35, 23)])
        return result
    }

    @Test func framesAndTouchesMakeTheSameStrokes() {
        var fromFrames = StrokeCollector(fingers: 2), fromTouches = StrokeCollector(fingers: 2)
        for (frame, down) in Self.drawing() {
            fromFrames.observe(frame)
            fromTouches.observe(down: down, at: frame.timestamp)
        }
        #expect(fromFrames.strokes.count == 2)
        #expect(fromFrames.strokes.map(\.count) == [6, 4])
        // The centroid of the two fingers, times from the first touch.
        #expect(fromFrames.strokes[0].first == ShapePoint(x: 20, y: 10, time: 0.01))
        #expect(fromFrames.strokes[1].last == ShapePoint(x: 25, y: 18, time: 0.11))
        #expect(fromTouches.strokes == fromFrames.strokes)
    }
}
