import RealModule

/// Two fingers on a touchpad, judged by each finger's own motion since the pair formed: a scroll (both going
/// the same way, or one resting while the other moves) or a pinch (going different ways). A pinch or rotation
/// of indirect touches begins only on a pinch verdict, a pan of two only on a scroll verdict (docs/engine.md,
/// "Touchpads: a scroll is never a pinch", "A pinch is never a scroll").
///
/// On a screen the fingers sit on what they move, and UIKit lets any spread begin a pinch. On a touchpad two
/// scrolling fingers never keep their distance exactly, so a pinch threshold alone takes scrolls for pinches
/// whenever no scroll recognizer competes. The rule and its constants are libinput's (its touchpad gesture
/// detection, 1.22 to 1.29), restated in docs/engine.md.
struct PairMotion {
    enum Verdict: Equatable {
        /// Neither finger has moved enough to tell.
        case undecided
        /// The same way, or one finger resting: a scroll, which may still turn out a pinch within `pinchWindow`.
        case scroll
        /// Different ways: a pinch or rotation may begin.
        case pinch
    }

    /// Below this (mm) for both fingers, nothing is known yet.
    static let stillDistance = 1.0
    /// A finger counts as moving from here (mm).
    static let moveDistance = 1.5
    /// One finger this far (mm) while the other has not moved `moveDistance`: one rests, the other scrolls.
    static let restingDistance = 4.0
    /// Fingers closer than this across and down (mm), `closeAfter` seconds on, are scrolling side by side.
    static let closeAcross = 40.0
    static let closeDown = 7.0
    static let closeAfter = 0.15
    /// A scroll turns into a pinch when the fingers part ways within this time (seconds) of forming the pair.
    static let pinchWindow = 0.3

    private let start: (Point, Point)
    private let formed: Timestamp
    private(set) var verdict = Verdict.undecided
    /// What the verdict came from, in numbers: words are made only when `--explain` asks (`reason`).
    private var why = Why.none

    private enum Why: Equatable {
        case none
        /// The device reports the corners of the fingers' box, not the fingers.
        case boxCorners
        case sideBySide(across: Double, down: Double)
        case resting(still: Double, moving: Double)
        case moved(Double, Double, same: Bool)
        case parted(Double, Double)
    }

    /// What the verdict came from, for `--explain`.
    var reason: String {
        switch why {
        case .none: "the fingers have not moved"
        case .boxCorners: "the device reports the corners of the fingers' box, not each finger (semi-multitouch)"
        case .sideBySide(let across, let down): "the fingers moved side by side, \(across.mmText) across and \(down.mmText) down"
        case .resting(let still, let moving): "one finger rested (\(still.mmText)) while the other moved \(moving.mmText)"
        case .moved(let a, let b, let same): "the fingers moved \(a.mmText) and \(b.mmText) " + (same ? "the same way" : "different ways")
        case .parted(let a, let b): "the fingers parted ways (\(a.mmText), \(b.mmText)) within \(Self.pinchWindow.secondsText) of the scroll"
        }
    }

    init(_ a: Point, _ b: Point, at time: Timestamp, boxCorners: Bool = false) {
        start = (a, b)
        formed = time
        if boxCorners {
            verdict = .scroll
            why = .boxCorners
        }
    }

    /// Whether a scroll verdict can no longer become a pinch at `time`.
    func isSettledScroll(at time: Timestamp) -> Bool {
        verdict == .scroll && (time - formed >= Self.pinchWindow || why == .boxCorners)
    }

