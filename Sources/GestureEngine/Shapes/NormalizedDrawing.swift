import RealModule

/// A point of a normalized drawing: where it is, in root-mean-square radii from the centroid, and how sharply
/// its stroke turns there.
struct NormalizedPoint {
    var x: Double
    var y: Double
    /// The angle between the stroke's way into the point and its way out, whichever way the stroke was drawn,
    /// times `turnScale`: a distance, so that clouds can match points by where they are and how they turn at
    /// once. Position alone cannot tell a sharp corner from a round one at the same place ($P+, Vatavu 2017,
    /// matches turning angles too).
    var turn: Double
    /// A difference of a right angle in turning counts as far as one radius apart. Chosen on the $1 unistroke
    /// logs (docs/shapes.md, Measured): any scale from 1.5/π to 3/π met every accuracy goal there, none below did.
    static let turnScale = 2 / Double.pi

    /// The squared distance on the plane and in turning.
    @inline(__always)
    func squaredDistance(to q: NormalizedPoint) -> Double {
        (x - q.x) * (x - q.x) + (y - q.y) * (y - q.y) + (turn - q.turn) * (turn - q.turn)
    }
}

/// A drawing made comparable with any other: `count` points spaced evenly along its strokes in the order they
/// were drawn, moved so that their centroid is the origin and scaled so that their root-mean-square distance
/// from it is 1. Position and size are gone; shape, and the order the points were drawn in, remain.
///
/// The points are spaced along the strokes only, not across the lifts between them, so a stroke drawn in two
/// pieces gives the same points as one. A stroke that does not move (a dot: a finger that touched and lifted, the
/// dot of an exclamation mark) is one point where it was, after the others, turning 0; at most `count` / 4 dots
/// are taken, the first ones. Scaling by the root-mean-square radius, not the bounding box ($1, $P), keeps a
/// rotation from changing the size, which the closed-form rotation of path matching needs, and lets no single
/// stray point decide the scale.
struct NormalizedDrawing {
    var points: [NormalizedPoint]
    /// The index of each moving stroke's first and last point among `points`: where a drawing may have begun,
    /// whatever the order and direction of its strokes (`ShapeMatcher.orientations`).
    var strokeEnds: [Int]

    /// Nil when the strokes move less than `minimumLength` millimetres together: a tap, dots, or nothing.
    init?(_ strokes: [[ShapePoint]], count: Int, minimumLength: Double) {
        let length = Self.length(of: strokes)
        var dots: [Point] = []
        for stroke in strokes where dots.count < count / 4 {
            guard let dot = stroke.first, stroke.allSatisfy({ $0.x == dot.x && $0.y == dot.y }) else { continue }
            dots.append(Point(x: dot.x, y: dot.y))
        }
        guard length.isFinite, length > 0, length >= minimumLength else { return nil }
        // The moving strokes' points, then the dots'.
        let moving = count - dots.count
        let spacing = length / Double(moving - 1)
        var points: [Point] = []
        points.reserveCapacity(count)
        // The points of each stroke that moved; the last point is the drawing's end, placed after the walk so
        // that rounding in the sum of the segments cannot lose it.
        var ranges: [Range<Int>] = []
        var end = Point.zero
        // Arc length walked before the current segment; the next point is due at `points.count * spacing`.
        var walked = 0.0
        for stroke in strokes {
            let first = points.count
            var moved = false
            for (a, b) in zip(stroke, stroke.dropFirst()) {
                let segment = Self.distance(a, b)
                guard segment > 0 else { continue }
                moved = true
                while points.count < moving - 1, Double(points.count) * spacing <= walked + segment {
                    let t = (Double(points.count) * spacing - walked) / segment
                    points.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
                }
                walked += segment
                end = Point(x: b.x, y: b.y)
            }
            if moved { ranges.append(first..<points.count) }
        }
        points.append(end)
        ranges[ranges.count - 1] = ranges[ranges.count - 1].lowerBound..<moving
        ranges.removeAll { $0.isEmpty }
        points += dots

        var centroid = Point.zero
        for p in points { centroid += p }
        centroid = centroid / Double(count)
        var squares = 0.0
        for p in points { squares += squaredDistance(p, centroid) }
        let radius = (squares / Double(count)).squareRoot()
        guard radius > 0, radius.isFinite else { return nil }
        var normalized = points.map { NormalizedPoint(x: ($0.x - centroid.x) / radius, y: ($0.y - centroid.y) / radius, turn: 0) }
        for range in ranges where range.count > 2 {
            for i in range.dropFirst().dropLast() {
                normalized[i].turn = Self.turn(from: points[i] - points[i - 1], to: points[i + 1] - points[i])
            }
        }
        Self.turnAtJoins(&normalized, ranges)
        self.points = normalized
        strokeEnds = ranges.flatMap { [$0.lowerBound, $0.upperBound - 1] }
    }

