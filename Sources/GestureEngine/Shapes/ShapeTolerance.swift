/// How far a drawing may lie from a shape's examples and still be that shape, learned from the examples themselves
/// (docs/shapes.md, The score): a shape people draw alike each time (a check mark by one person) is held close;
/// one they draw differently each time (an icon of many strokes, a letter drawn by five people) is given room.
///
/// A shape's tolerance is twice the typical distance of its examples from their nearest other example (the median
/// over its examples, each left out in turn), held between 0.25 and 0.5 radii: a drawing at its tolerance scores
/// 0.8, the shipped `minimum_score`. Shapes are still ranked by distance alone (which shape is this most like?);
/// the tolerance only answers whether the nearest is that shape at all.
enum ShapeTolerance {
    /// A drawing may lie twice as far from a shape's examples as they typically lie from each other. Chosen on the
    /// $1 unistroke logs and the labelled recordings alone (docs/shapes.md): 1.75 and 2 kept the false accepts at
    /// one file in 193, 2.25 took three; the multistroke sets checked it.
    static let spreadFactor = 2.0
    /// The tolerance of a shape of one example, or of examples that agree more closely than this: 0.25 radii, where
    /// the score was 0.8 before the tolerance was learned (drawings of a shape fell further from five of the
    /// same person's examples as often as drawings of other shapes came nearer, on the $1 logs).
    static let least = 0.25
    /// No shape, however differently its examples were drawn, accepts a drawing further than this: a shape given two
    /// unlike drawings under one name would otherwise take most of what is drawn.
    static let most = 0.5
    /// The score at a shape's tolerance: the shipped `minimum_score`.
    static let score = 0.8
    /// Examples of a shape its tolerance is learned from, at most, taken evenly: each is compared with the others,
    /// so a shape of ten costs at most 90 comparisons when the matcher is made.
    static let examples = 10

    /// A shape's tolerance from its examples' distances to their nearest other example (root mean squares, radii).
    static func tolerance(nearestOther distances: [Double]) -> Double {
        guard !distances.isEmpty else { return least }
        let sorted = distances.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return min(max(spreadFactor * median, least), most)
    }

    /// The distance at which a shape of tolerance `tolerance` scores 0.
    static func reach(_ tolerance: Double) -> Double { tolerance / (1 - score) }

    /// Up to `examples` of `count` indices, spread evenly, in order.
    static func chosen(_ count: Int) -> [Int] {
        guard count > examples else { return Array(0..<count) }
        return (0..<examples).map { $0 * count / examples }
    }
}
