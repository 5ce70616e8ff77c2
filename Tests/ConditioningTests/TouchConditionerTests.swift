import Foundation
import Conditioning
import GestureEngine
import GestureTrace
import Testing

/// The touch-conditioning stage on a 100 x 70 mm touchpad (docs/conditioning.md), in the trace form
/// (docs/traces.md): what the engine sees of each contact (`touch ID PHASE (X,Y)`, ids as the engine knows them: a
/// contact's second touch is its id plus 2³², 4294967297 for contact 1) and what the raw touch stream hears of the
/// contacts held back (`palm 1 began (50,30)`). A frame in which a contact stays where it was is a `move` to the
/// same place.
@Suite struct TouchConditionerTests {
    static let pad = "surface 100 70\nconditioning touchpad"

    /// The stage's lines of a trace on the pad (`conditioning` with `keys`), without the engine's own.
    static func stage(_ script: String, keys: String = "", explain: Bool = false) -> [String] {
        do {
            let lines = try Trace.run(pad + (keys.isEmpty ? "" : " " + keys) + "\n" + script, explain: explain)
            return lines.filter { line in
                let words = line.split(separator: " ")
                return words.count > 2 && (["touch", "palm", "thumb", "click"].contains(words[1]) || (words[1] == "#" && words[2] == "contact"))
            }
        } catch {
            Issue.record("trace failed: \(error)")
            return []
        }
    }

    @Test func touchscreensAreLeftAsTheyAre() throws {
        // Their defaults turn every part off: no stage, the wobble is movement.
        let lines = try Trace.run("surface 100 70\nconditioning touchscreen\n0.00 down 1 50 30\n0.01 move 1 51 31\n0.02 up 1")
        #expect(lines == ["0.000 surface: touch 1 began", "0.010 surface: touch 1 moved", "0.020 surface: touch 1 ended"])
    }

