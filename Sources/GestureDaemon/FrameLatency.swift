import GestureEngine
import GestureProtocol
import Histogram

/// Where a frame's time goes inside the daemon, over its whole run, for `status` and the latency benchmark:
/// - input, every frame: from the frame's timestamp (the kernel's, for a device; the time it was due, for a
///   replay) to the loop's clock reading just after its wait: the kernel's and the scheduler's part;
/// - engine, sampled: from that reading to the core's end with the frame, less the writing: reading the device,
///   building the frame (and, in a turn that read several, the frames before it), the recognizers, the events
///   encoded and queued per client;
/// - write, sampled: the frame's lines written to the clients' sockets.
/// The loop reads the clock once a turn; the two sampled shares need three more reads, so it takes them for one
/// frame a second (InputLoop). What comes after (the kernel waking a subscriber, which reads) is measured by the
/// subscriber.
/// Fixed memory (HDR histograms, two significant digits up to 10 s), nothing allocated per frame.
struct FrameLatency {
    private var input = Self.histogram()
    private var engine = Self.histogram()
    private var write = Self.histogram()

    private static func histogram() -> Histogram<UInt32> {
        Histogram(lowestDiscernibleValue: 1, highestTrackableValue: highest, numberOfSignificantValueDigits: .two)
    }

    /// Ten seconds in nanoseconds: anything longer is recorded as this (a replay's first frame after a pause).
    private static let highest: UInt64 = 10_000_000_000

    /// A frame whose input share alone is kept.
    mutating func record(frame: Timestamp, arrived: Timestamp) {
        _ = input.record(Self.clamped(arrived.nanoseconds - frame.nanoseconds))
    }

    /// A sampled frame: `writing` nanoseconds of the time from `arrived` to `done` went to writing sockets.
    mutating func record(frame: Timestamp, arrived: Timestamp, done: Timestamp, writing: Int64) {
        record(frame: frame, arrived: arrived)
        _ = engine.record(Self.clamped(done.nanoseconds - arrived.nanoseconds - writing))
        _ = write.record(Self.clamped(writing))
    }

    private static func clamped(_ ns: Int64) -> UInt64 { Swift.min(UInt64(Swift.max(0, ns)), highest) }

    /// The status's `latency_us`, in microseconds.
    var summary: DaemonStatus.Latency {
        func percentiles(_ h: Histogram<UInt32>) -> DaemonStatus.Percentiles {
            DaemonStatus.Percentiles(p50: Self.micro(h.valueAtPercentile(50)), p99: Self.micro(h.valueAtPercentile(99)), max: Self.micro(h.max))
        }
        return DaemonStatus.Latency(frames: Int(input.totalCount), input: percentiles(input), engine: percentiles(engine), write: percentiles(write))
    }

    private static func micro(_ ns: UInt64) -> Double { (Double(ns) / 100).rounded() / 10 }
}
