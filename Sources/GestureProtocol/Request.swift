import Foundation

/// What a client asks for, one per line.
public enum Request: Sendable, Equatable {
    case hello(version: Int, client: String?)
    case subscribe(Subscription)
    case unsubscribe(Int)
    case listDevices
    case listRecognizers
    case listRegions
    case status
    case reload
    /// The region's fields as the configuration's [[region]] takes them.
    case addRegion(JSONValue)
    case removeRegion(String)
    /// The recognizer's fields as the configuration's [[recognizer]] takes them.
    case addRecognizer(JSONValue)
    case removeRecognizer(String)
    /// A shape for this connection's shape recognizers: its name, fingers and examples (docs/protocol.md,
    /// add_shape).
    case addShape(JSONValue)
    case removeShape(String)

    public static let types = [
        "hello", "subscribe", "unsubscribe", "list_devices", "list_recognizers", "list_regions", "status", "reload",
        "add_region", "remove_region", "add_recognizer", "remove_recognizer", "add_shape", "remove_shape",
    ]
}

/// A client's own number or string for a request, echoed in the reply.
public enum RequestID: Sendable, Equatable, Hashable {
    case number(Int)
    case string(String)

    /// An id as a line carries it: nil where it has none; anything but a number or a string is refused.
    init?(_ value: JSONValue?) throws(RequestError) {
        switch value {
        case nil: return nil
        case .integer(let n)?: self = .number(n)
        case .string(let s)?: self = .string(s)
        case let other?: throw .badRequest("id must be an integer or a string, got \(other.typeName)")
        }
    }
}

/// Why a request was refused; `code` is stable for programs, `message` is for people, `errors` lists each
/// problem where there are several (a refused configuration's, with file:line:column).
public struct RequestError: Error, Sendable, Equatable {
    public var code: String
    public var message: String
    public var errors: [String]
    /// For `limit_reached`: which bound, and whose.
    public var limit: Limit?

    /// A bound a request would pass (docs/protocol.md, Limits): its configuration key, whose holdings it bounds,
    /// what they hold with the request and what the key allows them.
    public struct Limit: Sendable, Equatable {
        public enum Holder: String, Sendable, WireName {
            /// The asking connection alone.
            case connection
            /// Every connection of the asking connection's user: its share of a total.
            case user
            /// All connections together.
            case all
        }

        public var key: String
        public var holder: Holder
        public var wanted: Int
        public var allowed: Int

        public init(key: String, holder: Holder, wanted: Int, allowed: Int) {
            self.key = key
            self.holder = holder
            self.wanted = wanted
            self.allowed = allowed
        }
    }

    public init(_ code: String, _ message: String, errors: [String] = [], limit: Limit? = nil) {
        self.code = code
        self.message = message
        self.errors = errors
        self.limit = limit
    }

    public static func badRequest(_ message: String) -> RequestError { RequestError("bad_request", message) }

    init(_ r: FieldReader) throws(RequestError) {
        var limit: Limit?
        if r.has("limit") {
            let l = try r.reader("limit")
            limit = Limit(key: try l.string("key"), holder: try l.choice("holder"), wanted: try l.integer("wanted"), allowed: try l.integer("allowed"))
        }
        self.init(try r.string("code"), try r.string("message"), errors: r.has("errors") ? try r.strings("errors") : [], limit: limit)
    }
}

/// The requests of one line, or why it is not one.
public struct DecodedRequest: Sendable {
    public var id: RequestID?
    public var request: Result<Request, RequestError>

    /// Decodes one line (without its newline).
    public init(line: some Collection<UInt8>) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(line)
        } catch {
            id = nil
            request = .failure(.badRequest("not JSON: \(Self.describe(error))"))
            return
        }
        guard case .object(let fields) = value else {
            id = nil
            request = .failure(.badRequest("a request must be a JSON object, got \(value.typeName)"))
            return
        }
        id = (try? RequestID(fields["id"])) ?? nil
        request = Result { () throws(RequestError) in try Self.request(fields) }
    }

    private static func request(_ fields: [String: JSONValue]) throws(RequestError) -> Request {
        _ = try RequestID(fields["id"])
        guard case .string(let type)? = fields["type"] else {
            throw .badRequest("a request needs a type, one of \(Request.types.joined(separator: ", "))")
        }
        let reader = FieldReader(fields: fields, request: type)
        switch type {
        case "hello":
            try reader.only(["version", "client"])
            return .hello(version: try reader.integer("version"), client: try reader.optionalString("client"))
        case "subscribe":
            try reader.only(["filter", "events"])
            return .subscribe(try Subscription(reader))
        case "unsubscribe":
            try reader.only(["subscription"])
            return .unsubscribe(try reader.integer("subscription"))
        case "list_devices":
            try reader.only([])
            return .listDevices
        case "list_recognizers":
            try reader.only([])
            return .listRecognizers
        case "list_regions":
            try reader.only([])
            return .listRegions
        case "status":
            try reader.only([])
            return .status
        case "reload":
            try reader.only([])
            return .reload
        case "add_region":
            try reader.only(["region"])
            return .addRegion(try reader.object("region"))
        case "remove_region":
            try reader.only(["name"])
            return .removeRegion(try reader.string("name"))
        case "add_recognizer":
            try reader.only(["recognizer"])
            return .addRecognizer(try reader.object("recognizer"))
        case "remove_recognizer":
            try reader.only(["name"])
            return .removeRecognizer(try reader.string("name"))
        case "add_shape":
            try reader.only(["shape"])
            return .addShape(try reader.object("shape"))
        case "remove_shape":
            try reader.only(["name"])
            return .removeShape(try reader.string("name"))
        default:
            throw RequestError("unknown_request", "unknown request type '\(type)'\(FieldReader.suggestion(type, Request.types))")
        }
    }

    private static func describe(_ error: any Error) -> String { "\(error)" }
}

extension Request {
    /// The line a client sends, with its newline: the type, the id, then the request's fields in the order of
    /// docs/protocol.md.
    public func line(id: RequestID?) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.field("type", Request.types[typeIndex])
        w.field("id", id)
        switch self {
        case .hello(let version, let client):
            w.field("version", version)
            if let client { w.field("client", client) }
        case .subscribe(let subscription): subscription.write(into: &w)
        case .unsubscribe(let n): w.field("subscription", n)
        case .listDevices, .listRecognizers, .listRegions, .status, .reload: break
        case .addRegion(let region): w.field("region", region)
        case .removeRegion(let name), .removeRecognizer(let name), .removeShape(let name): w.field("name", name)
        case .addRecognizer(let recognizer): w.field("recognizer", recognizer)
        case .addShape(let shape): w.field("shape", shape)
        }
        w.endObject()
        return w.line()
    }

    private var typeIndex: Int {
        switch self {
        case .hello: 0
        case .subscribe: 1
        case .unsubscribe: 2
        case .listDevices: 3
        case .listRecognizers: 4
        case .listRegions: 5
        case .status: 6
        case .reload: 7
        case .addRegion: 8
        case .removeRegion: 9
        case .addRecognizer: 10
        case .removeRecognizer: 11
        case .addShape: 12
        case .removeShape: 13
        }
    }
}
