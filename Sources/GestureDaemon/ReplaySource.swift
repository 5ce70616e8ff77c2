import CaptureFormats
import DeviceFactsDatabase
import GestureConfig
import GestureCore
import GestureEngine
import InputCore

/// A recording served as if it were a device: its frames at their recorded intervals, moved onto the live
/// clock, from the first subscription on (so a client that connects first sees it all), looping if asked.
struct ReplaySource {
    let info: DeviceInfo
    private let frames: [TouchFrame]
    private let loop: Bool
    private var next = 0
    /// Added to the recording's times to put them on the live clock; nil until playing starts.
    private var offset: Int64?
    /// Added to touch ids on each loop: an id never names two touches.
    private var idOffset: UInt64 = 0
    private let idSpan: UInt64
    /// A pause between loops, so the last gesture's timers run out before the first begins again.
    private static let gap: Int64 = 1_000_000_000
    /// Playing starts this long after the first subscription, so clients that connect together all see it.
    static let leadIn: Int64 = 1_000_000_000
    /// Recorded time passes this many times faster.
    private let speed: Double

    init(
        recording: Recording, source: String, loop: Bool, speed: Double = 1, kind: DeviceKind? = nil, knowledge: DeviceKnowledge? = nil
    ) throws(InputError) {
        // The one device served: a recording is served only where the hub opened none (or is not asked for).
        info = try DeviceInfo(recording: recording, source: source, id: DeviceID(0), node: "replay:\(source)", kind: kind, knowledge: knowledge)
        frames = try Replay.frames(of: recording, source: source, kind: info.kind)
        idSpan = (frames.lazy.flatMap(\.touches).map(\.id.rawValue).max() ?? 0) + 1
        self.loop = loop
        self.speed = speed
    }

    var isPlaying: Bool { offset != nil }
    var isFinished: Bool { next >= frames.count }

    mutating func start(at now: Timestamp) {
        guard offset == nil, let first = frames.first else { return }
        origin = first.timestamp
        offset = now.nanoseconds + Self.leadIn - first.timestamp.nanoseconds
    }

    /// The recording's first time, from which `speed` scales.
    private var origin = Timestamp.zero

    /// A recorded time on the live clock.
    private func live(_ t: Timestamp, _ offset: Int64) -> Timestamp {
        let scaled = speed == 1 ? t.nanoseconds : origin.nanoseconds + Int64(Double(t.nanoseconds - origin.nanoseconds) / speed)
        return Timestamp(nanoseconds: scaled + offset)
    }

    /// When the next frame is due, on the live clock.
    var nextTime: Timestamp? {
        guard let offset, next < frames.count else { return nil }
        return live(frames[next].timestamp, offset)
    }

    /// The touches of the frame being played, moved onto the live clock in storage kept from frame to frame:
    /// changed in the recorded frame's own array, they were copied into a new one every frame.
    private var playing: [Touch] = []

    /// The frames due by `now`, on the live clock, each with when it was due. A frame enters when it is played,
    /// as a device's frame enters when the kernel stamps it: when the daemon wakes late, the replay's clock slips
    /// by as much, so the recorded intervals between frames are kept and every frame's time is when it entered the
    /// input layer.
    mutating func due(at now: Timestamp, _ body: (TouchFrame, Timestamp) -> Void) {
        while let t = nextTime, t <= now, var offset {
            offset += now.nanoseconds - t.nanoseconds
            self.offset = offset
            var frame = frames[next]
            frame.timestamp = now
            playing.removeAll(keepingCapacity: true)
            playing.append(contentsOf: frame.touches)
            for i in playing.indices {
                playing[i].timestamp = live(playing[i].timestamp, offset)
                playing[i].id = TouchID(playing[i].id.rawValue + idOffset)
            }
            frame.touches = playing
            body(frame, t)
            next += 1
            if next == frames.count, loop, let first = frames.first, let last = frames.last {
                next = 0
                idOffset += idSpan
                self.offset = offset + Int64(Double(last.timestamp.nanoseconds - first.timestamp.nanoseconds) / speed) + Self.gap
            }
        }
    }
}
