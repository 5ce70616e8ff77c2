import ConfigSchema
/// What a configuration's own recognizers cost the daemon at a touch, for `gestured check` (docs/daemon.md,
/// Hostile peers): a check that passes can still make every frame late. The configuration's
/// recognizers are not metered as connections' are (docs/protocol.md, Shape work): the administrator is told.
public struct FrameWork: Sendable {
    /// Failure requirements between the recognizers (each `require_to_fail` name): a new touch's arbitration
    /// walks them, about 0.15 µs each on a two-core Xeon VM (release build; docs/daemon.md).
    public let requirementPairs: Int
    /// Examples the shape recognizers compare a drawing with, each recognizer's counted: all of them decide at
    /// the same lift.
    public let shapeComparisons: Int

    /// The most requirements a new touch may walk within the budget (5 ms, at 0.15 µs each).
    public static let requirementPairsBudget = 32_768
    /// The most examples a lift may compare within it (about 1 µs each, up to 3 µs unpruned; docs/shapes.md, Work).
    public static let shapeComparisonsBudget = 2_560

    public init(_ configuration: Configuration) {
        requirementPairs = configuration.recognizers.reduce(0) { $0 + Set($1.requireToFail).count }
        shapeComparisons = configuration.recognizers.reduce(0) { $0 + ($1.shapes?.examples ?? 0) }
    }

    /// What exceeds the budget, in words; none when the configuration fits.
    public var warnings: [String] {
        var said: [String] = []
        if requirementPairs > Self.requirementPairsBudget {
            let ms = Double(requirementPairs) * 0.15 / 1000
            said.append(
                "the recognizers' require_to_fail lists name \(requirementPairs) recognizers together, more than \(Self.requirementPairsBudget): each new touch's arbitration walks them, about \(Int(ms.rounded())) ms on a two-core machine, past the 5 ms a frame has; touches will come late. Fewer requirements (a recognizer that waits for one which waits for the rest) cost less")
        }
        if shapeComparisons > Self.shapeComparisonsBudget {
            said.append(
                "the shape recognizers compare a drawing with \(shapeComparisons) examples together at a lift, more than \(Self.shapeComparisonsBudget): that lift's frame will be late. Fewer recognizers that share one list of shapes cost less")
        }
        return said
    }
}
