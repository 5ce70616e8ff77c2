/// A failure that stops the daemon from starting, said in a sentence.
public struct DaemonError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
