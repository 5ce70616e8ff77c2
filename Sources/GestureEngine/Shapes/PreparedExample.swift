/// A drawing as clouds compare it: its points, each point's cell (`CloudGrid`), and the table of the point
/// nearest each cell. Paths need only the points.
struct PointCloud {
    let points: [NormalizedPoint]
    let cells: [Int]
    let table: [UInt8]

    init(_ points: [NormalizedPoint], indexed: Bool = true) {
        self.points = points
        cells = indexed ? points.map(CloudGrid.cell) : []
        table = indexed ? CloudGrid.table(of: points) : []
    }
}

/// An example made ready once, when the matcher is made, for every drawing matched against it.
struct PreparedExample {
    /// Its template's index in the matcher.
    let shape: Int
    let fingers: Int
    /// `NormalizedDrawing.points`; for clouds that ignore rotation, turned so that the first lies due east.
    let cloud: PointCloud
    /// Which way its strokes go at each point (`StrokeDirections`), for clouds that keep rotation: what tells two
    /// shapes apart that clouds cannot.
    let ways: [Point]

    init(shape: Int, fingers: Int, drawing: NormalizedDrawing, options: ShapeMatchOptions) {
        self.shape = shape
        self.fingers = fingers
        ways = options.comparesWays ? StrokeDirections.of(drawing) : []
        if options.orderInvariant && options.rotationInvariant {
            let start = NormalizedDrawing.indicativeAngle(of: drawing.points[0])
            cloud = PointCloud(NormalizedDrawing.rotated(drawing.points, by: -start))
        } else {
            cloud = PointCloud(drawing.points, indexed: options.orderInvariant)
        }
    }
}
