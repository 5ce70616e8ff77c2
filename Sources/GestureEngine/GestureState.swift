/// The states of a gesture recognizer (UIGestureRecognizer.State). `ended` is also "recognized" for
/// discrete recognizers.
public enum GestureState: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case possible, began, changed, ended, cancelled, failed

    public static let recognized = GestureState.ended

    /// Ended, cancelled or failed: nothing changes until reset.
    public var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }

    /// Began or changed: a continuous gesture in progress.
    public var isActive: Bool { self == .began || self == .changed }

    public var description: String {
        switch self {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}

/// What a requested state change becomes, following UIKit's observed coercions (section A, docs/engine.md).
/// nil means the request is ignored.
enum StateCoercion {
    static func coerce(from old: GestureState, to requested: GestureState) -> GestureState? {
        // Rule 6: nothing leaves ended, cancelled or failed until reset.
        if old.isTerminal { return nil }
        switch (old, requested) {
        case (.possible, .possible):
            return nil
        case (.possible, .changed):
            return .began  // Rule 1
        case (.possible, .cancelled):
            return .failed  // Rule 2
        case (.possible, _):
            return requested
        case (.began, .began):
            return .changed  // Rule 3
        case (.began, .possible), (.changed, .possible):
            // Rule 5 (changed -> possible stays changed): no update happened, so no action.
            return nil
        case (.changed, .began):
            return .changed  // Rule 5: an update, so another action.
        case (.began, .failed), (.changed, .failed):
            return .cancelled  // Rule 4
        case (.changed, .changed):
            return .changed  // Rule 7's exception: every changed is an update.
        case (_, let same) where same == old:
            return nil  // Rule 7
        default:
            return requested
        }
    }
}
