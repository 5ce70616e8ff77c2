import GestureEngine

/// What touch conditioning makes of one contact (docs/conditioning.md, "A contact's states"): a touch the engine
/// sees, or held back, and why. Each case holds what its rule needs; `TouchConditioner.move` is the one place a
/// contact goes from one case to another, and it says why.
enum ContactState: Sendable {
    /// A touch the engine sees, kept where it landed while its first frames may wobble: until it has moved
    /// `settle_mm` from there or `settle_time` has passed.
    case settling(Shown)
    /// A touch the engine sees, where it is (less the moves that were no movement).
    case tracking(Shown)
    /// A finger kept from the engine until a frame after `until`, or a frame in which no finger is shown: it
    /// landed beside a finger that may be tapping, it jumped, or recognition starts over. It comes back settling
    /// unless `settles` is false (after a restart: it was moving).
    case waiting(until: Timestamp, settles: Bool)
    /// A finger kept from the engine until it moves `click_release_mm` from `at`: the finger left behind when the
    /// others lifted, the finger a jump found where another lifted, what is left of a contact it was a piece of.
    case pinned(at: Point)
    /// Landed closer than `piece_mm` to another contact: a piece of it, never a touch while that one is down, then
    /// what is left of it.
    case piece(of: TouchID, Piece)
    /// A palm for the rest of its life.
    case palm
    /// Landed in a side strip with no finger down near it: a palm, unless it leaves the strip within
    /// `palm_edge_time`, a finger is down near it, or another contact landed with it near it.
    case edgePalm
    /// A resting thumb: a touch once it has moved `thumb_release_mm` from `anchor` and come up out of the band, or
    /// when a finger lands with it.
    case thumb(anchor: Point, atEdge: Bool)
    /// Down on a physical click, or holding a drag's button: a touch once it has moved `click_release_mm` from
    /// `anchor`.
    case click(anchor: Point, atEdge: Bool)

    // `atEdge` of a thumb or a click: it landed as an edge palm and was found a piece of a thumb or of a finger on
    // a click; to a contact landing at the edge with it, it is another one there (a palm is one contact).

    /// A touch the engine sees.
    struct Shown: Sendable {
        /// The id the engine knows it by.
        var id: TouchID
        /// Where it landed or came back, and when: settling, taps and resting fingers are measured from here.
        var anchor: Point
        var since: Timestamp
        /// Where the engine last saw it.
        var at: Point
        /// What the engine is shown is the device's position less this: the moves that were no movement (fingers
        /// placed anew, the drift of a finger that settled by time).
        var offset = Point.zero
        /// When it came back after a click or after being pinned: lifting within `settle_time` of that, it is
        /// cancelled, never a tap.
        var cameBackAt: Timestamp?
    }

    /// A piece of another contact, and what it will be when that one lifts.
    struct Piece: Sendable {
        /// Its owner's class when it landed: what the piece is.
        var `class`: ContactClass
        /// Where it landed, for the thumb or the click it will be.
        var anchor: Point
        /// It landed as an edge palm: a palm's piece then stays an edge palm (it may yet be a finger coming in).
        var atEdge: Bool
    }

    /// The touch the engine sees, if it sees one.
    var shown: Shown? {
        switch self {
        case .settling(let s), .tracking(let s): s
        default: nil
        }
    }

    var isShown: Bool {
        switch self {
        case .settling, .tracking: true
        default: false
        }
    }

    /// What it is held back as, for the raw touch stream and for contacts landing beside it: `finger` while it is
    /// a touch or waits to be one.
    var heldClass: ContactClass {
        switch self {
        case .settling, .tracking, .waiting, .pinned: .finger
        case .piece(_, let piece): piece.class
        case .palm, .edgePalm: .palm
        case .thumb: .thumb
        case .click: .click
        }
    }

    /// A palm found by pressure, size or reach (or a piece of one): not one only at an edge, which may yet be a
    /// finger coming in. A contact landing within its reach is part of it.
    var isLastingPalm: Bool {
        switch self {
        case .palm: true
        case .piece(_, let piece): piece.class == .palm && !piece.atEdge
        default: false
        }
    }

    /// To a contact that landed at a side edge at the same time, whether this one makes the two fingers starting
    /// a gesture there: a finger, or another contact that landed at the edge.
    var startsAtEdgeWithAnother: Bool {
        switch self {
        case .settling, .tracking, .waiting, .pinned, .edgePalm: true
        case .piece(_, let piece): piece.class == .finger || piece.atEdge
        case .thumb(_, let atEdge), .click(_, let atEdge): atEdge
        case .palm: false
        }
    }

    /// The same state after a move that is no movement: what the engine is shown of a touch, and where a contact
    /// held back is measured from, move with it.
    mutating func absorb(_ delta: Point) {
        switch self {
        case .settling(var s):
            s.offset += delta
            self = .settling(s)
        case .tracking(var s):
            s.offset += delta
            self = .tracking(s)
        case .pinned(let at): self = .pinned(at: at + delta)
        case .piece(let owner, var piece):
            piece.anchor += delta
            self = .piece(of: owner, piece)
        case .thumb(let anchor, let atEdge): self = .thumb(anchor: anchor + delta, atEdge: atEdge)
        case .click(let anchor, let atEdge): self = .click(anchor: anchor + delta, atEdge: atEdge)
        case .waiting, .palm, .edgePalm: break
        }
    }

    /// Its name in the explanation: `settling #4294967299`, `piece of 2 (thumb)`.
    var name: String {
        switch self {
        case .settling(let s): "settling #\(s.id)"
        case .tracking(let s): "tracking #\(s.id)"
        case .waiting: "waiting"
        case .pinned: "pinned"
        case .piece(let owner, let piece): "piece of \(owner)" + (piece.class == .finger ? "" : " (\(piece.class))")
        case .palm: "palm"
        case .edgePalm: "edge palm"
        case .thumb: "thumb"
        case .click: "click"
        }
    }
}
