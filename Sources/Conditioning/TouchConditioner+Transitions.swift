import GestureEngine
import InputCore

/// How contacts change state: landing, becoming a touch, being taken back, lifting, each through `move`, and
/// what the engine and the raw touch stream are told of it.
extension TouchConditioner {
    /// The one place a contact changes state: the observer hears why, and the raw touch stream's report of a
    /// palm, thumb or click ends when the contact becomes something else.
    mutating func move(_ c: inout Contact, _ touch: Touch, to state: ContactState, because cause: @autoclosure () -> ContactCause, at now: Timestamp) {
        if let last = c.reported, c.state.heldClass != state.heldClass {
            var t = touch
            t.phase = .ended
            t.previousLocation = last
            classified.append((t, c.state.heldClass))
            c.reported = nil
        }
        explain(touch.id, from: c.state, to: state, because: cause(), at: now)
        c.state = state
    }

    /// Tells the observer, if there is one, of a contact's change: landing (from nil), lifting (to nil) or a move.
    func explain(_ id: TouchID, from: ContactState?, to: ContactState?, because cause: @autoclosure () -> ContactCause, at time: Timestamp) {
        guard let observer else { return }
        observer(ContactTransition(contact: id, time: time, from: from, to: to, cause: cause()))
    }

    /// A contact lands: what it is by itself (a palm, a finger on a click, a resting thumb, an edge palm or a
    /// finger), unless it is a piece of another; a finger then waits, or is a touch at once.
    mutating func land(_ touch: Touch, at now: Timestamp) {
        order.append(touch.id)
        var verdict: ContactState?
        var cause = ContactCause.landed
        if let palm = palmCause(touch) {
            verdict = .palm
            cause = palm
        } else if let beside = palmBeside(touch) {
            // Firmware splits a palm into several contacts: those landing around it are the same palm.
            verdict = .palm
            cause = beside
        } else if buttonsWere != 0, settings.clickReleaseDistance != nil {
            verdict = .click(anchor: touch.location, atEdge: false)
            cause = .buttonHeld
        } else if let zone = settings.thumbZone, touch.location.y > surface.height * (1 - zone) {
            // A bottom corner is a thumb's place before a palm's.
            verdict = .thumb(anchor: touch.location, atEdge: false)
            cause = .inThumbBand(y: touch.location.y, band: surface.height * (1 - zone))
        } else if let edge = settings.palmEdge, touch.location.x < edge || touch.location.x > surface.width - edge, !fingerShown(near: touch.location) {
            verdict = .edgePalm
            cause = .atSideEdge(distance: min(touch.location.x, surface.width - touch.location.x), limit: edge)
        }
        var segments: UInt64 = 0
        let state: ContactState
        if let owner = contactBeside(touch) {
            // No two fingertips are this close: firmware split one contact in two. The piece is what its owner
            // is, and never a touch while its owner is down.
            let atEdge = if case .edgePalm = verdict { true } else { false }
            state = .piece(of: owner.id, ContactState.Piece(class: owner.value.state.heldClass, anchor: touch.location, atEdge: atEdge))
            cause = .besideContact(owner.id, distance: owner.value.raw.distance(to: touch.location), limit: settings.pieceDistance ?? 0)
        } else if let verdict {
            state = verdict
        } else if let thumb = demoteRestingThumb(at: now) {
            // Recognition starts over with the fingers now down, this one with them, in the next frame.
            state = .waiting(until: now, settles: false)
            cause = .thumbFound(thumb)
        } else if let wait = settings.overlapWait, let tapping = fingerMayBeTapping(at: now) {
            state = .waiting(until: now + wait, settles: true)
            cause = .mayBeTapping(tapping, wait: wait)
        } else {
            state = newTouch(touch, segment: &segments, settles: true, cameBack: false, at: now)
        }
        var c = Contact(
            state: state, segments: segments, landedAt: now, raw: touch.location, rawTime: now, last: touch,
            afterTap: settings.tapHold.map { hold in lastTapLift.map { now - $0 <= hold } ?? false } ?? false)
        explain(touch.id, from: nil, to: state, because: cause, at: now)
        report(touch, &c)
        contacts[touch.id] = c
    }

    /// A contact lifts (or its device cancels it): the engine's touch ends where the engine saw it, or its report
    /// as a palm, thumb or click ends.
    mutating func lift(_ c: Contact, _ touch: Touch, at now: Timestamp) {
        var c = c
        noteTapLike(c, lifting: touch, at: now)
        var cause = ContactCause.lifted(cancelled: touch.phase == .cancelled)
        switch c.state {
        case .settling(let s), .tracking(let s):
            var phase = touch.phase
            if let back = s.cameBackAt, now - back < settings.settleTime {
                phase = .cancelled
                cause = .liftedOnComingBack(after: now - back, limit: settings.settleTime)
            }
            let settling = if case .settling = c.state { true } else { false }
            emit(touch, id: s.id, phase: phase, at: settling ? s.anchor : touch.location - s.offset, from: s.at)
        default:
            report(touch, &c)
        }
        explain(touch.id, from: c.state, to: nil, because: cause, at: now)
    }

