import Foundation

/// The protocol's version; a client's hello names the version it speaks.
public enum ProtocolVersion {
    public static let current = 1
    /// A request line longer than this (bytes, newline excluded) closes the connection.
    public static let maximumLineBytes = 65_536
}

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

    public static let types = [
        "hello", "subscribe", "unsubscribe", "list_devices", "list_recognizers", "list_regions", "status", "reload",
        "add_region", "remove_region", "add_recognizer", "remove_recognizer",
    ]
}

/// A client's own number or string for a request, echoed in the reply.
public enum RequestID: Sendable, Equatable {
    case number(Int)
    case string(String)
}

/// Why a request was refused; `code` is stable for programs, `message` is for people.
public struct RequestError: Error, Sendable, Equatable {
    public var code: String
    public var message: String

    public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    public static func badRequest(_ message: String) -> RequestError { RequestError("bad_request", message) }
}

/// The requests of one line, or why it is not one.
public struct DecodedRequest: Sendable {
    public var id: RequestID?
    public var request: Result<Request, RequestError>

    /// Decodes one line (without its newline).
    public init(line: some Collection<UInt8>) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(Data(line))
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
        switch fields["id"] {
        case .integer(let n)?: id = .number(n)
        case .string(let s)?: id = .string(s)
        default: id = nil
        }
        request = Result { () throws(RequestError) in try Self.request(fields) }
    }

    private static func request(_ fields: [String: JSONValue]) throws(RequestError) -> Request {
        if let bad = fields["id"], !(bad.isInteger || bad.isString) {
            throw .badRequest("id must be an integer or a string, got \(bad.typeName)")
        }
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
        default:
            throw RequestError("unknown_request", "unknown request type '\(type)'\(FieldReader.suggestion(type, Request.types))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    }
}

extension JSONValue {
    var isInteger: Bool { if case .integer = self { true } else { false } }
    var isString: Bool { if case .string = self { true } else { false } }
}
