import GestureEngine
import InputCore

/// The stage between the frame builder and the engine that makes real contacts into the touches UIKit's model
/// expects (docs/conditioning.md): wobble at touch-down is not movement, a firmware jump is two touches, palms
/// and resting thumbs are no touches, a click is not a tap, and on touchpads a lasting change of finger count
/// starts recognition over. Pure: a frame in, a frame out, time from the frames.
///
/// Touches the recognizers see get ids of their own: a contact that splits or comes back is a new touch. Each
/// contact is in one `ContactState`, changed only by `move`, which tells `observer` why.
public struct TouchConditioner {
    public let settings: TouchConditioning
    public let surface: Size

    /// Gets every contact's change of state with its cause (`gestured replay --explain`); while it is nil, none is
    /// made.
    public var observer: ((ContactTransition) -> Void)?

    struct Contact {
        var state: ContactState
        /// How many touches the engine has had of it: the next one's id is the contact's with this in bits 32 up.
        var segments: UInt64
        /// When the contact landed (a restart or a split does not change it).
        var landedAt: Timestamp
        /// Where the device last reported it, and when.
        var raw: Point
        var rawTime: Timestamp
        /// The device's last report of it, for a frame of its own when a deadline passes with nothing reported.
        var last: Touch
        /// The shortest time between two of its reports so far.
        var interval: Double?
        /// Landed soon after a one-finger tap: while it is a touch, staying still makes it hold a drag's button.
        /// A fact of its landing that lasts through every state until it is taken back for what it is.
        var afterTap: Bool
        /// What the raw touch stream was last told of it, held back as a palm, thumb or click, and where: that
        /// stream's own memory, since one report runs on through states of the same class (a thumb's piece
        /// that becomes the thumb).
        var reported: Point?
    }

    // What the extensions (TouchConditioner+Transitions.swift, +Rules.swift) read and change is internal.
    var contacts = TouchTable<Contact>()
    /// The contacts down, in the order they landed.
    var order: [TouchID] = []
    /// The physical buttons as of the last frame from the device.
    var buttonsWere: UInt8 = 0
    /// The finger count recognition started with, and since when a different one has held.
    private var settledCount = 0
    private var countChangedAt: Timestamp?
    var out = TouchFrame(timestamp: .zero, touches: [])
    /// The fingers the engine saw before this frame.
    var shownBefore = 0
    /// When the last one-finger tap-like contact lifted (down briefly, hardly moved, alone).
    var lastTapLift: Timestamp?
    /// Conditioning a frame made of the contacts' last reports, not a device's frame: it says nothing of how
    /// fast or how often the device reports.
    private var ticking = false

    /// The next time the stage must look at its contacts although the device reports nothing: a finger held back
    /// until then, a finger count changed for the debounce, a finger still after a tap for the hold time. A
    /// touchpad reports nothing of a finger that does not move (evdev drops repeated values), so without this a
    /// waiting finger would wait for the next movement. Nil when nothing is due after the last frame. Worked out
    /// once per frame: the daemon asks for it before every frame and timer.
    public private(set) var nextDeadline: Timestamp?

    /// What the last frame did to contacts held back as palms, thumbs or clicks, for the raw touch stream: each
    /// is `began` when first held back, then `moved`, `ended` or `cancelled` (`ended` too when it becomes a touch
    /// for the engine after all), under the contact's own id.
    public internal(set) var classified: [(touch: Touch, class: ContactClass)] = []

    public init(settings: TouchConditioning, surface: Size) {
        self.settings = settings
        self.surface = surface
        out.touches.reserveCapacity(16)
    }

    /// Whether any part is on; when none is, frames pass through untouched.
    public var isActive: Bool { settings != .none }

    /// The frame the engine should see, nil when nothing in it concerns the engine. `gestureInProgress` says
    /// whether a continuous gesture of the device has begun, for the finger-count rule; it is asked only when the
    /// number of fingers has changed.
    public mutating func condition(_ frame: TouchFrame, gestureInProgress: @autoclosure () -> Bool) -> TouchFrame? {
        // A semi-multitouch pad's frame is made anew; any other is conditioned as it came, not copied.
        guard settings.boxCorners else { return conditionContacts(frame, gestureInProgress: gestureInProgress) }
        return conditionContacts(uncrossed(frame), gestureInProgress: gestureInProgress)
    }