    /// Judges the fingers now at `a` and `b`. A pinch verdict stays; a scroll may still become a pinch within
    /// `pinchWindow`.
    mutating func judge(_ a: Point, _ b: Point, at time: Timestamp) -> Verdict {
        guard verdict != .pinch, why != .boxCorners else { return verdict }
        let movedA = a - start.0, movedB = b - start.1
        let distanceA = movedA.length, distanceB = movedB.length
        let least = min(distanceA, distanceB), most = max(distanceA, distanceB)
        if verdict == .scroll {
            // Directions are compared only when they could change the verdict.
            if time - formed < Self.pinchWindow, least >= Self.moveDistance, !Self.sameWay(movedA, movedB) {
                verdict = .pinch
                why = .parted(distanceA, distanceB)
            }
            return verdict
        }
        guard most >= Self.stillDistance else { return verdict }
        if time - formed > Self.closeAfter, abs(a.x - b.x) < Self.closeAcross, abs(a.y - b.y) < Self.closeDown {
            verdict = .scroll
            why = .sideBySide(across: abs(a.x - b.x), down: abs(a.y - b.y))
        } else if most >= Self.restingDistance, least < Self.moveDistance {
            verdict = .scroll
            why = .resting(still: least, moving: most)
        } else if least >= Self.moveDistance {
            let same = Self.sameWay(movedA, movedB)
            verdict = same ? .scroll : .pinch
            why = .moved(distanceA, distanceB, same: same)
        }
        return verdict
    }

    /// Whether two motions go the same way: their compass directions, each one or two of eight 45-degree
    /// sectors (three for a motion under 2 mm on both axes), share a sector or touch one another's.
    static func sameWay(_ m1: Point, _ m2: Point) -> Bool {
        let d1 = sectors(m1), d2 = sectors(m2)
        return d1 & (d2 | rotated(d2, by: 1) | rotated(d2, by: 7)) != 0
    }

    /// A motion's sectors as bits, 0 north (up the pad, y down) and clockwise.
    static func sectors(_ m: Point) -> UInt8 {
        if abs(m.x) < 2, abs(m.y) < 2 {
            // Too short for an angle: the sector its signs point to and both neighbours.
            let sx = m.x > 0 ? 1 : (m.x < 0 ? -1 : 0), sy = m.y > 0 ? 1 : (m.y < 0 ? -1 : 0)
            guard sx != 0 || sy != 0 else { return 0xFF }
            let centre = UInt8(Self.sector(Double(sx), Double(sy)).rounded()) % 8
            return rotated(1, by: centre) | rotated(1, by: (centre + 1) % 8) | rotated(1, by: (centre + 7) % 8)
        }
        let r = sector(m.x, m.y)
        return rotated(1, by: UInt8(Int((r + 0.9).rounded(.down)) % 8)) | rotated(1, by: UInt8(Int((r + 0.1).rounded(.down)) % 8))
    }

    /// The direction of (x, y) in sectors, from 0 (north) up to 8, clockwise.
    private static func sector(_ x: Double, _ y: Double) -> Double {
        var r = Double.atan2(y: x, x: -y) * 4 / .pi
        if r < 0 { r += 8 }
        return r
    }

    private static func rotated(_ bits: UInt8, by n: UInt8) -> UInt8 {
        let n = n % 8
        return n == 0 ? bits : (bits << n) | (bits >> (8 - n))
    }
}

extension GestureRecognizer {
    /// A judge of the pair's motions when both are touchpad fingers, from where they are now. On a semi-multitouch
    /// pad its verdict is a scroll from the start (no pinch can be told), unless `cornersAreFingers`: a pan judges
    /// the box's corners as they come, since they move the same way when the box moves.
    func pairMotion(_ pair: (TouchID, TouchID), cornersAreFingers: Bool = false) -> PairMotion? {
        var indirect = 0
        for touch in trackedTouches where (touch.id == pair.0 || touch.id == pair.1) && touch.type == .indirect { indirect += 1 }
        guard indirect == 2, let (p1, p2) = locations(of: pair) else { return nil }
        return PairMotion(p1, p2, at: now, boxCorners: !cornersAreFingers && (engine?.fingersAreBoxCorners ?? false))
    }

    /// Whether a pinch or rotation of touchpad fingers may begin now: only on a pinch verdict. A scroll that
    /// can no longer turn into a pinch fails the recognizer.
    func judge(_ motion: inout PairMotion, _ p1: Point, _ p2: Point) -> Bool {
        if motion.judge(p1, p2, at: now) == .pinch { return true }
        if motion.isSettledScroll(at: now) {
            because("a scroll, not a pinch: " + motion.reason)
            state = .failed
        }
        return false
    }
}
