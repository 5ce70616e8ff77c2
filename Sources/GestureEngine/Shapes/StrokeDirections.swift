/// Which way each stroke of a drawing goes: what clouds leave out, and the one thing that tells some shapes apart
/// (a line drawn to the left from one drawn to the right, up from down). `ShapeMatcher` asks it only of the two
/// nearest shapes, when clouds cannot tell them apart (docs/shapes.md, Which way a stroke goes); elsewhere the
/// order and direction of strokes do not matter.
enum StrokeDirections {
    /// Opposite ways count as far apart as one radius of the drawing (a unit vector's difference, 2, times this).
    static let weight = 0.5

    /// Each point's way along its stroke, a unit vector times `weight`; zero for a dot and a stroke of one point.
    static func of(_ drawing: NormalizedDrawing) -> [Point] {
        var ways = Array(repeating: Point.zero, count: drawing.points.count)
        for k in stride(from: 0, to: drawing.strokeEnds.count - 1, by: 2) {
            let first = drawing.strokeEnds[k], last = drawing.strokeEnds[k + 1]
            guard last > first else { continue }
            for i in first...last {
                let a = drawing.points[max(i - 1, first)], b = drawing.points[min(i + 1, last)]
                let way = Point(x: b.x - a.x, y: b.y - a.y)
                let length = (way.x * way.x + way.y * way.y).squareRoot()
                if length > 0 { ways[i] = Point(x: way.x / length * weight, y: way.y / length * weight) }
            }
        }
        return ways
    }

    /// The weighted sum of squared distances between a drawing's cloud `a` and an example's `b`, of `n` points each,
    /// whose points also carry their ways: $P's greedy match from every ⌊√n⌋-th start, both ways (each cloud's points
    /// choosing in turn), as `CloudDistance` without its bounds; some sum of at least `limit` once none can be below
    /// it. Adds a step for each distance it takes to `steps`: at most `worstSteps(n)`.
    static func distance(
        _ a: [NormalizedPoint], _ aWays: [Point], _ b: [NormalizedPoint], _ bWays: [Point], below limit: Double = .infinity, steps: inout Int
    ) -> Double {
        let n = a.count
        var best = limit
        for start in stride(from: 0, to: n, by: step(n)) {
            best = min(best, greedy(a, aWays, b, bWays, start: start, below: best, steps: &steps))
            best = min(best, greedy(b, bWays, a, aWays, start: start, below: best, steps: &steps))
        }
        return best
    }

    /// The most steps `distance` takes for clouds of `n` points: every start both ways in full (7,392 for 32).
    static func worstSteps(_ n: Int) -> Int { 2 * ((n + step(n) - 1) / step(n)) * n * (n + 1) / 2 }

    private static func step(_ n: Int) -> Int { max(1, Int(Double(n).squareRoot())) }

    private static func greedy(
        _ a: [NormalizedPoint], _ aWays: [Point], _ b: [NormalizedPoint], _ bWays: [Point], start: Int, below limit: Double, steps: inout Int
    ) -> Double {
        let n = a.count
        var unmatched = Array(0..<n)
        var sum = 0.0, i = start
        for left in stride(from: n, to: 0, by: -1) {
            steps += left
            var nearest = Double.infinity, slot = 0
            for s in 0..<left {
                let j = unmatched[s]
                let dx = aWays[i].x - bWays[j].x, dy = aWays[i].y - bWays[j].y
                let d = a[i].squaredDistance(to: b[j]) + dx * dx + dy * dy
                if d < nearest { (nearest, slot) = (d, s) }
            }
            sum += Double(left) * nearest
            if sum >= limit { return sum }
            unmatched[slot] = unmatched[left - 1]
            i = i + 1 == n ? 0 : i + 1
        }
        return sum
    }
}
