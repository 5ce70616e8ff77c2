/// One state change of one recognizer and what caused it, for the log that says why a gesture did or did not
/// happen (`gestured replay --explain`, `gestured trace --explain`, the daemon at debug level). A note that
/// changes no state (a recognizer made to wait) has `from == to`.
public struct Transition: Sendable, CustomStringConvertible {
    public var recognizer: String
    public var from: GestureState
    public var to: GestureState
    public var cause: Cause
    /// The recognizer's own words for its change (a movement past a limit, a time run out), when it gave them.
    public var reason: String?
    public var time: Timestamp

    public enum Cause: Sendable, Equatable, CustomStringConvertible {
        /// Touches in this phase reached the recognizer; it changed while handling them.
        case touches(TouchPhase, [TouchID])
        /// Its deadline came, with no touch event.
        case deadline
        /// The recognizer set its state outside any touch or deadline.
        case recognizer
        /// A recognizer it requires to fail began or was recognized (R6).
        case requirementRecognized(String)
        /// It began or was recognized, but a recognizer it requires to fail is undecided (R6): it waits.
        case waiting(for: String)
        /// A touch landed in its region but was not given to it (R1); the reason says why.
        case touchNotReceived(TouchID)
        /// Another recognizer that shares its touches began or was recognized first (R3, R4).
        case excluded(by: String)
        /// Its delegate's shouldBegin said no.
        case shouldBeginDenied
        /// It was disabled.
        case disabled
        /// It was still possible with no touch down and nothing to wait for.
        case abandoned
        /// Back to possible after ending, cancelling or failing.
        case reset

        public var description: String {
            switch self {
            case .touches(let phase, let ids): "touches \(phase)" + ids.map { " #\($0)" }.joined()
            case .deadline: "deadline"
            case .recognizer: "set by the recognizer"
            case .requirementRecognized(let other): "\(other) recognized, which it requires to fail"
            case .waiting(let other): "waiting for \(other) to fail"
            case .touchNotReceived(let id): "touch #\(id) not received"
            case .excluded(let other): "excluded by \(other)"
            case .shouldBeginDenied: "should-begin said no"
            case .disabled: "disabled"
            case .abandoned: "abandoned: no touch down and nothing to wait for"
            case .reset: "reset"
            }
        }
    }

    /// `tap: possible -> failed, touches moved #3: moved 8.1 mm > 7.2`; a note: `tap: ended, waiting for ...`.
    public var description: String {
        var line = "\(recognizer): " + (from == to ? "\(to)" : "\(from) -> \(to)") + ", \(cause)"
        if let reason { line += ": \(reason)" }
        return line
    }
}
