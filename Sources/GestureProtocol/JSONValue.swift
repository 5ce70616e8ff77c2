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

    /// Parses one JSON text with Foundation's JSONSerialization (which refuses nesting deeper than 512).
    /// A Decodable JSONValue, through JSONDecoder, had to try each type in turn and threw for every miss: 35 µs
    /// for a subscribe request, the largest part of the daemon's work under many clients; this takes a tenth.
    public static func parse(_ data: Data) throws -> JSONValue {
        JSONValue(foundation: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// A number without a fraction that fits an Int is an integer (`1.0` and `1e2` too), as JSONDecoder made it.
    private init(foundation value: Any) {
        switch value {
        case let s as String:
            self = .string(s)
        case let n as NSNumber:
            switch UInt8(bitPattern: n.objCType.pointee) {
            case UInt8(ascii: "c"), UInt8(ascii: "B"): self = .bool(n.boolValue)
            case UInt8(ascii: "d"), UInt8(ascii: "f"), UInt8(ascii: "Q"):
                let d = n.doubleValue
                self = d == d.rounded() && d >= -9.2e18 && d <= 9.2e18 ? .integer(Int(d)) : .number(d)
            default: self = .integer(n.intValue)
            }
        case let a as [Any]:
            self = .array(a.map(JSONValue.init(foundation:)))
        case let o as [String: Any]:
            self = .object(o.mapValues(JSONValue.init(foundation:)))
        default:
            self = .null
        }
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
