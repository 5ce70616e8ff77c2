/// A table while its document is read, and the rules of who may add to it (toml.io/en/v1.0.0, Table, Inline
/// Table, Array of Tables): a table is defined once, by a header or by dotted keys, and an inline table or a static
/// array is whole where it is written.
final class TableBuilder {
    enum Kind {
        /// Made as a part of a header's key (`a` of `[a.b]`): a header of its own may still define it.
        case implicit
        /// Defined by its header, or the root.
        case header
        /// Made by a dotted key (`a` of `a.b = 1`): more dotted keys may add to it, within the table that made it;
        /// a header may go below it, never define it.
        case dotted
    }

    var kind: Kind
    private var keys: [String] = []
    private var entries: [String: Entry] = [:]
    var keyPosition: SourcePosition?
    var valuePosition: SourcePosition?
    /// The levels its header opened (`TOMLReader.Limits.nestingLevels`), where its key/values begin.
    var headerDepth = 0

    private enum Entry {
        case table(TableBuilder)
        /// An array of tables (`[[a]]`), its elements in order.
        case tables(TableArray)
        /// A value whole as written: a string, number, date, static array or inline table.
        case value(TOMLNode)
    }

    final class TableArray {
        var elements: [TableBuilder] = []
    }

    init(_ kind: Kind, at position: SourcePosition? = nil) {
        self.kind = kind
        keyPosition = position
        valuePosition = position
    }

    /// The table `[key]` defines, from the root.
    func defineTable(at key: [KeyPart], position: SourcePosition) throws(TOMLError) -> TableBuilder {
        let parent = try below(key.dropLast())
        let last = key.last!
        switch parent.entries[last.name] {
        case nil:
            return parent.insert(last.name, TableBuilder(.header, at: position))
        case .table(let table) where table.kind == .implicit:
            table.kind = .header
            table.keyPosition = position
            table.valuePosition = position
            return table
        case .table(let table):
            let how = table.kind == .dotted ? "by dotted keys" : "by its header"
            throw TOMLError(.syntax("the table '\(Self.text(key))' is already defined \(how): a table is defined once"), at: position)
        case .tables:
            throw TOMLError(.syntax("'\(Self.text(key))' is an array of tables: write [[\(Self.text(key))]] for another of its tables"), at: position)
        case .value:
            throw TOMLError(.syntax("'\(Self.text(key))' already has a value, which is not a table to define"), at: position)
        }
    }

    /// A new table at the end of the array of tables `[[key]]` names, from the root.
    func appendTable(at key: [KeyPart], position: SourcePosition) throws(TOMLError) -> TableBuilder {
        let parent = try below(key.dropLast())
        let last = key.last!
        let table = TableBuilder(.header, at: position)
        switch parent.entries[last.name] {
        case nil:
            let array = TableArray()
            array.elements.append(table)
            parent.insert(last.name, .tables(array))
        case .tables(let array):
            array.elements.append(table)
        case .table:
            throw TOMLError(.syntax("'\(Self.text(key))' is a table, not an array of tables"), at: position)
        case .value:
            throw TOMLError(.syntax("'\(Self.text(key))' already has a value, which no [[header]] can add to"), at: position)
        }
        return table
    }

    /// The table a header's key leads through to its last part: tables made on the way, and an array of tables'
    /// latest element.
    private func below(_ parts: ArraySlice<KeyPart>) throws(TOMLError) -> TableBuilder {
        var table = self
        for (n, part) in parts.enumerated() {
            switch table.entries[part.name] {
            case nil:
                table = table.insert(part.name, TableBuilder(.implicit))
            case .table(let next):
                table = next
            case .tables(let array):
                table = array.elements.last!
            case .value(let node):
                let what = if case .table = node.value { "an inline table, whole as written" } else { "a value, not a table" }
                let path = Self.text(parts.prefix(n + 1))
                throw TOMLError(.syntax("'\(path)' is \(what): no header can add to it"), at: part.position)
            }
        }
        return table
    }

    /// Gives the key `key` (dotted, from this table) its value: the tables on the way made, or dotted ones added to.
    func assign(_ value: TOMLNode.Value, at key: [KeyPart], keyPosition: SourcePosition, valuePosition: SourcePosition) throws(TOMLError) {
        var table = self
        for (n, part) in key.dropLast().enumerated() {
            switch table.entries[part.name] {
            case nil:
                table = table.insert(part.name, TableBuilder(.dotted))
            case .table(let next) where next.kind == .dotted:
                table = next
            default:
                let path = Self.text(key.prefix(n + 1))
                throw TOMLError(.syntax("'\(path)' is already defined, and a dotted key cannot add to it"), at: part.position)
            }
        }
        let last = key.last!
        guard table.entries[last.name] == nil else {
            throw TOMLError(.syntax("the key '\(Self.text(key))' is already defined: a key has one value"), at: valuePosition)
        }
        table.insert(last.name, .value(TOMLNode(value, key: keyPosition, at: valuePosition)))
    }

    @discardableResult
    private func insert(_ key: String, _ table: TableBuilder) -> TableBuilder {
        insert(key, .table(table))
        return table
    }

    private func insert(_ key: String, _ entry: Entry) {
        keys.append(key)
        entries[key] = entry
    }

    /// What was read, as the values a reader returns.
    func node() -> TOMLNode {
        let built = keys.map { key in
            switch entries[key]! {
            case .table(let table): (key: key, node: table.node())
            case .tables(let array): (key: key, node: TOMLNode(.array(array.elements.map { $0.node() })))
            case .value(let node): (key: key, node: node)
            }
        }
        return TOMLNode(.table(built), key: keyPosition, at: valuePosition)
    }

    private static func text(_ parts: some Collection<KeyPart>) -> String { parts.map(\.name).joined(separator: ".") }
}
