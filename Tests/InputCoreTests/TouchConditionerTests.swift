import GestureEngine
import InputCore
import Testing

/// The touch-conditioning stage on hand-made frames of a 100 x 70 mm touchpad (docs/conditioning.md): what the
/// engine sees of each contact, frame by frame.
@Suite struct TouchConditionerTests {
    static let pad = Size(width: 100, height: 70)

    /// Feeds frames written as "TIME ID X Y [p=PRESSURE] [r=RADIUS] [up] ; ID X Y ..." (one contact per item,
    /// every contact down listed in every frame, `click` for a frame with the button down) and returns what
    /// came out, each frame as "TIME id:phase@x,y ..." with ids as the engine sees them.
    struct Driver {
        var conditioner: TouchConditioner
        var gestureInProgress = false
        /// The contacts held back as palms, thumbs or clicks, as the raw touch stream gets them:
        /// "TIME id:class:phase@x,y".
        var reports: [String] = []
        private var previous: [TouchID: Touch] = [:]

        init(_ settings: TouchConditioning = .defaults(for: .touchpad, surface: TouchConditionerTests.pad)) {
            conditioner = TouchConditioner(settings: settings, surface: TouchConditionerTests.pad)
        }

        mutating func run(_ script: String) -> [String] {
            var lines: [String] = []
            for line in script.split(separator: "\n") {
                var words = line.split(separator: " ").map(String.init)
                let time = Timestamp(seconds: Double(words.removeFirst())!)
                var frame = TouchFrame(timestamp: time, touches: [])
                if words.first == "click" {
                    frame.physicalButtonDown = true
                    words.removeFirst()
                }
                for item in words.joined(separator: " ").split(separator: ";") {
                    let w = item.split(separator: " ").map(String.init)
                    guard w.count >= 3 else { continue }
                    let id = TouchID(w[0])!
                    var touch = Touch(id: id, phase: .began, location: Point(x: Double(w[1])!, y: Double(w[2])!), timestamp: time, type: .indirect)
                    for extra in w.dropFirst(3) {
                        if extra.hasPrefix("p=") { touch.pressure = Double(extra.dropFirst(2)) }
                        if extra.hasPrefix("r=") { touch.majorRadius = Double(extra.dropFirst(2)) }
                    }
                    if let before = previous[id] {
                        touch.previousLocation = before.location
                        touch.phase = w.contains("up") ? .ended : (before.location == touch.location ? .stationary : .moved)
                    }
                    previous[id] = touch.phase.isFinal ? nil : touch
                    frame.touches.append(touch)
                }
                // As the daemon does: the stage's deadlines before the frame, each a frame of its own (at the
                // deadline, printed to the millisecond).
                while let due = conditioner.nextDeadline, due < time {
                    record(conditioner.tick(at: due, gestureInProgress: gestureInProgress), at: due, into: &lines, format: "%.3f")
                }
                record(conditioner.condition(frame, gestureInProgress: gestureInProgress), at: time, into: &lines, format: "%.2f")
            }
            return lines
        }

        private mutating func record(_ result: TouchFrame?, at time: Timestamp, into lines: inout [String], format: String) {
            for (t, c) in conditioner.classified {
                reports.append(String(format: format + " ", time.seconds) + "\(t.id):\(c):\(t.phase)@\(Self.number(t.location.x)),\(Self.number(t.location.y))")
            }
            guard let out = result else { return }
            let items = out.touches.map { t in
                "\(Self.name(t.id)):\(t.phase)@\(Self.number(t.location.x)),\(Self.number(t.location.y))"
            }
            lines.append(([String(format: format, time.seconds)] + items).joined(separator: " "))
        }

        /// "3" for the contact's first touch, "3b" for its second, and so on.
        static func name(_ id: TouchID) -> String {
            let segment = id >> 32
            return "\(id & 0xFFFF_FFFF)" + (segment == 0 ? "" : String(UnicodeScalar(UInt8(ascii: "a") + UInt8(segment))))
        }

        static func number(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }
    }

    @Test func touchscreensAreLeftAsTheyAre() {
        let settings = TouchConditioning.defaults(for: .touchscreen, surface: Self.pad)
        #expect(settings == .none)
        #expect(!TouchConditioner(settings: settings, surface: Self.pad).isActive)
    }

