import GestureEngine

/// One contact's change of state in touch conditioning and what caused it, for the log that explains recognition
/// (`gestured replay --explain`, `gestured trace --explain`, the daemon at debug level), in the recognizers'
/// manner: `contact 3: settling #3 -> palm, pressure 0.98 > 0.45`. A contact that lands comes from `up`, and one
/// that lifts goes to it.
public struct ContactTransition: Sendable, CustomStringConvertible {
    /// The contact's id as the device reported it (the engine's touches of it are this id with a segment number
    /// in bits 32 and up).
    public var contact: TouchID
    public var time: Timestamp
    let from: ContactState?
    let to: ContactState?
    let cause: ContactCause

    public var description: String {
        "contact \(contact): \(from?.name ?? "up") -> \(to?.name ?? "up"), \(cause)"
    }
}
