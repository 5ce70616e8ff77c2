/// The grid $Q looks nearest points up in: a normalized drawing's plane, from -`reach` to `reach` on both axes
/// (a root-mean-square radius is 1; a straight line reaches 1.73), cut into `size` × `size` cells. Each cell of a
/// cloud's table holds the index of the cloud's point nearest the cell's centre, so the nearest point to any
/// point is one look-up, right up to the cell's size (an eighth of the radius). The look-ups only bound which
/// matches are worth computing, and on the $1 unistroke logs they recognized as many drawings as no bounds at all.
/// $Q's 64 cells a side were no more accurate and cost a drawing's table four times the filling.
enum CloudGrid {
    static let size = 32
    static let reach = 2.0
    static let cells = size * size
    /// Marks a cell whose nearest point is not known yet (a candidate's table is filled as it is read).
    static let unknown = UInt8.max

    /// The cell of `p`; points beyond the grid take the cell at its edge.
    static func cell(_ p: NormalizedPoint) -> Int {
        index(p.y) * size + index(p.x)
    }

    /// The index of the point of `points` nearest the centre of `cell`.
    static func nearest(to cell: Int, among points: UnsafeBufferPointer<NormalizedPoint>) -> UInt8 {
        let x = coordinate(cell % size), y = coordinate(cell / size)
        var best = Double.infinity, index = 0
        for (i, p) in points.enumerated() {
            let d = (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)
            if d < best {
                best = d
                index = i
            }
        }
        return UInt8(index)
    }

    /// Every cell's nearest point: a template's table, made once.
    static func table(of points: [NormalizedPoint]) -> [UInt8] {
        points.withUnsafeBufferPointer { points in (0..<cells).map { nearest(to: $0, among: points) } }
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
