/// What a matcher learns from its examples when it is made (docs/shapes.md, The score; Which way a stroke goes): each
/// shape's reach, from how far its examples lie from each other, and which shapes clouds cannot tell apart.
extension ShapeMatcher {
    /// Each shape's reach (`ShapeTolerance`), from the examples `chosen` of each (indices into `examples`, whose
    /// normalized drawings `drawings` are): each compared with the others.
    static func reaches(
        of chosen: [[Int]], _ examples: [PreparedExample], _ drawings: [NormalizedDrawing], _ options: ShapeMatchOptions
    ) -> [Double] {
        chosen.map { own in
            guard own.count >= 2 else { return ShapeTolerance.reach(ShapeTolerance.least) }
            let distances = own.map { i in
                leastMeanSquare(drawings[i], examples[i], among: own.filter { $0 != i }.map { examples[$0] }, options).squareRoot()
            }
            return ShapeTolerance.reach(ShapeTolerance.tolerance(nearestOther: distances))
        }
    }

    /// Each shape's examples of several strokes cut after each of their strokes but the last, as a shape of the same
    /// name: what a drawing may be the beginning of.
    static func beginnings(of templates: [ShapeTemplate]) -> [ShapeTemplate] {
        templates.compactMap { template in
            let starts = template.examples.flatMap { example in
                (1..<max(example.strokes.count, 1)).map { ShapeExample(strokes: Array(example.strokes.prefix($0))) }
            }
            return starts.isEmpty ? nil : ShapeTemplate(name: template.name, fingers: template.fingers, examples: starts)
        }
    }

    /// Pairs of shapes (a × count + b, both ways) alike as clouds (`alikeShare`): the first chosen example of one
    /// within that share of the smaller tolerance of the other's nearest of its first three.
    static func alikePairs(
        _ chosen: [[Int]], _ examples: [PreparedExample], _ drawings: [NormalizedDrawing], _ reaches: [Double], _ options: ShapeMatchOptions
    ) -> Set<Int> {
        var alike: Set<Int> = []
        for a in chosen.indices {
            for b in chosen.indices where b != a && !chosen[a].isEmpty && !chosen[b].isEmpty {
                let within = min(reaches[a], reaches[b]) * (1 - ShapeTolerance.score) * alikeShare
                let first = chosen[a][0]
                let d = leastMeanSquare(drawings[first], examples[first], among: chosen[b].prefix(3).map { examples[$0] }, options, below: within * within)
                if d < within * within { alike.formUnion([a * chosen.count + b, b * chosen.count + a]) }
            }
        }
        return alike
    }

    /// The least mean squared distance from `drawing` to any of `others`, compared as drawings are: how far an
    /// example lies from its shape's other examples.
    /// `drawing` is `prepared`'s, whose cloud serves as it is where rotation matters (its grid made once).
    static func leastMeanSquare(
        _ drawing: NormalizedDrawing, _ prepared: PreparedExample, among others: [PreparedExample], _ options: ShapeMatchOptions,
        below limit: Double = .infinity
    ) -> Double {
        guard options.orderInvariant else {
            let least = drawing.points.withUnsafeBufferPointer { points in
                others.map { PathDistance.distance(points, $0.cloud.points, rotationInvariant: options.rotationInvariant) }.min() ?? .infinity
            }
            return least / Double(pointCount)
        }
        var least = limit * CloudDistance.totalWeight(pointCount), steps = 0
        CloudDistance.with(n: pointCount) { cloud in
            let candidates = options.rotationInvariant ? orientations(drawing, options).map { PointCloud($0) } : [prepared.cloud]
            for candidate in candidates {
                // Nearest bounds first, as a search goes: the rest stop early.
                let ranked = others.map { (bound: cloud.bound(candidate, $0.cloud, steps: &steps), example: $0) }.sorted { $0.bound < $1.bound }
                for (bound, example) in ranked where bound < least {
                    least = min(least, cloud.distance(candidate, example.cloud, below: least, steps: &steps))
                }
            }
        }
        return least / CloudDistance.totalWeight(pointCount)
    }
}
