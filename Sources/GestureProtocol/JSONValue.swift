import Foundation

/// Any JSON value, as a client sent it. Requests are decoded into this first so that every field can be
/// checked by hand and an error can name the field, which a derived Decodable cannot do well.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses one JSON text, strictly (JSONReader: a key twice, a fraction for an integer, nesting past 64 and
    /// text that is not UTF-8 are refused, each saying what and at which byte). JSONSerialization took the last
    /// of a key twice and `1.0` for 1; a Decodable JSONValue, through JSONDecoder, had to try each type in turn.
    public static func parse(_ bytes: some Collection<UInt8>) throws -> JSONValue {
        try JSONReader.parse(bytes)
    }

    /// What a value is, in the words an error message uses.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer: "an integer"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
