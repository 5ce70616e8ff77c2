import Benchmark
import CaptureFormats
import Foundation
import GestureEngine
import InputCore

/// The frame builder on the largest real recording in the shared folder (3M 22" touchscreen, 29 s, up to
/// 10 fingers, 3422 reports), and the builder plus the engine. Skipped when the folder is absent.
enum InputWorkload {
    static let recording: Recording? = {
        let base = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/recordings/evemu").path
        guard let text = try? String(contentsOfFile: base + "/3m.event", encoding: .isoLatin1) else { return nil }
        return try? Recording.parse(text, source: "3m.event")
    }()
}

let inputBenchmarks: @Sendable () -> Void = {
    guard let recording = InputWorkload.recording, let description = recording.description,
        let axes = description.positionAxes
    else {
        print("input benchmarks skipped: ../shared/recordings/evemu/3m.event not found")
        return
    }
    let geometry = SurfaceGeometry(x: axes.x, y: axes.y)
    let reports = recording.events.filter(\.isSynReport).count

    // One iteration = the whole recording; throughput x reports = frames per second.
    Benchmark("Frame builder, 3M touchscreen recording (\(reports) reports)", configuration: .init(scalingFactor: .one)) { benchmark in
        for _ in benchmark.scaledIterations {
            var builder = try FrameBuilder(description: description, geometry: geometry, touchType: .direct)
            var frames = 0
            for event in recording.events where builder.handle(event) != nil { frames += 1 }
            blackHole(frames)
        }
    }

    Benchmark("Frame builder + engine (20 recognizers), 3M recording", configuration: .init(scalingFactor: .one)) { benchmark in
        for _ in benchmark.scaledIterations {
            let workload = EngineWorkload(movingFrames: 1)
            var builder = try FrameBuilder(description: description, geometry: geometry, touchType: .direct)
            var events: [EngineEvent] = []
            events.reserveCapacity(256)
            for event in recording.events {
                if let frame = builder.handle(event) {
                    events.removeAll(keepingCapacity: true)
                    workload.engine.process(frame, into: &events)
                }
            }
            blackHole(events.count)
        }
    }
}