    @Test func wobbleAtTouchDownIsNotMovement() {
        var d = Driver()
        // 1.5 mm of wobble in a tap: the engine sees the touch where it landed, then its lift there.
        #expect(d.run("""
            0.00 1 50 30
            0.01 1 51 31
            0.02 1 51.5 30
            0.03 1 51.5 30 up
            """) == ["0.00 1:began@50,30", "0.03 1:ended@50,30"])
    }

    @Test func settlingEndsAtItsDistanceOrItsTime() {
        var d = Driver()
        #expect(d.run("0.00 1 50 30\n0.01 1 53 30\n0.02 1 57 30") == ["0.00 1:began@50,30", "0.02 1:moved@57,30"])
        var slow = Driver()
        // Drifting 1 mm while it settles by time (0.18 s): the drift is never movement; what it moves after is.
        #expect(slow.run("0.00 1 50 30\n0.10 1 51 30\n0.25 1 51 30\n0.30 1 53 30") == ["0.00 1:began@50,30", "0.30 1:moved@52,30"])
    }

    @Test func aFirmwareJumpIsALiftAndANewTouchInTheNextFrame() {
        var d = Driver()
        #expect(d.run("""
            0.00 1 20 30
            0.10 1 20 30
            0.11 1 60 30
            0.12 1 60 30
            0.13 1 60 30 up
            """) == ["0.00 1:began@20,30", "0.11 1:ended@20,30", "0.111 1b:began@60,30", "0.13 1b:ended@60,30"])
        // Reported every 10 ms, then still (no reports) for 100 ms, then 26 mm away: the pause says nothing of
        // how fast a finger can move, the report interval does. Two contacts.
        var paused = Driver()
        #expect(paused.run("0.00 1 20 30\n0.01 1 20 30.5\n0.11 1 46 30\n0.12 1 46 30").suffix(2) == ["0.11 1:ended@20,30", "0.111 1b:began@46,30"])
        // A fast but possible stroke (25 mm in 20 ms is 1250 mm/s, under 1500) is movement.
        var fast = Driver()
        #expect(fast.run("0.00 1 20 30\n0.30 1 20 30\n0.32 1 45 30").last == "0.32 1:moved@45,30")
    }

    @Test func aMoveInTheFrameWhereAnotherFingerLandsOrLiftsIsNoMovement() {
        var d = Driver()
        // A semi-MT pad: one finger at 60; a second lands at 36, and the pad reports the box's corners, so the
        // first contact "moves" to 36 and the new one is at 60. Then both move down 10 mm; then one lifts and
        // the other contact goes back to the finger that stays, which moves on.
        #expect(d.run("""
            0.00 1 60 30
            0.30 1 36 30 ; 2 60 30
            0.40 1 36 40 ; 2 60 40
            0.50 1 60 40 ; 2 60 40 up
            0.55 1 60 45
            """) == [
            "0.00 1:began@60,30", "0.30 1:stationary@60,30 2:began@60,30", "0.40 1:moved@60,40 2:moved@60,40",
            "0.50 1:stationary@60,40 2:ended@60,40", "0.55 1:moved@60,45",
        ])
        // Off, the box's corner is where the engine sees the finger.
        var settings = TouchConditioning.defaults(for: .touchpad, surface: Self.pad)
        settings.reassignDistance = nil
        var off = Driver(settings)
        #expect(off.run("0.00 1 60 30\n0.30 1 36 30 ; 2 60 30").last == "0.30 1:moved@36,30 2:began@60,30")
    }

    @Test func aContactPressingLikeAPalmIsCancelledAndStaysAPalm() {
        var d = Driver()
        #expect(d.run("""
            0.00 1 50 30 p=0.1
            0.01 1 50 30 p=0.3
            0.02 1 50 30 p=0.8
            0.03 1 50 30 p=0.1
            0.04 1 60 30 p=0.1
            """) == ["0.00 1:began@50,30", "0.02 1:cancelled@50,30"])
        // The raw touch stream hears of it as a palm from then on.
        #expect(d.reports == ["0.02 1:palm:began@50,30", "0.04 1:palm:moved@60,30"])
        var large = Driver()
        #expect(large.run("0.00 1 50 30 r=4\n0.01 1 50 30 r=12") == ["0.00 1:began@50,30", "0.01 1:cancelled@50,30"])
    }

    @Test func contactsLandingAroundAPalmArePartOfIt() {
        var d = Driver()
        // A palm (by pressure) at 50,40; the firmware splits off a contact 15 mm from it: palm too. A finger 40 mm
        // away is a finger.
        #expect(d.run("""
            0.00 1 50 40 p=0.9
            0.10 1 50 40 p=0.9 ; 2 38 49 p=0.2
            0.20 1 50 40 p=0.9 ; 2 38 49 p=0.2 up
            0.30 1 50 40 p=0.9 ; 3 50 0 p=0.2
            """) == ["0.30 3:began@50,0"])
        #expect(d.reports.prefix(3) == ["0.00 1:palm:began@50,40", "0.10 2:palm:began@38,49", "0.20 2:palm:ended@38,49"])
        // Off, the split-off contact is a touch.
        var settings = TouchConditioning.defaults(for: .touchpad, surface: Self.pad)
        settings.palmReach = nil
        var off = Driver(settings)
        #expect(off.run("0.00 1 50 40 p=0.9\n0.10 1 50 40 p=0.9 ; 2 38 49 p=0.2") == ["0.10 2:began@38,49"])
    }

    @Test func aContactLandingBesideAnotherIsAPieceOfIt() {
        var d = Driver()
        // A thumb dragged up; the firmware reports a second contact 4 mm from it, then gives the thumb a new id
        // (1 lifts, 2 goes on). 2 is no touch while 1 is down, and comes back when it moves on.
        // (1's move in the frame where 2 lands is no movement: fingers placed anew.)
        #expect(d.run("""
            0.00 1 50 50
            0.20 1 50 40
            0.25 1 50 38 ; 2 50 34
            0.27 1 50 36 ; 2 50 33
            0.30 1 50 35 up ; 2 50 32
            0.35 2 50 31
            0.40 2 50 27
            """) == ["0.00 1:began@50,50", "0.20 1:moved@50,40", "0.27 1:moved@50,38", "0.30 1:ended@50,37", "0.40 2:began@50,27"])
        // Fingers 20 mm apart are two fingers.
        var two = Driver()
        #expect(two.run("0.00 1 50 40\n0.02 1 50 40 ; 2 70 40").last == "0.02 1:stationary@50,40 2:began@70,40")
    }

    @Test func aContactLandingAtASideEdgeAloneIsAPalmUnlessItComesInOrAFingerJoinsIt() {
        var alone = Driver()
        #expect(alone.run("0.00 1 3 30\n0.10 1 4 30\n0.50 1 20 30").isEmpty)
        var comingIn = Driver()
        #expect(comingIn.run("0.00 1 3 30\n0.10 1 12 30\n0.20 1 20 30") == ["0.10 1:began@12,30", "0.20 1:moved@20,30"])
        var pair = Driver()
        // Two contacts landing together at the edge are two fingers starting a scroll there.
        #expect(pair.run("0.00 1 98 20\n0.04 1 98 20 ; 2 98 45\n0.10 1 97 20 ; 2 97 45").last == "0.10 1:began@97,20 2:began@97,45")
        var beside = Driver()
        #expect(beside.run("0.00 1 3 30\n0.50 1 3 30 ; 2 40 30\n0.51 1 3 30 ; 2 40 30") == [
            "0.50 2:began@40,30", "0.51 1:began@3,30 2:stationary@40,30",
        ])
    }

    @Test func aContactRestingInTheBottomBandIsAThumbUntilItMovesOrAFingerLandsBesideIt() {
        var resting = Driver()
        #expect(resting.run("0.00 1 30 66\n0.50 1 31 66\n1.00 1 31 65").isEmpty)
        #expect(resting.reports == ["0.00 1:thumb:began@30,66", "0.50 1:thumb:moved@31,66", "1.00 1:thumb:moved@31,65"])
        var moving = Driver()
        // Moving about in the band (it starts at 59.5 mm of 70), or just above it, it is a thumb still; coming
        // up more than the release distance (5 mm) above the band and 5 mm from where it landed, a finger.
        #expect(moving.run("0.00 1 30 66\n0.10 1 45 66\n0.20 1 45 57\n0.30 1 45 54") == ["0.30 1:began@45,54"])
        // Its report as a thumb ends where its touch begins.
        #expect(moving.reports.last == "0.30 1:thumb:ended@45,54")
        var pair = Driver()
        // Two fingers scrolling up from the bottom edge: the lower one is a finger beside the other.
        #expect(pair.run("0.00 1 30 66 ; 2 40 50\n0.01 1 30 66 ; 2 40 50") == ["0.00 2:began@40,50", "0.01 1:began@30,66 2:stationary@40,50"])
    }

    @Test func aStillFingerFarBelowTwoOthersIsARestingThumb() {
        var d = Driver()
        // A thumb rests above the band (50 mm of 70); one finger lands far above, then a second beside it: the
        // thumb is taken back and the two fingers start over together, in the next frame.
        let out = d.run("""
            0.00 1 20 50
            0.30 1 20 50 ; 2 60 10
            0.40 1 20 50.5 ; 2 60 10 ; 3 75 12
            0.41 1 20 50.5 ; 2 60 10 ; 3 75 12
            """)
        #expect(out.suffix(2) == ["0.40 1:cancelled@20,50 2:cancelled@60,10", "0.401 2b:began@60,10 3:began@75,12"])
        // With only two fingers, a still one and a moving one are not told apart (a scroll, in ChromeOS's tests).
        var two = Driver()
        #expect(!two.run("0.00 1 20 50\n0.30 1 20 50 ; 2 60 10\n0.40 1 20 50 ; 2 70 10").joined().contains("cancelled"))
    }

    @Test func aFingerHoldingStillRightAfterATapHoldsADragLikeAClick() {
        var d = Driver()
        // A tap, then the finger comes back and holds still: after 0.3 s it is taken back (the drag's button);
        // a second finger then points alone, and the held finger comes back only when it moves (the drag).
        let out = d.run("""
            0.00 1 50 30
            0.10 1 50 30 up
            0.25 2 50 31
            0.40 2 50 31
            0.56 2 50 31
            0.60 2 50 31 ; 3 70 20
            0.70 2 50 31 ; 3 80 20
            0.80 2 50 31 ; 3 80 20 up
            0.90 2 56 31
            """)
        #expect(out == [
            "0.00 1:began@50,30", "0.10 1:ended@50,30", "0.25 2:began@50,31", "0.550 2:cancelled@50,31",
            "0.60 3:began@70,20", "0.70 3:moved@80,20", "0.80 3:ended@80,20", "0.90 2b:began@56,31",
        ])
        #expect(d.reports.first == "0.550 2:click:began@50,31")
        // Without a tap before it, a finger holding still stays a touch.
        var plain = Driver()
        #expect(!plain.run("0.00 2 50 31\n0.31 2 50 31\n0.62 2 50.5 31").joined().contains("cancelled"))
        // A finger landing long after the tap is not holding its drag.
        var late = Driver()
        #expect(!late.run("0.00 1 50 30\n0.10 1 50 30 up\n0.60 2 50 31\n0.95 2 50 31\n1.00 2 50.5 31").joined().contains("cancelled"))
    }

    @Test func aTouchDownOnAClickIsNeitherATapNorAMoveUntilItMovesAway() {
        var d = Driver()
        #expect(d.run("""
            0.00 1 50 30
            0.10 click 1 50 30
            0.20 click 1 51 31
            0.30 1 51 31
            0.40 1 56 31
            0.60 1 56 31 up
            """) == ["0.00 1:began@50,30", "0.10 1:cancelled@50,30", "0.40 1b:began@56,31", "0.60 1b:ended@56,31"])
        // Lifting as soon as it came back (a finger rolling off after a click), it is cancelled: never a tap.
        var rolling = Driver()
        #expect(rolling.run("0.00 1 50 30\n0.10 click 1 50 30\n0.20 1 55 30\n0.22 1 55 30 up").suffix(2) == ["0.20 1b:began@55,30", "0.22 1b:cancelled@55,30"])
        var landing = Driver()
        // A finger landing while the button is held is a click's too.
        #expect(landing.run("0.00 click 1 50 30\n0.10 click 1 50 30\n0.20 1 50 30 up").isEmpty)
    }

    @Test func aFingerLandingBesideOneThatMayBeTappingWaitsForItToLift() {
        var d = Driver()
        // A drumroll: 1 lands, 2 lands 80 ms later, 1 lifts 10 ms after that. Each is a touch alone.
        #expect(d.run("""
            0.00 1 30 30
            0.08 1 30 30 ; 2 60 30
            0.09 1 30 30 up ; 2 60 30
            0.10 2 60 30
            0.18 2 60 30 up
            """) == ["0.00 1:began@30,30", "0.09 1:ended@30,30", "0.091 2:began@60,30", "0.18 2:ended@60,30"])
        var together = Driver()
        // Landing 20 ms apart is landing together (a two-finger tap): no waiting.
        #expect(together.run("0.00 1 30 30\n0.02 1 30 30 ; 2 60 30") == ["0.00 1:began@30,30", "0.02 1:stationary@30,30 2:began@60,30"])
        var staying = Driver()
        // The other finger does not lift: the new one comes after 50 ms.
        #expect(staying.run("0.00 1 30 30\n0.08 1 30 30 ; 2 60 30\n0.12 1 30 30 ; 2 60 30\n0.14 1 30 30 ; 2 60 30").last == "0.131 1:stationary@30,30 2:began@60,30")
    }

    @Test func aWaitingFingerBeginsAtItsDeadlineWhenTheDeviceReportsNothing() {
        var d = Driver()
        // A touchpad reports nothing of a still finger: 1 lifts at 0.09 and 2 lies still until it lifts at 0.30.
        // 2 begins a millisecond after 1's lift, from the stage's deadline, not at its own lift.
        #expect(d.run("""
            0.00 1 30 30
            0.08 1 30 30 ; 2 60 30
            0.09 1 30 30 up
            0.30 2 60 30 up
            """) == ["0.00 1:began@30,30", "0.09 1:ended@30,30", "0.091 2:began@60,30", "0.30 2:ended@60,30"])
        #expect(d.conditioner.nextDeadline == nil)
        // Nothing held back, nothing due.
        var idle = Driver()
        _ = idle.run("0.00 1 30 30\n0.50 1 31 30")
        #expect(idle.conditioner.nextDeadline == nil)
    }

    @Test func aContactJumpingOntoOneThatLiftsIsTheFingerThatStays() {
        var d = Driver()
        // Two fingers; 2 lifts where it was, and in the same frame 1 is reported there: the firmware gave the
        // finger that stays the lifted one's id. It ends where it was and comes back only when it moves, so its
        // lift soon after is no tap.
        #expect(d.run("""
            0.00 1 20 30 ; 2 60 30
            0.30 1 20 40 ; 2 60 40
            0.31 1 60 41 ; 2 60 40 up
            0.33 1 60 41 up
            """) == ["0.00 1:began@20,30 2:began@60,30", "0.30 1:moved@20,40 2:moved@60,40", "0.31 1:ended@20,40 2:ended@60,40"])
        // Without a lift there, the same jump is a new touch a frame later.
        var alone = Driver()
        #expect(alone.run("0.00 1 20 30 ; 2 60 30\n0.30 1 20 40 ; 2 60 40\n0.31 1 60 50 ; 2 60 40\n0.40 1 60 50 up ; 2 60 40").suffix(2) == [
            "0.311 1b:began@60,50 2:stationary@60,40", "0.40 1b:ended@60,50 2:stationary@60,40",
        ])
    }

    @Test func aFingerJoiningAGestureStartsRecognitionOverWithBoth() {
        var d = Driver()
        d.gestureInProgress = true
        let out = d.run("""
            0.00 1 30 30
            0.30 1 40 30
            0.40 1 45 30 ; 2 60 30
            0.45 1 46 30 ; 2 61 30
            0.50 1 47 30 ; 2 62 30
            0.51 1 48 30 ; 2 63 30
            """)
        // The second finger lands (it is a touch at once: the first is moving, not tapping) and settles; the
        // first's move in that frame is no movement (fingers placed anew). 100 ms later both are cancelled and
        // begin again a frame later (of the stage's own, a millisecond on), where they are.
        #expect(out.suffix(3) == [
            "0.50 1:cancelled@42,30 2:cancelled@60,30", "0.501 1b:began@47,30 2b:began@62,30", "0.51 1b:moved@48,30 2b:moved@63,30",
        ])
    }

    @Test func aFingerJoiningWhenNothingHasBegunChangesNothing() {
        var d = Driver()
        let out = d.run("0.00 1 30 30\n0.30 1 30 30 ; 2 60 30\n0.50 1 30 30 ; 2 60 30\n0.60 1 40 30 ; 2 70 30")
        #expect(!out.joined().contains("cancelled"))
        #expect(out.last == "0.60 1:moved@40,30 2:moved@70,30")
    }

    @Test func theFingerLeftBehindComesBackOnlyWhenItMoves() {
        var d = Driver()
        let out = d.run("""
            0.00 1 30 30 ; 2 50 30
            0.30 1 40 30 ; 2 60 30
            0.31 1 41 30 up ; 2 61 30
            0.42 2 61 30
            0.50 2 62 30
            0.60 2 66 30
            """)
        #expect(out.suffix(3) == ["0.31 1:ended@41,30 2:stationary@60,30", "0.410 2:cancelled@60,30", "0.60 2b:began@66,30"])
    }

    @Test func cancellingEverythingCancelsWhatTheEngineSees() {
        var d = Driver()
        // 3 rests in the thumb band: the engine never saw it, so it is not cancelled.
        _ = d.run("0.00 1 30 30 ; 2 3 30 ; 3 50 66")
        let frame = d.conditioner.cancelAll(at: Timestamp(seconds: 1))
        #expect(frame?.touches.map { "\($0.id):\($0.phase)" } == ["1:cancelled", "2:cancelled"])
        #expect(d.conditioner.cancelAll(at: Timestamp(seconds: 2)) == nil)
    }
}
