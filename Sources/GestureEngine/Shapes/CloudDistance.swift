/// The distance between two point clouds of `n` points each ($P, Vatavu, Anthony and Wobbrock 2012, made quick
/// as $Q, 2018): each point of one, taken in turn from a start, is matched with the nearest point of the other
/// not matched yet, and the squared distances (on the plane and in turning, `NormalizedPoint.turn`) are summed
/// with weights n, n-1, ... 1, since the first matches chose among more points and are the more telling. The sum
/// is the least over a few starts (every `step`-th point) and both ways round (the drawing's points choosing,
/// or the example's). No order of points matters, so neither does the order, direction or number of the strokes
/// that drew them.
///
/// $Q's two savings, which make many templates cheap: a lower bound of each start's sum, from each point's
/// nearest point in the other cloud whether matched or not (one grid look-up, `CloudGrid`), skips the starts
/// that cannot beat the best sum so far; and a sum stops being added up once it reaches that best. Two more
/// here: a sum stops once what it has plus the bound of what remains reaches the best (as searches under
/// dynamic time warping abandon early); and the matcher tries the examples in the order of their lowest
/// bounds, so the best sum is low early.
struct CloudDistance {
    let n: Int
    let step: Int
    /// Scratch for one drawing's matches, reused across examples: the points of the other cloud not matched
    /// yet; each point's squared distance to its nearest in the other cloud, both ways; the two ways' bounds
    /// per start.
    private let unmatched: UnsafeMutableBufferPointer<Int>
    private let nearest: UnsafeMutableBufferPointer<Double>
    private let reverseNearest: UnsafeMutableBufferPointer<Double>
    private let bounds: UnsafeMutableBufferPointer<Double>
    private let reverseBounds: UnsafeMutableBufferPointer<Double>

    /// The weights' sum: a distance divided by it is the weighted mean squared distance between matched points.
    static func totalWeight(_ n: Int) -> Double { Double(n * (n + 1) / 2) }

