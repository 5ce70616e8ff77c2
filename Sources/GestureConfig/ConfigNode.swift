import TOMLKit

/// A parsed TOML value with its place in the tree: validation reads these, never TOMLKit's types, so only this
/// file knows the parser.
struct ConfigNode {
    enum Value {
        case table([(key: String, node: ConfigNode)])
        case array([ConfigNode])
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        /// Dates and times, which no setting takes.
        case other(String)
    }

    var value: Value
    var path: ConfigPath

    /// What a value is, in the words an error message uses.
    var typeName: String {
        switch value {
        case .table: "a table"
        case .array: "an array"
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a number"
        case .boolean: "a boolean"
        case .other(let name): "a \(name)"
        }
    }

    /// Parses TOML text, with the locator of its keys and values for the errors found in it later; a syntax
    /// error comes back with TOMLKit's line and column.
    static func parse(_ text: String, file: String) throws(ConfigErrors) -> (root: ConfigNode, locator: TOMLLocator) {
        try ConfigText.check(Array(text.utf8), file: file)
        // toml++ aborts on some malformed text instead of reporting it (see TOMLLocator.trap), and overflows its
        // stack on text nested too deep (TOMLLocator.excess). The first trap is replaced by a byte it does not
        // abort on, and the text is cut before an excess (the locator stops there, so a trap comes before it).
        // Text before them is unchanged, so an error before their reach is the text's own and still the one
        // reported; any other is the trap's, or the excess's.
        let locator = TOMLLocator(source: text)
        guard locator.trap != nil || locator.excess != nil else { return (ConfigNode(try table(text, file: file), path: .root), locator) }
        var bytes = Array(text.utf8)
        if let excess = locator.excess { bytes.removeSubrange(excess.offset...) }
        if let trap = locator.trap { bytes[trap.offset] = trap.replacement }
        let reach = locator.trap?.reach ?? locator.excess!.position
        do throws(ConfigErrors) {
            _ = try table(String(decoding: bytes, as: UTF8.self), file: file)
        } catch {
            guard let first = error.errors.first?.position, first >= reach else { throw error }
        }
        if let trap = locator.trap { throw ConfigErrors([ConfigError(file: file, position: trap.position, "TOML syntax: \(trap.message)")]) }
        throw ConfigErrors([ConfigError(file: file, position: locator.excess!.position, locator.excess!.message)])
    }

    /// TOMLKit's parse; a syntax error comes back with its line and column.
    private static func table(_ text: String, file: String) throws(ConfigErrors) -> TOMLTable {
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let at = SourcePosition(line: max(error.source.begin.line, 1), column: max(error.source.begin.column, 1))
            throw ConfigErrors([ConfigError(file: file, position: at, "TOML syntax: \(error.description)")])
        } catch {
            throw ConfigErrors([ConfigError(file: file, position: SourcePosition(line: 1, column: 1), "TOML syntax: \(error)")])
        }
    }

    private init(_ value: any TOMLValueConvertible, path: ConfigPath) {
        self.path = path
        switch value.type {
        case .table:
            let table = value.table!
            self.value = .table(table.keys.map { key in (key, ConfigNode(table[key]!, path: path.key(key))) })
        case .array:
            let array = value.array!
            self.value = .array((0..<array.count).map { ConfigNode(array[$0], path: path.index($0)) })
        case .string: self.value = .string(value.string!)
        case .int: self.value = .integer(value.int!)
        case .double: self.value = .float(value.double!)
        case .bool: self.value = .boolean(value.bool!)
        case .date: self.value = .other("date")
        case .time: self.value = .other("time")
        case .dateTime: self.value = .other("date-time")
        }
    }
}
