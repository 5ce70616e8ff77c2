import GestureEngine

/// The rules that find palms, pieces, jumps, tapping fingers and resting thumbs, and that let a contact held back
/// become a touch (docs/conditioning.md, "The parts").
extension TouchConditioner {
    /// Why a contact held back becomes a touch now; nil while it stays held back.
    mutating func release(_ c: inout Contact, _ touch: Touch, at now: Timestamp) -> ContactCause? {
        switch c.state {
        case .piece(let owner, let piece):
            if contacts[owner] != nil { return nil }
            // What it was a piece of lifted: it is what is left of that contact, and its own rule applies at
            // once. A finger comes back when it moves.
            let left: ContactState =
                switch piece.class {
                case .finger: .pinned(at: touch.location)
                case .palm: piece.atEdge ? .edgePalm : .palm
                case .thumb: .thumb(anchor: piece.anchor, atEdge: piece.atEdge)
                case .click: .click(anchor: piece.anchor, atEdge: piece.atEdge)
                }
            move(&c, touch, to: left, because: .ownerLifted(owner), at: now)
            return piece.class == .finger ? nil : release(&c, touch, at: now)
        case .waiting(let until, _):
            if now > until { return .waitOver }
            return shownBefore == 0 ? .noFingerShown : nil
        case .pinned(let pin):
            let moved = touch.location.distance(to: pin)
            let limit = settings.clickReleaseDistance ?? 1.5
            return moved >= limit ? .movedAway(moved, limit: limit) : nil
        case .edgePalm:
            // An edge palm that leaves its strip soon after landing was a finger coming in from the side; one
            // beside a finger is a finger of a two-finger gesture starting at the edge.
            guard let edge = settings.palmEdge else { return nil }
            if fingerShown(near: touch.location) { return .fingerDown }
            // Two contacts landing together at an edge are two fingers starting a gesture there; a palm is one.
            // A palm at one side and a contact across the pad are not two fingers of a gesture.
            if let other = contacts.first(where: { id, other in
                id != touch.id && other.state.startsAtEdgeWithAnother && abs(other.landedAt - c.landedAt) <= settings.landingWindow
                    && Self.mayGestureTogether(other.raw, touch.location)
            }) {
                return .landedWith(other.id, apart: abs(other.value.landedAt - c.landedAt))
            }
            let after = now - c.landedAt
            return after <= settings.edgeTime && touch.location.x >= edge && touch.location.x <= surface.width - edge ? .leftEdge(after: after) : nil
        case .thumb(let anchor, _):
            // A thumb that moves is a finger; so is one that landed with another, or beside a finger when one
            // of them landed (two fingers starting a scroll at the bottom edge). A finger that comes near a
            // resting thumb later does not wake it.
            // Moving within the band, or hardly above it, it is a thumb still: a thumb resting there moves about
            // too. It must come up the release distance above the band to be a finger.
            let inBand = settings.thumbZone.map { touch.location.y > surface.height * (1 - $0) - settings.thumbReleaseDistance } ?? false
            let moved = touch.location.distance(to: anchor)
            if !inBand, moved >= settings.thumbReleaseDistance { return .thumbMoved(moved, limit: settings.thumbReleaseDistance) }
            // Two contacts landing in the band together and close are two fingers starting a scroll from the
            // bottom edge: a hand has one thumb.
            if let pair = contacts.first(where: { id, other in
                guard id != touch.id, case .thumb = other.state else { return false }
                return abs(other.landedAt - c.landedAt) <= Self.thumbPairWindow && Self.inPairBox(other.raw, touch.location)
            }) {
                return .landedWith(pair.id, apart: abs(pair.value.landedAt - c.landedAt))
            }
            let window = settings.landingWindow
            guard
                let finger = contacts.first(where: { _, other in
                    guard other.state.isShown else { return false }
                    if abs(other.landedAt - c.landedAt) <= window { return true }
                    guard now - other.landedAt <= window || now - c.landedAt <= window else { return false }
                    return Self.inPairBox(other.raw, touch.location)
                })
            else { return nil }
            let apart = abs(finger.value.landedAt - c.landedAt)
            return apart <= window ? .landedWith(finger.id, apart: apart) : .fingerBeside(finger.id, window: window)
        case .click(let anchor, _):
            guard let distance = settings.clickReleaseDistance else { return .clickReleaseOff }
            let moved = touch.location.distance(to: anchor)
            return moved >= distance ? .movedAway(moved, limit: distance) : nil
        case .settling, .tracking, .palm:
            // A touch already; a palm for good.
            return nil
        }
    }

