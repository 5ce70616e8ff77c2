/// The grid $Q looks nearest points up in: a normalized drawing's plane, from -`reach` to `reach` on both axes
/// (a root-mean-square radius is 1; a straight line reaches 1.73), cut into `size` × `size` cells. Each cell of a
/// cloud's table holds the index of the cloud's point nearest the cell's centre, so the nearest point to any
/// point is one look-up, right up to the cell's size (an eighth of the radius). The look-ups only bound which
/// matches are worth computing, and on the $1 unistroke logs they recognized as many drawings as no bounds at all.
/// $Q's 64 cells a side were no more accurate here, and cost each table three times the steps.
enum CloudGrid {
    static let size = 32
    static let reach = 2.0
    static let cells = size * size

    /// The cell of `p`; points beyond the grid take the cell at its edge.
    static func cell(_ p: NormalizedPoint) -> Int {
        index(p.y) * size + index(p.x)
    }

    /// Every cell's nearest point. Along a row of cells, each point's squared distance from the row's centre
    /// line is a parabola in x, (x - xᵢ)² + (y - yᵢ)², and the nearest point to each cell is the lowest parabola
    /// there: their lower envelope is found once a row and read at each cell (the distance transform of
    /// Felzenszwalb and Huttenlocher, for points anywhere), n + size steps a row rather than n × size.
    static func table(of points: [NormalizedPoint]) -> [UInt8] {
        let order = points.indices.sorted { points[$0].x < points[$1].x }
        var table = [UInt8](repeating: 0, count: cells)
        // The envelope's parabolas from left to right, and where each becomes the lowest.
        var envelope = [Int](repeating: 0, count: points.count)
        var from = [Double](repeating: 0, count: points.count)
        for row in 0..<size {
            let y = coordinate(row)
            // Each parabola less x², the same for all: x² - 2xᵢx + heightᵢ.
            func height(_ i: Int) -> Double { points[i].x * points[i].x + (points[i].y - y) * (points[i].y - y) }
            var count = 0
            next: for q in order {
                var start = -Double.infinity
                while count > 0 {
                    let p = envelope[count - 1]
                    if points[q].x == points[p].x {
                        // Above one another: the lower is the lower everywhere.
                        guard height(q) < height(p) else { continue next }
                    } else {
                        // Right of where they cross, q (further right) is the lower.
                        start = (height(q) - height(p)) / (2 * (points[q].x - points[p].x))
                        if start > from[count - 1] { break }
                    }
                    // q is lower before p ever was: p is nowhere the lowest.
                    count -= 1
                    start = -.infinity
                }
                envelope[count] = q
                from[count] = start
                count += 1
            }
            var k = 0
            for column in 0..<size {
                let x = coordinate(column)
                while k + 1 < count, from[k + 1] <= x { k += 1 }
                table[row * size + column] = UInt8(envelope[k])
            }
        }
        return table
    }

    private static func index(_ v: Double) -> Int {
        let i = ((v + reach) / (2 * reach) * Double(size)).rounded(.down)
        // NaN cannot reach here (drawings are finite), and comparisons keep infinities in range.
        return i < 0 ? 0 : i >= Double(size) ? size - 1 : Int(i)
    }

    private static func coordinate(_ index: Int) -> Double {
        (Double(index) + 0.5) / Double(size) * 2 * reach - reach
    }
}
