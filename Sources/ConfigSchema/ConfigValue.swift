import GestureProtocol

/// A configuration value from somewhere other than the file: a client's request. The same checks apply; the
/// errors name the field instead of a line.
public indirect enum ConfigValue: Sendable {
    case table([String: ConfigValue])
    case array([ConfigValue])
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case null
}

extension ConfigNode {
    package init(_ value: ConfigValue, path: ConfigPath) {
        self.path = path
        switch value {
        case .table(let t): self.value = .table(t.keys.sorted().map { ($0, ConfigNode(t[$0]!, path: path.key($0))) })
        case .array(let a): self.value = .array(a.enumerated().map { ConfigNode($1, path: path.index($0)) })
        case .string(let s): self.value = .string(s)
        case .integer(let n): self.value = .integer(n)
        case .float(let d): self.value = .float(d)
        case .boolean(let b): self.value = .boolean(b)
        case .null: self.value = .other("null")
        }
    }
}

extension ConfigValue {
    /// A client's JSON, to be checked like the configuration file: the daemon's additions, the request fuzzer.
    public init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .boolean(b)
        case .integer(let n): self = .integer(n)
        case .number(let d): self = .float(d)
        case .string(let s): self = .string(s)
        case .array(let a): self = .array(a.map(ConfigValue.init))
        case .object(let o): self = .table(o.mapValues(ConfigValue.init))
        }
    }
}
