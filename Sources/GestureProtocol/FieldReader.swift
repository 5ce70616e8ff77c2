/// Reads the fields of one request, naming the request and the field in every error.
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

    func integer(_ key: String) throws(RequestError) -> Int {
        guard let value = fields[key] else { throw .badRequest("\(request) needs \(key) (an integer)") }
        guard case .integer(let n) = value else { throw .badRequest("\(key) in \(request) must be an integer, got \(value.typeName)") }
        return n
    }

    func string(_ key: String) throws(RequestError) -> String {
        guard let value = fields[key] else { throw .badRequest("\(request) needs \(key) (a string)") }
        guard case .string(let s) = value else { throw .badRequest("\(key) in \(request) must be a string, got \(value.typeName)") }
        return s
    }

    func optionalString(_ key: String) throws(RequestError) -> String? {
        fields[key] == nil ? nil : try string(key)
    }

    func object(_ key: String) throws(RequestError) -> JSONValue {
        guard let value = fields[key] else { throw .badRequest("\(request) needs \(key) (an object)") }
        guard case .object = value else { throw .badRequest("\(key) in \(request) must be an object, got \(value.typeName)") }
        return value
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
