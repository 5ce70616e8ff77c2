import CaptureFormats
import Yams

/// fusuma's YAML as the importer reads it: documents, mappings with their keys' places, values in words.
enum YAMLNodes {
    /// One key and its value in a mapping.
    struct Entry {
        var key: String
        var keyNode: Node
        var value: Node
        /// The key's line and column.
        var line: Int
        var column: Int

        /// The key as a number of fingers: a YAML integer from 1 to 10 (fusuma never matches a quoted '3').
        var fingers: Int? {
            guard keyNode.tag.rawValue == Tag.Name.int.rawValue, let n = keyNode.int, (1...10).contains(n) else { return nil }
            return n
        }
    }

    /// Every document of the stream, but the empty ones; a syntax error, a key twice in one mapping (which
    /// fusuma refuses too), or YAML beyond YAMLBounds, with its line and column.
    static func documents(_ text: String, file: String) throws(ImportError) -> [Node] {
        try YAMLBounds.check(text, file: file)
        do {
            var stream = try Yams.compose_all(yaml: text)
            var documents: [Node] = []
            while let document = stream.next() {
                if document.tag.rawValue != Tag.Name.null.rawValue { documents.append(document) }
            }
            if let error = stream.error { throw error }
            return documents
        } catch let error as YamlError {
            throw importError(error, text: text, file: file)
        } catch {
            throw ImportError(file: file, line: 1, "\(error)")
        }
    }

    /// A mapping's entries in order; nil for any other node. A merge key (`<<: *name`, or a list of them) stands for
    /// the entries of the mappings it names, as fusuma's loader (Ruby's Psych) merges them: a key the mapping
    /// writes itself, before or after, is the mapping's, the others the merged ones'; of two merged mappings that
    /// have a key, the first.
    static func entries(_ node: Node) -> [Entry]? {
        guard let mapping = node.mapping else { return nil }
        var result: [Entry] = []
        var seen = Set(mapping.compactMap { isMerge($0.key) ? nil : $0.key.string ?? describe($0.key) })
        for (key, value) in mapping {
            if isMerge(key) {
                for merged in (value.sequence.map(Array.init) ?? [value]).compactMap(entries).joined() where seen.insert(merged.key).inserted {
                    result.append(merged)
                }
            } else {
                result.append(
                    Entry(key: key.string ?? describe(key), keyNode: key, value: value, line: key.mark?.line ?? 0, column: key.mark?.column ?? 0))
            }
        }
        return result
    }

    /// `<<`, YAML's merge key.
    private static func isMerge(_ key: Node) -> Bool {
        key.tag.rawValue == Tag.Name.merge.rawValue || (key.string == "<<" && key.scalar?.style == .plain)
    }

    /// A value in a line of words: scalars as written, lists and mappings in YAML's flow style.
    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): scalar.string
        case .sequence(let sequence): "[" + sequence.map(describe).joined(separator: ", ") + "]"
        case .mapping(let mapping): "{" + mapping.map { "\(describe($0.key)): \(describe($0.value))" }.joined(separator: ", ") + "}"
        case .alias: "*alias"
        }
    }

    private static func importError(_ error: YamlError, text: String, file: String) -> ImportError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let lastLine = YAMLLines.count(text)
            let while_ = context.map { " (\($0.text), from line \(min($0.mark.line, lastLine)))" } ?? ""
            // libyaml ends a text without a last line break on a line of its own: the end of the text is there.
            guard mark.line <= lastLine else {
                return ImportError(file: file, line: lastLine, problem + while_ + " at the end of the file")
            }
            return ImportError(file: file, line: mark.line, column: mark.column, problem + while_)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ImportError(
                file: file, line: context.mark.line, column: context.mark.column,
                "\(duplicates.map { "'\($0)'" }.joined(separator: ", ")) twice in one mapping: fusuma refuses a file with a key twice")
        case .reader(let problem, let offset, _, _):
            let lines = text.prefix(offset ?? 0).split(separator: "\n", omittingEmptySubsequences: false)
            return ImportError(file: file, line: lines.count, column: (lines.last?.count ?? 0) + 1, problem)
        default:
            return ImportError(file: file, line: 1, "\(error)")
        }
    }
}