    /// Runs `body` with scratch for clouds of `n` points, on the stack.
    static func with<R>(n: Int, _ body: (CloudDistance) -> R) -> R {
        let step = Int(Double(n).squareRoot())
        let starts = (n + step - 1) / step
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { unmatched in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n + 2 * starts) { doubles in
                body(
                    CloudDistance(
                        n: n, step: step, unmatched: unmatched, nearest: .init(rebasing: doubles[0..<n]),
                        reverseNearest: .init(rebasing: doubles[n..<2 * n]),
                        bounds: .init(rebasing: doubles[2 * n..<2 * n + starts]),
                        reverseBounds: .init(rebasing: doubles[2 * n + starts..<2 * n + 2 * starts])))
            }
        }
    }

    /// The lowest bound of any start either way: no match of the two clouds is below it (to the grid's cell).
    /// Counts its steps (ShapeWork) into `steps`.
    func bound(_ candidate: PointCloud, _ example: PointCloud, steps: inout Int) -> Double {
        fillBounds(candidate, example)
        steps += boundSteps
        var lowest = Double.infinity
        for k in 0..<bounds.count { lowest = min(lowest, bounds[k], reverseBounds[k]) }
        return lowest
    }

    /// The least weighted sum between the clouds, or some sum of at least `limit` when none is below it. Counts
    /// its steps (ShapeWork) into `steps`.
    func distance(_ candidate: PointCloud, _ example: PointCloud, below limit: Double, steps: inout Int) -> Double {
        fillBounds(candidate, example)
        steps += boundSteps
        return candidate.points.withUnsafeBufferPointer { drawing in
            example.points.withUnsafeBufferPointer { template in
                // The start with the lowest bound first: it is the likeliest to be the best, and the lower the best
                // so far, the sooner the others stop.
                var best = limit
                while true {
                    var k = 0, reverse = false, lowest = Double.infinity
                    for j in 0..<bounds.count {
                        if bounds[j] < lowest { (k, reverse, lowest) = (j, false, bounds[j]) }
                        if reverseBounds[j] < lowest { (k, reverse, lowest) = (j, true, reverseBounds[j]) }
                    }
                    guard lowest < best else { return best }
                    if reverse {
                        reverseBounds[k] = .infinity
                        best = min(best, greedy(template, drawing, start: k * step, bound: lowest, reverseNearest, below: best, steps: &steps))
                    } else {
                        bounds[k] = .infinity
                        best = min(best, greedy(drawing, template, start: k * step, bound: lowest, nearest, below: best, steps: &steps))
                    }
                }
            }
        }
    }

    /// The steps of `fillBounds`: a look-up each point each way, and a pass over each way's distances.
    var boundSteps: Int { 4 * n }

    /// The most steps one comparison takes: its bounds twice (ranked, then compared) and every start's greedy
    /// match both ways in full.
    var worstComparison: Int { 2 * boundSteps + 2 * bounds.count * n * (n + 1) / 2 }

    /// Each point's squared distance to its nearest in the other cloud, both ways, and the bounds from them.
    private func fillBounds(_ a: PointCloud, _ b: PointCloud) {
        Self.nearest(a, in: b, into: nearest)
        lowerBounds(nearest, into: bounds)
        Self.nearest(b, in: a, into: reverseNearest)
        lowerBounds(reverseNearest, into: reverseBounds)
    }

    private static func nearest(_ a: PointCloud, in b: PointCloud, into result: UnsafeMutableBufferPointer<Double>) {
        a.points.withUnsafeBufferPointer { points in
            a.cells.withUnsafeBufferPointer { cells in
                b.points.withUnsafeBufferPointer { others in
                    b.table.withUnsafeBufferPointer { table in
                        for i in 0..<points.count { result[i] = squaredDistance(points[i], others[Int(table[cells[i]])]) }
                    }
                }
            }
        }
    }

    /// From each point's squared distance to its nearest in the other cloud, the weighted sum from
    /// each start s = k * step, which no greedy match from s can go below: point i weighs n - ((i - s) mod n).
    /// With T the sum of all and S the sum of the points before s, that is the sum from 0 plus s·T - n·S.
    private func lowerBounds(_ nearest: UnsafeMutableBufferPointer<Double>, into result: UnsafeMutableBufferPointer<Double>) {
        var fromZero = 0.0, total = 0.0
        for i in 0..<n {
            fromZero += Double(n - i) * nearest[i]
            total += nearest[i]
        }
        // Strided rather than `i % step == 0`: a division per point was a tenth of a decision's time.
        var before = 0.0, i = 0
        for k in 0..<result.count {
            result[k] = fromZero + Double(i) * total - Double(n) * before
            for j in i..<min(i + step, n) { before += nearest[j] }
            i += step
        }
    }

    /// The greedy match of `a`'s points, from `start` round to it, with `b`'s; stops early, with a sum of at
    /// least `limit`, once the sum so far and the bound of the rest reach it. `bound` is the start's lower bound,
    /// from `nearest`, each of `a`'s points' squared distance to its nearest in `b`. Adds a step for each distance
    /// it takes to `steps`.
    private func greedy(
        _ a: UnsafeBufferPointer<NormalizedPoint>, _ b: UnsafeBufferPointer<NormalizedPoint>, start: Int, bound: Double,
        _ nearest: UnsafeMutableBufferPointer<Double>, below limit: Double, steps: inout Int
    ) -> Double {
        for j in 0..<n { unmatched[j] = j }
        var left = n, sum = 0.0, rest = bound, i = start
        repeat {
            let p = a[i]
            steps += left
            var best = Double.infinity, slot = 0
            for s in 0..<left {
                let d = p.squaredDistance(to: b[unmatched[s]])
                if d < best {
                    best = d
                    slot = s
                }
            }
            sum += Double(left) * best
            rest -= Double(left) * nearest[i]
            if sum + rest >= limit { return max(limit, sum + rest) }
            left -= 1
            unmatched[slot] = unmatched[left]
            i = i + 1 == n ? 0 : i + 1
        } while i != start
        return sum
    }
}