    /// Where a stroke ends close to where a stroke (another, or itself when closed) begins or ends, the
    /// drawing turns from the one into the other, as it would at that place if drawn in one stroke: a square's
    /// corners turn as much drawn in four strokes as in one, and a line drawn in two goes straight on. Each of
    /// the two ends takes half the turn, so that together they turn as much as the one corner, whose turn falls
    /// on the two points either side of it in a stroke. An end alone turns 0.
    private static func turnAtJoins(_ points: inout [NormalizedPoint], _ ranges: [Range<Int>]) {
        // Each end, and the way from it into its stroke.
        var ends: [(index: Int, inward: Point)] = []
        for range in ranges where range.count > 1 {
            let first = range.first!, last = range.last!
            ends.append((first, Point(x: points[first + 1].x - points[first].x, y: points[first + 1].y - points[first].y)))
            ends.append((last, Point(x: points[last - 1].x - points[last].x, y: points[last - 1].y - points[last].y)))
        }
        for end in ends {
            var nearest: (distance: Double, inward: Point)?
            for other in ends where other.index != end.index {
                let d = squaredDistance(points[end.index], points[other.index])
                if d <= joinDistance * joinDistance, d < nearest?.distance ?? .infinity { nearest = (d, other.inward) }
            }
            // In along this stroke (against its inward way), out along the other.
            if let nearest { points[end.index].turn = turn(from: Point.zero - end.inward, to: nearest.inward) / 2 }
        }
    }

    /// Stroke ends this close (in radii) join: about 5 mm on a square of 4 cm, wider than the gap people leave
    /// at a corner drawn in two strokes, narrower than the ends of strokes that do not meet.
    static let joinDistance = 0.3

    /// The angle between two ways, whichever way round, as `NormalizedPoint.turn` holds it.
    private static func turn(from a: Point, to b: Point) -> Double {
        abs(Double.atan2(y: a.x * b.y - a.y * b.x, x: a.x * b.x + a.y * b.y)) * NormalizedPoint.turnScale
    }

    /// The angle of a point seen from the centroid: turning the drawing by minus it puts the point due east,
    /// whichever way the drawing was held ($1's indicative angle, of the first point).
    static func indicativeAngle(of p: NormalizedPoint) -> Double { Double.atan2(y: p.y, x: p.x) }

    /// The points turned by `angle` radians about the centroid; how each stroke turns does not change.
    static func rotated(_ points: [NormalizedPoint], by angle: Double) -> [NormalizedPoint] {
        let c = Double.cos(angle), s = Double.sin(angle)
        return points.map { NormalizedPoint(x: $0.x * c - $0.y * s, y: $0.x * s + $0.y * c, turn: $0.turn) }
    }

    /// How far the strokes move together, in millimetres (the lifts between them not counted).
    static func length(of strokes: [[ShapePoint]]) -> Double {
        var length = 0.0
        for stroke in strokes {
            for (a, b) in zip(stroke, stroke.dropFirst()) { length += distance(a, b) }
        }
        return length
    }

    private static func distance(_ a: ShapePoint, _ b: ShapePoint) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
}

@inline(__always)
func squaredDistance(_ a: Point, _ b: Point) -> Double {
    (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
}

/// Apart on the plane only: what the grid's look-ups measure.
@inline(__always)
func squaredDistance(_ a: NormalizedPoint, _ b: NormalizedPoint) -> Double {
    (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
}
