import CaptureFormats
import ConfigFiles
import FuzzInput
import GestureConfig
import GestureCore
import GestureEngine
import InputCore

/// A recording in any format through what `gestured replay` does with it: the reader, a description
/// inferred when there is none, the frame builder, and the engine of the shipped configuration with its
/// timers run on the recording's clock. A recording that lies (axes, slots, times) must give an error,
/// never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let parsed = try? Recording.parse(fuzzText(data, size), source: "fuzz.rec") else { return 0 }
    let recording = parsed.inferringDescription(name: "fuzz.rec")
    guard let description = recording.description, let axes = description.positionAxes else { return 0 }
    let kind = DeviceKind.classify(description)
    let geometry = SurfaceGeometry(x: axes.x, y: axes.y)
    let configuration = ReplayFixture.configuration
    guard let entry = configuration.deviceEntry(for: description, kind: kind) ?? configuration.devices.first else { return 0 }
    let surface = ConfiguredSurface(configuration: configuration, entry: entry, surface: entry.size ?? geometry.size)
    // Sized and turned as the daemon's session does it (SurfaceTransform).
    let transform = SurfaceTransform(info: DeviceInfo(id: DeviceID(0), node: "fuzz.rec", description: description, kind: kind, geometry: geometry), entry: entry)
    var events: [EngineEvent] = []
    for frame in (try? Replay.frames(of: recording, source: "fuzz.rec", kind: kind)) ?? [] {
        while let deadline = surface.engine.nextDeadline, deadline < frame.timestamp {
            surface.engine.advance(to: deadline, into: &events)
        }
        var sized = frame
        sized.touches = frame.touches.map(transform.sized)
        surface.engine.process(transform.turned(sized), into: &events)
        events.removeAll(keepingCapacity: true)
    }
    while let deadline = surface.engine.nextDeadline {
        surface.engine.advance(to: deadline, into: &events)
    }
    return 0
}

enum ReplayFixture {
    /// The configuration `make run` uses, every common recognizer kind on the whole surface.
    static let configuration: Configuration = {
        let root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(4).joined(separator: "/")
        switch Configuration.load(root + "/config/gestured.toml", files: SystemFiles()) {
        case .success(let c): return c
        case .failure(let errors): fatalError("the shipped configuration: \(errors)")
        }
    }()
}
