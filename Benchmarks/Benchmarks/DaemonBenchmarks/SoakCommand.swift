import ArgumentParser
import Foundation

/// Memory under continuous input: the recording replayed in a loop to subscribers for a long time, the daemon's
/// resident memory sampled throughout. Growth is measured from the end of the first loop, when everything the
/// daemon allocates once (engines, histograms, buffers at their working size) exists.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak", abstract: "Resident memory over a long replay in a loop to subscribers; fails on growth.")

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: "How long to run, in seconds.")
    var duration = 3600.0

    @Option(name: .long, help: "How many subscribers read gestures and raw touches.")
    var subscribers = 10

    @Option(name: .long, help: "Resident memory samples, evenly spread.")
    var samples = 12

    @Option(name: .long, help: "Fail when resident memory grows by more than this many KiB after the first loop.")
    var maxGrowthKib = 512

    func run() throws {
        let recording = try common.recordingFacts()
        let daemon = try DaemonUnderTest(binary: common.gestured, recording: recording.path, loop: true)
        defer { _ = daemon.stop() }
        let started = daemon.residentKiB
        let readers = try Subscribers(count: subscribers, socket: daemon.socket, events: ["gestures", "touches"])
        print("recording \(recording.path) in a loop (\(String(format: "%.1f", recording.seconds)) s each), \(subscribers) subscribers, \(Int(duration)) s")
        print("resident memory after start-up: \(started) KiB")
        // The first loop: a second's lead-in, the recording, the second's gap between loops.
        let firstLoop = recording.seconds + 2
        let begin = monotonicNanoseconds()
        let step = max(1, (duration - firstLoop) / Double(samples))
        let times = [firstLoop] + Swift.stride(from: firstLoop + step, through: duration, by: step).map { $0 }
        var baseline = 0, peak = 0
        readers.read(until: begin + Int64(duration * 1e9), samples: times.map { begin + Int64($0 * 1e9) }) {
            let now = daemon.residentKiB
            let elapsed = Double(monotonicNanoseconds() - begin) / 1e9
            if baseline == 0 {
                baseline = now
                print("after the first loop (\(String(format: "%.0f", elapsed)) s): \(baseline) KiB")
            } else {
                print(String(format: "%6.0f s: %6d KiB (%+d)", elapsed, now, now - baseline))
            }
            peak = max(peak, now)
        }
        let end = daemon.residentKiB
        let latency = Percentiles(readers.latency)
        print(String(format: "end-to-end latency over the soak: p50 %.1f µs, p99 %.1f µs, max %.0f µs", latency.p50, latency.p99, latency.max))
        print("events read: \(readers.counts.reduce(0, +)) by \(subscribers) subscribers")
        print("resident memory: start-up \(started) KiB, after the first loop \(baseline) KiB, end \(end) KiB, peak \(peak) KiB; growth \(end - baseline) KiB")
        guard kill(daemon.pid, 0) == 0 else { throw BenchmarkError("the daemon died: \(daemon.daemonLog)") }
        guard end - baseline <= maxGrowthKib else {
            throw BenchmarkError("resident memory grew by \(end - baseline) KiB after the first loop (limit \(maxGrowthKib) KiB)")
        }
    }
}
