import GestureEngine
import InputCore

/// A recording served as if it were a device: its frames at their recorded pace, moved onto the live
/// clock, from the first subscription on (so a client that connects first sees it all), looping if asked.
struct ReplaySource {
    let info: DeviceInfo
    private let frames: [TouchFrame]
    private let loop: Bool
    private var next = 0
    /// Added to the recording's times to put them on the live clock; nil until playing starts.
    private var offset: Int64?
    /// Added to touch ids on each loop: an id never names two touches.
    private var idOffset: TouchID = 0
    private let idSpan: TouchID
    /// A pause between loops, so the last gesture's timers run out before the first begins again.
    private static let gap: Int64 = 1_000_000_000

    init(recording: Recording, source: String, loop: Bool) throws(InputError) {
        guard let description = recording.description, let axes = description.positionAxes else {
            throw InputError(device: source, "the recording describes no touch device (no position axes)")
        }
        let kind = DeviceKind.classify(description)
        info = DeviceInfo(node: "replay:\(source)", description: description, kind: kind, geometry: SurfaceGeometry(x: axes.x, y: axes.y))
        frames = try Replay.frames(of: recording, source: source, kind: kind)
        idSpan = (frames.lazy.flatMap(\.touches).map(\.id).max() ?? 0) + 1
        self.loop = loop
    }

    var isPlaying: Bool { offset != nil }
    var isFinished: Bool { next >= frames.count }

    mutating func start(at now: Timestamp) {
        guard offset == nil, let first = frames.first else { return }
        offset = now.nanoseconds - first.timestamp.nanoseconds
    }

    /// When the next frame is due, on the live clock.
    var nextTime: Timestamp? {
        guard let offset, next < frames.count else { return nil }
        return Timestamp(nanoseconds: frames[next].timestamp.nanoseconds + offset)
    }

    /// The frames due by `now`, on the live clock.
    mutating func due(at now: Timestamp, _ body: (TouchFrame) -> Void) {
        while let t = nextTime, t <= now, let offset {
            var frame = frames[next]
            frame.timestamp = t
            for i in frame.touches.indices {
                frame.touches[i].timestamp = Timestamp(nanoseconds: frame.touches[i].timestamp.nanoseconds + offset)
                frame.touches[i].id += idOffset
            }
            body(frame)
            next += 1
            if next == frames.count, loop, let first = frames.first, let last = frames.last {
                next = 0
                idOffset += idSpan
                self.offset = offset + (last.timestamp.nanoseconds - first.timestamp.nanoseconds) + Self.gap
            }
        }
    }
}