    private mutating func conditionContacts(_ frame: TouchFrame, gestureInProgress: () -> Bool) -> TouchFrame? {
        out.timestamp = frame.timestamp
        out.physicalButtons = frame.physicalButtons
        out.touches.removeFewKeepingCapacity()
        classified.removeFewKeepingCapacity()
        let now = frame.timestamp
        let clicked = frame.physicalButtonDown && buttonsWere == 0
        buttonsWere = frame.physicalButtons
        // A touch held back because of another comes in a frame after that one lifted, never in the same: a
        // frame in which one finger lifts and another lands is two fingers at once to a tap.
        shownBefore = fingersShown
        let countChanges = !ticking && frame.touches.contains { $0.phase == .began || $0.phase.isFinal }
        for touch in frame.touches {
            // Nothing from here to where it is stored back adds or removes a contact: the index stays valid.
            guard touch.phase != .began, let slot = contacts.index(of: touch.id) else {
                guard !touch.phase.isFinal else { continue }
                land(touch, at: now)
                continue
            }
            var c = contacts[at: slot]
            if !ticking { c.last = touch }
            if touch.phase.isFinal {
                lift(c, touch, at: now)
                contacts.remove(at: slot)
                order.removeAll { $0 == touch.id }
                continue
            }
            // The device's report interval, as the shortest gap between this contact's reports: a contact still
            // for a while is not reported, and the gap since its last report says nothing of how fast it can move.
            let gap = now - c.rawTime
            if gap > 0, !ticking { c.interval = min(c.interval ?? gap, gap) }
            let interval = min(gap, c.interval ?? gap)
            let jumped = !ticking && isJump(from: c.raw, to: touch.location, within: interval)
            // Firmware places fingers anew when their number changes: a move in that frame is no movement.
            if countChanges, !jumped, let limit = settings.reassignDistance, touch.location.distance(to: c.raw) > limit {
                c.state.absorb(touch.location - c.raw)
            }
            let from = c.raw
            if !ticking {
                c.raw = touch.location
                c.rawTime = now
            }
            if c.state.heldClass != .palm, let palm = palmCause(touch) {
                // Whatever it was taken for, pressing like a palm makes it one for good.
                take(&c, back: touch, to: c.state.asPalm, because: palm, at: now)
            } else if clicked, c.state.isShown, settings.clickReleaseDistance != nil {
                take(&c, back: touch, to: .click(anchor: touch.location, atEdge: false), because: .clicked, at: now)
            } else if jumped, let shown = c.state.shown, c.segments < TouchIDLayout.maximumPieces {
                // The old contact lifts where it was last seen; a new one lands here, in the next frame.
                emit(touch, id: shown.id, phase: .ended, at: shown.at, from: shown.at)
                if let lifted = liftBeside(touch, in: frame) {
                    // The finger that stays, under the id of the one that lifted: like any finger left alone,
                    // it comes back when it moves.
                    move(&c, touch, to: .pinned(at: touch.location), because: .jumpedOntoLift(touch.location.distance(to: from), lifted), at: now)
                } else {
                    let limit = max(settings.jumpDistance ?? 0, settings.jumpSpeed * max(0, interval))
                    move(&c, touch, to: .waiting(until: now, settles: true), because: .jumped(from.distance(to: touch.location), interval: interval, limit: limit), at: now)
                }
            } else if !c.state.isShown {
                if let cause = release(&c, touch, at: now) {
                    begin(&c, touch, at: now, because: cause)
                } else {
                    report(touch, &c)
                }
            } else if isHoldingAfterTap(c, at: now) {
                let (still, hold) = (now - c.landedAt, settings.tapHold ?? 0)
                take(&c, back: touch, to: .click(anchor: touch.location, atEdge: false), because: .heldAfterTap(still, limit: hold), at: now)
            } else if let shown = c.state.shown {
                track(&c, shown, touch, at: now)
            }
            contacts[at: slot] = c
        }
        restartIfFingersChanged(at: now, gestureInProgress: gestureInProgress)
        nextDeadline = deadline(after: now)
        // The engine needs a frame only when a touch began, moved or ended in it.
        return out.touches.contains { $0.phase != .stationary } ? out : nil
    }

