/// Why a contact the device reported is not (or no longer) a touch for the recognizers.
public enum ContactClass: UInt8, Sendable, CustomStringConvertible {
    /// A finger: the recognizers see it.
    case finger
    /// Pressing too hard, too large, or landing at a side edge with no finger down near it.
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
