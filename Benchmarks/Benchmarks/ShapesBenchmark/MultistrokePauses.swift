/// The pauses people leave between the strokes of a shape, on a multistroke set with real times: the time from a
/// stroke's last point to the next stroke's first. `stroke_pause` ends a drawing at the first pause longer than it,
/// so the share of multistroke drawings whose every pause is within a value is the share it keeps whole. And how long
/// whole drawings take, first point to last, which `maximum_duration` bounds.
enum MultistrokePauses {
    struct Summary {
        var drawings: Int
        var pauses: [Double]
        /// For each candidate stroke_pause, the share of the multistroke drawings it keeps whole.
        var keptWhole: [(pause: Double, share: Double)]
        /// For each candidate maximum_duration, the share of all the set's drawings that take longer.
        var longer: [(duration: Double, share: Double)]
    }

    static let candidates = [0.5, 0.75, 1.0, 1.25, 1.5, 2.0]
    static let durations = [5.0, 10, 15, 20, 30]

    static func summary(_ set: MultistrokeSet) -> Summary {
        var pauses: [Double] = []
        var longest: [Double] = []
        for drawing in set.drawings where drawing.strokes.count > 1 {
            var most = 0.0
            for (a, b) in zip(drawing.strokes, drawing.strokes.dropFirst()) {
                guard let end = a.last?.time, let start = b.first?.time, start >= end else { continue }
                pauses.append(start - end)
                most = max(most, start - end)
            }
            longest.append(most)
        }
        let kept = candidates.map { value in (value, Double(longest.filter { $0 <= value }.count) / Double(max(longest.count, 1))) }
        let times = set.drawings.map { ($0.strokes.last?.last?.time ?? 0) - ($0.strokes.first?.first?.time ?? 0) }
        let longer = durations.map { value in (value, Double(times.filter { $0 > value }.count) / Double(max(times.count, 1))) }
        return Summary(drawings: longest.count, pauses: pauses.sorted(), keptWhole: kept, longer: longer)
    }

    /// The value at `share` of the sorted `values`.
    static func quantile(_ values: [Double], _ share: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        return values[min(values.count - 1, Int(Double(values.count - 1) * share))]
    }
}
