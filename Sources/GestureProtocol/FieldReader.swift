/// Reads the fields of one line, naming the line and the field in every error: a client's request in the daemon,
/// a daemon's reply or event in a client (ServerLine).
struct FieldReader {
    let fields: [String: JSONValue]
    let request: String

    /// Refuses fields the request does not take, with the closest known name.
    func only(_ allowed: [String]) throws(RequestError) {
        for key in fields.keys.sorted() where key != "type" && key != "id" && !allowed.contains(key) {
            let known = allowed.isEmpty ? "it takes no fields" : "it takes \(allowed.joined(separator: ", "))"
            throw .badRequest("unknown field '\(key)' in \(request): \(known)\(Self.suggestion(key, allowed))")
        }
    }

    func has(_ key: String) -> Bool { fields[key] != nil }

    func malformed(_ message: String) -> RequestError { .badRequest(message) }

    private func value(_ key: String, _ what: String) throws(RequestError) -> JSONValue {
        guard let value = fields[key] else { throw .badRequest("\(request) needs \(key) (\(what))") }
        return value
    }

    private func wrong(_ key: String, _ what: String, _ value: JSONValue) -> RequestError {
        .badRequest("\(key) in \(request) must be \(what), got \(value.typeName)")
    }

    func integer(_ key: String) throws(RequestError) -> Int {
        let value = try value(key, "an integer")
        guard case .integer(let n) = value else { throw wrong(key, "an integer", value) }
        return n
    }

    func number(_ key: String) throws(RequestError) -> Double {
        let value = try value(key, "a number")
        switch value {
        case .integer(let n): return Double(n)
        case .number(let d): return d
        default: throw wrong(key, "a number", value)
        }
    }

    func optionalNumber(_ key: String) throws(RequestError) -> Double? {
        fields[key] == nil ? nil : try number(key)
    }

    func bool(_ key: String) throws(RequestError) -> Bool {
        let value = try value(key, "a boolean")
        guard case .bool(let b) = value else { throw wrong(key, "a boolean", value) }
        return b
    }

    func string(_ key: String) throws(RequestError) -> String {
        let value = try value(key, "a string")
        guard case .string(let s) = value else { throw wrong(key, "a string", value) }
        return s
    }

    func optionalString(_ key: String) throws(RequestError) -> String? {
        fields[key] == nil ? nil : try string(key)
    }

    /// A word of the wire's (a state, a phase), or an error naming the words there are.
    func choice<T: WireName>(_ key: String) throws(RequestError) -> T {
        let word = try string(key)
        guard let value = T(name: word) else {
            throw .badRequest("'\(word)' in \(request).\(key) is not one of \(T.allCases.map(\.name).joined(separator: ", "))")
        }
        return value
    }

    func object(_ key: String) throws(RequestError) -> JSONValue {
        let value = try value(key, "an object")
        guard case .object = value else { throw wrong(key, "an object", value) }
        return value
    }

    /// The fields of an object inside this one, read alike.
    func reader(_ key: String) throws(RequestError) -> FieldReader {
        guard case .object(let inner) = try object(key) else { fatalError("object(_:) returns objects") }
        return FieldReader(fields: inner, request: "\(request).\(key)")
    }

    /// The objects of an array field, each read alike.
    func readers(_ key: String) throws(RequestError) -> [FieldReader] {
        let value = try value(key, "an array of objects")
        guard case .array(let items) = value else { throw wrong(key, "an array of objects", value) }
        var readers: [FieldReader] = []
        for (index, item) in items.enumerated() {
            guard case .object(let inner) = item else { throw wrong("\(key)[\(index)]", "an object", item) }
            readers.append(FieldReader(fields: inner, request: "\(request).\(key)[\(index)]"))
        }
        return readers
    }

    func strings(_ key: String) throws(RequestError) -> [String] {
        try Self.strings(try value(key, "an array of strings"), "\(key) in \(request)")
    }

    /// An array of exactly `count` numbers.
    func numbers(_ key: String, count: Int) throws(RequestError) -> [Double] {
        let value = try value(key, "an array of \(count) numbers")
        guard case .array(let items) = value, items.count == count else { throw wrong(key, "an array of \(count) numbers", value) }
        var numbers: [Double] = []
        for item in items {
            switch item {
            case .integer(let n): numbers.append(Double(n))
            case .number(let d): numbers.append(d)
            default: throw wrong(key, "an array of \(count) numbers", value)
            }
        }
        return numbers
    }

    func pair(_ key: String) throws(RequestError) -> Pair {
        let n = try numbers(key, count: 2)
        return Pair(n[0], n[1])
    }

    func optionalPair(_ key: String) throws(RequestError) -> Pair? {
        fields[key] == nil ? nil : try pair(key)
    }

    /// A list of strings, each one of `choices` when given.
    static func strings(_ value: JSONValue, _ what: String, choices: [String]? = nil) throws(RequestError) -> [String] {
        guard case .array(let items) = value else { throw .badRequest("\(what) must be an array of strings, got \(value.typeName)") }
        var result: [String] = []
        for item in items {
            guard case .string(let s) = item else { throw .badRequest("\(what) must be an array of strings, got \(item.typeName) in it") }
            if let choices, !choices.contains(s) {
                throw .badRequest("'\(s)' in \(what) is not one of \(choices.joined(separator: ", "))\(suggestion(s, choices))")
            }
            result.append(s)
        }
        return result
    }

    static func suggestion(_ word: String, _ names: [String]) -> String {
        NameSuggestion.didYouMean(word, among: names)
    }
}
