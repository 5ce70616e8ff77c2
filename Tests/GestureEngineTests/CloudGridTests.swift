import Testing

@testable import GestureEngine

/// The grid's tables, made by lower envelopes, are each cell's nearest point as a search of every point finds it.
@Suite struct CloudGridTests {
    /// The distance from each cell's centre to the point its table names, and to the nearest point of all.
    static func distances(_ points: [NormalizedPoint]) -> [(table: Double, nearest: Double)] {
        let table = CloudGrid.table(of: points)
        return (0..<CloudGrid.cells).map { cell in
            let size = Double(CloudGrid.size)
            let x = (Double(cell % CloudGrid.size) + 0.5) / size * 2 * CloudGrid.reach - CloudGrid.reach
            let y = (Double(cell / CloudGrid.size) + 0.5) / size * 2 * CloudGrid.reach - CloudGrid.reach
            let centre = NormalizedPoint(x: x, y: y, turn: 0)
            return (squaredDistance(points[Int(table[cell])], centre), points.map { squaredDistance($0, centre) }.min()!)
        }
    }

    static func point(_ x: Double, _ y: Double) -> NormalizedPoint { NormalizedPoint(x: x, y: y, turn: 0) }

    static let clouds: [String: [NormalizedPoint]] = [
        // Scattered, the same every run.
        "scattered": (0..<32).map { i in point(Double((i * 37) % 29) / 9 - 1.6, Double((i * 11) % 31) / 10 - 1.5) },
        // Above one another: the same x over and over.
        "a vertical line": (0..<32).map { point(0.3, Double($0) / 10 - 1.6) },
        "two columns": (0..<32).map { point($0 % 2 == 0 ? -0.5 : 0.5, Double($0 / 2) / 8 - 1) },
        // Beyond the grid, and the same point twice.
        "far out": [point(-9, 4), point(3, -2.5), point(3, -2.5)],
        "one point": [point(0.1, 0.2)],
    ]

    @Test(arguments: clouds.keys.sorted())
    func eachCellNamesItsNearestPoint(_ what: String) {
        for (cell, d) in Self.distances(Self.clouds[what]!).enumerated() {
            #expect(abs(d.table - d.nearest) <= 1e-12, "\(what): cell \(cell)")
        }
    }
}
