import Testing

/// docs/engine.md, "A pinch is never a scroll": on a touchpad, a pan of two fingers begins only once the
/// fingers' own motions say scroll (both the same way, one resting while the other moves, or side by side after
/// a while); on a screen, UIKit's threshold alone decides.
@Suite struct TouchpadScrollPairTests {
    /// Two fingers at (40, 40) and (60, 40), of `type`, each moved to its offset in `steps`, a frame every 10 ms.
    private func began(_ type: String, _ steps: [((Double, Double), (Double, Double))]) -> [String] {
        var text = """
            units mm
            surface 100 80
            pan scroll min=2 max=2 threshold=1.5
            0.00 down 1 40 40 \(type)
            0.00 down 2 60 40 \(type)

            """
        for (n, (a, b)) in steps.enumerated() {
            let t = String(format: "%.2f", Double(n + 1) / 100)
            text += "\(t) move 1 \(40 + a.0) \(40 + a.1)\n\(t) move 2 \(60 + b.0) \(40 + b.1)\n"
        }
        return traceLines(text).filter { $0.hasSuffix("scroll: began") }
    }

    @Test func fingersMovingDifferentWaysBeginNoScrollOnATouchpad() {
        // One finger goes down, the other right, 1 mm a frame: the centroid passes 1.5 mm on both axes at the
        // third frame. A screen's pan begins there; a touchpad's fingers went different ways (a pinch, or a
        // two-finger tap's wobble), so its pan does not.
        let steps = (1...5).map { n in ((0.0, Double(n)), (Double(n), 0.0)) }
        #expect(began("direct", steps) == ["0.030 scroll: began"])
        #expect(began("indirect", steps).isEmpty)
    }

    @Test func fingersMovingTheSameWayScrollAsOnAScreen() {
        // Both down 1 mm a frame: both have moved 1.5 mm the same way at the second frame, where the centroid
        // passes the threshold too.
        let steps = (1...5).map { n in ((0.0, Double(n)), (0.0, Double(n))) }
        #expect(began("direct", steps) == ["0.020 scroll: began"])
        #expect(began("indirect", steps) == ["0.020 scroll: began"])
    }

    @Test func oneFingerMovingBesideAStillOneScrollsOnceItIsClearlyMoving() {
        // The left finger rests; the right one goes down 1 mm a frame. The centroid moves 0.5 mm a frame (1.5 mm
        // at the third); the touchpad waits for the moving finger's 4 mm (ChromeOS's and libinput's resting
        // finger), at the fourth.
        let steps = (1...6).map { n in ((0.0, 0.0), (0.0, Double(n))) }
        #expect(began("direct", steps) == ["0.030 scroll: began"])
        #expect(began("indirect", steps) == ["0.040 scroll: began"])
    }
}
