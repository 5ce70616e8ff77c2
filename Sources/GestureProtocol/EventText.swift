import Foundation

/// One line a person reads for each event line of the protocol: what `gesturectl monitor` prints, and `gestured
/// replay --format text`. Lengths in millimetres (and pixels where the surface has an output), times in seconds
/// of the device's clock.
public enum EventText {
    public static func line(_ m: [String: JSONValue]) -> String {
        let type = m["type"]?.text ?? "?"
        // A time of whole seconds is written as an integer: every time gets the same three decimals.
        let time = m["time"].flatMap { (t: JSONValue) -> String? in
            switch t {
            case .number(let s): String(format: "%.3f", s)
            case .integer(let s): String(format: "%.3f", Double(s))
            default: t.text
            }
        } ?? ""
        switch type {
        case "gesture":
            let name = m["recognizer"]?.text ?? "?"
            let kind = m["kind"]?.text ?? "?"
            let state = m["state"]?.text ?? "?"
            let place = "\(m["device"]?.text ?? "?")/\(m["region"]?.text ?? "?")"
            let touches = m["touches"]?.text ?? "0"
            return "\(time)  \(pad(name, 16)) \(pad(kind, 10)) \(pad(state, 9)) \(pad(place, 20)) \(touches) finger(s) at \(location(m))\(values(m))"
        case "touch":
            return "\(time)  touch \(m["id"]?.text ?? "?") \(pad(m["phase"]?.text ?? "?", 10)) \(m["device"]?.text ?? "?")/\(m["region"]?.text ?? "?") at \(location(m))"
        case "device_added":
            if case .object(let d)? = m["device"] {
                return "device added: \(d["name"]?.text ?? "?") (\(d["device_name"]?.text ?? "?"), \(d["kind"]?.text ?? "?"), \(d["node"]?.text ?? "?"))"
            }
            return "device added"
        case "device_removed":
            return "\(time)  device removed: \(m["device"]?.text ?? "?") (\(m["node"]?.text ?? "?"))"
        case "config_reloaded":
            return "configuration reloaded: \(m["file"]?.text ?? "?") (\(m["recognizers"]?.text ?? "?") recognizers)"
        case "config_rejected":
            return "configuration refused, the running one stays:\n  " + (m["errors"]?.text ?? "").replacingOccurrences(of: ", ", with: "\n  ")
        case "error":
            return "error: \(m["message"]?.text ?? "?")"
        default:
            return type
        }
    }

    private static func location(_ m: [String: JSONValue]) -> String {
        // The daemon shows this user no positions there (docs/protocol.md, Who sees what).
        if case .bool(false)? = m["positions"] { return "a place not shown" }
        guard case .object(let l)? = m["location"], case .array(let mm)? = l["mm"], mm.count == 2 else { return "?" }
        var text = "(\(mm[0].text ?? "?"), \(mm[1].text ?? "?")) mm"
        if case .array(let px)? = l["px"], px.count == 2 { text += " (\(px[0].text ?? "?"), \(px[1].text ?? "?")) px" }
        return text
    }

    private static func values(_ m: [String: JSONValue]) -> String {
        guard case .object(let v)? = m["values"], !v.isEmpty else { return "" }
        return "  " + v.keys.sorted().map { key in
            if case .array(let a) = v[key]! { return "\(key)=(\(a.compactMap(\.text).joined(separator: ", ")))" }
            return "\(key)=\(v[key]!.text ?? "?")"
        }.joined(separator: " ")
    }

    public static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }
}

extension JSONValue {
    /// The value as text, as a person reads it.
    public var text: String? {
        switch self {
        case .string(let s): s
        case .integer(let n): String(n)
        case .number(let d): String(format: "%.2f", d)
        case .bool(let b): b ? "yes" : "no"
        case .null: nil
        case .array(let a): a.compactMap(\.text).joined(separator: ", ")
        case .object: nil
        }
    }
}
