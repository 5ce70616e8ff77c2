import Benchmark
import GestureEngine

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal, .instructions],
        scalingFactor: .kilo,
        maxDuration: .seconds(3)
    )

    // Whole touch sequences: touch-down of 10 fingers, 240 moving frames, lift; repeated.
    Benchmark("Engine frames, 10 fingers, 20 recognizers (full strokes)") { benchmark in
        let workload = EngineWorkload()
        workload.warmUp(frames: 3 * 242 + 10)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(workload.step())
        }
    }

    // Only moving frames, for the steady state's allocation count: the stroke is long enough that no
    // sample crosses a touch-down or lift.
    Benchmark("Engine frames, 10 fingers, 20 recognizers (steady state)") { benchmark in
        let workload = EngineWorkload(movingFrames: 100_000_000)
        workload.warmUp(frames: 1000)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(workload.step())
        }
    }

    inputBenchmarks()
}