    @Test func wobbleAtTouchDownIsNotMovement() {
        // 1.5 mm of wobble in a tap: the engine sees the touch where it landed, then its lift there.
        #expect(Self.stage("""
            0.00 down 1 50 30
            0.01 move 1 51 31
            0.02 move 1 51.5 30
            0.03 up 1
            """) == ["0.000 touch 1 began (50,30)", "0.030 touch 1 ended (50,30)"])
    }

    @Test func settlingEndsAtItsDistanceOrItsTime() {
        #expect(Self.stage("0.00 down 1 50 30\n0.01 move 1 53 30\n0.02 move 1 57 30") == ["0.000 touch 1 began (50,30)", "0.020 touch 1 moved (57,30)"])
        // Drifting 1 mm while it settles by time (0.18 s): the drift is never movement; what it moves after is.
        #expect(Self.stage("0.00 down 1 50 30\n0.10 move 1 51 30\n0.25 move 1 51 30\n0.30 move 1 53 30") == [
            "0.000 touch 1 began (50,30)", "0.300 touch 1 moved (52,30)",
        ])
    }

    @Test func aFirmwareJumpIsALiftAndANewTouchInTheNextFrame() {
        #expect(Self.stage("""
            0.00 down 1 20 30
            0.10 move 1 20 30
            0.11 move 1 60 30
            0.12 move 1 60 30
            0.13 up 1
            """) == ["0.000 touch 1 began (20,30)", "0.110 touch 1 ended (20,30)", "0.111 touch 4294967297 began (60,30)", "0.130 touch 4294967297 ended (60,30)"])
        // Reported every 10 ms, then still (no reports) for 100 ms, then 26 mm away: the pause says nothing of
        // how fast a finger can move, the report interval does. Two contacts.
        #expect(Self.stage("0.00 down 1 20 30\n0.01 move 1 20 30.5\n0.11 move 1 46 30\n0.12 move 1 46 30").suffix(2) == [
            "0.110 touch 1 ended (20,30)", "0.111 touch 4294967297 began (46,30)",
        ])
        // A fast but possible stroke (25 mm in 20 ms is 1250 mm/s, under 1500) is movement.
        #expect(Self.stage("0.00 down 1 20 30\n0.30 move 1 20 30\n0.32 move 1 45 30").last == "0.320 touch 1 moved (45,30)")
    }

    @Test func aMoveInTheFrameWhereAnotherFingerLandsOrLiftsIsNoMovement() {
        // A semi-MT pad: one finger at 60; a second lands at 36, and the pad reports the box's corners, so the
        // first contact "moves" to 36 and the new one is at 60. Then both move down 10 mm; then one lifts and
        // the other contact goes back to the finger that stays, which moves on (and, left alone, is cancelled
        // 0.1 s after the lift, to come back when it moves).
        #expect(Self.stage("""
            0.00 down 1 60 30
            0.30 move 1 36 30
            0.30 down 2 60 30
            0.40 move 1 36 40
            0.40 move 2 60 40
            0.50 move 1 60 40
            0.50 up 2
            0.55 move 1 60 45
            """) == [
            "0.000 touch 1 began (60,30)", "0.300 touch 2 began (60,30)", "0.400 touch 1 moved (60,40)", "0.400 touch 2 moved (60,40)",
            "0.500 touch 2 ended (60,40)", "0.550 touch 1 moved (60,45)", "0.600 touch 1 cancelled (60,45)",
        ])
        // Off, the box's corner is where the engine sees the finger.
        #expect(Self.stage("0.00 down 1 60 30\n0.30 move 1 36 30\n0.30 down 2 60 30", keys: "reassign_mm=false").suffix(2) == [
            "0.300 touch 1 moved (36,30)", "0.300 touch 2 began (60,30)",
        ])
    }

    @Test func aContactPressingLikeAPalmIsCancelledAndStaysAPalm() {
        // The raw touch stream hears of it as a palm from then on.
        #expect(Self.stage("""
            0.00 down 1 50 30 pressure=0.1
            0.01 move 1 50 30 pressure=0.3
            0.02 move 1 50 30 pressure=0.8
            0.03 move 1 50 30 pressure=0.1
            0.04 move 1 60 30
            """) == ["0.000 touch 1 began (50,30)", "0.020 touch 1 cancelled (50,30)", "0.020 palm 1 began (50,30)", "0.040 palm 1 moved (60,30)"])
        // A major axis of 24 mm is a palm's (over 20).
        #expect(Self.stage("0.00 down 1 50 30 major=8\n0.01 move 1 50 30 major=24") == [
            "0.000 touch 1 began (50,30)", "0.010 touch 1 cancelled (50,30)", "0.010 palm 1 began (50,30)",
        ])
    }

    @Test func contactsLandingAroundAPalmArePartOfIt() {
        // A palm (by pressure) at 50,40; the firmware splits off a contact 15 mm from it: palm too. A finger 40 mm
        // away is a finger.
        #expect(Self.stage("""
            0.00 down 1 50 40 pressure=0.9
            0.10 down 2 38 49 pressure=0.2
            0.20 up 2
            0.30 down 3 50 0 pressure=0.2
            """) == ["0.000 palm 1 began (50,40)", "0.100 palm 2 began (38,49)", "0.200 palm 2 ended (38,49)", "0.300 touch 3 began (50,0)"])
        // Off, the split-off contact is a touch.
        #expect(Self.stage("0.00 down 1 50 40 pressure=0.9\n0.10 down 2 38 49 pressure=0.2", keys: "palm_reach_mm=false").last == "0.100 touch 2 began (38,49)")
    }

    @Test func aContactLandingBesideAnotherIsAPieceOfIt() {
        // A thumb dragged up; the firmware reports a second contact 4 mm from it, then gives the thumb a new id
        // (1 lifts, 2 goes on). 2 is no touch while 1 is down, and comes back when it moves on.
        // (1's move in the frame where 2 lands is no movement: fingers placed anew.)
        #expect(Self.stage("""
            0.00 down 1 50 50
            0.20 move 1 50 40
            0.25 move 1 50 38
            0.25 down 2 50 34
            0.27 move 1 50 36
            0.27 move 2 50 33
            0.30 move 1 50 35
            0.30 up 1
            0.30 move 2 50 32
            0.35 move 2 50 31
            0.40 move 2 50 27
            """) == [
            "0.000 touch 1 began (50,50)", "0.200 touch 1 moved (50,40)", "0.270 touch 1 moved (50,38)", "0.300 touch 1 ended (50,37)",
            "0.400 touch 2 began (50,27)",
        ])
        // Fingers 20 mm apart are two fingers.
        #expect(Self.stage("0.00 down 1 50 40\n0.02 move 1 50 40\n0.02 down 2 70 40").last == "0.020 touch 2 began (70,40)")
    }

    @Test func aContactLandingAtASideEdgeAloneIsAPalmUnlessItComesInOrAFingerJoinsIt() {
        #expect(Self.stage("0.00 down 1 3 30\n0.10 move 1 4 30\n0.50 move 1 20 30") == [
            "0.000 palm 1 began (3,30)", "0.100 palm 1 moved (4,30)", "0.500 palm 1 moved (20,30)",
        ])
        #expect(Self.stage("0.00 down 1 3 30\n0.10 move 1 12 30\n0.20 move 1 20 30") == [
            "0.000 palm 1 began (3,30)", "0.100 touch 1 began (12,30)", "0.100 palm 1 ended (12,30)", "0.200 touch 1 moved (20,30)",
        ])
        // Two contacts landing together at the edge are two fingers starting a scroll there.
        #expect(Self.stage("0.00 down 1 98 20\n0.04 move 1 98 20\n0.04 down 2 98 45\n0.10 move 1 97 20\n0.10 move 2 97 45").suffix(4) == [
            "0.100 touch 1 began (97,20)", "0.100 touch 2 began (97,45)", "0.100 palm 1 ended (97,20)", "0.100 palm 2 ended (97,45)",
        ])
        #expect(Self.stage("0.00 down 1 3 30\n0.50 move 1 3 30\n0.50 down 2 40 30\n0.51 move 1 3 30\n0.51 move 2 40 30") == [
            "0.000 palm 1 began (3,30)", "0.500 touch 2 began (40,30)", "0.510 touch 1 began (3,30)", "0.510 palm 1 ended (3,30)",
        ])
        // A contact landing across the pad (too far for the two to be fingers of one gesture: ChromeOS's 50 by
        // 45 mm ellipse) neither joins it at the edge nor makes it a finger; nor does a finger down across the pad
        // when a contact lands at the edge.
        #expect(Self.stage("0.00 down 1 3 30\n0.05 down 2 88 40\n0.06 move 1 3 30\n0.06 move 2 88 40\n0.50 move 1 3 31").prefix(3) == [
            "0.000 palm 1 began (3,30)", "0.050 touch 2 began (88,40)", "0.500 palm 1 moved (3,31)",
        ])
        #expect(Self.stage("0.00 down 2 88 40\n0.30 move 2 88 40\n0.30 down 1 3 30\n0.40 move 1 3 31").suffix(2) == [
            "0.300 palm 1 began (3,30)", "0.400 palm 1 moved (3,31)",
        ])
    }

    @Test func aContactRestingInTheBottomBandIsAThumbUntilItMovesOrAFingerLandsBesideIt() {
        #expect(Self.stage("0.00 down 1 30 66\n0.50 move 1 31 66\n1.00 move 1 31 65") == [
            "0.000 thumb 1 began (30,66)", "0.500 thumb 1 moved (31,66)", "1.000 thumb 1 moved (31,65)",
        ])
        // Moving about in the band (it starts at 59.5 mm of 70), or just above it, it is a thumb still; coming
        // up more than the release distance (5 mm) above the band and 5 mm from where it landed, a finger. Its
        // report as a thumb ends where its touch begins.
        #expect(Self.stage("0.00 down 1 30 66\n0.10 move 1 45 66\n0.20 move 1 45 57\n0.30 move 1 45 54").suffix(2) == [
            "0.300 touch 1 began (45,54)", "0.300 thumb 1 ended (45,54)",
        ])
        // Two fingers scrolling up from the bottom edge: the lower one is a finger beside the other.
        #expect(Self.stage("0.00 down 1 30 66\n0.00 down 2 40 50\n0.01 move 1 30 66\n0.01 move 2 40 50") == [
            "0.000 touch 2 began (40,50)", "0.000 thumb 1 began (30,66)", "0.010 touch 1 began (30,66)", "0.010 thumb 1 ended (30,66)",
        ])
        // Both in the band, landing 80 ms apart (within libinput's 0.1 s) and 15 mm apart: two fingers, not a
        // thumb; 150 ms apart, the second is a thumb still, and so is the first.
        #expect(Self.stage("0.00 down 1 30 66\n0.08 down 2 45 66\n0.09 move 1 30 66\n0.09 move 2 45 66").suffix(4) == [
            "0.090 touch 1 began (30,66)", "0.090 touch 2 began (45,66)", "0.090 thumb 1 ended (30,66)", "0.090 thumb 2 ended (45,66)",
        ])
        #expect(!Self.stage("0.00 down 1 30 66\n0.15 down 2 45 66\n0.16 move 1 30 66\n0.16 move 2 45 66").joined().contains("touch"))
    }

    @Test func aStillFingerFarBelowTwoOthersIsARestingThumb() {
        // A thumb rests above the band (50 mm of 70); one finger lands far above, then a second beside it: the
        // thumb is taken back and the two fingers start over together, in the next frame.
        #expect(Self.stage("""
            0.00 down 1 20 50
            0.30 move 1 20 50
            0.30 down 2 60 10
            0.40 move 1 20 50.5
            0.40 down 3 75 12
            0.41 move 1 20 50.5
            """).suffix(5) == [
            "0.400 touch 1 cancelled (20,50)", "0.400 touch 2 cancelled (60,10)", "0.400 thumb 1 began (20,50.5)",
            "0.401 touch 4294967298 began (60,10)", "0.401 touch 3 began (75,12)",
        ])
        // With only two fingers, a still one and a moving one are not told apart (a scroll, in ChromeOS's tests).
        #expect(!Self.stage("0.00 down 1 20 50\n0.30 move 1 20 50\n0.30 down 2 60 10\n0.40 move 2 70 10").joined().contains("cancelled"))
    }

    @Test func aFingerHoldingStillRightAfterATapHoldsADragLikeAClick() {
        // A tap, then the finger comes back and holds still: after 0.3 s it is taken back (the drag's button);
        // a second finger then points alone, and the held finger comes back only when it moves (the drag).
        #expect(Self.stage("""
            0.00 down 1 50 30
            0.10 up 1
            0.25 down 2 50 31
            0.40 move 2 50 31
            0.56 move 2 50 31
            0.60 down 3 70 20
            0.70 move 3 80 20
            0.80 up 3
            0.90 move 2 56 31
            """) == [
            "0.000 touch 1 began (50,30)", "0.100 touch 1 ended (50,30)", "0.250 touch 2 began (50,31)", "0.550 touch 2 cancelled (50,31)",
            "0.550 click 2 began (50,31)", "0.600 touch 3 began (70,20)", "0.700 touch 3 moved (80,20)", "0.800 touch 3 ended (80,20)",
            "0.900 touch 4294967298 began (56,31)", "0.900 click 2 ended (56,31)",
        ])
        // Without a tap before it, a finger holding still stays a touch.
        #expect(!Self.stage("0.00 down 2 50 31\n0.31 move 2 50 31\n0.62 move 2 50.5 31").joined().contains("cancelled"))
        // A finger landing long after the tap is not holding its drag.
        #expect(!Self.stage("0.00 down 1 50 30\n0.10 up 1\n0.60 down 2 50 31\n0.95 move 2 50 31\n1.00 move 2 50.5 31").joined().contains("cancelled"))
    }

    @Test func aTouchDownOnAClickIsNeitherATapNorAMoveUntilItMovesAway() {
        #expect(Self.stage("""
            0.00 down 1 50 30
            0.10 button down
            0.20 move 1 51 31
            0.30 button up
            0.40 move 1 56 31
            0.60 up 1
            """) == [
            "0.000 touch 1 began (50,30)", "0.100 touch 1 cancelled (50,30)", "0.100 click 1 began (50,30)", "0.200 click 1 moved (51,31)",
            "0.400 touch 4294967297 began (56,31)", "0.400 click 1 ended (56,31)", "0.600 touch 4294967297 ended (56,31)",
        ])
        // Lifting as soon as it came back (a finger rolling off after a click), it is cancelled: never a tap.
        #expect(Self.stage("0.00 down 1 50 30\n0.10 button down\n0.20 button up\n0.20 move 1 55 30\n0.22 up 1").suffix(2) == [
            "0.200 click 1 ended (55,30)", "0.220 touch 4294967297 cancelled (55,30)",
        ])
        // A finger landing while the button is held is a click's too.
        #expect(Self.stage("0.00 button down\n0.00 down 1 50 30\n0.10 move 1 50 30\n0.20 button up\n0.20 up 1") == [
            "0.000 click 1 began (50,30)", "0.200 click 1 ended (50,30)",
        ])
    }

    @Test func aFingerLandingBesideOneThatMayBeTappingWaitsForItToLift() {
        // A drumroll: 1 lands, 2 lands 80 ms later, 1 lifts 10 ms after that. Each is a touch alone.
        #expect(Self.stage("""
            0.00 down 1 30 30
            0.08 down 2 60 30
            0.09 up 1
            0.10 move 2 60 30
            0.18 up 2
            """) == ["0.000 touch 1 began (30,30)", "0.090 touch 1 ended (30,30)", "0.091 touch 2 began (60,30)", "0.180 touch 2 ended (60,30)"])
        // Landing 20 ms apart is landing together (a two-finger tap): no waiting.
        #expect(Self.stage("0.00 down 1 30 30\n0.02 down 2 60 30").last == "0.020 touch 2 began (60,30)")
        // The other finger does not lift: the new one comes after 50 ms.
        #expect(Self.stage("0.00 down 1 30 30\n0.08 down 2 60 30\n0.12 move 2 60 30\n0.14 move 2 60 30").last == "0.131 touch 2 began (60,30)")
    }

    @Test func aWaitingFingerBeginsAtItsDeadlineWhenTheDeviceReportsNothing() {
        // A touchpad reports nothing of a still finger: 1 lifts at 0.09 and 2 lies still until it lifts at 0.30.
        // 2 begins a millisecond after 1's lift, from the stage's deadline, not at its own lift.
        #expect(Self.stage("""
            0.00 down 1 30 30
            0.08 down 2 60 30
            0.09 up 1
            0.30 up 2
            """) == ["0.000 touch 1 began (30,30)", "0.090 touch 1 ended (30,30)", "0.091 touch 2 began (60,30)", "0.300 touch 2 ended (60,30)"])
    }

    /// Not in the trace form, which runs every deadline out and shows none: a stage waits for nothing when
    /// nothing is held back, so the daemon is not woken for it.
    @Test func nothingIsDueWhenNothingIsHeldBack() {
        let pad = Size(width: 100, height: 70)
        func touch(_ id: TouchID, _ phase: TouchPhase, _ x: Double, at t: Double) -> Touch {
            Touch(id: id, phase: phase, location: Point(x: x, y: 30), timestamp: .seconds(t), type: .indirect)
        }
        // The waiting finger above, once it has begun and lifted.
        var waited = TouchConditioner(settings: .defaults(for: .touchpad, surface: pad), surface: pad)
        _ = waited.condition(TouchFrame(timestamp: .zero, touches: [touch(1, .began, 30, at: 0)]), gestureInProgress: false)
        _ = waited.condition(TouchFrame(timestamp: .seconds(0.08), touches: [touch(1, .stationary, 30, at: 0.08), touch(2, .began, 60, at: 0.08)]), gestureInProgress: false)
        _ = waited.condition(TouchFrame(timestamp: .seconds(0.09), touches: [touch(1, .ended, 30, at: 0.09), touch(2, .stationary, 60, at: 0.09)]), gestureInProgress: false)
        #expect(waited.nextDeadline == .seconds(0.091))
        _ = waited.tick(at: .seconds(0.091), gestureInProgress: false)
        _ = waited.condition(TouchFrame(timestamp: .seconds(0.3), touches: [touch(2, .ended, 60, at: 0.3)]), gestureInProgress: false)
        #expect(waited.nextDeadline == nil)
        // A finger down and moving.
        var idle = TouchConditioner(settings: .defaults(for: .touchpad, surface: pad), surface: pad)
        _ = idle.condition(TouchFrame(timestamp: .zero, touches: [touch(1, .began, 30, at: 0)]), gestureInProgress: false)
        _ = idle.condition(TouchFrame(timestamp: .seconds(0.5), touches: [touch(1, .moved, 31, at: 0.5)]), gestureInProgress: false)
        #expect(idle.nextDeadline == nil)
    }

    @Test func aContactJumpingOntoOneThatLiftsIsTheFingerThatStays() {
        // Two fingers; 2 lifts where it was, and in the same frame 1 is reported there: the firmware gave the
        // finger that stays the lifted one's id. It ends where it was and comes back only when it moves, so its
        // lift soon after is no tap.
        #expect(Self.stage("""
            0.00 down 1 20 30
            0.00 down 2 60 30
            0.30 move 1 20 40
            0.30 move 2 60 40
            0.31 move 1 60 41
            0.31 up 2
            0.33 up 1
            """) == [
            "0.000 touch 1 began (20,30)", "0.000 touch 2 began (60,30)", "0.300 touch 1 moved (20,40)", "0.300 touch 2 moved (60,40)",
            "0.310 touch 1 ended (20,40)", "0.310 touch 2 ended (60,40)",
        ])
        // Without a lift there, the same jump is a new touch a frame later.
        #expect(Self.stage("0.00 down 1 20 30\n0.00 down 2 60 30\n0.30 move 1 20 40\n0.30 move 2 60 40\n0.31 move 1 60 50\n0.40 up 1").suffix(4) == [
            "0.310 touch 1 ended (20,40)", "0.311 touch 4294967297 began (60,50)", "0.400 touch 4294967297 ended (60,50)",
            // 2, left alone, is cancelled 0.1 s after 1 lifts.
            "0.500 touch 2 cancelled (60,40)",
        ])
    }

    @Test func aFingerJoiningAGestureStartsRecognitionOverWithBoth() {
        // The second finger lands (it is a touch at once: the first is moving, not tapping) and, with another
        // finger shown, does not settle: its moves are movement at once. The first's move in that frame is no
        // movement (fingers placed anew). 100 ms later, the pan having begun, both are cancelled and begin again a
        // frame later (of the stage's own, a millisecond on), where they are.
        #expect(Self.stage("""
            region P 0 0 100 70
            pan pan in P
            0.00 down 1 30 30
            0.30 move 1 40 30
            0.40 move 1 45 30
            0.40 down 2 60 30
            0.45 move 1 46 30
            0.45 move 2 61 30
            0.50 move 1 47 30
            0.50 move 2 62 30
            0.51 move 1 48 30
            0.51 move 2 63 30
            """).suffix(6) == [
            "0.500 touch 1 cancelled (42,30)", "0.500 touch 2 cancelled (61,30)", "0.501 touch 4294967297 began (47,30)",
            "0.501 touch 4294967298 began (62,30)", "0.510 touch 4294967297 moved (48,30)", "0.510 touch 4294967298 moved (63,30)",
        ])
    }

    @Test func aFingerJoiningWhenNothingHasBegunChangesNothing() {
        let lines = Self.stage("0.00 down 1 30 30\n0.30 down 2 60 30\n0.50 move 2 60 30\n0.60 move 1 40 30\n0.60 move 2 70 30")
        #expect(!lines.joined().contains("cancelled"))
        #expect(lines.suffix(2) == ["0.600 touch 1 moved (40,30)", "0.600 touch 2 moved (70,30)"])
    }

    @Test func theFingerLeftBehindComesBackOnlyWhenItMoves() {
        #expect(Self.stage("""
            0.00 down 1 30 30
            0.00 down 2 50 30
            0.30 move 1 40 30
            0.30 move 2 60 30
            0.31 move 1 41 30
            0.31 up 1
            0.31 move 2 61 30
            0.42 move 2 61 30
            0.50 move 2 62 30
            0.60 move 2 66 30
            """).suffix(3) == ["0.310 touch 1 ended (41,30)", "0.410 touch 2 cancelled (60,30)", "0.600 touch 4294967298 began (66,30)"])
    }

    @Test func theExplanationSaysWhyEachContactChanged() {
        // A finger pressing like a palm; a thumb resting and then moving away; a piece of a finger that is what is
        // left of it; a finger on a click that moves away.
        #expect(Self.stage("0.00 down 1 50 30 pressure=0.1\n0.02 move 1 50 30 pressure=0.8\n0.05 up 1", explain: true) == [
            "0.000 # contact 1: up -> settling #1, landed", "0.000 touch 1 began (50,30)",
            "0.020 # contact 1: settling #1 -> palm, pressure 0.8 > 0.45", "0.020 touch 1 cancelled (50,30)", "0.020 palm 1 began (50,30)",
            "0.050 # contact 1: palm -> up, lifted", "0.050 palm 1 ended (50,30)",
        ])
        #expect(Self.stage("0.00 down 1 30 66\n0.10 move 1 45 66\n0.30 move 1 45 54", explain: true).filter { $0.contains("#") } == [
            "0.000 # contact 1: up -> thumb, landed in the thumb band, 66.0 mm down > 59.5 mm",
            "0.300 # contact 1: thumb -> settling #1, moved 19.2 mm from where it rested >= 5.0 mm, and out of the band",
        ])
        #expect(Self.stage("0.00 down 1 50 40\n0.20 move 1 50 30\n0.25 down 2 50 34\n0.30 up 1\n0.40 move 2 50 29", explain: true).filter { $0.contains("#") } == [
            "0.000 # contact 1: up -> settling #1, landed",
            "0.200 # contact 1: settling #1 -> tracking #1, moved 10.0 mm from where it landed >= 6.0 mm",
            "0.250 # contact 2: up -> piece of 1, landed 4.0 mm from contact 1 < 10.0 mm",
            "0.300 # contact 1: tracking #1 -> up, lifted",
            "0.300 # contact 2: piece of 1 -> pinned, contact 1 lifted: this is what is left of it",
            "0.400 # contact 2: pinned -> settling #2, moved 5.0 mm from where it was held >= 4.0 mm",
        ])
        #expect(Self.stage("0.00 down 1 50 30\n0.10 button down\n0.20 button up\n0.30 move 1 56 30", explain: true).filter { $0.contains("#") } == [
            "0.000 # contact 1: up -> settling #1, landed",
            "0.100 # contact 1: settling #1 -> click, the button was pressed",
            "0.300 # contact 1: click -> settling #4294967297, moved 6.0 mm from where it was held >= 4.0 mm",
        ])
    }

    /// Not in the trace form, which has no surface to rebuild: when the daemon rebuilds a device's surface, the
    /// touches the engine sees are cancelled, and the contacts it never saw are not.
    @Test func cancellingEverythingCancelsWhatTheEngineSees() {
        let pad = Size(width: 100, height: 70)
        var stage = TouchConditioner(settings: .defaults(for: .touchpad, surface: pad), surface: pad)
        // 3 rests in the thumb band: the engine never saw it, so it is not cancelled.
        let touches = [(1, 30.0, 30.0), (2, 3, 30), (3, 50, 66)].map { id, x, y in
            Touch(id: TouchID(id), phase: .began, location: Point(x: x, y: y), timestamp: .zero, type: .indirect)
        }
        _ = stage.condition(TouchFrame(timestamp: .zero, touches: touches), gestureInProgress: false)
        let frame = stage.cancelAll(at: .seconds(1))
        #expect(frame?.touches.map { "\($0.id):\($0.phase)" } == ["1:cancelled", "2:cancelled"])
        #expect(stage.cancelAll(at: .seconds(2)) == nil)
    }

    @Test func aSemiMultitouchPadsCornersAreTheFingersTheyWere() {
        // The pad reports two fingers as the corners (min x, max y) and (max x, min y) of their box. A finger rests
        // at (30, 20); a second lands at (60, 50) and goes left, 5 mm a report, past the first to (10, 50). Contact 1
        // is reported at (30, 50) while the second is right of it, then at (x, 50) once it has crossed.
        var script = "0.00 down 1 30 20\n0.30 move 1 30 20\n0.30 down 2 60 20\n0.30 move 1 30 50\n"
        for (n, x) in stride(from: 55.0, through: 10, by: -5).enumerated() {
            let t = String(format: "%.2f", 0.31 + Double(n) / 100)
            script += "\(t) move 1 \(min(x, 30)) 50\n\(t) move 2 \(max(x, 30)) 20\n"
        }
        // Each contact takes the corner values nearest where it was: the first stays at (30, 20), the second lands
        // at (60, 50) and ends at (10, 50).
        let lines = Self.stage(script, keys: "box-corners settle_mm=false")
        #expect(lines.contains("0.300 touch 2 began (60,50)"), "\(lines)")
        #expect(!lines.contains { $0.contains("touch 1 moved") }, "\(lines)")
        #expect(lines.last == "0.400 touch 2 moved (10,50)", "\(lines)")
        // On a pad whose contacts are fingers the same reports move the first finger.
        #expect(Self.stage(script, keys: "settle_mm=false").contains { $0.contains("touch 1 moved") })
    }
}