    /// A shown finger lifting after a short, still life with no other finger down was a tap: a finger landing
    /// soon after may be holding a drag.
    mutating func noteTapLike(_ c: Contact, lifting touch: Touch, at now: Timestamp) {
        guard let hold = settings.tapHold, let shown = c.state.shown, fingersShown == 1 else { return }
        let still = touch.location.distance(to: shown.anchor) < settings.settleDistance ?? 5
        lastTapLift = now - c.landedAt <= hold && still ? now : nil
    }

    /// The finger landed soon after a tap and has stayed still for the hold time, alone.
    func isHoldingAfterTap(_ c: Contact, at now: Timestamp) -> Bool {
        guard c.afterTap, let hold = settings.tapHold, now - c.landedAt >= hold, let shown = c.state.shown else { return false }
        return c.raw.distance(to: shown.anchor) < settings.settleDistance ?? 5
    }

    /// Two fingers this close (libinput's two-finger box) are a pair, wherever they are.
    static let pairWidth = 35.0
    static let pairHeight = 25.0

    static func inPairBox(_ a: Point, _ b: Point) -> Bool {
        abs(a.x - b.x) < pairWidth && abs(a.y - b.y) < pairHeight
    }
    /// Two thumb-band contacts landing this close in time (seconds) are two fingers, not a thumb: libinput's
    /// THUMB_TIMEOUT, within which it takes touches that arrived together as all live.
    static let thumbPairWindow = 0.1

    /// Whether two contacts are near enough to be two fingers of one gesture: within an ellipse 50 mm across and
    /// 45 mm up and down of each other (ChromeOS's two-finger closeness, docs/conditioning.md).
    static func mayGestureTogether(_ a: Point, _ b: Point) -> Bool {
        let dx = (a.x - b.x) / gestureReachAcross, dy = (a.y - b.y) / gestureReachDown
        return dx * dx + dy * dy < 1
    }
    static let gestureReachAcross = 50.0
    static let gestureReachDown = 45.0

    /// Why a contact presses or lies like a palm, nil when it does not.
    func palmCause(_ touch: Touch) -> ContactCause? {
        if let limit = settings.palmPressure, let p = touch.pressure, p > limit { return .pressure(p, limit: limit) }
        if let limit = settings.palmSize, let r = touch.majorRadius, r * 2 > limit { return .size(r * 2, limit: limit) }
        return nil
    }

    /// Whether a contact lands within the palm reach of a palm found by pressure or size (not one only at an
    /// edge, which may yet be a finger coming in).
    func palmBeside(_ touch: Touch) -> ContactCause? {
        guard let reach = settings.palmReach,
            let palm = contacts.first(where: { _, other in other.state.isLastingPalm && other.raw.distance(to: touch.location) < reach })
        else { return nil }
        return .besidePalm(palm.id, distance: palm.value.raw.distance(to: touch.location), limit: reach)
    }

    /// The contact a new one lands within `pieceDistance` of, if any.
    func contactBeside(_ touch: Touch) -> (id: TouchID, value: Contact)? {
        guard let limit = settings.pieceDistance else { return nil }
        for id in order {
            if let c = contacts[id], c.raw.distance(to: touch.location) < limit { return (id, c) }
        }
        return nil
    }

    /// A finger settles while it is the only one shown (as the frame began): with others, the gesture's own
    /// thresholds take wobble.
    func stillSettling(_ s: ContactState.Shown, _ location: Point, at now: Timestamp) -> Bool {
        guard let distance = settings.settleDistance else { return false }
        return location.distance(to: s.anchor) < distance && (now - s.since) < settings.settleTime && shownBefore < 2
    }

    /// The contact that lifts, in the same frame, where this one jumped to: firmware that loses one of two fingers
    /// may report the finger that stays under the id of the one that lifted.
    func liftBeside(_ touch: Touch, in frame: TouchFrame) -> TouchID? {
        frame.touches.first { $0.id != touch.id && $0.phase.isFinal && $0.location.distance(to: touch.location) < Self.swapRadius }?.id
    }

    /// How near a lifting finger a jump must end to be that finger: what a finger moves in one report, at most.
    static let swapRadius = 10.0

    func isJump(from a: Point, to b: Point, within dt: Double) -> Bool {
        guard let distance = settings.jumpDistance else { return false }
        return a.distance(to: b) > max(distance, settings.jumpSpeed * max(0, dt))
    }

