import GestureEngine

/// Why a contact the device reported is not (or no longer) a touch for the recognizers.
public enum ContactClass: UInt8, Sendable, CustomStringConvertible {
    /// A finger: the recognizers see it.
    case finger
    /// Pressing too hard, too large, or landing at a side edge with no finger down.
    case palm
    /// Resting in the bottom part of a touchpad.
    case thumb
    /// Down on a physical click, until it moves away.
    case click

    public var description: String {
        switch self {
        case .finger: "finger"
        case .palm: "palm"
        case .thumb: "thumb"
        case .click: "click"
        }
    }
}

/// The stage between the frame builder and the engine that makes real contacts into the touches UIKit's model
/// expects (docs/conditioning.md): wobble at touch-down is not movement, a firmware jump is two touches, palms
/// and resting thumbs are no touches, a click is not a tap, and on touchpads a lasting change of finger count
/// starts recognition over. Pure: a frame in, a frame out, time from the frames.
///
/// Touches the recognizers see get ids of their own: a contact that splits or comes back is a new touch.
public struct TouchConditioner {
    public let settings: TouchConditioning
    public let surface: Size

    private struct Contact {
        /// The id the engine knows it by, while it is a touch.
        var output: TouchID?
        var segments: TouchID = 0
        var contactClass: ContactClass = .finger
        /// Where it landed (or came back), for settling, thumbs and clicks.
        var anchor: Point
        var anchorTime: Timestamp
        var settling: Bool
        /// Where the engine last saw it.
        var shown: Point
        /// When the contact landed (a restart or a split does not change it).
        var landedAt: Timestamp
        /// Where the device last reported it, and when.
        var raw: Point
        var rawTime: Timestamp
        /// The device's last report of it, for a frame of its own when a deadline passes with nothing reported.
        var last: Touch
        /// Landed at a side edge: a palm unless it leaves the strip in time.
        var atEdge = false
        /// Held back by a restart after a finger lifted, until it moves away from here.
        var pinned: Point?
        /// Landed beside a finger that may be tapping: held back until that one lifts, or until then.
        var waitsUntil: Timestamp?
        /// The shortest time between two of its reports so far.
        var interval: Double?
        /// Comes back moving, after a restart: it does not settle again.
        var resumes = false
        /// Reported to the raw touch stream as held back, and where.
        var reported: Point?
        /// Landed soon after a one-finger tap: if it stays still, it holds a drag's button.
        var afterTap = false
        /// What the engine is shown is the device's position less this: the drift a finger made while it settled,
        /// when it settled by time rather than by moving away, is never movement.
        var offset = Point.zero
        /// Came back as a touch after a click or after the fingers around it lifted, then: lifting at once, it
        /// is cancelled, not ended, so it is never a tap.
        var cameBackAt: Timestamp?
        /// Landed as a piece of this contact (firmware split one in two): held back while that one is down.
        var pieceOf: TouchID?
    }

