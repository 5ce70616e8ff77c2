/// Something of the imported file that has no equivalent, or only an approximate one: the line of the original
/// it comes from and what the imported file's comment says of it.
public struct ImportWarning: Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// What it was, in the original's terms, and why it is not imported as it was.
    public var message: String

    public var description: String { "\(file):\(line): \(message)" }
}
