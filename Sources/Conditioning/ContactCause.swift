import GestureEngine

/// Why a contact changed state, with what was measured (millimetres, seconds, fractions of the pressure axis).
/// Made only when someone explains (`TouchConditioner.observer`); the words only when they are read.
enum ContactCause: Sendable {
    /// A finger that nothing holds back landed.
    case landed
    /// It lifted, or its device cancelled it.
    case lifted(cancelled: Bool)
    /// It lifted this soon after it came back after a click or after being pinned (less than `settle_time`).
    case liftedOnComingBack(after: Double, limit: Double)
    /// The surface is rebuilt (its device went, or the configuration changed): every contact is forgotten.
    case forgotten

    // Palms, thumbs, clicks and pieces.
    case pressure(Double, limit: Double)
    /// Its major axis.
    case size(Double, limit: Double)
    /// Landed this far from a palm (contact `palm`).
    case besidePalm(TouchID, distance: Double, limit: Double)
    case buttonHeld
    /// Landed this far down the surface, below the top of the thumb band.
    case inThumbBand(y: Double, band: Double)
    /// Landed this far from the nearer side edge (less than nothing: beyond it), with no finger down near enough to
    /// gesture with it.
    case atSideEdge(distance: Double, limit: Double)
    /// Landed this far from another contact.
    case besideContact(TouchID, distance: Double, limit: Double)
    case clicked
    /// Landed soon after a one-finger tap and has been still this long since it landed.
    case heldAfterTap(Double, limit: Double)
    /// Still, and this far below the other fingers, when a third landed.
    case restingBelow(Double, limit: Double)

    // Waiting and restarts.
    /// Landed beside a finger (that contact) that may be tapping: waits up to this long for it to lift.
    case mayBeTapping(TouchID, wait: Double)
    /// A still finger (that contact) was found to be a thumb resting below the others: the fingers begin again.
    case thumbFound(TouchID)
    /// Moved this far in one report, where the limit was this (`jump_mm`, or `jump_speed_mm_s` over the interval).
    case jumped(Double, interval: Double, limit: Double)
    /// Jumped this far to where that contact lifted in the same frame.
    case jumpedOntoLift(Double, TouchID)
    /// The fingers the engine sees changed from one number to another and stayed so this long.
    case fingerCount(from: Int, to: Int, after: Double)

    // Becoming a touch.
    case settledByDistance(Double, limit: Double)
    /// Still settling after this long: what it drifted meanwhile is no movement.
    case settledByTime(Double, limit: Double, drift: Double)
    /// Other fingers are shown with it (this many): a gesture of several fingers has thresholds of its own, so it
    /// settles no longer; what it drifted so far is no movement.
    case besideFingers(Int, drift: Double)
    case waitOver
    case noFingerShown
    /// Moved this far from where it was held.
    case movedAway(Double, limit: Double)
    case clickReleaseOff
    /// The contact it was a piece of lifted.
    case ownerLifted(TouchID)
    case fingerDown
    /// That contact (a finger, or another at the edge) landed this long before or after it.
    case landedWith(TouchID, apart: Double)
    /// Left the side strip this long after it landed.
    case leftEdge(after: Double)
    /// Moved this far from where it rested, and out of the band.
    case thumbMoved(Double, limit: Double)
    /// That finger is within 35 x 25 mm of it, and one of them landed within the window.
    case fingerBeside(TouchID, window: Double)
}

extension ContactCause: CustomStringConvertible {
    var description: String {
        switch self {
        case .landed: "landed"
        case .lifted(let cancelled): cancelled ? "cancelled by its device" : "lifted"
        case .liftedOnComingBack(let after, let limit): "lifted \(after.seconds) after it came back < \(limit.seconds): cancelled, never a tap"
        case .forgotten: "forgotten: the surface is rebuilt"
        case .pressure(let p, let limit): "pressure \(p.fraction) > \(limit.fraction)"
        case .size(let size, let limit): "major axis \(size.mm) > \(limit.mm)"
        case .besidePalm(let palm, let d, let limit): "landed \(d.mm) from palm \(palm) < \(limit.mm)"
        case .buttonHeld: "landed while the button is held"
        case .inThumbBand(let y, let band): "landed in the thumb band, \(y.mm) down > \(band.mm)"
        case .atSideEdge(let d, let limit):
            "landed " + (d < 0 ? "\((-d).mm) beyond" : "\(d.mm) from") + " a side edge, in its \(limit.mm) strip, with no finger near"
        case .besideContact(let other, let d, let limit): "landed \(d.mm) from contact \(other) < \(limit.mm)"
        case .clicked: "the button was pressed"
        case .heldAfterTap(let still, let limit): "still \(still.seconds) >= \(limit.seconds) right after a tap: it holds a drag's button"
        case .restingBelow(let below, let limit): "still and \(below.mm) below the other fingers > \(limit.mm) as a third landed"
        case .mayBeTapping(let other, let wait): "contact \(other) may be tapping: waits up to \(wait.seconds) for it to lift"
        case .thumbFound(let thumb): "contact \(thumb) is a thumb resting below: the fingers begin again"
        case .jumped(let d, let interval, let limit): "jumped \(d.mm) in \(interval.seconds) > \(limit.mm): a new touch where it went"
        case .jumpedOntoLift(let d, let other): "jumped \(d.mm) to where contact \(other) lifted: the finger that stays"
        case .fingerCount(let from, let to, let after):
            "\(from) -> \(to) fingers for \(after.seconds): recognition starts over" + (to == 1 && from > 1 ? "; the finger left comes back when it moves" : "")
        case .settledByDistance(let d, let limit): "moved \(d.mm) from where it landed >= \(limit.mm)"
        case .settledByTime(let t, let limit, let drift): "settled after \(t.seconds) >= \(limit.seconds): its drift of \(drift.mm) is no movement"
        case .besideFingers(let others, let drift): "\(others) other finger(s) shown: it settles no longer; its drift of \(drift.mm) is no movement"
        case .waitOver: "its wait is over"
        case .noFingerShown: "no finger is shown"
        case .movedAway(let d, let limit): "moved \(d.mm) from where it was held >= \(limit.mm)"
        case .clickReleaseOff: "click_release_mm is off"
        case .ownerLifted(let owner): "contact \(owner) lifted: this is what is left of it"
        case .fingerDown: "a finger is down near it"
        case .landedWith(let other, let apart): "contact \(other) landed with it, \(apart.seconds) apart"
        case .leftEdge(let after): "left the side strip \(after.seconds) after landing"
        case .thumbMoved(let d, let limit): "moved \(d.mm) from where it rested >= \(limit.mm), and out of the band"
        case .fingerBeside(let other, let window): "contact \(other) is within 35 x 25 mm, and one of them landed within \(window.seconds)"
        }
    }
}

/// Numbers as the recognizers' reasons write them (`8.1 mm`, `0.35 s`), and fractions of an axis (`0.98`).
extension Double {
    fileprivate var mm: String { "\((self * 10).rounded() / 10) mm" }
    fileprivate var seconds: String { "\((self * 1000).rounded() / 1000) s" }
    fileprivate var fraction: String { "\((self * 100).rounded() / 100)" }
}