    private var contacts = TouchTable<Contact>()
    private var order: [TouchID] = []
    /// The physical buttons as of the last frame from the device.
    private var buttonsWere: UInt8 = 0
    /// The finger count recognition started with, and since when a different one has held.
    private var settledCount = 0
    private var countChangedAt: Timestamp?
    private var out = TouchFrame(timestamp: .zero, touches: [])
    private var shownBefore = 0
    /// When the last one-finger tap-like contact lifted (down briefly, hardly moved, alone).
    private var lastTapLift: Timestamp?
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
    public private(set) var classified: [(touch: Touch, class: ContactClass)] = []

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
        out.timestamp = frame.timestamp
        out.physicalButtons = frame.physicalButtons
        out.touches.removeAll(keepingCapacity: true)
        classified.removeAll(keepingCapacity: true)
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
                noteTapLike(c, lifting: touch, at: now)
                if let id = c.output {
                    var phase = touch.phase
                    if let back = c.cameBackAt, now - back < settings.settleTime { phase = .cancelled }
                    emit(touch, id: id, phase: phase, at: c.settling ? c.anchor : touch.location - c.offset)
                } else {
                    report(touch, &c)
                }
                contacts.remove(at: slot)
                order.removeAll { $0 == touch.id }
                continue
            }
            // The device's report interval, as the shortest gap between this contact's reports: a contact still
            // for a while is not reported, and the gap since its last report says nothing of how fast it can move.
            let gap = now - c.rawTime
            if gap > 0, !ticking { c.interval = min(c.interval ?? gap, gap) }
            let jumped = !ticking && isJump(from: c.raw, to: touch.location, within: min(gap, c.interval ?? gap))
            // Firmware places fingers anew when their number changes: a move in that frame is no movement.
            if countChanges, !jumped, let limit = settings.reassignDistance, touch.location.distance(to: c.raw) > limit {
                absorb(touch.location - c.raw, into: &c)
            }
            if !ticking {
                c.raw = touch.location
                c.rawTime = now
            }
            if c.contactClass != .palm, isPalm(touch) {
                // Whatever it was taken for, pressing like a palm makes it one for good.
                take(&c, back: touch, as: .palm)
            } else if c.contactClass == .finger, c.output != nil, clicked, settings.clickReleaseDistance != nil {
                take(&c, back: touch, as: .click)
                c.anchor = touch.location
            } else if c.contactClass == .finger, let id = c.output, jumped, c.segments < 255 {
                // The old contact lifts where it was last seen; a new one lands here, in the next frame.
                emit(touch, id: id, phase: .ended, at: c.shown)
                c.output = nil
                if jumpsOntoLift(touch, in: frame) {
                    // The finger that stays, under the id of the one that lifted: like any finger left alone,
                    // it comes back when it moves.
                    c.pinned = touch.location
                } else {
                    c.waitsUntil = now
                }
                report(touch, &c)
            } else if c.output == nil {
                if release(&c, touch, at: now) {
                    begin(&c, touch, at: now)
                } else {
                    report(touch, &c)
                }
            } else if c.output != nil, isHoldingAfterTap(c, at: now) {
                take(&c, back: touch, as: .click)
                c.anchor = touch.location
            } else if let id = c.output {
                let at = touch.location - c.offset
                if c.settling, !stillSettling(c, at, at: now) {
                    c.settling = false
                    // Settled by time: where it drifted to meanwhile is where it stays.
                    if let distance = settings.settleDistance, at.distance(to: c.anchor) < distance {
                        c.offset += at - c.anchor
                    }
                }
                let location = c.settling ? c.anchor : touch.location - c.offset
                let phase: TouchPhase = location == c.shown ? .stationary : .moved
                emit(touch, id: id, phase: phase, at: location)
                c.shown = location
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
            if c.output == nil, c.contactClass == .finger, let until = c.waitsUntil {
                // Released in a frame after `until` (after the frame that set it, when that is now), or in the
                // next frame when no finger is shown.
                consider((noneShown ? min(until, last) : until) + Self.tickStep)
            } else if c.output != nil, c.afterTap, let hold = settings.tapHold {
                consider(c.landedAt + hold)
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

    // MARK: Parts

    private mutating func land(_ touch: Touch, at now: Timestamp) {
        var c = Contact(
            anchor: touch.location, anchorTime: now, settling: false, shown: touch.location, landedAt: now, raw: touch.location, rawTime: now,
            last: touch)
        order.append(touch.id)
        if let hold = settings.tapHold, let lift = lastTapLift, now - lift <= hold { c.afterTap = true }
        if isPalm(touch) {
            c.contactClass = .palm
        } else if landsBesidePalm(touch) {
            // Firmware splits a palm into several contacts: those landing around it are the same palm.
            c.contactClass = .palm
        } else if buttonsWere != 0, settings.clickReleaseDistance != nil {
            c.contactClass = .click
        } else if let zone = settings.thumbZone, touch.location.y > surface.height * (1 - zone) {
            // A bottom corner is a thumb's place before a palm's.
            c.contactClass = .thumb
        } else if let edge = settings.palmEdge, fingersShown == 0, touch.location.x < edge || touch.location.x > surface.width - edge {
            c.contactClass = .palm
            c.atEdge = true
        }
        if let owner = contactBeside(touch) {
            // No two fingertips are this close: firmware split one contact in two. The piece is what its owner
            // is, and never a touch while its owner is down.
            c.contactClass = contacts[owner]!.contactClass
            c.pieceOf = owner
            report(touch, &c)
        } else if c.contactClass == .finger, demoteRestingThumb(at: now) {
            // Recognition starts over with the fingers now down, this one with them, in the next frame.
            c.waitsUntil = now
            c.resumes = true
            report(touch, &c)
        } else if c.contactClass == .finger, let wait = settings.overlapWait, mayBeTapping(at: now) {
            c.waitsUntil = now + wait
            report(touch, &c)
        } else if c.contactClass == .finger {
            begin(&c, touch, at: now)
        } else {
            report(touch, &c)
        }
        contacts[touch.id] = c
    }

    /// A held-back contact for the raw touch stream: began the first time, then moved when it moved, and its
    /// lift. Fingers held back for a moment (a staggered landing, a split, a restart) are not reported.
    private mutating func report(_ touch: Touch, _ c: inout Contact) {
        guard c.contactClass != .finger else { return }
        var t = touch
        if let last = c.reported {
            guard touch.phase.isFinal || touch.location != last else { return }
            if !touch.phase.isFinal { t.phase = .moved }
            t.previousLocation = last
        } else {
            guard !touch.phase.isFinal else { return }
            t.phase = .began
            t.previousLocation = touch.location
        }
        c.reported = touch.phase.isFinal ? nil : touch.location
        classified.append((t, c.contactClass))
    }

    /// A new touch for the engine, landing here.
    private mutating func begin(_ c: inout Contact, _ touch: Touch, at now: Timestamp) {
        if let last = c.reported {
            // No longer held back: its report ends where the engine's touch begins.
            var t = touch
            t.phase = .ended
            t.previousLocation = last
            classified.append((t, c.contactClass))
            c.reported = nil
        }
        let id = touch.id | (c.segments << 32)
        c.segments += 1
        c.cameBackAt = c.contactClass == .click || c.pinned != nil ? now : nil
        c.offset = .zero
        c.output = id
        c.contactClass = .finger
        c.pinned = nil
        c.waitsUntil = nil
        c.anchor = touch.location
        c.anchorTime = now
        c.settling = settings.settleDistance != nil && !c.resumes
        c.resumes = false
        c.shown = touch.location
        emit(touch, id: id, phase: .began, at: touch.location)
    }

    /// The engine's touch is cancelled; the contact goes on unseen.
    private mutating func take(_ c: inout Contact, back touch: Touch, as contactClass: ContactClass) {
        if let id = c.output { emit(touch, id: id, phase: .cancelled, at: c.shown) }
        c.pinned = nil
        c.waitsUntil = nil
        c.afterTap = false
        c.output = nil
        if let last = c.reported, c.contactClass != contactClass {
            // Held back for another reason now (a thumb found to be a palm): the old report ends.
            var t = touch
            t.phase = .ended
            t.previousLocation = last
            classified.append((t, c.contactClass))
            c.reported = nil
        }
        c.contactClass = contactClass
        // Taken back, it is what it was found to be for good: no longer a finger that started at an edge.
        c.atEdge = false
        report(touch, &c)
    }

    /// Whether a contact held back becomes a touch now.
    private func release(_ c: inout Contact, _ touch: Touch, at now: Timestamp) -> Bool {
        if let owner = c.pieceOf {
            if contacts[owner] != nil { return false }
            // What it was a piece of lifted: it is what is left of that contact, and comes back when it moves.
            c.pieceOf = nil
            if c.contactClass == .finger {
                c.pinned = touch.location
                return false
            }
        }
        switch c.contactClass {
        case .finger:
            if let until = c.waitsUntil { return now > until || shownBefore == 0 }
            guard let pin = c.pinned else { return true }
            return touch.location.distance(to: pin) >= settings.clickReleaseDistance ?? 1.5
        case .palm:
            // An edge palm that leaves its strip soon after landing was a finger coming in from the side; one
            // beside a finger is a finger of a two-finger gesture starting at the edge.
            guard c.atEdge, let edge = settings.palmEdge else { return false }
            if contacts.values.contains(where: { $0.output != nil }) { return true }
            // Two contacts landing together at an edge are two fingers starting a gesture there; a palm is one.
            let together = contacts.contains { id, other in
                id != touch.id && (other.atEdge || other.contactClass == .finger) && abs(other.landedAt - c.landedAt) <= settings.landingWindow
            }
            if together { return true }
            return (now - c.anchorTime) <= settings.edgeTime && touch.location.x >= edge && touch.location.x <= surface.width - edge
        case .thumb:
            // A thumb that moves is a finger; so is one that landed with another, or beside a finger when one
            // of them landed (two fingers starting a scroll at the bottom edge). A finger that comes near a
            // resting thumb later does not wake it.
            // Moving within the band, or hardly above it, it is a thumb still: a thumb resting there moves about
            // too. It must come up the release distance above the band to be a finger.
            let inBand = settings.thumbZone.map { touch.location.y > surface.height * (1 - $0) - settings.thumbReleaseDistance } ?? false
            if !inBand, touch.location.distance(to: c.anchor) >= settings.thumbReleaseDistance { return true }
            return contacts.values.contains { other in
                guard other.output != nil else { return false }
                if abs(other.landedAt - c.landedAt) <= settings.landingWindow { return true }
                guard now - other.landedAt <= settings.landingWindow || now - c.landedAt <= settings.landingWindow else { return false }
                return abs(other.raw.x - touch.location.x) < Self.pairWidth && abs(other.raw.y - touch.location.y) < Self.pairHeight
            }
        case .click:
            guard let distance = settings.clickReleaseDistance else { return true }
            return touch.location.distance(to: c.anchor) >= distance
        }
    }

    /// A shown finger lifting after a short, still life with no other finger down was a tap: a finger landing
    /// soon after may be holding a drag.
    private mutating func noteTapLike(_ c: Contact, lifting touch: Touch, at now: Timestamp) {
        guard let hold = settings.tapHold, c.output != nil, fingersShown == 1 else { return }
        let still = touch.location.distance(to: c.anchor) < settings.settleDistance ?? 5
        lastTapLift = now - c.landedAt <= hold && still ? now : nil
    }

    /// The finger landed soon after a tap and has stayed still for the hold time, alone.
    private func isHoldingAfterTap(_ c: Contact, at now: Timestamp) -> Bool {
        guard c.afterTap, let hold = settings.tapHold, now - c.landedAt >= hold else { return false }
        return c.raw.distance(to: c.anchor) < settings.settleDistance ?? 5
    }

    /// Two fingers this close (libinput's two-finger box) are a pair, wherever they are.
    static let pairWidth = 35.0
    static let pairHeight = 25.0

    /// Whether a contact lands within the palm reach of a palm found by pressure or size (not one only at an
    /// edge, which may yet be a finger coming in).
    private func landsBesidePalm(_ touch: Touch) -> Bool {
        guard let reach = settings.palmReach else { return false }
        return contacts.values.contains { $0.contactClass == .palm && !$0.atEdge && $0.raw.distance(to: touch.location) < reach }
    }

    /// The contact a new one lands within `pieceDistance` of, if any.
    private func contactBeside(_ touch: Touch) -> TouchID? {
        guard let limit = settings.pieceDistance else { return nil }
        return order.first { id in contacts[id].map { $0.raw.distance(to: touch.location) < limit } ?? false }
    }

    private func isPalm(_ touch: Touch) -> Bool {
        if let limit = settings.palmPressure, let p = touch.pressure, p > limit { return true }
        if let limit = settings.palmSize, let r = touch.majorRadius, r * 2 > limit { return true }
        return false
    }

    private func stillSettling(_ c: Contact, _ location: Point, at now: Timestamp) -> Bool {
        guard let distance = settings.settleDistance else { return false }
        return location.distance(to: c.anchor) < distance && (now - c.anchorTime) < settings.settleTime
    }

    /// A move that is no movement: what the contact is shown at, where it is measured from, moves with it.
    private func absorb(_ delta: Point, into c: inout Contact) {
        if c.output != nil {
            c.offset += delta
        } else {
            c.anchor += delta
            if let pin = c.pinned { c.pinned = pin + delta }
        }
    }

    /// Whether a contact jumped to where another lifts in the same frame: firmware that loses one of two
    /// fingers may report the finger that stays under the id of the one that lifted.
    private func jumpsOntoLift(_ touch: Touch, in frame: TouchFrame) -> Bool {
        frame.touches.contains { $0.id != touch.id && $0.phase.isFinal && $0.location.distance(to: touch.location) < Self.swapRadius }
    }

    /// How near a lifting finger a jump must end to be that finger: what a finger moves in one report, at most.
    static let swapRadius = 10.0

    private func isJump(from a: Point, to b: Point, within dt: Double) -> Bool {
        guard let distance = settings.jumpDistance else { return false }
        return a.distance(to: b) > max(distance, settings.jumpSpeed * max(0, dt))
    }

    /// A third finger lands while two are down, and the lowest of those has not moved and lies more than the
    /// pair box's height below the others: it is a thumb resting while two fingers work (libinput's rule for a
    /// lower finger far from the others, kept to three contacts: with two, a resting finger and a moving one
    /// are a scroll in ChromeOS's tests).
    /// True when it did: the fingers still down are then cancelled, to begin again in the next frame.
    private mutating func demoteRestingThumb(at now: Timestamp) -> Bool {
        guard settings.thumbZone != nil else { return false }
        let shown = order.compactMap { id in contacts[id].map { (id, $0) } }.filter { $0.1.output != nil }
        guard shown.count >= 2, let lowest = shown.max(by: { $0.1.raw.y < $1.1.raw.y }) else { return false }
        let c = lowest.1
        guard c.raw.distance(to: c.anchor) < 2, shown.allSatisfy({ $0.0 == lowest.0 || c.raw.y - $0.1.raw.y > Self.pairHeight }) else {
            return false
        }
        for (id, var other) in shown {
            let touch = Touch(id: id, phase: .stationary, location: other.raw, timestamp: other.rawTime, type: .indirect)
            take(&other, back: touch, as: id == lowest.0 ? .thumb : .finger)
            if id == lowest.0 {
                other.anchor = other.raw
            } else {
                other.waitsUntil = now
                other.resumes = true
            }
            contacts[id] = other
        }
        return true
    }

    /// Exactly one finger is a touch, it landed a while ago (not with the new one) and has not moved: it may
    /// be a tap.
    private func mayBeTapping(at now: Timestamp) -> Bool {
        var shown: Contact?
        for c in contacts.values where c.output != nil {
            if shown != nil { return false }
            shown = c
        }
        guard let c = shown, let settle = settings.settleDistance, settings.overlapWait != nil else { return false }
        // Two-finger taps land 0 to 60 ms apart in the ChromeOS recordings (the slow pads report every 28 ms);
        // the fingers of a drumroll 80 to 100 ms apart.
        let age = now - c.anchorTime
        return age > settings.landingWindow && age < settings.settleTime && c.raw.distance(to: c.anchor) < settle
    }

    private var fingersShown: Int {
        var n = 0
        for c in contacts.values where c.output != nil { n += 1 }
        return n
    }

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
        settledCount = count
        countChangedAt = nil
        for id in order {
            guard var c = contacts[id], let output = c.output else { continue }
            guard let index = out.touches.firstIndex(where: { $0.id == output }) else { continue }
            if out.touches[index].phase.isFinal || out.touches[index].phase == .began { continue }
            out.touches[index].phase = .cancelled
            c.output = nil
            if fewer {
                c.pinned = c.raw
            } else {
                c.waitsUntil = now
                c.resumes = true
            }
            contacts[id] = c
        }
    }

    private mutating func emit(_ touch: Touch, id: TouchID, phase: TouchPhase, at location: Point) {
        var t = touch
        t.id = id
        t.phase = phase
        t.previousLocation = phase == .began ? location : (contacts[touch.id]?.shown ?? location)
        t.location = location
        // A touch already in this frame (taken back after it was handled) changes its entry: one per touch.
        if let i = out.touches.firstIndex(where: { $0.id == id }) {
            t.previousLocation = out.touches[i].previousLocation
            out.touches[i] = t
        } else {
            out.touches.append(t)
        }
    }

    /// A frame cancelling every touch the engine sees (the surface is rebuilt), nil when there is none; every
    /// contact is forgotten, so those still down are new contacts to this stage if they come again.
    public mutating func cancelAll(at time: Timestamp) -> TouchFrame? {
        var frame = TouchFrame(timestamp: time, touches: [])
        for id in order {
            guard let c = contacts[id], let output = c.output else { continue }
            frame.touches.append(Touch(id: output, phase: .cancelled, location: c.shown, timestamp: time))
        }
        contacts.removeAll()
        order.removeAll()
        nextDeadline = nil
        buttonsWere = 0
        settledCount = 0
        countChangedAt = nil
        return frame.touches.isEmpty ? nil : frame
    }
}
