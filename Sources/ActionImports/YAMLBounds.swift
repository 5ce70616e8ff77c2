// libyaml as Yams builds it (its CYaml target, which Yams has no product for): its events, which Yams's API keeps to
// itself.
import CYaml
import CaptureFormats

/// How deep fusuma's YAML goes and how many nodes it holds with its aliases expanded, read from libyaml's events
/// before Yams composes the text. Measured before these bounds were:
/// - Yams's composer hashes every mapping key to find those given twice, an alias key by the whole node it names:
///   9 levels of 9 aliases of aliases as keys (510 bytes) held it over 30 s, when it was stopped. Alias values it
///   shares (that file with them as values composed in 3 ms), but every walk of the tree then visits a node as
///   often as it is named: that import had taken 2.8 GB when it was stopped after 60 s (debug builds).
/// - It takes about 7 µs and 700 bytes a node: a 1 MB flow mapping of 238,000 short keys took 1.7 s and 190 MB.
/// - It recurses once a level.
enum YAMLBounds {
    /// A node with its aliases expanded: nodes, bytes of scalars' text, and mappings and lists within each other.
    private struct Size {
        var nodes = 0
        var textBytes = 0
        /// 0 for a scalar, 1 for a collection of scalars.
        var levels = 0

        /// `child` as a part of this collection.
        mutating func hold(_ child: Size) {
            nodes += child.nodes
            textBytes += child.textBytes
            levels = max(levels, child.levels + 1)
        }
    }

    /// Throws at the first mapping or list deeper than `ImportLimits.nestingLevels`, or at the node that makes the
    /// documents hold more than `ImportLimits.yamlNodes`, or more than `ImportLimits.yamlTextBytes` of text, each
    /// alias counted as the whole node it names (so an alias's node, deep where the alias is, counts too). A syntax
    /// error is left for Yams to say, where it says it.
    static func check(_ text: String, file: String) throws(ImportError) {
        var text = text
        if let excess = text.withUTF8(firstExcess) {
            // libyaml ends a text without a last line break on a line of its own.
            throw ImportError(file: file, line: min(excess.line, YAMLLines.count(text)), column: excess.column, excess.message)
        }
    }

    private static func firstExcess(_ bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int, message: String)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        // The mappings and lists open, each with its anchor and its size so far.
        var open: [(anchor: String?, size: Size)] = []
        // The size of each anchor's node, counted once: an alias names the last node of its anchor before it, in
        // any document, as Yams's composer keeps them.
        var anchors: [String: Size] = [:]
        var nodes = 0, textBytes = 0
        // A node or an alias as part of what holds it, and of its anchor.
        func place(_ size: Size, anchor: String?) {
            if let anchor { anchors[anchor] = size }
            if !open.isEmpty { open[open.count - 1].size.hold(size) }
        }
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            defer { yaml_event_delete(&event) }
            // What the event adds to the documents: a node, or the nodes an alias stands for.
            let added: Size
            var alias: String?
            switch event.type {
            case YAML_SCALAR_EVENT:
                added = Size(nodes: 1, textBytes: event.data.scalar.length)
                place(added, anchor: name(event.data.scalar.anchor))
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard open.count < ImportLimits.nestingLevels else {
                    return (event.start_mark.line + 1, event.start_mark.column + 1, tooDeep)
                }
                let anchor = event.type == YAML_SEQUENCE_START_EVENT ? event.data.sequence_start.anchor : event.data.mapping_start.anchor
                added = Size(nodes: 1, levels: 1)
                open.append((name(anchor), added))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                if let closed = open.popLast() { place(closed.size, anchor: closed.anchor) }
                continue
            case YAML_ALIAS_EVENT:
                // An alias of no anchor is Yams's mistake to say.
                guard let anchor = name(event.data.alias.anchor), let size = anchors[anchor] else { continue }
                guard open.count + size.levels <= ImportLimits.nestingLevels else {
                    return (
                        event.start_mark.line + 1, event.start_mark.column + 1,
                        "with *\(anchor), \(countsWhole)mappings and lists go more than \(ImportLimits.nestingLevels) levels deep: "
                            + "gesturectl import reads no deeper"
                    )
                }
                alias = anchor
                added = size
                place(added, anchor: nil)
            case YAML_STREAM_END_EVENT:
                return nil
            default:
                continue
            }
            nodes += added.nodes
            textBytes += added.textBytes
            guard nodes <= ImportLimits.yamlNodes, textBytes <= ImportLimits.yamlTextBytes else {
                let what = nodes > ImportLimits.yamlNodes ? "\(ImportLimits.yamlNodes) nodes (keys, values, lists and mappings)" : "1 MiB of text"
                let with = alias.map { "with *\($0), \(countsWhole)" } ?? ""
                let message = "\(with)the file holds more than \(what): gesturectl import reads no more"
                return (event.start_mark.line + 1, event.start_mark.column + 1, message)
            }
        }
        // libyaml's own bound on nesting, which its scanner's lookahead on a line of brackets reaches before a deep
        // node's event (1,000 levels, less the brackets read ahead), said in the same words; other mistakes are Yams's.
        guard parser.error == YAML_PARSER_ERROR, let problem = parser.problem, String(cString: problem).hasPrefix("Maximum nesting level") else {
            return nil
        }
        return (parser.problem_mark.line + 1, parser.problem_mark.column + 1, tooDeep)
    }

    private static let countsWhole = "which counts as the whole node it names, "

    private static let tooDeep = "a mapping or list nested more than \(ImportLimits.nestingLevels) levels deep: gesturectl import reads no deeper"

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(cString: $0) }
    }
}
