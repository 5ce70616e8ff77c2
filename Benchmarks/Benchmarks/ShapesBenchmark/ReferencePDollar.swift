import GestureEngine

/// A plain $P (Vatavu, Anthony and Wobbrock, "Gestures as Point Clouds", ICMI 2012), written from the paper's
/// pseudocode and nothing else, as the reference gestured's matcher is held to in `make shapes`: 32 points
/// resampled along the strokes (a stroke's points apart from the next stroke's), scaled by the larger side of the
/// bounding box, the centroid moved to the origin; the greedy cloud match from every ⌊n^0.5⌋-th start, both ways,
/// each match weighted by how early it was chosen. No turning angle, no lower bounds, no joins: what the paper has.
struct ReferencePDollar {
    static let n = 32

    private struct Point {
        var x: Double
        var y: Double
        var stroke: Int
    }

    private let templates: [(name: String, points: [Point])]

    init(templates: [ShapeTemplate]) {
        self.templates = templates.flatMap { template in
            template.examples.compactMap { example in Self.normalize(example.strokes).map { (template.name, $0) } }
        }
    }

    /// The name of the nearest template; nil for a drawing with no length, or no templates.
    func nearest(_ strokes: [[ShapePoint]]) -> String? {
        guard let points = Self.normalize(strokes) else { return nil }
        var best: (name: String, distance: Double)?
        for template in templates {
            let d = Self.greedyCloudMatch(points, template.points)
            if d < best?.distance ?? .infinity { best = (template.name, d) }
        }
        return best?.name
    }

    private static func normalize(_ strokes: [[ShapePoint]]) -> [Point]? {
        let points = strokes.enumerated().flatMap { id, stroke in stroke.map { Point(x: $0.x, y: $0.y, stroke: id) } }
        guard let resampled = resample(points) else { return nil }
        return translateToOrigin(scale(resampled))
    }

    private static func distance(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }

    private static func pathLength(_ points: [Point]) -> Double {
        var d = 0.0
        for i in points.indices.dropFirst() where points[i].stroke == points[i - 1].stroke { d += distance(points[i - 1], points[i]) }
        return d
    }

    private static func resample(_ input: [Point]) -> [Point]? {
        let interval = pathLength(input) / Double(n - 1)
        guard let first = input.first, interval > 0 else { return nil }
        var points = input
        var walked = 0.0
        var resampled = [first]
        var i = 1
        while i < points.count {
            if points[i].stroke == points[i - 1].stroke {
                let d = distance(points[i - 1], points[i])
                if walked + d >= interval {
                    let t = (interval - walked) / d
                    let q = Point(
                        x: points[i - 1].x + t * (points[i].x - points[i - 1].x), y: points[i - 1].y + t * (points[i].y - points[i - 1].y),
                        stroke: points[i].stroke)
                    resampled.append(q)
                    points.insert(q, at: i)
                    walked = 0
                } else {
                    walked += d
                }
            }
            i += 1
        }
        // Rounding can leave the last point out.
        if resampled.count == n - 1, let last = input.last { resampled.append(last) }
        return Array(resampled.prefix(n))
    }

    private static func scale(_ points: [Point]) -> [Point] {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        let size = max(xs.max()! - minX, ys.max()! - minY)
        guard size > 0 else { return points }
        return points.map { Point(x: ($0.x - minX) / size, y: ($0.y - minY) / size, stroke: $0.stroke) }
    }

    private static func translateToOrigin(_ points: [Point]) -> [Point] {
        let cx = points.map(\.x).reduce(0, +) / Double(points.count), cy = points.map(\.y).reduce(0, +) / Double(points.count)
        return points.map { Point(x: $0.x - cx, y: $0.y - cy, stroke: $0.stroke) }
    }

    private static func greedyCloudMatch(_ points: [Point], _ template: [Point]) -> Double {
        let step = Int(Double(points.count).squareRoot())
        var best = Double.infinity
        for start in stride(from: 0, to: points.count, by: step) {
            best = min(best, cloudDistance(points, template, start), cloudDistance(template, points, start))
        }
        return best
    }

    private static func cloudDistance(_ a: [Point], _ b: [Point], _ start: Int) -> Double {
        let count = min(a.count, b.count)
        var matched = [Bool](repeating: false, count: b.count)
        var sum = 0.0
        var i = start
        repeat {
            var nearest = Double.infinity, index = -1
            for j in b.indices where !matched[j] {
                let d = distance(a[i], b[j])
                if d < nearest { (nearest, index) = (d, j) }
            }
            if index >= 0 { matched[index] = true }
            let weight = 1 - Double((i - start + count) % count) / Double(count)
            sum += weight * nearest
            i = (i + 1) % count
        } while i != start
        return sum
    }
}
