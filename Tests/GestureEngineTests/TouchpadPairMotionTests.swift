import Foundation
import GestureEngine
import GestureTrace
import Testing

/// docs/engine.md, "A scroll is never a pinch": on a touchpad, a pinch or rotation begins only once the fingers'
/// own motions say pinch; on a screen, UIKit's thresholds alone decide, as before.
@Suite struct TouchpadPairMotionTests {
    /// A 100 x 80 mm pad with a pinch and a rotation that may recognize together.
    static let pad = """
        units mm
        region P 0 0 100 80
        pinch pinch in P
        rotation rotation in P
        simultaneous pinch rotation

        """

    /// Two fingers landing at (x1, y) and (x2, y), of `type`, then moved by `steps`: one frame every 10 ms, each
    /// finger's offset from where it landed.
    static func script(_ type: String, x1: Double = 40, x2: Double = 60, y: Double = 40, _ steps: [(Offset, Offset)]) -> String {
        var text = pad + "0.00 down 1 \(x1) \(y) \(type)\n0.00 down 2 \(x2) \(y) \(type)\n"
        for (n, (a, b)) in steps.enumerated() {
            let t = String(format: "%.2f", Double(n + 1) / 100)
            text += "\(t) move 1 \(x1 + a.x) \(y + a.y)\n\(t) move 2 \(x2 + b.x) \(y + b.y)\n"
        }
        let end = String(format: "%.2f", Double(steps.count + 1) / 100)
        return text + "\(end) up 1\n\(end) up 2\n"
    }

    struct Offset { var x, y: Double }

    /// The lines of the pinch and rotation beginning.
    static func began(_ lines: [String]) -> [String] { lines.filter { $0.hasSuffix("pinch: began") || $0.hasSuffix("rotation: began") } }

    @Test func twoFingersScrollingWhoseDistanceChangesAreNoPinchOnATouchpad() {
        // Both fingers go down 2 mm a frame; the right one drifts 0.3 mm a frame outwards, so their distance grows
        // 3 mm in 0.1 s, far past the pinch threshold (1.28 mm).
        let steps = (1...40).map { n in (Offset(x: 0, y: 2 * Double(n)), Offset(x: 0.3 * Double(min(n, 10)), y: 2 * Double(n))) }
        #expect(Self.began(traceLines(Self.script("indirect", steps))).isEmpty)
        // On a screen, UIKit's rule: the spread begins a pinch.
        #expect(Self.began(traceLines(Self.script("direct", steps))) == ["0.050 pinch: began"])
    }

    @Test func theScrollIsSaidInTheExplanation() throws {
        let steps = (1...40).map { n in (Offset(x: 0, y: 2 * Double(n)), Offset(x: 0.3 * Double(min(n, 10)), y: 2 * Double(n))) }
        let lines = try Trace.run(Self.script("indirect", steps), explain: true)
        let failed = lines.filter { $0.contains("pinch: possible -> failed") }
        #expect(failed.count == 1)
        #expect(failed.first?.hasPrefix("0.300 ") == true)
        #expect(failed.first?.contains("a scroll, not a pinch: the fingers moved 2.0 mm and 2.0 mm the same way") == true, "\(failed)")
    }

    @Test func fingersMovingApartPinchOnceBothHaveMoved() {
        // 1 mm a frame each, outwards: a screen's pinch begins on the first frame (2 mm of spread); a touchpad's
        // waits for both fingers to have moved 1.5 mm, then sees them going opposite ways.
        let steps = (1...6).map { n in (Offset(x: -Double(n), y: 0), Offset(x: Double(n), y: 0)) }
        #expect(Self.began(traceLines(Self.script("direct", steps))) == ["0.010 pinch: began"])
        #expect(Self.began(traceLines(Self.script("indirect", steps))) == ["0.020 pinch: began"])
    }

    @Test func oneFingerMovingAgainstARestingOneIsAScrollOnATouchpad() {
        // The left finger rests; the right one moves away 1 mm a frame: a pinch on a screen, a scroll on a pad.
        let steps = (1...40).map { n in (Offset(x: 0, y: 0), Offset(x: Double(min(n, 30)), y: 0)) }
        #expect(Self.began(traceLines(Self.script("direct", steps))) == ["0.020 pinch: began"])
        #expect(Self.began(traceLines(Self.script("indirect", steps))).isEmpty)
    }

    @Test func aScrollThatPartsWaysWithinThreeTenthsOfASecondBecomesAPinch() {
        // Down together for two frames (a scroll), then apart: 2 mm a frame each, left and right.
        var steps = [(Offset(x: 0, y: 1), Offset(x: 0, y: 1)), (Offset(x: 0, y: 2), Offset(x: 0, y: 2))]
        steps += (1...4).map { n in (Offset(x: -2 * Double(n), y: 2), Offset(x: 2 * Double(n), y: 2)) }
        #expect(Self.began(traceLines(Self.script("indirect", steps))) == ["0.030 pinch: began"])
        // The same parting after 0.3 s of scrolling is too late: the scroll has settled.
        var late = (1...35).map { n in (Offset(x: 0, y: Double(n)), Offset(x: 0, y: Double(n))) }
        late += (1...4).map { n in (Offset(x: -2 * Double(n), y: 35), Offset(x: 2 * Double(n), y: 35)) }
        #expect(Self.began(traceLines(Self.script("indirect", late))).isEmpty)
    }

    @Test func aPairTurningWhileBothGoTheSameWayIsNoRotationOnATouchpad() {
        // Both go down, the right one ten times faster: the pair turns, all of it while going down.
        let steps = (1...10).map { n in (Offset(x: 0, y: 0.2 * Double(n)), Offset(x: 0, y: 2 * Double(n))) }
        #expect(Self.began(traceLines(Self.script("direct", steps))).contains { $0.hasSuffix("rotation: began") })
        #expect(Self.began(traceLines(Self.script("indirect", steps))).isEmpty)
    }

    @Test func fingersTurningAboutTheirMiddleRotateOnATouchpad() {
        // The left finger goes up and the right one down, 1 mm a frame: opposite ways, a turn.
        let steps = (1...8).map { n in (Offset(x: 0, y: -Double(n)), Offset(x: 0, y: Double(n))) }
        #expect(Self.began(traceLines(Self.script("indirect", steps))).contains("0.020 rotation: began"))
    }

    /// A semi-multitouch pad reports the corners of the fingers' box: fingers spreading apart are no pinch there
    /// (libinput and ChromeOS turn pinches off on such pads), and the pinch fails at once instead of waiting.
    @Test func onAPadThatReportsTheFingersBoxNoPinchBegins() {
        func run(boxCorners: Bool) -> [String] {
            let h = EngineHarness(width: 100, height: 80)
            h.touchType = .indirect
            h.engine.fingersAreBoxCorners = boxCorners
            h.engine.add(PinchGestureRecognizer(name: "pinch"))
            h.frame(0, [(1, .began, 40, 40), (2, .began, 60, 40)])
            for n in 1...6 { h.frame(Double(n) / 100, [(1, .moved, 40 - Double(n), 40), (2, .moved, 60 + Double(n), 40)]) }
            h.frame(0.07, [(1, .ended, 34, 40), (2, .ended, 66, 40)])
            return h.actions
        }
        #expect(run(boxCorners: false).first == "pinch began")
        #expect(run(boxCorners: true).isEmpty)
    }
}
