import Foundation
import InputCore
import LinuxInput

/// Gestures drawn frame by frame at 100 Hz on the 100 x 50 mm test touchscreen (10 units per mm), for the daemon
/// tests that need a finger doing something real on a kernel device.
struct KernelGesture: Sendable, CustomStringConvertible {
    /// One frame's events each: touch-down first, then the moves, then the lift.
    let frames: [[InputEvent]]
    let description: String

    /// `fingers` fingers from touch-down to lift over `seconds`; `place(finger, progress)` says where each is,
    /// in device units.
    init(_ description: String, fingers: Int, over seconds: Double, firstID: Int32 = 1, _ place: (Int, Double) -> (x: Double, y: Double)) {
        self.description = description
        let steps = max(1, Int((seconds * 100).rounded()))
        var frames: [[InputEvent]] = []
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            var frame: [InputEvent] = []
            for finger in 0..<fingers {
                let (x, y) = place(finger, t)
                frame.append(KernelDevices.abs(AbsCode.mtSlot, Int32(finger)))
                if step == 0 { frame.append(KernelDevices.abs(AbsCode.mtTrackingID, firstID + Int32(finger))) }
                frame += [KernelDevices.abs(AbsCode.mtPositionX, Int32(x.rounded())), KernelDevices.abs(AbsCode.mtPositionY, Int32(y.rounded()))]
            }
            frames.append(frame + [KernelDevices.syn])
        }
        frames.append((0..<fingers).flatMap { KernelDevices.lift(slot: Int32($0)).dropLast() } + [KernelDevices.syn])
        self.frames = frames
    }

    /// One finger along straight lines through `points`, at even speed.
    init(_ description: String, through points: [(x: Double, y: Double)], over seconds: Double, firstID: Int32 = 1) {
        let legs = Double(points.count - 1)
        self.init(description, fingers: 1, over: seconds, firstID: firstID) { _, t in
            let leg = min(Int(t * legs), points.count - 2), local = t * legs - Double(leg)
            let (a, b) = (points[leg], points[leg + 1])
            return (a.x + (b.x - a.x) * local, a.y + (b.y - a.y) * local)
        }
    }

    /// Writes frames into the device at the pace they were drawn (the kernel stamps the times).
    static func play(_ frames: ArraySlice<[InputEvent]>, into device: UinputDevice) throws {
        for frame in frames {
            try device.write(frame)
            usleep(10_000)
        }
    }
}

/// Raw touches as a subscriber sees them: each begins once, ends once, never moves while up.
struct TouchAudit {
    /// "node id" of the touches down.
    private(set) var down: Set<String> = []
    private(set) var problems: [String] = []
    private(set) var began = 0
    private(set) var cancelled = 0
    /// The most touches down at once.
    private(set) var mostDown = 0

    mutating func check(_ messages: [[String: Any]]) {
        for m in messages where m["type"] as? String == "touch" {
            let key = "\(m["node"] ?? "?") \(m["id"] ?? "?")"
            switch m["phase"] as? String {
            case "began":
                began += 1
                if !down.insert(key).inserted { problems.append("\(key) began twice") }
                mostDown = max(mostDown, down.count)
            case "moved", "stationary":
                if !down.contains(key) { problems.append("\(key) moved while up") }
            case "ended", "cancelled":
                if m["phase"] as? String == "cancelled" { cancelled += 1 }
                if down.remove(key) == nil { problems.append("\(key) lifted while up") }
            default:
                problems.append("\(key): unknown phase \(m["phase"] ?? "none")")
            }
            if let mm = (m["location"] as? [String: Any])?["mm"] as? [Any], mm.contains(where: { ($0 as? Double)?.isFinite != true }) {
                problems.append("\(key) at \(mm)")
            }
        }
    }
}