    /// A touch the engine sees follows its contact: where it landed while it settles, then where it is.
    mutating func track(_ c: inout Contact, _ shown: ContactState.Shown, _ touch: Touch, at now: Timestamp) {
        var s = shown
        var settling = if case .settling = c.state { true } else { false }
        var settled: ContactCause?
        let at = touch.location - s.offset
        if settling, !stillSettling(s, at, at: now) {
            settling = false
            let moved = at.distance(to: s.anchor)
            if let distance = settings.settleDistance, moved < distance {
                // Settled by time, or beside other fingers (the count `stillSettling` asked): where it drifted to
                // meanwhile is where it stays (a finger's first report after landing wobbles whether or not others
                // landed with it).
                s.offset += at - s.anchor
                settled = shownBefore > 1
                    ? .besideFingers(shownBefore - 1, drift: moved) : .settledByTime(now - s.since, limit: settings.settleTime, drift: moved)
            } else {
                settled = .settledByDistance(moved, limit: settings.settleDistance ?? 0)
            }
        }
        let location = settling ? s.anchor : touch.location - s.offset
        emit(touch, id: s.id, phase: location == s.at ? .stationary : .moved, at: location, from: s.at)
        s.at = location
        if let settled {
            move(&c, touch, to: .tracking(s), because: settled, at: now)
        } else {
            // The same state; only where the engine sees it changed.
            c.state = settling ? .settling(s) : .tracking(s)
        }
    }

    /// A new touch for the engine, landing here: its next id, its began, and the state it is in.
    private mutating func newTouch(_ touch: Touch, segment: inout UInt64, settles: Bool, cameBack: Bool, at now: Timestamp) -> ContactState {
        let id = TouchIDLayout.id(ofPiece: segment, of: touch.id)
        segment += 1
        emit(touch, id: id, phase: .began, at: touch.location, from: touch.location)
        let shown = ContactState.Shown(id: id, anchor: touch.location, since: now, at: touch.location, cameBackAt: cameBack ? now : nil)
        return settles && settings.settleDistance != nil ? .settling(shown) : .tracking(shown)
    }

    /// A contact held back becomes a touch for the engine.
    mutating func begin(_ c: inout Contact, _ touch: Touch, at now: Timestamp, because cause: ContactCause) {
        var settles = true
        var cameBack = false
        switch c.state {
        case .waiting(_, let s): settles = s
        case .click, .pinned: cameBack = true
        default: break
        }
        let state = newTouch(touch, segment: &c.segments, settles: settles, cameBack: cameBack, at: now)
        move(&c, touch, to: state, because: cause, at: now)
    }

    /// The engine's touch, if it has one, is cancelled; the contact goes on held back as `state`, for good what
    /// it was found to be: no longer a tap's follower.
    mutating func take(_ c: inout Contact, back touch: Touch, to state: ContactState, because cause: @autoclosure () -> ContactCause, at now: Timestamp) {
        if let shown = c.state.shown { emit(touch, id: shown.id, phase: .cancelled, at: shown.at, from: shown.at) }
        c.afterTap = false
        move(&c, touch, to: state, because: cause(), at: now)
        report(touch, &c)
    }

    /// A held-back contact for the raw touch stream: began the first time, then moved when it moved, and its
    /// lift. Fingers held back for a moment (a staggered landing, a split, a restart) are not reported.
    mutating func report(_ touch: Touch, _ c: inout Contact) {
        let contactClass = c.state.heldClass
        guard contactClass != .finger else { return }
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
        classified.append((t, contactClass))
    }

    /// A touch for the engine in this frame; `previous` is where the engine saw it before.
    mutating func emit(_ touch: Touch, id: TouchID, phase: TouchPhase, at location: Point, from previous: Point) {
        var t = touch
        t.id = id
        t.phase = phase
        t.previousLocation = previous
        t.location = location
        // A touch already in this frame (taken back after it was handled) changes its entry: one per touch.
        if let i = out.touches.firstIndex(where: { $0.id == id }) {
            t.previousLocation = out.touches[i].previousLocation
            out.touches[i] = t
        } else {
            out.touches.append(t)
        }
    }

    /// Whether a finger the engine sees is near enough to `location` for the two to be fingers of one gesture.
    func fingerShown(near location: Point) -> Bool {
        contacts.values.contains { $0.state.isShown && Self.mayGestureTogether($0.raw, location) }
    }

    var fingersShown: Int {
        var n = 0
        for c in contacts.values where c.state.isShown { n += 1 }
        return n
    }
}

extension ContactState {
    /// What it is when it presses like a palm: a palm for good, or a palm's piece while its owner is down.
    var asPalm: ContactState {
        guard case .piece(let owner, var piece) = self else { return .palm }
        piece.class = .palm
        piece.atEdge = false
        return .piece(of: owner, piece)
    }
}
