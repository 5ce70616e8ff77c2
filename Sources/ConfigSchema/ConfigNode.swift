import ConfigLanguage

/// A parsed TOML value with its place in the tree and in the text: validation reads these, never the reader's
/// types, so that JSON from a client (ConfigNode+JSON) is checked as a file is.
package struct ConfigNode {
    package enum Value {
        case table([(key: String, node: ConfigNode)])
        case array([ConfigNode])
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        /// Dates and times, which no setting takes: the kind's name (`date-time`, `date`, `time`).
        case other(String)
    }

    package var value: Value
    package var path: ConfigPath
    /// Where its key and its value were written (`TOMLNode`); nil for what came from no text.
    package var keyPosition: SourcePosition?
    package var valuePosition: SourcePosition?

    /// What a value is, in the words an error message uses.
    package var typeName: String {
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

    /// Parses TOML text (ConfigLanguage), held to `ConfigLimits`; a syntax error comes back at its line and column.
    package static func parse(_ text: String, file: String) throws(ConfigErrors) -> ConfigNode {
        let bytes = Array(text.utf8)
        try ConfigText.check(bytes, file: file)
        do throws(TOMLError) {
            let limits = TOMLReader.Limits(nestingLevels: ConfigLimits.nestingLevels, keyBytes: ConfigLimits.keyBytes)
            return ConfigNode(try TOMLReader.read(bytes, limits: limits), path: .root)
        } catch {
            let message =
                switch error.reason {
                case .syntax(let what): "TOML syntax: \(what)"
                case .nestedTooDeep:
                    "nested deeper than \(ConfigLimits.nestingLevels) levels (keys, arrays and tables within each other): a configuration needs 7"
                case .keyTooLong: "a key longer than \(ConfigLimits.keyBytes) bytes: no key of a configuration is"
                }
            throw ConfigErrors([ConfigError(file: file, position: error.position, message)])
        }
    }

    /// The node `path` names below this one, as far as the tree has it: each node on the way, this one first.
    package func lineage(of path: ConfigPath) -> [ConfigNode] {
        var lineage = [self]
        for component in path.components {
            let next: ConfigNode? =
                switch (component, lineage.last!.value) {
                case (.key(let key), .table(let entries)): entries.first { $0.key == key }?.node
                case (.index(let n), .array(let items)): items.indices.contains(n) ? items[n] : nil
                default: nil
                }
            guard let next else { break }
            lineage.append(next)
        }
        return lineage
    }

    private init(_ node: TOMLNode, path: ConfigPath) {
        self.path = path
        keyPosition = node.keyPosition
        valuePosition = node.valuePosition
        switch node.value {
        case .table(let entries): value = .table(entries.map { ($0.key, ConfigNode($0.node, path: path.key($0.key))) })
        case .array(let items): value = .array(items.enumerated().map { ConfigNode($1, path: path.index($0)) })
        case .string(let s): value = .string(s)
        case .integer(let n): value = .integer(n)
        case .float(let x): value = .float(x)
        case .boolean(let b): value = .boolean(b)
        case .dateTime(let d): value = .other(d.kind)
        }
    }
}