    /// A third finger lands while two are down, and the lowest of those has not moved and lies more than the
    /// pair box's height below the others: it is a thumb resting while two fingers work (libinput's rule for a
    /// lower finger far from the others, kept to three contacts: with two, a resting finger and a moving one
    /// are a scroll in ChromeOS's tests).
    /// The thumb's id when it found one: the fingers still down are then cancelled, to begin again in the next
    /// frame.
    mutating func demoteRestingThumb(at now: Timestamp) -> TouchID? {
        guard settings.thumbZone != nil else { return nil }
        let shown = order.compactMap { id in contacts[id].map { (id, $0) } }.filter { $0.1.state.isShown }
        guard shown.count >= 2, let lowest = shown.max(by: { $0.1.raw.y < $1.1.raw.y }) else { return nil }
        let c = lowest.1
        guard let anchor = c.state.shown?.anchor, c.raw.distance(to: anchor) < 2,
            shown.allSatisfy({ $0.0 == lowest.0 || c.raw.y - $0.1.raw.y > Self.pairHeight })
        else { return nil }
        for (id, var other) in shown {
            let touch = Touch(id: id, phase: .stationary, location: other.raw, timestamp: other.rawTime, type: .indirect)
            if id == lowest.0 {
                let below = { shown.lazy.filter { $0.0 != id }.map { c.raw.y - $0.1.raw.y }.min() ?? 0 }
                take(&other, back: touch, to: .thumb(anchor: other.raw, atEdge: false), because: .restingBelow(below(), limit: Self.pairHeight), at: now)
            } else {
                take(&other, back: touch, to: .waiting(until: now, settles: false), because: .thumbFound(lowest.0), at: now)
            }
            contacts[id] = other
        }
        return lowest.0
    }

    /// Two contacts of a semi-multitouch pad as the fingers they are: the device reports the corners of their
    /// bounding box, one finger's x with the other's y as often as not. Of the two ways to pair the box's x and y
    /// values into two points, and the two ways to give those to the contacts, each contact takes what lies
    /// nearest where it was going (where it was, moved as in its last report; a landing contact, what is left),
    /// so a finger crossing the other, or the first finger when a second lands, keeps its place. One contact down
    /// is reported as it is.
    func uncrossed(_ frame: TouchFrame) -> TouchFrame {
        var first: Int?, second: Int?
        for i in frame.touches.indices where !frame.touches[i].phase.isFinal {
            if first == nil { first = i } else if second == nil { second = i } else { return frame }
        }
        guard let i = first, let j = second else { return frame }
        // Its last report's move: touches made here carry where their contact was before as their previous place.
        let going = { (id: TouchID) in self.contacts[id].map { $0.raw + ($0.last.location - $0.last.previousLocation) } }
        let was = (going(frame.touches[i].id), going(frame.touches[j].id))
        guard was.0 != nil || was.1 != nil else { return frame }
        let a = frame.touches[i].location, b = frame.touches[j].location
        let xs = (min(a.x, b.x), max(a.x, b.x)), ys = (min(a.y, b.y), max(a.y, b.y))
        var best = (a, b), least = Double.infinity
        for lowX in [true, false] {
            for lowY in [true, false] {
                let p = Point(x: lowX ? xs.0 : xs.1, y: lowY ? ys.0 : ys.1)
                let q = Point(x: lowX ? xs.1 : xs.0, y: lowY ? ys.1 : ys.0)
                let cost = (was.0.map { p.distance(to: $0) } ?? 0) + (was.1.map { q.distance(to: $0) } ?? 0)
                if cost < least { (best, least) = ((p, q), cost) }
            }
        }
        var out = frame
        for (k, place) in [(i, best.0), (j, best.1)] {
            out.touches[k].previousLocation = contacts[frame.touches[k].id]?.raw ?? place
            out.touches[k].location = place
        }
        return out
    }

    /// Exactly one finger is a touch, it landed a while ago (not with the new one) and has not moved: it may
    /// be a tap. Its contact's id.
    func fingerMayBeTapping(at now: Timestamp) -> TouchID? {
        guard fingersShown == 1, let finger = contacts.first(where: { $1.state.isShown }), let shown = finger.value.state.shown,
            let settle = settings.settleDistance, settings.overlapWait != nil
        else { return nil }
        // Two-finger taps land 0 to 60 ms apart in the ChromeOS recordings (the slow pads report every 28 ms);
        // the fingers of a drumroll 80 to 100 ms apart.
        let age = now - shown.since
        return age > settings.landingWindow && age < settings.settleTime && finger.value.raw.distance(to: shown.anchor) < settle ? finger.id : nil
    }
}
