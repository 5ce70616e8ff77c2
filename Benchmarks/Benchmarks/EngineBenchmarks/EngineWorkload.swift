import GestureEngine

/// The workload: 10 fingers moving on a 250 x 160 mm touchscreen with 20 recognizers of mixed kinds
/// on nested regions. Fingers go down together, move for `movingFrames` frames at 120 Hz, and lift; then
/// again. Frames are built in place so the workload itself allocates nothing.
final class EngineWorkload {
    let engine: GestureEngine
    let rules = GestureRules()
    private var frame = TouchFrame(timestamp: .zero, touches: [])
    private var events: [EngineEvent] = []
    private var frameIndex = 0
    private var time = Timestamp.zero
    private var nextTouchID: TouchID = 1
    static let fingers = 10
    let movingFrames: Int

    init(movingFrames: Int = 240) {
        self.movingFrames = movingFrames
        engine = GestureEngine(surface: Size(width: 250, height: 160))
        let left = try! engine.addRegion(name: "left", frame: Rect(x: 0, y: 0, width: 125, height: 160))
        let right = try! engine.addRegion(name: "right", frame: Rect(x: 125, y: 0, width: 125, height: 160))
        let leftInner = try! engine.addRegion(name: "left-inner", frame: Rect(x: 10, y: 10, width: 100, height: 140), parent: left)
        let rightInner = try! engine.addRegion(name: "right-inner", frame: Rect(x: 135, y: 10, width: 100, height: 140), parent: right)

        func add(_ r: GestureRecognizer, _ region: Region?) {
            r.delegate = rules
            engine.add(r, to: region)
        }
        let double = TapGestureRecognizer(name: "double-tap")
        double.numberOfTapsRequired = 2
        let twoFingerTap = TapGestureRecognizer(name: "two-finger-tap")
        twoFingerTap.numberOfTouchesRequired = 2
        let twoFingerPan = PanGestureRecognizer(name: "two-finger-pan")
        twoFingerPan.minimumNumberOfTouches = 2
        let swipeLeft = SwipeGestureRecognizer(name: "swipe-left")
        swipeLeft.direction = .left
        let swipeUp = SwipeGestureRecognizer(name: "swipe-up")
        swipeUp.direction = .up
        let edge = ScreenEdgePanGestureRecognizer(name: "edge")
        edge.edges = [.left, .right]
        let tenFingerPan = PanGestureRecognizer(name: "ten-finger-pan")
        tenFingerPan.minimumNumberOfTouches = 5

        add(TapGestureRecognizer(name: "tap"), nil)
        add(double, nil)
        add(LongPressGestureRecognizer(name: "press"), nil)
        add(PanGestureRecognizer(name: "pan"), nil)
        add(PinchGestureRecognizer(name: "pinch"), nil)
        add(RotationGestureRecognizer(name: "rotation"), nil)
        add(edge, nil)
        add(tenFingerPan, nil)
        add(twoFingerTap, left)
        add(twoFingerPan, left)
        add(SwipeGestureRecognizer(name: "swipe-right"), left)
        add(PinchGestureRecognizer(name: "left-pinch"), leftInner)
        add(PanGestureRecognizer(name: "left-pan"), leftInner)
        add(TapGestureRecognizer(name: "left-tap"), leftInner)
        add(swipeLeft, right)
        add(swipeUp, right)
        add(LongPressGestureRecognizer(name: "right-press"), right)
        add(RotationGestureRecognizer(name: "right-rotation"), rightInner)
        add(PanGestureRecognizer(name: "right-pan"), rightInner)
        add(TapGestureRecognizer(name: "right-tap"), rightInner)
        // Several continuous gestures stay active together, so the steady state keeps them all updating.
        for (a, b) in [("pan", "pinch"), ("pan", "rotation"), ("pinch", "rotation"), ("pan", "ten-finger-pan"),
                       ("left-pan", "left-pinch"), ("right-pan", "right-rotation"), ("pan", "left-pan"), ("pan", "right-pan")] {
            rules.allowSimultaneous(a, b)
        }
        rules.allowSimultaneous("left-pan", "right-pan")
        precondition(engine.recognizers.count == 20)
        frame.touches.reserveCapacity(Self.fingers)
        events.reserveCapacity(256)
    }

    /// Where finger `i` is `step` frames into a stroke: spread over both halves, drifting and turning.
    private func location(finger i: Int, step: Int) -> Point {
        let column = Double(i % 5), row = Double(i / 5)
        let drift = Double(step) * 0.05
        let angle = Double(step) * 0.002
        let x = 20 + column * 48 + drift + row * angle * 10
        let y = 50 + row * 60 + drift * 0.5 - column * angle * 10
        return Point(x: x, y: y)
    }

    /// Processes the next frame of the cycle; returns the number of events it produced.
    @inline(never)
    func step() -> Int {
        let cycle = movingFrames + 2
        let position = frameIndex % cycle
        frameIndex += 1
        time = Timestamp(nanoseconds: time.nanoseconds + 8_333_333)
        frame.timestamp = time
        if position == 0 {
            frame.touches.removeAll(keepingCapacity: true)
            for i in 0..<Self.fingers {
                let p = location(finger: i, step: 0)
                frame.touches.append(Touch(id: nextTouchID, phase: .began, location: p, timestamp: time))
                nextTouchID = nextTouchID.next
            }
        } else {
            let phase: TouchPhase = position == cycle - 1 ? .ended : .moved
            for i in 0..<Self.fingers {
                frame.touches[i].phase = phase
                frame.touches[i].previousLocation = frame.touches[i].location
                frame.touches[i].location = location(finger: i, step: position)
                frame.touches[i].timestamp = time
            }
        }
        events.removeAll(keepingCapacity: true)
        engine.process(frame, into: &events)
        return events.count
    }

    /// Runs `frames` frames unmeasured, so that every buffer has grown to its working size.
    func warmUp(frames: Int) {
        for _ in 0..<frames { _ = step() }
    }
}
