import GestureEngine

/// One surface's touches on their way to its recognizers, the one way the daemon (DeviceSession) and the trace form
/// (`conditioning` lines) run them: touch conditioning, when its settings turn any part on, then the engine; and at
/// each deadline of either, conditioning's frame first, then the engine's timers (`fire`), so that a recognizer's
/// timer due at a held-back finger's release sees the finger first. Which deadline comes when, and before which
/// input, is `TimeRule`'s.
///
/// What comes between the two stages and after them is the caller's: it hands the conditioned frames to the engine
/// (the daemon turns them to the configured rotation, marks their places and gives them to its connections'
/// engines too) and takes the engine's events. What a frame asks of it is inlinable: called across modules, it cost
/// the daemon's core 30 instructions a frame; as a value held by a class, whose every read of it copied it, 400.
public final class TouchPipeline {
    public let engine: GestureEngine
    /// Real contacts into the touches the recognizers expect. No access to it is ever open while another starts,
    /// and the runtime's check costs about 70 instructions an access.
    @usableFromInline @exclusivity(unchecked) var conditioner: TouchConditioner
    /// Whether conditioning does anything, kept apart: asking the conditioner copies it, and every frame asks.
    public let conditions: Bool

    /// A conditioner with no part on (a touchscreen's defaults) is no stage at all: frames go to the engine as they
    /// come.
    public init(engine: GestureEngine, conditioner: TouchConditioner) {
        self.engine = engine
        self.conditioner = conditioner
        conditions = conditioner.isActive
    }

    /// Gets each contact's change of state in conditioning (`--explain`, the debug log).
    public var contactObserver: ((ContactTransition) -> Void)? {
        get { conditioner.observer }
        set { conditioner.observer = newValue }
    }

    /// Conditioning holds some contacts differently while a recognizer is in a gesture (a thumb that lands during
    /// a two-finger scroll).
    @usableFromInline var gestureInProgress: Bool { engine.recognizers.contains { $0.state.isActive } }

    /// A frame of the surface's touches as the engine should have it; nil when nothing in it concerns the engine
    /// (every contact held back).
    @inlinable @inline(__always) public func condition(_ frame: TouchFrame) -> TouchFrame? {
        guard conditions else { return frame }
        return conditioner.condition(frame, gestureInProgress: gestureInProgress)
    }

    /// The earliest time conditioning or the engine wants to be woken.
    @inlinable public var nextDeadline: Timestamp? {
        let timer = engine.nextDeadline
        guard conditions, let own = conditioner.nextDeadline else { return timer }
        return timer.map { min($0, own) } ?? own
    }

    /// The earliest time conditioning wants to be woken (when it `conditions`).
    @inlinable public var conditioningDeadline: Timestamp? { conditioner.nextDeadline }

    /// What is due at `time` (a deadline of the pipeline's or of another's that comes first), in the one order:
    /// when conditioning's deadline has come, the frame it makes with nothing new from the device (a finger held
    /// back until then; nil when nothing in it concerns the engine) and the contacts it holds back, to
    /// `conditioned`, which gives the frame to the engine; then, when the engine's timers are due, `timers`, which
    /// advances it.
    @inlinable public func fire(
        at time: Timestamp, conditioned: (TouchFrame?, _ classified: [(touch: Touch, class: ContactClass)]) -> Void, timers: () -> Void
    ) {
        if conditions, let own = conditioner.nextDeadline, own <= time {
            let frame = conditioner.tick(at: time, gestureInProgress: gestureInProgress)
            conditioned(frame, conditioner.classified)
        }
        if engine.nextDeadline.map({ $0 <= time }) ?? false { timers() }
    }

    /// Whether the last frame or tick held back contacts as palms, thumbs or clicks.
    @inlinable public var hasClassifiedContacts: Bool { conditions && !conditioner.classified.isEmpty }

    /// Those contacts, for the raw touch stream and the twin; empty when there were none.
    public var classified: [(touch: Touch, class: ContactClass)] { hasClassifiedContacts ? conditioner.classified : [] }

    /// A frame that cancels every touch conditioning gives the engine, at `time`; nil when none is down. Without
    /// conditioning, nil: the caller knows the touches down.
    public func cancelAll(at time: Timestamp) -> TouchFrame? {
        conditions ? conditioner.cancelAll(at: time) : nil
    }
}
