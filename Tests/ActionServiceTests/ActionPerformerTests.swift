import GestureActions
import GestureConfig
import GestureProtocol
import Synchronization
import SystemCalls
import Testing

@testable import ActionService

/// The actions service's performer with effects of the test's own in place of uinput, commands and the desktop:
/// each event's keys pressed in order and released the other way, the pointer following a pan, a command run with
/// the event in its environment, and without a keyboard or mouse to make (no /dev/uinput) the commands still run,
/// the rest said once with its advice.
@Suite struct ActionPerformerTests {
    /// Everything the effects were asked to do, in order.
    final class Record: KeyOutput, PointerOutput, CommandLauncher, WindowSource, Sendable {
        let done = Mutex<[String]>([])
        let said = Mutex<[String]>([])

        func set(_ code: UInt16, down: Bool) throws { done.withLock { $0.append("\(code) \(down ? "down" : "up")") } }
        func move(dx: Int32, dy: Int32) throws { done.withLock { $0.append("move \(dx) \(dy)") } }
        func turn(vertical: Int32, horizontal: Int32) throws { done.withLock { $0.append("wheel \(vertical) \(horizontal)") } }
        func run(_ command: String, _ environment: [String: String]) {
            done.withLock { $0.append("run \(command) \(environment["GESTURE_RECOGNIZER"] ?? "") \(environment["GESTURE_STATE"] ?? "")") }
        }
        func windows(_ question: ActionRunner.WindowQuestion) -> ActionRunner.Windows { ActionRunner.Windows() }

        /// Effects of this record; `uinput` nil: the devices can be made, else the error making them throws.
        func effects(uinput: SystemCallError? = nil) -> Effects {
            Effects(
                keyboard: { () throws(SystemCallError) in
                    if let uinput { throw uinput }
                    return self
                },
                mouse: { () throws(SystemCallError) in
                    if let uinput { throw uinput }
                    return self
                }, commands: self, windows: { self }, say: { line in self.said.withLock { $0.append(line) } })
        }
    }

    static let file = try! ActionsFile.parse(
        """
        [[action]]
        gesture = "swipe"
        keys = "ctrl+alt+right"

        [[action]]
        gesture = "pan"
        pointer = true

        [[action]]
        gesture = "tap"
        command = "notify-send tapped"
        """, file: "actions.toml")

    static func event(_ recognizer: String, _ kind: String, _ state: RecognizerState, _ values: GestureValues) -> GestureEvent {
        GestureEvent(
            names: .init(recognizer: recognizer, kind: kind), place: Place(device: "touchpad", node: "/dev/input/event3", region: "touchpad"),
            state: state, time: DaemonTime(microseconds: 1_000_000), touches: 3, location: nil, values: values)
    }

    @Test func keysArePressedInOrderAndReleasedTheOtherWay() {
        let record = Record()
        let performer = ActionPerformer(Self.file, effects: record.effects())
        performer.perform(Self.event("swipe", "swipe", .ended, .swipe(direction: "right")))
        // KEY_LEFTCTRL 29, KEY_LEFTALT 56, KEY_RIGHT 106.
        #expect(record.done.withLock { $0 } == ["29 down", "56 down", "106 down", "106 up", "56 up", "29 up"])
    }

    @Test func thePointerFollowsAPanAndACommandRunsWithItsEvent() {
        let record = Record()
        let performer = ActionPerformer(Self.file, effects: record.effects())
        performer.perform(Self.event("pan", "pan", .began, .pan(translation: Pair(0, 0), velocity: nil)))
        performer.perform(Self.event("pan", "pan", .changed, .pan(translation: Pair(3.5, -2), velocity: nil)))
        performer.perform(Self.event("tap", "tap", .ended, .tap(taps: 1)))
        // pointer_speed's 5 counts a millimetre, the half count kept for the next move.
        #expect(record.done.withLock { $0 } == ["move 17 -10", "run notify-send tapped tap ended"])
    }

    @Test func withoutUinputCommandsStillRunAndTheRestIsSaidOnce() {
        let record = Record()
        let performer = ActionPerformer(Self.file, effects: record.effects(uinput: SystemCallError("open", on: "/dev/uinput", .noSuchFileOrDirectory)))
        performer.perform(Self.event("swipe", "swipe", .ended, .swipe(direction: "right")))
        performer.perform(Self.event("tap", "tap", .ended, .tap(taps: 1)))
        performer.replace(Self.file)
        #expect(record.done.withLock { $0 } == ["run notify-send tapped tap ended"])
        let said = record.said.withLock { $0 }
        #expect(said.count == 1, "\(said)")
        #expect(said.first?.contains("keys and mouse actions do nothing: this machine has no /dev/uinput") == true, "\(said)")
        #expect(said.first?.contains("modprobe uinput") == true)
    }
}