    /// What `nextDeadline` is after a frame at `last`.
    private func deadline(after last: Timestamp) -> Timestamp? {
        var earliest: Timestamp?
        func consider(_ t: Timestamp) {
            if t > last, earliest.map({ t < $0 }) ?? true { earliest = t }
        }
        let noneShown = fingersShown == 0
        for c in contacts.values {
            switch c.state {
            case .waiting(let until, _):
                // Released in a frame after `until` (after the frame that set it, when that is now), or in the
                // next frame when no finger is shown.
                consider((noneShown ? min(until, last) : until) + Self.tickStep)
            case .settling, .tracking:
                if c.afterTap, let hold = settings.tapHold { consider(c.landedAt + hold) }
            default:
                break
            }
        }
        if let since = countChangedAt, let debounce = settings.fingerChangeDebounce { consider(since + debounce) }
        return earliest
    }

    /// How long after a frame a finger waiting only for a later frame gets one: a millisecond, less than any
    /// touchpad's report interval, so that the frame with the device's next report is no sooner.
    static let tickStep = 0.001

    /// Conditions the contacts as the device last reported them, at `time` (a deadline passed with nothing new
    /// from the device). The frame for the engine, nil when nothing in it concerns the engine.
    public mutating func tick(at time: Timestamp, gestureInProgress: @autoclosure () -> Bool) -> TouchFrame? {
        var frame = TouchFrame(timestamp: time, touches: [])
        frame.physicalButtons = buttonsWere
        for id in order {
            guard var t = contacts[id]?.last else { continue }
            t.phase = .stationary
            t.previousLocation = t.location
            t.timestamp = time
            frame.touches.append(t)
        }
        ticking = true
        defer { ticking = false }
        return condition(frame, gestureInProgress: gestureInProgress())
    }

    /// A frame cancelling every touch the engine sees (the surface is rebuilt), nil when there is none; every
    /// contact is forgotten, so those still down are new contacts to this stage if they come again.
    public mutating func cancelAll(at time: Timestamp) -> TouchFrame? {
        var frame = TouchFrame(timestamp: time, touches: [])
        for id in order {
            guard let c = contacts[id] else { continue }
            if let shown = c.state.shown { frame.touches.append(Touch(id: shown.id, phase: .cancelled, location: shown.at, timestamp: time)) }
            explain(id, from: c.state, to: nil, because: .forgotten, at: time)
        }
        contacts.removeAll()
        order.removeAll()
        nextDeadline = nil
        buttonsWere = 0
        settledCount = 0
        countChangedAt = nil
        return frame.touches.isEmpty ? nil : frame
    }

    // MARK: Finger-count changes

    /// On touchpads: when the fingers the engine sees change in number and stay so for the debounce, while a
    /// gesture is in progress or after fingers lifted, every one of them is cancelled and begins again where it
    /// is. After fingers lifted, because recognizers that failed for having too many (a scroll a third finger
    /// interrupted) would otherwise wait for every finger to lift; a finger joining when nothing has begun needs
    /// nothing: the recognizers still possible take it, and a restart would only cut a scroll that just began.
    private mutating func restartIfFingersChanged(at now: Timestamp, gestureInProgress: () -> Bool) {
        guard let debounce = settings.fingerChangeDebounce else { return }
        let count = fingersShown
        // From no finger, or to none, is no change to start over from.
        if count == settledCount || count == 0 || settledCount == 0 {
            settledCount = count
            countChangedAt = nil
            return
        }
        guard count < settledCount || gestureInProgress() else {
            settledCount = count
            countChangedAt = nil
            return
        }
        guard let since = countChangedAt else {
            countChangedAt = now
            return
        }
        guard (now - since) >= debounce else { return }
        // Down to one finger: it is cancelled and comes back when it moves, so a finger that stays behind after
        // a scroll is neither a tap nor a pointer. Otherwise all are cancelled and begin again in the next frame
        // (in this one, recognizers that failed are not yet reset to take them).
        let fewer = count < settledCount && count == 1
        let before = settledCount
        settledCount = count
        countChangedAt = nil
        for id in order {
            guard var c = contacts[id], let shown = c.state.shown else { continue }
            guard let index = out.touches.firstIndex(where: { $0.id == shown.id }) else { continue }
            if out.touches[index].phase.isFinal || out.touches[index].phase == .began { continue }
            out.touches[index].phase = .cancelled
            let next: ContactState = fewer ? .pinned(at: c.raw) : .waiting(until: now, settles: false)
            move(&c, c.last, to: next, because: .fingerCount(from: before, to: count, after: now - since), at: now)
            contacts[id] = c
        }
    }
}
