import GestureEngine
import InputCore

/// What the touch-conditioning stage does on a device (docs/conditioning.md): each part has a default from the
/// device's kind and physical size, and nil turns it off. Lengths are millimetres on the surface, times seconds.
public struct TouchConditioning: Sendable, Equatable {
    /// A finger's first frames wobble: until it has moved this far from where it landed, or `settleTime` has
    /// passed, it stays where it landed.
    public var settleDistance: Double?
    public var settleTime: Double = 0.18
    /// A contact that moves further than this in one frame (or faster than `jumpSpeed` over a longer frame) is
    /// two contacts: the firmware lost one finger and gave its slot to another. It lifts there and a new touch
    /// begins where it went.
    public var jumpDistance: Double?
    public var jumpSpeed: Double = 1500
    /// In a frame in which a contact lands or lifts, another contact's move longer than this is no movement:
    /// firmware places fingers anew when their number changes (semi-MT pads report two fingers as the corners
    /// of a box; others swap ids). 0: no move in such a frame is movement.
    public var reassignDistance: Double?
    /// A contact that lands closer than this to another is a piece of it (no two fingertips are this close;
    /// firmware splits a large contact in two): never a touch while the other is down, and what is left of it
    /// when the other lifts.
    public var pieceDistance: Double?
    /// A contact pressing harder than this (0 to 1 of the pressure axis) is a palm for the rest of its life.
    public var palmPressure: Double?
    /// A contact larger than this (its major axis) is a palm for the rest of its life.
    public var palmSize: Double?
    /// A contact that lands this close to a palm (found by pressure or size) is part of it: firmware splits a
    /// palm into several contacts.
    public var palmReach: Double?
    /// A contact that lands this close to the left or right edge while no finger is down is a palm, unless it
    /// leaves that strip within `edgeTime`.
    public var palmEdge: Double?
    public var edgeTime: Double = 0.2
    /// A contact that lands in this bottom part of the surface (a fraction of its height) is a resting thumb
    /// until it moves `thumbReleaseDistance` from where it landed.
    public var thumbZone: Double?
    public var thumbReleaseDistance: Double = 5
    /// The touches down when a physical button is pressed are taken back (a click is not a tap and does not
    /// move the pointer); each comes back as a new touch once it has moved this far from where it clicked.
    public var clickReleaseDistance: Double?
    /// A finger that lands while one other finger, landed more than `landingWindow` before, is still where it
    /// landed (it may be a tap) waits up to this long before it is a touch: if the other lifts meanwhile, the
    /// two were taps in turn (a drumroll), not two fingers at once.
    public var overlapWait: Double?
    /// Fingers that land within this of each other landed together (a two-finger tap; a thumb with a finger).
    public var landingWindow: Double = 0.07
    /// Tap-and-drag, as touchpads do it: a finger that lands within this long after a one-finger tap and stays
    /// still this long is holding the button of a drag, not a finger of a gesture: it is taken back like a
    /// finger on a click, and comes back when it moves (the drag) while other fingers point.
    public var tapHold: Double?
    /// When the number of fingers changes and stays changed this long, every touch is cancelled and begins
    /// again, so recognition starts over with all fingers now down.
    public var fingerChangeDebounce: Double?

    /// The device reports two fingers as two corners of their bounding box (INPUT_PROP_SEMI_MT, or the device
    /// database's `semi_mt`): with two contacts down, each takes the corner values nearest where it was, so a
    /// finger that crosses the other, or that the other lands beside, stays where it is. A fact of the device,
    /// not a setting.
    public var boxCorners = false

    public init() {}

    /// Nothing changed: what UIKit's model expects of a touchscreen.
    public static let none = TouchConditioning()

    /// The defaults of a device: touchpads get every part, sized from the pad (docs/conditioning.md says where
    /// each number comes from); touchscreens get none, since UIKit's touches are what the digitizer reports.
    public static func defaults(for kind: DeviceKind, surface: Size) -> TouchConditioning {
        guard kind == .touchpad else { return .none }
        var c = TouchConditioning()
        c.settleDistance = 6
        c.jumpDistance = 20
        c.reassignDistance = 0
        c.pieceDistance = 10
        c.palmPressure = 0.45
        c.palmSize = 20
        c.palmReach = 25
        // libinput: 8 mm or 8% of the width, whichever is less, on pads at least 70 mm wide.
        c.palmEdge = surface.width >= 70 ? min(8, surface.width * 0.08) : nil
        c.thumbZone = surface.height >= 40 ? 0.15 : nil
        c.clickReleaseDistance = 4
        c.fingerChangeDebounce = 0.1
        c.overlapWait = 0.05
        c.tapHold = 0.3
        return c
    }
}
