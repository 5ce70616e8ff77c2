/// An example made ready once, when the matcher is made, for every drawing matched against it.
struct PreparedExample {
    /// Its template's index in the matcher.
    let shape: Int
    let fingers: Int
    /// `NormalizedDrawing.points`; for clouds that ignore rotation, turned so that the first lies due east.
    let points: [NormalizedPoint]
    /// For clouds: each point's cell (`CloudGrid`) and the table of the point nearest each cell. Empty for paths.
    let cells: [Int]
    let table: [UInt8]

    init(shape: Int, fingers: Int, drawing: NormalizedDrawing, options: ShapeMatchOptions) {
        self.shape = shape
        self.fingers = fingers
        if options.orderInvariant {
            let start = NormalizedDrawing.indicativeAngle(of: drawing.points[0])
            points = options.rotationInvariant ? NormalizedDrawing.rotated(drawing.points, by: -start) : drawing.points
            cells = points.map(CloudGrid.cell)
            table = CloudGrid.table(of: points)
        } else {
            points = drawing.points
            cells = []
            table = []
        }
    }
}
