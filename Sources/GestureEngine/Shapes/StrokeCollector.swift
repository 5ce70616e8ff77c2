/// A drawing's strokes as a shape sees them: each stroke the path of the centroid of `fingers` fingers, from when
/// all of them are down until one lifts, its times in seconds from the drawing's first touch. The shape
/// recognizer collects what it matches with it, and `gestured shape learn` and `gesturectl shape record` the
/// examples they write, so that an example is drawn by the same rule as what it is matched against.
public struct StrokeCollector: Sendable {
    public let fingers: Int
    public private(set) var strokes: [[ShapePoint]] = []
    /// Whether a stroke is being drawn: all its fingers are down.
    public private(set) var drawing = false
    private var start: Timestamp?

    public init(fingers: Int) { self.fingers = fingers }

    /// `down` fingers are down at `time`, their centroid at `centroid`: a stroke begins when all `fingers` are,
    /// takes each new place of their centroid while they stay, and ends when one lifts.
    public mutating func observe(down: Int, centroid: Point?, at time: Timestamp) {
        if start == nil, down > 0 { start = time }
        guard down == fingers, let centroid, let start else {
            drawing = false
            return
        }
        let point = ShapePoint(x: centroid.x, y: centroid.y, time: Double(time.nanoseconds - start.nanoseconds) / 1e9)
        if !drawing {
            drawing = true
            strokes.append([point])
        } else if let last = strokes[strokes.count - 1].last, last.x != point.x || last.y != point.y {
            strokes[strokes.count - 1].append(point)
        }
    }

    /// The fingers down at `time`, at `locations`: a client's, which has touches rather than frames.
    public mutating func observe(down locations: some Collection<Point>, at time: Timestamp) {
        observe(down: locations.count, centroid: locations.isEmpty ? nil : locations.reduce(Point(x: 0, y: 0), +) / Double(locations.count), at: time)
    }

    /// A frame of a recording: the fingers down in it (those that lift in it are up).
    public mutating func observe(_ frame: TouchFrame) {
        var count = 0, sum = Point(x: 0, y: 0)
        for touch in frame.touches where !touch.phase.isFinal {
            count += 1
            sum += touch.location
        }
        observe(down: count, centroid: count > 0 ? sum / Double(count) : nil, at: frame.timestamp)
    }

    public mutating func reset() {
        strokes.removeAll(keepingCapacity: true)
        drawing = false
        start = nil
    }
}
