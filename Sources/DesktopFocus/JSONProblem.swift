/// A decoding error in a line of words: where in the reply and what was wrong, for a FocusError. DecodingError's
/// own description is a dump of its context.
struct JSONProblem: CustomStringConvertible {
    let description: String

    init(_ error: any Error) {
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "at the top" : "at " + path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            description = "\(context.debugDescription) \(at(context.codingPath))"
        case .keyNotFound(let key, let context):
            description = "no \"\(key.stringValue)\" \(at(context.codingPath))"
        case .dataCorrupted(let context):
            description = "not JSON \(at(context.codingPath)) (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))"
        default:
            description = "\(error)"
        }
    }
}
