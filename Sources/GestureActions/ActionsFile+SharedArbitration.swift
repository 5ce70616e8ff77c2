import ConfigSchema
import GestureProtocol

extension ActionsFile {
    /// What a connection whose additions are shared (its user is one `daemon.control` allows: the hello reply's
    /// `additions`) should be told of its own recognizers: each joins the configured ones' arbitration, where, as
    /// in UIKit, the first of two recognizers to recognize a movement excludes the other, and the configured ones,
    /// placed first, recognize first when both would on the same frame. A recognizer of the file of a configured
    /// one's kind that names none of them in `simultaneous_with` then never acts on what they recognize: said at
    /// its table, with the two ways out (docs/actions.md, Your own recognizers). Nothing for a connection whose
    /// additions run apart.
    public func sharedArbitrationNotes(daemon: [ConfiguredRecognizer]) -> [String] {
        recognizers.compactMap { own in
            let together = Set(own.relations["simultaneous_with"] ?? [])
            let rivals = daemon.filter { $0.kind == own.kind && !together.contains($0.name) }.map { "'\($0.name)'" }
            guard !rivals.isEmpty else { return nil }
            return "\(file):\(own.at.line):\(own.at.column): recognizer '\(own.name)' joins the configured recognizers, since daemon.control "
                + "allows this user: the configured \(own.kind) recognizer\(rivals.count == 1 ? "" : "s") \(rivals.joined(separator: ", ")) "
                + "recognize\(rivals.count == 1 ? "s" : "") first where both would, and '\(own.name)' never acts on what "
                + "\(rivals.count == 1 ? "it recognizes" : "they recognize"); name \(rivals.count == 1 ? "it" : "them") in its simultaneous_with "
                + "to act beside \(rivals.count == 1 ? "it" : "them"), or run gesturectl actions as a user daemon.control does not name, "
                + "whose recognizers run apart"
        }
    }
}
