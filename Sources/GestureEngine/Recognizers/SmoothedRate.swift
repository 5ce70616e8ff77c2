/// Something with a rate of change: a translation (mm) or a scale or an angle.
public protocol RateValue: Sendable {
    static var zero: Self { get }
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, k: Double) -> Self
}

extension Point: RateValue {}
extension Double: RateValue {}

/// The rate of change of a value sampled at event times, exponentially smoothed.
///
/// Samples closer than `minimumInterval` to the previous one are skipped (the kernel can report two
/// frames a few microseconds apart). After a pause longer than `staleInterval` the rate starts again from
/// the newest sample rather than blending with motion that is long over.
struct SmoothedRate<Value: RateValue> {
    /// The weight of the newest sample (UIKit: about 0.2 for pans, 0.25 for pinch and rotation).
    let newestWeight: Double
    var minimumInterval = 0.001
    var staleInterval = 0.1

    private(set) var rate = Value.zero
    private var last: (time: Timestamp, value: Value)?
    private var hasRate = false

    init(newestWeight: Double) {
        self.newestWeight = newestWeight
    }

    /// Starts over from `value` at `time` with a rate of zero.
    mutating func restart(at time: Timestamp, value: Value) {
        last = (time, value)
        rate = .zero
        hasRate = false
    }

    mutating func sample(at time: Timestamp, value: Value) {
        guard let last else {
            restart(at: time, value: value)
            return
        }
        let dt = time - last.time
        guard dt >= minimumInterval else { return }
        let instant = (value - last.value) * (1 / dt)
        rate = hasRate && dt <= staleInterval ? rate * (1 - newestWeight) + instant * newestWeight : instant
        hasRate = true
        self.last = (time, value)
    }

    /// The value jumped by `offset` without any motion (a threshold taken off): the rate ignores the jump.
    mutating func shift(by offset: Value) {
        if let last { self.last = (last.time, last.value - offset) }
    }

    mutating func clear() {
        last = nil
        rate = .zero
        hasRate = false
    }
}
