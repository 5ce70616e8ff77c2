import ConfigLanguage
import Foundation

/// toml-test's form of a document's values: tables as objects, arrays as arrays, and every other value as
/// `{"type": ..., "value": text}`. Compared by meaning: integers and floats as numbers, date-times as instants
/// written the same way (a fraction's trailing zeros, `t` for `T` and a space for it do not matter).
enum TaggedJSON {
    /// Where `node` differs from `json`, or nil.
    static func difference(_ node: TOMLNode, _ json: Any, at path: String) -> String? {
        switch node.value {
        case .table(let entries):
            guard let object = json as? [String: Any] else { return "\(path): a table where the suite has \(json)" }
            guard Set(entries.map(\.key)) == Set(object.keys) else {
                return "\(path): keys \(entries.map(\.key).sorted()) where the suite has \(object.keys.sorted())"
            }
            for (key, child) in entries {
                if let d = difference(child, object[key]!, at: path + "." + key) { return d }
            }
            return nil
        case .array(let items):
            guard let array = json as? [Any], array.count == items.count else { return "\(path): an array of \(items.count) where the suite has \(json)" }
            for (n, (item, other)) in zip(items, array).enumerated() {
                if let d = difference(item, other, at: path + "[\(n)]") { return d }
            }
            return nil
        default:
            guard let tagged = json as? [String: Any], let type = tagged["type"] as? String, let value = tagged["value"] as? String else {
                return "\(path): a value where the suite has \(json)"
            }
            return same(node.value, type, value) ? nil : "\(path): \(node.value) where the suite has \(type) \(value.debugDescription)"
        }
    }

    private static func same(_ value: TOMLNode.Value, _ type: String, _ text: String) -> Bool {
        switch value {
        case .string(let s): return type == "string" && s == text
        case .integer(let n): return type == "integer" && Int(text) == n
        case .boolean(let b): return type == "bool" && text == String(b)
        case .float(let x):
            guard type == "float" else { return false }
            let expected: Double? =
                switch text {
                case "inf", "+inf": .infinity
                case "-inf": -.infinity
                case "nan", "+nan", "-nan": .nan
                default: Double(text)
                }
            guard let expected else { return false }
            return x.isNaN ? expected.isNaN : x == expected && x.sign == expected.sign
        case .dateTime(let d):
            let kind = d.offsetMinutes != nil ? "datetime" : d.date == nil ? "time-local" : d.time == nil ? "date-local" : "datetime-local"
            return type == kind && normalized(d.description) == normalized(text)
        case .table, .array: return false
        }
    }

    private static func normalized(_ text: String) -> String {
        var s = text.uppercased().replacingOccurrences(of: " ", with: "T")
        // The fraction's trailing zeros.
        if let dot = s.firstIndex(of: ".") {
            var end = s.index(after: dot)
            while end < s.endIndex, s[end].isNumber { end = s.index(after: end) }
            var fraction = String(s[s.index(after: dot)..<end])
            while fraction.hasSuffix("0") { fraction.removeLast() }
            s = String(s[..<dot]) + (fraction.isEmpty ? "" : "." + fraction) + String(s[end...])
        }
        return s
    }
}
