import GestureProtocol

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
