import ConfigLanguage
import GestureProtocol

/// Typed reading of configuration values that collects every error with its position instead of stopping at
/// the first. Each accessor returns nil after recording what was expected.
package final class ConfigReader {
    package let file: String
    /// The document's root, whose nodes know where they were written; nil for input that has no lines.
    private let root: ConfigNode?
    package private(set) var errors: [ConfigError] = []
    /// Name the field in each message, for input that has no lines (a client's request).
    private let paths: Bool
    /// Each "did you mean" costs an edit distance to every known name: a file of thousands of unknown names
    /// took minutes. The first few are what a person reads.
    private var suggestionsLeft = ConfigLimits.suggestions

    package init(file: String, root: ConfigNode?, paths: Bool = false) {
        self.file = file
        self.root = root
        self.paths = paths
    }

    /// Where the value at `path` was written, else its key; else the nearest node above it that the text placed
    /// (a missing key is reported at its table); 1:1 for input that has no lines.
    package func position(of path: ConfigPath, preferKey: Bool = false) -> SourcePosition {
        for node in (root?.lineage(of: path) ?? []).reversed() {
            if preferKey, let found = node.keyPosition ?? node.valuePosition { return found }
            if let found = node.valuePosition ?? node.keyPosition { return found }
        }
        return SourcePosition(line: 1, column: 1)
    }

    /// Errors found in another file this one names (a shape file), at their own lines.
    package func append(_ others: [ConfigError]) { errors += others }

    package func error(_ path: ConfigPath, atKey: Bool = false, _ message: String) {
        errors.append(ConfigError(file: file, position: position(of: path, preferKey: atKey), paths ? "\(path): \(message)" : message))
    }

    /// The table's entries by key, after reporting keys it does not know, each with the closest known name.
    package func table(_ node: ConfigNode, allowed: [String], what: String) -> [String: ConfigNode]? {
        guard case .table(let entries) = node.value else {
            error(node.path, "\(what) must be a table, got \(node.typeName)")
            return nil
        }
        var result: [String: ConfigNode] = [:]
        for (key, value) in entries {
            if allowed.contains(key) {
                result[key] = value
            } else {
                error(value.path, atKey: true, "unknown key '\(key)' in \(what)\(suggestion(for: key, among: allowed))")
            }
        }
        return result
    }

    package func array(_ node: ConfigNode, what: String) -> [ConfigNode]? {
        guard case .array(let items) = node.value else {
            error(node.path, "\(node.path.lastKey) must be \(what), got \(node.typeName)")
            return nil
        }
        return items
    }

    package func string(_ node: ConfigNode) -> String? { string(node, atMost: ConfigLimits.stringBytes) }

    package func string(_ node: ConfigNode, atMost limit: Int) -> String? {
        guard case .string(let s) = node.value else {
            error(node.path, "\(node.path.lastKey) must be a string, got \(node.typeName)")
            return nil
        }
        guard s.utf8.count <= limit else {
            error(node.path, "\(node.path.lastKey) must be at most \(limit) bytes, got \(s.utf8.count)")
            return nil
        }
        return s
    }

    /// A non-empty name made of letters, digits, '-', '_' and '.': names appear in relations and protocol
    /// filters, so they must be easy to type and cannot contain '*'.
    package func name(_ node: ConfigNode) -> String? {
        guard let s = string(node) else { return nil }
        guard Self.isValidName(s) else {
            error(node.path, "\(node.path.lastKey) '\(s)' must be 1 to 64 letters, digits, '-', '_' or '.'")
            return nil
        }
        return s
    }

    package static func isValidName(_ s: String) -> Bool {
        // Bytes, not Unicode properties: the check is on every name of a file, thousands of them.
        !s.isEmpty && s.utf8.count <= 64
            && s.utf8.allSatisfy { b in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
            }
    }

    package func bool(_ node: ConfigNode) -> Bool? {
        guard case .boolean(let b) = node.value else {
            error(node.path, "\(node.path.lastKey) must be true or false, got \(node.typeName)")
            return nil
        }
        return b
    }

    package func integer(_ node: ConfigNode, in range: ClosedRange<Int>) -> Int? {
        guard case .integer(let n) = node.value else {
            error(node.path, "\(node.path.lastKey) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(node.typeName)")
            return nil
        }
        guard range.contains(n) else {
            error(node.path, "\(node.path.lastKey) must be from \(range.lowerBound) to \(range.upperBound), got \(n)")
            return nil
        }
        return n
    }

    /// A number; integers are accepted where a decimal is expected (`duration = 1`).
    package func number(_ node: ConfigNode, in range: ClosedRange<Double>, unit: String = "") -> Double? {
        let value: Double
        switch node.value {
        case .integer(let n): value = Double(n)
        case .float(let d): value = d
        default:
            error(node.path, "\(node.path.lastKey) must be a number\(Self.inUnit(unit)), got \(node.typeName)")
            return nil
        }
        guard value.isFinite, range.contains(value) else {
            error(node.path, "\(node.path.lastKey) must be from \(format(range.lowerBound)) to \(format(range.upperBound))\(unit), got \(format(value))")
            return nil
        }
        return value
    }

    /// One of a fixed set of words.
    package func choice(_ node: ConfigNode, among choices: [String]) -> String? {
        guard let s = string(node) else { return nil }
        guard choices.contains(s) else {
            error(node.path, "\(node.path.lastKey) '\(s)' is not one of \(choices.joined(separator: ", "))\(suggestion(for: s, among: choices))")
            return nil
        }
        return s
    }

    /// An array of at most `ConfigLimits.arrayEntries` strings; each element is checked by `element`.
    package func strings(_ node: ConfigNode, element: (ConfigNode) -> String?) -> [String]? {
        guard let items = array(node, what: "an array of strings") else { return nil }
        guard items.count <= ConfigLimits.arrayEntries else {
            error(node.path, "\(node.path.lastKey) may list at most \(ConfigLimits.arrayEntries) entries, got \(items.count)")
            return nil
        }
        let values = items.map(element)
        return values.contains(where: { $0 == nil }) ? nil : values.map { $0! }
    }

    /// `[a, b]` numbers, each in `range`.
    package func pair(_ node: ConfigNode, in range: ClosedRange<Double>, unit: String) -> (Double, Double)? {
        guard let items = array(node, what: "two numbers [width, height]\(Self.inUnit(unit))") else { return nil }
        guard items.count == 2 else {
            error(node.path, "\(node.path.lastKey) must be two numbers [width, height]\(Self.inUnit(unit)), got \(items.count)")
            return nil
        }
        guard let a = number(items[0], in: range, unit: unit), let b = number(items[1], in: range, unit: unit) else { return nil }
        return (a, b)
    }

    /// " in mm" for the unit " mm": "must be a number in mm", not "must be a number mm".
    package static func inUnit(_ unit: String) -> String { unit.isEmpty ? "" : " in\(unit)" }

    package func suggestion(for word: String, among names: some Sequence<String>) -> String {
        guard suggestionsLeft > 0 else { return "" }
        suggestionsLeft -= 1
        return NameSuggestion.didYouMean(word, among: names)
    }

    package func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
