import GestureProtocol

extension ConfigNode {
    /// The value as JSON, for a table of a file the client sends as a request (an actions file's `[[recognizer]]`).
    /// Dates and times, which no setting takes, go as their text, for the daemon to refuse by name.
    package var json: JSONValue {
        switch value {
        case .table(let entries): .object(Dictionary(entries.map { ($0.key, $0.node.json) }, uniquingKeysWith: { $1 }))
        case .array(let nodes): .array(nodes.map(\.json))
        case .string(let s): .string(s)
        case .integer(let n): .integer(n)
        case .float(let d): .number(d)
        case .boolean(let b): .bool(b)
        case .other(let text): .string(text)
        }
    }
}
