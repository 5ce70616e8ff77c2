import GestureEngine
import Testing

@testable import Conditioning

/// The one pipeline the daemon and the trace form run touches through: conditioning, then the engine, each
/// deadline in one order; and the one rule of which deadline fires before an input.
@Suite struct TouchPipelineTests {
    static let pad = Size(width: 100, height: 70)

    static func touch(_ id: TouchID, _ phase: TouchPhase, _ x: Double, at t: Double) -> Touch {
        Touch(id: id, phase: phase, location: Point(x: x, y: 30), timestamp: .seconds(t), type: .indirect)
    }

    /// A touchpad's pipeline with a long press that wants waking `press` seconds after a finger lands.
    static func pipeline(press duration: Double) -> TouchPipeline {
        let engine = GestureEngine(surface: pad)
        let press = LongPressGestureRecognizer(name: "press")
        press.minimumPressDuration = duration
        engine.add(press)
        return TouchPipeline(engine: engine, conditioner: TouchConditioner(settings: .defaults(for: .touchpad, surface: pad), surface: pad))
    }

    @Test func aHeldBackFingerComesFromConditioningsDeadline() throws {
        let pipeline = Self.pipeline(press: 0.5)
        var events: [EngineEvent] = []
        // 1 lands, 2 lands 80 ms later and is held back while 1 may be tapping; 1 lifts: 2 is due at 0.091.
        for frame in [
            TouchFrame(timestamp: .zero, touches: [Self.touch(1, .began, 30, at: 0)]),
            TouchFrame(timestamp: .seconds(0.08), touches: [Self.touch(1, .stationary, 30, at: 0.08), Self.touch(2, .began, 60, at: 0.08)]),
            TouchFrame(timestamp: .seconds(0.09), touches: [Self.touch(1, .ended, 30, at: 0.09), Self.touch(2, .stationary, 60, at: 0.09)]),
        ] {
            if let conditioned = pipeline.condition(frame) { pipeline.engine.process(conditioned, into: &events) }
        }
        #expect(pipeline.nextDeadline == .seconds(0.091))
        var order: [String] = []
        pipeline.fire(
            at: .seconds(0.091),
            conditioned: { frame, classified in
                order.append("conditioned " + (frame?.touches.map { "\($0.id) \($0.phase)" }.joined(separator: ", ") ?? "none"))
                #expect(classified.isEmpty)
                if let frame { pipeline.engine.process(frame, into: &events) }
            },
            timers: { order.append("timers") })
        #expect(order == ["conditioned 2 began"])
        // The press 2 starts wants waking half a second later.
        #expect(pipeline.nextDeadline == .seconds(0.591))
    }

    @Test func atAMomentBothAreDueConditioningsFrameGoesFirstAndTheTimersSeeIt() {
        // 1 lands and stays; 2 lands 80 ms later and waits 50 ms (1 may be tapping); a one-finger press on 1 is due
        // at the very moment 2 comes. Given 2 first, the press fails (two fingers): its timer has nothing to fire.
        let pipeline = Self.pipeline(press: 0.131)
        var events: [EngineEvent] = []
        for frame in [
            TouchFrame(timestamp: .zero, touches: [Self.touch(1, .began, 30, at: 0)]),
            TouchFrame(timestamp: .seconds(0.08), touches: [Self.touch(1, .stationary, 30, at: 0.08), Self.touch(2, .began, 60, at: 0.08)]),
        ] {
            if let conditioned = pipeline.condition(frame) { pipeline.engine.process(conditioned, into: &events) }
        }
        #expect(pipeline.engine.nextDeadline == .seconds(0.131))
        #expect(pipeline.nextDeadline == .seconds(0.131))
        var order: [String] = []
        pipeline.fire(
            at: .seconds(0.131),
            conditioned: { frame, _ in
                order.append("conditioned")
                if let frame { pipeline.engine.process(frame, into: &events) }
            },
            timers: {
                order.append("timers")
                pipeline.engine.advance(to: .seconds(0.131), into: &events)
            })
        #expect(order == ["conditioned"])
        #expect(!events.contains { if case .action(let a) = $0 { a.state == .began } else { false } })
    }

    @Test func withNoPartOnFramesGoToTheEngineAsTheyCome() {
        let engine = GestureEngine(surface: Self.pad)
        let pipeline = TouchPipeline(engine: engine, conditioner: TouchConditioner(settings: .none, surface: Self.pad))
        #expect(!pipeline.conditions)
        let frame = TouchFrame(timestamp: .zero, touches: [Self.touch(1, .began, 30, at: 0)])
        #expect(pipeline.condition(frame)?.touches.map(\.id) == [1])
        #expect(pipeline.nextDeadline == nil)
        #expect(pipeline.cancelAll(at: .seconds(1)) == nil)
        var called = false
        pipeline.fire(at: .seconds(1), conditioned: { _, _ in called = true }, timers: { called = true })
        #expect(!called)
    }

    @Test func aDeadlineFiresBeforeAnInputAtItsTimeOnlyWhenTimeComesWithNoInput() {
        let at = Timestamp.seconds(1)
        #expect(TimeRule.fires(.seconds(0.5), through: at, inclusive: false, after: nil))
        #expect(!TimeRule.fires(at, through: at, inclusive: false, after: nil), "a frame at exactly a deadline goes first")
        #expect(TimeRule.fires(at, through: at, inclusive: true, after: nil))
        #expect(!TimeRule.fires(.seconds(1.5), through: at, inclusive: true, after: nil))
        // A deadline that firing left where it was does not fire again.
        #expect(!TimeRule.fires(.seconds(0.5), through: at, inclusive: true, after: .seconds(0.5)))
        #expect(TimeRule.fires(.seconds(0.6), through: at, inclusive: true, after: .seconds(0.5)))
        #expect(TimeRule.fires(Timestamp(nanoseconds: .max), through: TimeRule.end, inclusive: true, after: nil))
    }
}
