import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every parameter of every built-in recognizer at its boundary (section B, docs/engine.md): just inside (recognized,
/// or allowed) and just outside (fails), for the default value and, where the trace form has a key for it, for
/// one configured value. Scenes are region V (400 x 800 pt), lengths in points.
///
/// Two engine rules decide the exact boundaries: thresholds are compared with a 1e-9 mm tolerance (so a
/// movement of exactly a threshold reaches it), and a touch frame at exactly a deadline's time is processed
/// before the deadline fires (an event at exactly a limit is still within it).
///
/// A recognizer's failure sends no action. Where the moment of failure matters, the recognizer is given
/// `delays-began=yes`: the held touch-began reaches the region at the moment the recognizer fails.
@Suite struct ParameterBoundaryTests {
    /// Runs the lines (setup and timed) in scene V.
    static func run(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        traceLines(sceneV + lines.joined(separator: "\n"), sourceLocation: sourceLocation)
    }

    /// Only the action lines of recognizer `name`.
    static func actions(_ name: String, _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        run(lines, sourceLocation: sourceLocation).filter { $0.contains(" \(name): ") }
    }

    /// A time as the trace prints it (seconds, three decimals).
    static func stamp(_ t: Double) -> String {
        let ms = Int((t * 1000).rounded())
        let fraction = String(ms % 1000)
        return String(ms / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// The trace configuration for a value: nothing for the default, ` key=value` otherwise.
    static func config(_ key: String, _ value: Double, default defaultValue: Double) -> String {
        value == defaultValue ? "" : " \(key)=\(value)"
    }

    // MARK: - B1. Tap

    @Suite struct Tap {
        @Test(arguments: [45.0, 20.0])
        func movementTolerance(limit: Double) {
            let config = ParameterBoundaryTests.config("movement", limit, default: 45)
            func tap(movingBy dx: Double, _ dy: Double) -> [String] {
                actions("g", [
                    "tap g in V\(config)",
                    "0.00 down 1 100 100",
                    "0.05 move 1 \(100 + dx) \(100 + dy)",
                    "0.10 up 1",
                ])
            }
            for (ux, uy) in [(1.0, 0.0), (0.0, -1.0)] {
                #expect(tap(movingBy: ux * (limit - 0.1), uy * (limit - 0.1)) == ["0.100 g: ended"])
                #expect(tap(movingBy: ux * limit, uy * limit) == ["0.100 g: ended"])
                #expect(tap(movingBy: ux * (limit + 0.1), uy * (limit + 0.1)) == [])
            }
            // The tolerance is a straight-line distance from the first tap's centroid, not per axis.
            let leg = limit / 2.0.squareRoot()
            #expect(tap(movingBy: leg - 0.1, leg - 0.1) == ["0.100 g: ended"])
            #expect(tap(movingBy: leg + 0.1, leg + 0.1) == [])
        }

        @Test func movingBeyondTheToleranceFailsAtTheMove() {
            // The region gets the plain touch: moved, then ended at lift (not cancelled).
            #expect(run(["tap g in V", "0.00 down 1 100 100", "0.05 move 1 145.1 100", "0.10 up 1"]) == [
                "0.000 V: touch 1 began",
                "0.050 V: touch 1 moved",
                "0.100 V: touch 1 ended",
            ])
        }

        @Test(arguments: [45.0, 20.0])
        func aLaterTapMustLandWithinTheTolerance(limit: Double) {
            let config = ParameterBoundaryTests.config("movement", limit, default: 45)
            func doubleTap(secondAt dx: Double) -> [String] {
                actions("g", [
                    "tap g in V taps=2\(config)",
                    "0.00 down 1 100 100",
                    "0.10 up 1",
                    "0.30 down 2 \(100 + dx) 100",
                    "0.40 up 2",
                ])
            }
            #expect(doubleTap(secondAt: limit - 0.1) == ["0.400 g: ended"])
            #expect(doubleTap(secondAt: limit) == ["0.400 g: ended"])
            #expect(doubleTap(secondAt: limit + 0.1) == [])
        }

        @Test(arguments: [0.75, 0.3])
        func maximumTapDuration(limit: Double) {
            let config = ParameterBoundaryTests.config("duration", limit, default: 0.75)
            func tap(liftingAt t: Double) -> [String] {
                actions("g", ["tap g in V\(config)", "0.00 down 1 100 100", "\(t) up 1"])
            }
            #expect(tap(liftingAt: limit - 0.001) == ["\(stamp(limit - 0.001)) g: ended"])
            #expect(tap(liftingAt: limit) == ["\(stamp(limit)) g: ended"])  // exactly at the limit: still a tap
            #expect(tap(liftingAt: limit + 0.001) == [])
            // The tap fails at the limit itself, with no touch event: its held touch-began is released then.
            #expect(run([
                "tap g in V delays-began=yes\(config)",
                "0.00 down 1 100 100",
                "\(limit - 0.001) advance",
                "1.00 up 1",
            ]) == ["\(stamp(limit)) V: touch 1 began", "1.000 V: touch 1 ended"])
        }

        @Test(arguments: [0.75, 0.3])
        func maximumTapDurationCountsFromEachTapsTouchDown(limit: Double) {
            let config = ParameterBoundaryTests.config("duration", limit, default: 0.75)
            func doubleTap(liftingSecondAt t: Double) -> [String] {
                actions("g", [
                    "tap g in V taps=2\(config)",
                    "0.00 down 1 100 100",
                    "0.10 up 1",
                    "0.30 down 2 100 100",
                    "\(t) up 2",
                ])
            }
            #expect(doubleTap(liftingSecondAt: 0.3 + limit - 0.001) == ["\(stamp(0.3 + limit - 0.001)) g: ended"])
            #expect(doubleTap(liftingSecondAt: 0.3 + limit) == ["\(stamp(0.3 + limit)) g: ended"])
            #expect(doubleTap(liftingSecondAt: 0.3 + limit + 0.001) == [])
        }

        @Test(arguments: [0.35, 0.2])
        func maximumIntervalBetweenTaps(limit: Double) {
            let config = ParameterBoundaryTests.config("interval", limit, default: 0.35)
            func doubleTap(secondDownAt t: Double) -> [String] {
                run([
                    "tap g in V taps=2\(config)",
                    "0.00 down 1 100 100",
                    "0.10 up 1",
                    "\(t) down 2 100 100",
                    "\(t + 0.05) up 2",
                ])
            }
            for t in [0.1 + limit - 0.001, 0.1 + limit] {
                #expect(doubleTap(secondDownAt: t).filter { $0.contains(" g: ") } == ["\(stamp(t + 0.05)) g: ended"])
            }
            // Too late: the tap fails at lift + interval (releasing the held first ended then); the late touch
            // starts a new attempt, a single tap that waits in vain for its second.
            let late = 0.1 + limit + 0.001
            #expect(doubleTap(secondDownAt: late) == [
                "0.000 V: touch 1 began",
                "\(stamp(0.1 + limit)) V: touch 1 ended",
                "\(stamp(late)) V: touch 2 began",
                "\(stamp(late + 0.05 + limit)) V: touch 2 ended",
            ])
        }

        @Test(arguments: [0.1, 0.05])
        func multiFingerWindow(limit: Double) {
            let config = ParameterBoundaryTests.config("window", limit, default: 0.1)
            func twoFingerTap(secondDownAt t: Double) -> [String] {
                actions("g", [
                    "tap g in V touches=2\(config)",
                    "0.00 down 1 100 100",
                    "\(t) down 2 150 100",
                    "0.20 up 1",
                    "0.20 up 2",
                ])
            }
            #expect(twoFingerTap(secondDownAt: limit - 0.001) == ["0.200 g: ended"])
            #expect(twoFingerTap(secondDownAt: limit) == ["0.200 g: ended"])
            #expect(twoFingerTap(secondDownAt: limit + 0.001) == [])
            // A lone finger fails the tap when the window closes, not at the tap duration.
            #expect(run([
                "tap g in V touches=2 delays-began=yes\(config)",
                "0.00 down 1 100 100",
                "0.30 up 1",
            ]) == ["\(stamp(limit)) V: touch 1 began", "0.300 V: touch 1 ended"])
        }

        @Test(arguments: [
            ("", 1, true), ("", 2, false),
            (" touches=2", 1, false), (" touches=2", 2, true), (" touches=2", 3, false),
            (" touches=3", 2, false), (" touches=3", 3, true),
        ])
        func numberOfTouchesRequired(config: String, fingers: Int, recognized: Bool) {
            var lines = ["tap g in V\(config)"]
            for i in 0..<fingers { lines.append("0.00 down \(i + 1) \(100 + 20 * i) 100") }
            for i in 0..<fingers { lines.append("0.10 up \(i + 1)") }
            #expect(actions("g", lines) == (recognized ? ["0.100 g: ended"] : []))
        }

        @Test(arguments: [1, 2, 3])
        func numberOfTapsRequired(taps: Int) {
            let config = taps == 1 ? "" : " taps=\(taps)"
            func tapping(_ n: Int) -> [String] {
                var lines = ["tap g in V\(config)"]
                for i in 0..<n {
                    lines.append("\(0.3 * Double(i)) down \(i + 1) 100 100")
                    lines.append("\(0.3 * Double(i) + 0.1) up \(i + 1)")
                }
                return actions("g", lines)
            }
            #expect(tapping(taps) == ["\(stamp(0.3 * Double(taps - 1) + 0.1)) g: ended"])
            if taps > 1 { #expect(tapping(taps - 1) == []) }
        }
    }

    // MARK: - B2. Long press

    @Suite struct LongPress {
        @Test(arguments: [0.5, 0.2])
        func minimumPressDuration(limit: Double) {
            let config = ParameterBoundaryTests.config("duration", limit, default: 0.5)
            func press(liftingAt t: Double) -> [String] {
                actions("lp", ["long-press lp in V\(config)", "0.00 down 1 100 100", "\(t) up 1"])
            }
            #expect(press(liftingAt: limit - 0.001) == [])
            // A lift at exactly the deadline's time is processed before the timer: lifted too soon.
            #expect(press(liftingAt: limit) == [])
            #expect(press(liftingAt: limit + 0.001) == ["\(stamp(limit)) lp: began", "\(stamp(limit + 0.001)) lp: ended"])
            // Began comes from the timer, with no touch event.
            #expect(run(["long-press lp in V\(config)", "0.00 down 1 100 100", "1.00 up 1"]) == [
                "0.000 V: touch 1 began",
                "\(stamp(limit)) lp: began",
                "\(stamp(limit)) V: touch 1 cancelled",
                "1.000 lp: ended",
            ])
        }

        @Test(arguments: [(" duration=0", 0.0), (" duration=-1", 0.0), (" duration=0.001", 0.001)])
        func aDurationOfZeroOrLessBeginsAtTouchDown(config: String, beganAt: Double) {
            #expect(actions("lp", ["long-press lp in V\(config)", "0.00 down 1 100 100", "0.10 up 1"])
                == ["\(stamp(beganAt)) lp: began", "0.100 lp: ended"])
        }

        @Test(arguments: [10.0, 30.0])
        func allowableMovement(limit: Double) {
            let config = ParameterBoundaryTests.config("movement", limit, default: 10)
            func press(movingBy dx: Double, _ dy: Double) -> [String] {
                actions("lp", [
                    "long-press lp in V\(config)",
                    "0.00 down 1 100 100",
                    "0.20 move 1 \(100 + dx) \(100 + dy)",
                    "0.60 up 1",
                ])
            }
            let pressed = ["0.500 lp: began", "0.600 lp: ended"]
            for (ux, uy) in [(1.0, 0.0), (0.0, -1.0)] {
                #expect(press(movingBy: ux * (limit - 0.1), uy * (limit - 0.1)) == pressed)
                #expect(press(movingBy: ux * limit, uy * limit) == pressed)
                #expect(press(movingBy: ux * (limit + 0.1), uy * (limit + 0.1)) == [])
            }
        }

        @Test(arguments: [10.0, 30.0])
        func theMovementLimitEndsAtBegan(limit: Double) {
            let config = ParameterBoundaryTests.config("movement", limit, default: 10)
            #expect(actions("lp", [
                "long-press lp in V\(config)",
                "0.00 down 1 100 100",
                "0.60 move 1 300 100",
                "0.70 up 1",
            ]) == ["0.500 lp: began", "0.600 lp: changed", "0.700 lp: ended"])
        }

        @Test func oneFingerByDefault() {
            // A second finger while possible fails it.
            #expect(actions("lp", [
                "long-press lp in V", "0.00 down 1 100 100", "0.20 down 2 150 100", "0.80 up 1", "0.80 up 2",
            ]) == [])
            // After began it is ignored: its moves send nothing and lifting the first finger ends the press.
            #expect(actions("lp", [
                "long-press lp in V",
                "0.00 down 1 100 100",
                "0.60 down 2 150 100",
                "0.70 move 2 250 100",
                "0.80 up 1",
                "0.90 up 2",
            ]) == ["0.500 lp: began", "0.800 lp: ended"])
        }

        @Test func twoFingersRequired() {
            // The timer starts when the second finger lands.
            #expect(actions("lp", [
                "long-press lp in V touches=2", "0.00 down 1 100 100", "0.20 down 2 150 100", "1.00 up 1", "1.00 up 2",
            ]) == ["0.700 lp: began", "1.000 lp: ended"])
            #expect(actions("lp", [
                "long-press lp in V touches=2", "0.00 down 1 100 100", "0.20 down 2 150 100", "0.699 up 1", "0.699 up 2",
            ]) == [])
            // One finger never begins; a third fails it.
            #expect(actions("lp", ["long-press lp in V touches=2", "0.00 down 1 100 100", "1.00 up 1"]) == [])
            #expect(actions("lp", [
                "long-press lp in V touches=2",
                "0.00 down 1 100 100",
                "0.00 down 2 150 100",
                "0.30 down 3 200 100",
                "1.00 up 1", "1.00 up 2", "1.00 up 3",
            ]) == [])
        }

        @Test func aTapBeforeThePressMustBeFollowedWithinTheInterval() {
            func press(downAt t: Double) -> [String] {
                actions("lp", [
                    "long-press lp in V taps=1",
                    "0.00 down 1 100 100",
                    "0.10 up 1",
                    "\(t) down 2 100 100",
                    "2.00 up 2",
                ])
            }
            #expect(press(downAt: 0.449) == ["0.949 lp: began", "2.000 lp: ended"])
            #expect(press(downAt: 0.45) == ["0.950 lp: began", "2.000 lp: ended"])
            #expect(press(downAt: 0.451) == [])
            // Without the tap, the hold is a tap that lasts too long.
            #expect(actions("lp", ["long-press lp in V taps=1", "0.00 down 1 100 100", "2.00 up 1"]) == [])
        }

        @Test func afterTheTapThePressHasThePressMovementLimit() {
            func press(movingBy dx: Double) -> [String] {
                actions("lp", [
                    "long-press lp in V taps=1",
                    "0.00 down 1 100 100",
                    "0.10 up 1",
                    "0.30 down 2 100 100",
                    "0.50 move 2 \(100 + dx) 100",
                    "1.00 up 2",
                ])
            }
            #expect(press(movingBy: 9.9) == ["0.800 lp: began", "1.000 lp: ended"])
            #expect(press(movingBy: 10.1) == [])
        }

        @Test func theTapBeforeThePressHasTheTapDuration() {
            func press(tapLiftedAt t: Double) -> [String] {
                actions("lp", [
                    "long-press lp in V taps=1",
                    "0.00 down 1 100 100",
                    "\(t) up 1",
                    "0.80 down 2 100 100",
                    "2.00 up 2",
                ])
            }
            #expect(press(tapLiftedAt: 0.749) == ["1.300 lp: began", "2.000 lp: ended"])
            #expect(press(tapLiftedAt: 0.75) == ["1.300 lp: began", "2.000 lp: ended"])
            #expect(press(tapLiftedAt: 0.751) == [])
        }

        @Test func theTapBeforeThePressHasTheTapMovementTolerance() {
            func press(tapMovingBy dx: Double) -> [String] {
                actions("lp", [
                    "long-press lp in V taps=1",
                    "0.00 down 1 100 100",
                    "0.05 move 1 \(100 + dx) 100",
                    "0.10 up 1",
                    "0.30 down 2 100 100",
                    "1.00 up 2",
                ])
            }
            #expect(press(tapMovingBy: 44.9) == ["0.800 lp: began", "1.000 lp: ended"])
            #expect(press(tapMovingBy: 45) == ["0.800 lp: began", "1.000 lp: ended"])
            #expect(press(tapMovingBy: 45.1) == [])
        }

        /// B2: "With taps > 0: the taps follow the tap rules", and B1's movement rule "also catches a later tap
        /// landing too far away".
        @Test func aLaterTapBeforeThePressMustLandWithinTheTapTolerance() {
            func press(secondTapAt dx: Double) -> [String] {
                actions("lp", [
                    "long-press lp in V taps=2",
                    "0.00 down 1 100 100",
                    "0.10 up 1",
                    "0.30 down 2 \(100 + dx) 100",
                    "0.40 up 2",
                    "0.60 down 3 100 100",
                    "1.50 up 3",
                ])
            }
            #expect(press(secondTapAt: 44.9) == ["1.100 lp: began", "1.500 lp: ended"])
            #expect(press(secondTapAt: 45.1) == [])
        }
    }

    // MARK: - B3. Pan

    @Suite struct Pan {
        @Test(arguments: [10.0, 20.0])
        func startThresholdPerAxis(limit: Double) {
            let config = ParameterBoundaryTests.config("threshold", limit, default: 10)
            func pan(step dx: Double, _ dy: Double) -> [String] {
                actions("pan", [
                    "pan pan in V\(config)",
                    "show pan translation",
                    "0.00 down 1 200 400",
                    "0.10 move 1 \(200 + dx) \(400 + dy)",
                    "0.20 up 1",
                ])
            }
            let axes: [(Double, Double, String)] = [(1, 0, "(0.1,0)"), (-1, 0, "(-0.1,0)"), (0, 1, "(0,0.1)"), (0, -1, "(0,-0.1)")]
            for (ux, uy, past) in axes {
                #expect(pan(step: ux * (limit - 0.1), uy * (limit - 0.1)) == [])
                #expect(pan(step: ux * limit, uy * limit)
                    == ["0.100 pan: began translation=(0,0)", "0.200 pan: ended translation=(0,0)"])
                #expect(pan(step: ux * (limit + 0.1), uy * (limit + 0.1))
                    == ["0.100 pan: began translation=\(past)", "0.200 pan: ended translation=\(past)"])
            }
            // Per axis, not straight-line: a diagonal just under the threshold on both axes does not begin.
            #expect(pan(step: limit - 0.1, limit - 0.1) == [])
            // The threshold comes off each axis, never more than the axis moved.
            #expect(pan(step: limit + 2, -3) == ["0.100 pan: began translation=(2,0)", "0.200 pan: ended translation=(2,0)"])
        }

        @Test(arguments: [10.0, 20.0])
        func creepingUpToTheThreshold(limit: Double) {
            let config = ParameterBoundaryTests.config("threshold", limit, default: 10)
            #expect(actions("pan", [
                "pan pan in V\(config)",
                "show pan translation",
                "0.00 down 1 100 100",
                "0.05 move 1 105 100",
                "0.10 move 1 \(100 + limit - 0.1) 100",
                "0.15 move 1 \(100 + limit) 100",
                "0.20 move 1 \(120 + limit) 100",
                "0.25 up 1",
            ]) == [
                "0.150 pan: began translation=(0,0)",
                "0.200 pan: changed translation=(20,0)",
                "0.250 pan: ended translation=(20,0)",
            ])
        }

        @Test(arguments: [
            ("", 1, true), ("", 5, true),
            (" min=2", 1, false), (" min=2", 2, true), (" min=2", 3, true),
            (" max=1", 1, true), (" max=1", 2, false),
            (" max=2", 2, true), (" max=2", 3, false),
            (" min=2 max=3", 3, true), (" min=2 max=3", 4, false),
        ])
        func numberOfTouches(config: String, fingers: Int, began: Bool) {
            var lines = ["pan pan in V\(config)"]
            for i in 0..<fingers { lines.append("0.00 down \(i + 1) \(100 + 40 * i) 400") }
            for i in 0..<fingers { lines.append("0.10 move \(i + 1) \(112 + 40 * i) 400") }
            for i in 0..<fingers { lines.append("0.20 up \(i + 1)") }
            #expect(actions("pan", lines) == (began ? ["0.100 pan: began", "0.200 pan: ended"] : []))
        }

        @Test func belowTheMinimumMovementDoesNotCount() {
            // One finger moves 100 with min=2: nothing; the second finger joins and both move 12: began, with
            // only the shared movement counted.
            #expect(actions("pan", [
                "pan pan in V min=2",
                "show pan translation",
                "0.00 down 1 100 400",
                "0.10 move 1 200 400",
                "0.20 down 2 300 400",
                "0.30 move 1 212 400",
                "0.30 move 2 312 400",
                "0.40 up 1",
                "0.40 up 2",
            ]) == ["0.300 pan: began translation=(2,0)", "0.400 pan: ended translation=(2,0)"])
        }

        @Test func aFingerBeyondTheMaximumAfterBeganIsIgnored() {
            #expect(actions("pan", [
                "pan pan in V max=1",
                "0.00 down 1 100 400",
                "0.10 move 1 120 400",
                "0.15 down 2 200 400",
                "0.20 move 2 250 400",
                "0.30 up 1",
                "0.40 up 2",
            ]) == ["0.100 pan: began", "0.300 pan: ended"])
        }
    }

    // MARK: - B4. Swipe

    @Suite struct Swipe {
        /// B4: distance needed along the direction at elapsed time t.
        static func needed(_ t: Double) -> Double { 50 * (1 - min(t, 0.5) * 0.94) }
        /// B4: sideways movement allowed at elapsed time t.
        static func sideways(_ t: Double) -> Double { 50 * (1 - min(t, 0.5) * 0.98) }

        static func unit(_ direction: String) -> (x: Double, y: Double) {
            switch direction {
            case "left": (-1, 0)
            case "up": (0, -1)
            case "down": (0, 1)
            default: (1, 0)
            }
        }

        /// The default direction (right) needs no key.
        static func setup(_ direction: String, _ extra: String = "") -> String {
            "swipe sw in V" + (direction == "right" ? "" : " direction=\(direction)") + extra
        }

        @Test(arguments: ["right", "left", "up", "down"], [0.05, 0.1, 0.3, 0.5])
        func distanceNeeded(direction: String, t: Double) {
            let u = Self.unit(direction)
            let n = Self.needed(t)
            func swipe(_ along: Double) -> [String] {
                actions("sw", [
                    Self.setup(direction),
                    "show sw direction",
                    "0.00 down 1 200 400",
                    "\(t) move 1 \(200 + u.x * along) \(400 + u.y * along)",
                    "\(t + 0.01) up 1",
                ])
            }
            #expect(swipe(n + 0.1) == ["\(stamp(t)) sw: ended direction=\(direction)"])
            #expect(swipe(n) == ["\(stamp(t)) sw: ended direction=\(direction)"])
            #expect(swipe(n - 0.1) == [])
        }

        @Test(arguments: ["right", "left", "up", "down"], [0.05, 0.1, 0.3, 0.5])
        func sidewaysAllowance(direction: String, t: Double) {
            let u = Self.unit(direction)
            let allowed = Self.sideways(t)
            func swipe(across: Double) -> [String] {
                // 100 along the direction, `across` perpendicular to it.
                let x = 200 + u.x * 100 + abs(u.y) * across
                let y = 400 + u.y * 100 + abs(u.x) * across
                return actions("sw", [Self.setup(direction), "0.00 down 1 200 400", "\(t) move 1 \(x) \(y)", "\(t + 0.01) up 1"])
            }
            for side in [1.0, -1.0] {
                #expect(swipe(across: side * (allowed - 0.1)) == ["\(stamp(t)) sw: ended"])
                #expect(swipe(across: side * (allowed + 0.1)) == [])
            }
        }

        @Test func theFormulasStopShrinkingAtHalfASecond() {
            // With a longer duration, at t = 0.9 the distance needed is still needed(0.5) = 26.5 pt and the
            // sideways allowance sideways(0.5) = 0.5 pt.
            func swipe(to x: Double, _ y: Double) -> [String] {
                actions("sw", ["swipe sw in V duration=1", "0.00 down 1 100 400", "0.90 move 1 \(x) \(y)", "0.95 up 1"])
            }
            #expect(swipe(to: 100 + Self.needed(0.9) + 0.1, 400) == ["0.900 sw: ended"])
            #expect(swipe(to: 100 + Self.needed(0.9) - 0.1, 400) == [])
            #expect(swipe(to: 200, 400 + Self.sideways(0.9) - 0.1) == ["0.900 sw: ended"])
            #expect(swipe(to: 200, 400 + Self.sideways(0.9) + 0.1) == [])
        }

        @Test(arguments: [0.5, 0.3])
        func maximumDuration(limit: Double) {
            let config = ParameterBoundaryTests.config("duration", limit, default: 0.5)
            func swipe(movingAt t: Double) -> [String] {
                actions("sw", ["swipe sw in V\(config)", "0.00 down 1 100 400", "\(t) move 1 200 400", "\(t + 0.05) up 1"])
            }
            #expect(swipe(movingAt: limit - 0.001) == ["\(stamp(limit - 0.001)) sw: ended"])
            #expect(swipe(movingAt: limit) == ["\(stamp(limit)) sw: ended"])
            #expect(swipe(movingAt: limit + 0.001) == [])
            // It fails at the limit with no touch event: its held touch-began is released then.
            #expect(run(["swipe sw in V delays-began=yes\(config)", "0.00 down 1 100 400", "1.00 up 1"])
                == ["\(stamp(limit)) V: touch 1 began", "1.000 V: touch 1 ended"])
        }

        @Test(arguments: ["right", "left", "up", "down"])
        func noMovementBackwards(direction: String) {
            let u = Self.unit(direction)
            func swipe(firstTo x: Double, _ y: Double) -> [String] {
                actions("sw", [
                    Self.setup(direction),
                    "0.00 down 1 200 400",
                    "0.05 move 1 \(x) \(y)",
                    "0.10 move 1 \(200 + u.x * 100) \(400 + u.y * 100)",
                    "0.15 up 1",
                ])
            }
            // First a sideways step with no movement along the direction: allowed.
            #expect(swipe(firstTo: 200 + abs(u.y), 400 + abs(u.x)) == ["0.100 sw: ended"])
            // First 0.1 pt backwards: failed, though the next move would qualify.
            #expect(swipe(firstTo: 200 - u.x * 0.1, 400 - u.y * 0.1) == [])
        }

        @Test(arguments: [50.0, 200.0])
        func minimumSpeed(speed: Double) {
            let config = ParameterBoundaryTests.config("speed", speed, default: 50)
            func swipe(secondSampleAt v: Double) -> [String] {
                // Samples 0.1 s apart: 10 pt, then v * 0.1 further (still short of needed(0.2) = 40.6), then
                // far enough at 0.3.
                actions("sw", [
                    "swipe sw in V\(config)",
                    "0.00 down 1 100 400",
                    "0.10 move 1 110 400",
                    "0.20 move 1 \(110 + v * 0.1) 400",
                    "0.30 move 1 180 400",
                    "0.40 up 1",
                ])
            }
            #expect(swipe(secondSampleAt: speed + 1) == ["0.300 sw: ended"])
            #expect(swipe(secondSampleAt: speed - 1) == [])
        }

        /// Every required finger must go the distance needed: the second finger of two at needed(t) +- 0.1.
        @Test(arguments: [0.1, 0.3])
        func everyFingerNeedsTheDistance(t: Double) {
            func swipe(second along: Double) -> [String] {
                actions("sw", [
                    "swipe sw in V touches=2",
                    "0.00 down 1 100 300",
                    "0.00 down 2 100 500",
                    "\(t) move 1 200 300",
                    "\(t) move 2 \(100 + along) 500",
                    "\(t + 0.01) up 1",
                    "\(t + 0.01) up 2",
                ])
            }
            #expect(swipe(second: Self.needed(t) + 0.1) == ["\(stamp(t)) sw: ended"])
            #expect(swipe(second: Self.needed(t) - 0.1) == [])
        }

        @Test(arguments: [
            ("", 1, true), ("", 2, false),
            (" touches=2", 1, false), (" touches=2", 2, true), (" touches=2", 3, false),
            (" touches=3", 3, true),
        ])
        func numberOfTouchesRequired(config: String, fingers: Int, recognized: Bool) {
            var lines = ["swipe sw in V\(config)"]
            for i in 0..<fingers { lines.append("0.00 down \(i + 1) 100 \(200 + 100 * i)") }
            for i in 0..<fingers { lines.append("0.10 move \(i + 1) 200 \(200 + 100 * i)") }
            for i in 0..<fingers { lines.append("0.20 up \(i + 1)") }
            #expect(actions("sw", lines) == (recognized ? ["0.100 sw: ended"] : []))
        }

        @Test(arguments: [
            ("right", ["right"]), ("left", ["left"]), ("up", ["up"]), ("down", ["down"]),
            ("left|right", ["right", "left"]), ("up|down", ["up", "down"]),
        ])
        func allowedDirections(direction: String, allowed: [String]) {
            for stroke in ["right", "left", "up", "down"] {
                let u = Self.unit(stroke)
                let lines = actions("sw", [
                    Self.setup(direction),
                    "show sw direction",
                    "0.00 down 1 200 400",
                    "0.10 move 1 \(200 + 100 * u.x) \(400 + 100 * u.y)",
                    "0.20 up 1",
                ])
                #expect(lines == (allowed.contains(stroke) ? ["0.100 sw: ended direction=\(stroke)"] : []), "stroke \(stroke)")
            }
        }
    }

    // MARK: - B5. Pinch

    @Suite struct Pinch {
        @Test(arguments: [8.0, 20.0])
        func startThreshold(limit: Double) {
            let config = ParameterBoundaryTests.config("threshold", limit, default: 8)
            func pinch(_ moves: [String]) -> [String] {
                actions("pn", [
                    "pinch pn in V\(config)",
                    "show pn scale",
                    "0.00 down 1 100 400",
                    "0.00 down 2 200 400",
                ] + moves + ["0.20 up 1", "0.20 up 2"])
            }
            let began = ["0.100 pn: began scale=1", "0.200 pn: ended scale=1"]
            for sign in [1.0, -1.0] {
                // One finger moves: the distance changes by c.
                func change(_ c: Double) -> [String] { pinch(["0.10 move 2 \(200 + sign * c) 400"]) }
                #expect(change(limit - 0.1) == [])
                #expect(change(limit) == began)
                #expect(change(limit + 0.1) == began)
                // Both fingers move: what counts is the change in their distance.
                func spread(_ c: Double) -> [String] {
                    pinch(["0.10 move 1 \(100 - sign * c / 2) 400", "0.10 move 2 \(200 + sign * c / 2) 400"])
                }
                #expect(spread(limit - 0.1) == [])
                #expect(spread(limit + 0.1) == began)
            }
            // The reference is shifted by the threshold: at twice (100 + threshold) apart the scale is 2.
            #expect(pinch(["0.10 move 2 \(200 + limit) 400", "0.15 move 2 \(100 + 2 * (100 + limit)) 400"]) == [
                "0.100 pn: began scale=1",
                "0.150 pn: changed scale=2",
                "0.200 pn: ended scale=2",
            ])
        }

        @Test func oneFingerNeverBegins() {
            #expect(actions("pn", ["pinch pn in V", "0.00 down 1 100 400", "0.10 move 1 300 400", "0.20 up 1"]) == [])
        }
    }

    // MARK: - B6. Rotation

    @Suite struct Rotation {
        /// Two fingers `radius` from (200, 400), on a line turned `degrees` clockwise on screen (y down) from
        /// horizontal, finger 1 on the left.
        static func pair(radius: Double, degrees: Double) -> (x1: Double, y1: Double, x2: Double, y2: Double) {
            let a = degrees * Double.pi / 180
            let dx = radius * cos(a)
            let dy = radius * sin(a)
            return (200 - dx, 400 - dy, 200 + dx, 400 + dy)
        }

        static func moves(at t: Double, radius: Double, degrees: Double) -> [String] {
            let p = pair(radius: radius, degrees: degrees)
            return ["\(t) move 1 \(p.x1) \(p.y1)", "\(t) move 2 \(p.x2) \(p.y2)"]
        }

        static func rotate(_ moves: [String]) -> [String] {
            actions("rot", [
                "rotation rot in V",
                "show rot rotation",
                "0.00 down 1 150 400",
                "0.00 down 2 250 400",
            ] + moves + ["0.30 up 1", "0.30 up 2"])
        }

        /// At an unchanged finger distance (dd = 0) the threshold is 5 deg.
        @Test(arguments: [1.0, -1.0])
        func thresholdAtAnUnchangedDistance(sign: Double) {
            #expect(Self.rotate(Self.moves(at: 0.1, radius: 50, degrees: sign * 4.9)) == [])
            #expect(Self.rotate(Self.moves(at: 0.1, radius: 50, degrees: sign * 5.1))
                == ["0.100 rot: began rotation=0", "0.300 rot: ended rotation=0"])
            // The threshold is taken off at began; clockwise on screen is positive: 30 deg turn -> 25 deg.
            let after = sign > 0 ? "0.44" : "-0.44"
            #expect(Self.rotate(Self.moves(at: 0.1, radius: 50, degrees: sign * 5.1) + Self.moves(at: 0.2, radius: 50, degrees: sign * 30)) == [
                "0.100 rot: began rotation=0",
                "0.200 rot: changed rotation=\(after)",
                "0.300 rot: ended rotation=\(after)",
            ])
        }

        /// The fingers first spread (or close) to `factor` times their distance, then turn at that distance:
        /// the threshold is 5 deg + 5 deg * sqrt(min(|dd / d0|, 1)).
        @Test(arguments: [0.75, 1.04, 1.25, 2.5])
        func thresholdGrowsWithTheChangeInDistance(factor: Double) {
            let threshold = 5 + 5 * min(abs(factor - 1), 1).squareRoot()
            let r = 50 * factor
            func turn(_ degrees: Double) -> [String] {
                Self.rotate(Self.moves(at: 0.05, radius: r, degrees: 0) + Self.moves(at: 0.1, radius: r, degrees: degrees))
            }
            #expect(turn(threshold - 0.1) == [])
            #expect(turn(threshold + 0.1) == ["0.100 rot: began rotation=0", "0.300 rot: ended rotation=0"])
            #expect(turn(-threshold + 0.1) == [])
            #expect(turn(-threshold - 0.1) == ["0.100 rot: began rotation=0", "0.300 rot: ended rotation=0"])
        }
    }

    // MARK: - B7. Screen-edge pan

    @Suite struct EdgePan {
        /// A drag starting `distance` from `edge`: down, a 1 pt nudge along the edge (so the projection of the
        /// start point back along the first movement stays parallel to the edge), then 40 pt inwards.
        static func drag(from edge: String, distance s: Double) -> [String] {
            let (start, nudge, end): ((Double, Double), (Double, Double), (Double, Double))
            switch edge {
            case "right": (start, nudge, end) = ((400 - s, 400), (400 - s, 401), (360 - s, 401))
            case "top": (start, nudge, end) = ((200, s), (201, s), (201, s + 40))
            case "bottom": (start, nudge, end) = ((200, 800 - s), (201, 800 - s), (201, 760 - s))
            default: (start, nudge, end) = ((s, 400), (s, 401), (s + 40, 401))
            }
            return [
                "0.00 down 1 \(start.0) \(start.1)",
                "0.01 move 1 \(nudge.0) \(nudge.1)",
                "0.05 move 1 \(end.0) \(end.1)",
                "0.10 up 1",
            ]
        }

        @Test(arguments: ["", " edges=none"])
        func noEdgesNeverRecognizes(config: String) {
            #expect(run(["edge-pan ep in V\(config)", "0.00 down 1 2 400", "0.10 move 1 100 400", "0.20 up 1"]) == [
                "0.000 V: touch 1 began",
                "0.100 V: touch 1 moved",
                "0.200 V: touch 1 ended",
            ])
            for edge in ["left", "right", "top", "bottom"] {
                #expect(actions("ep", ["edge-pan ep in V\(config)"] + Self.drag(from: edge, distance: 2)) == [], "from \(edge)")
            }
        }

        @Test(arguments: [
            ("left", ["left"]), ("right", ["right"]), ("top|bottom", ["top", "bottom"]),
            ("top|left|bottom|right", ["top", "left", "bottom", "right"]),
        ])
        func onlyTheConfiguredEdges(edges: String, allowed: [String]) {
            for edge in ["left", "right", "top", "bottom"] {
                let lines = actions("ep", ["edge-pan ep in V edges=\(edges)", "show ep edge"] + Self.drag(from: edge, distance: 5))
                #expect(lines == (allowed.contains(edge) ? ["0.050 ep: began edge=\(edge)", "0.100 ep: ended edge=\(edge)"] : []), "from \(edge)")
            }
        }

        @Test(arguments: ["left", "right", "top", "bottom"], [13.0, 30.0])
        func edgeWidth(edge: String, width: Double) {
            let config = ParameterBoundaryTests.config("width", width, default: 13)
            func drag(_ s: Double) -> [String] {
                actions("ep", ["edge-pan ep in V edges=\(edge)\(config)"] + Self.drag(from: edge, distance: s))
            }
            #expect(drag(width - 0.1) == ["0.050 ep: began", "0.100 ep: ended"])
            #expect(drag(width) == ["0.050 ep: began", "0.100 ep: ended"])
            #expect(drag(width + 0.1) == [])
        }

        @Test(arguments: [15.0, 30.0])
        func startThreshold(limit: Double) {
            let config = ParameterBoundaryTests.config("threshold", limit, default: 15)
            func drag(_ d: Double) -> [String] {
                run([
                    "edge-pan ep in V edges=left\(config)",
                    "show ep translation",
                    "0.00 down 1 5 400",
                    "0.10 move 1 \(5 + d) 400",
                    "0.30 up 1",
                ])
            }
            // Short of the threshold: undecided until the decision time fails it (releasing the held began).
            #expect(drag(limit - 0.1) == ["0.250 V: touch 1 began", "0.300 V: touch 1 ended"])
            // Reached: began, the threshold taken off; the region never hears of the touch.
            #expect(drag(limit) == ["0.100 ep: began translation=(0,0)", "0.300 ep: ended translation=(0,0)"])
            #expect(drag(limit + 0.1) == ["0.100 ep: began translation=(0.1,0)", "0.300 ep: ended translation=(0.1,0)"])
        }

        @Test func decisionTime() {
            func drag(at t: Double) -> [String] {
                run(["edge-pan ep in V edges=left", "0.00 down 1 5 400", "\(t) move 1 30 400", "0.30 up 1"])
            }
            #expect(drag(at: 0.249) == ["0.249 ep: began", "0.300 ep: ended"])
            #expect(drag(at: 0.25) == ["0.250 ep: began", "0.300 ep: ended"])
            #expect(drag(at: 0.251) == ["0.250 V: touch 1 began", "0.251 V: touch 1 moved", "0.300 V: touch 1 ended"])
        }

        @Test func oneFingerOnly() {
            #expect(actions("ep", [
                "edge-pan ep in V edges=left", "0.00 down 1 5 400", "0.10 move 1 40 400", "0.20 up 1",
            ]) == ["0.100 ep: began", "0.200 ep: ended"])
            #expect(actions("ep", [
                "edge-pan ep in V edges=left",
                "0.00 down 1 5 400", "0.00 down 2 5 500",
                "0.10 move 1 40 400", "0.10 move 2 40 500",
                "0.20 up 1", "0.20 up 2",
            ]) == [])
        }
    }
}
