import Foundation

/// A line from the daemon as a client reads it: a reply to one of its requests, or an event.
public enum ServerLine: Sendable, Equatable {
    case reply(id: RequestID?, Reply)
    case event(Event)

    /// Decodes one line (without its newline); a line that is not one of the protocol's throws `malformed`, with
    /// what is wrong with it. An error without an id is an event (`notice`): the daemon's own word, not an answer.
    public static func decode(_ line: some Collection<UInt8>) throws(RequestError) -> ServerLine {
        let value: JSONValue
        do {
            value = try JSONValue.parse(line)
        } catch {
            throw RequestError("malformed", "a line that is not JSON: \(String(decoding: line.prefix(200), as: UTF8.self))")
        }
        guard case .object(let fields) = value else { throw RequestError("malformed", "a line that is not a JSON object, but \(value.typeName)") }
        guard case .string(let type)? = fields["type"] else { throw RequestError("malformed", "a line without a type") }
        let reader = FieldReader(fields: fields, request: type)
        do {
            let id = try RequestID(fields["id"])
            if type == "error" && id == nil { return .event(.notice(try RequestError(reader))) }
            if let reply = try Reply(type: type, reader) { return .reply(id: id, reply) }
            if let event = try Event(type: type, reader) { return .event(event) }
        } catch {
            throw RequestError("malformed", "\(type) line: \(error.message)")
        }
        throw RequestError("malformed", "unknown line type '\(type)'")
    }

    /// The line, with its newline.
    public func line() -> [UInt8] {
        switch self {
        case .reply(let id, let reply): reply.line(id: id)
        case .event(let event): event.line()
        }
    }
}
