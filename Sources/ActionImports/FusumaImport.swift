import Yams

/// fusuma's config.yml: the first document's gestures (its default context) made recognizers and actions, and
/// those of appmatcher's per-application documents the same actions for those applications (`application =`,
/// which gestured runs before the general ones, as fusuma looks in the application's context first); documents of
/// other contexts are said in their place. fusuma reads libinput's touchpad gestures, so its recognizers take
/// touchpad fingers only.
struct FusumaImport {
    var document: ActionsDocument
    /// Touchpads are small: shorter swipes than on a screen, as config/examples/laptop-touchpad.toml has them.
    let style = RecognizerStyle(touchTypes: ["indirect"], swipeDistance: 6)
    /// `threshold: hold:`, which scales the 0.7 s a hold takes.
    var holdThreshold = 1.0
    /// `interval:` by gesture (swipe, pinch, ...), which scales the 0.1 s between the steps of `update:` events.
    var intervals: [String: Double] = [:]
    /// A pinch's ways, spreading first: fusuma 3.0 made spreading `out`, where fusuma before it called spreading
    /// `in` (its commit "Reverse pinch in/out"). A file with fusuma 0.x's `shortcut:` is one of before.
    var pinchWays = ["out", "in"]

    static func convert(_ text: String, file: String) throws(ImportError) -> ImportedActions {
        var importer = FusumaImport(document: ActionsDocument(source: .fusuma, file: file))
        var defaultRead = false
        let documents = try YAMLNodes.documents(text, file: file)
        if documents.contains(where: Self.hasShortcut) { importer.pinchWays = ["in", "out"] }
        for node in documents {
            let line = node.mark?.line ?? 1
            guard let entries = YAMLNodes.entries(node) else {
                throw ImportError(file: file, line: line, column: node.mark?.column, "a document must be a mapping (gesture: fingers: direction: ...)")
            }
            if let context = entries.first(where: { $0.key == "context" }) {
                try importer.context(context, entries: entries)
            } else if defaultRead {
                importer.document.leaveOut(
                    .init(line: line, what: "a document without context: " + Self.gestures(entries).joined(separator: ", ")),
                    .ignoredByTool("fusuma reads only the first document without context"))
            } else {
                defaultRead = true
                try importer.gestures(entries)
            }
        }
        return try importer.document.finished()
    }

    /// A document's gestures and settings, in its order: the default context's, or an application's (whose settings
    /// hold over the default's within it).
    private mutating func gestures(_ entries: [YAMLNodes.Entry]) throws(ImportError) {
        if let hold = entries.first(where: { $0.key == "threshold" }).flatMap({ YAMLNodes.entries($0.value) })?.first(where: { $0.key == "hold" }) {
            guard let value = hold.value.float, value > 0 else { throw error(hold, "must be a number above 0") }
            holdThreshold = value
        }
        for each in entries.first(where: { $0.key == "interval" }).flatMap({ YAMLNodes.entries($0.value) }) ?? [] {
            // 0 too: fusuma then acts at every event, with no pause.
            guard let value = each.value.float, value >= 0 else { throw error(each, "must be a number, 0 or above") }
            intervals[each.key] = value
        }
        for entry in entries {
            let origin = ActionsDocument.Origin(line: entry.line, what: "\(entry.key): \(YAMLNodes.describe(entry.value))")
            switch entry.key {
            case "swipe": try swipe(entry)
            case "pinch": try twoWay(entry, .pinch)
            case "rotate": try twoWay(entry, .rotation)
            case "hold": try hold(entry)
            case "tap": try tap(entry)
            case "threshold":
                for each in YAMLNodes.entries(entry.value) ?? [] {
                    let origin = ActionsDocument.Origin(line: each.line, what: "threshold \(each.key): \(YAMLNodes.describe(each.value))")
                    if each.key == "hold" {
                        document.remark(origin, "the long presses' minimum_press_duration is 0.7 s times it")
                    } else {
                        document.leaveOut(origin, .threshold)
                    }
                }
            case "interval":
                guard let each = YAMLNodes.entries(entry.value) else {
                    document.leaveOut(origin, .ignoredByTool("fusuma reads interval as a mapping of gestures (interval: { swipe: 1 })"))
                    continue
                }
                for one in each {
                    document.remark(
                        .init(line: one.line, what: "interval \(one.key): \(YAMLNodes.describe(one.value))"),
                        "the repeat_interval of \(one.key) update: actions is 0.1 s times it (a gesture acting once has no use for it)")
                }
            case "plugin": document.leaveOut(origin, .pluginSettings)
            default: document.leaveOut(origin, .ignoredByTool("fusuma has no '\(entry.key)' gestures or settings"))
            }
        }
    }

    /// A document of another context: appmatcher's applications, its gestures imported for them, or another
    /// plugin's, said in its place.
    private mutating func context(_ context: YAMLNodes.Entry, entries: [YAMLNodes.Entry]) throws(ImportError) {
        let rest = entries.filter { $0.key != "context" }
        let gestures = Self.gestures(rest)
        let origin = ActionsDocument.Origin(
            line: context.line, what: "context \(YAMLNodes.describe(context.value)): " + (gestures.isEmpty ? "no gestures" : gestures.joined(separator: ", ")))
        let keys = YAMLNodes.entries(context.value) ?? []
        guard keys.count == 1, let application = keys.first, application.key == "application" else {
            return document.leaveOut(origin, .otherContext(YAMLNodes.describe(context.value)))
        }
        // appmatcher's application: a name or a list of names.
        let names = (application.value.sequence.map(Array.init) ?? [application.value]).map { $0.scalar != nil ? $0.string ?? "" : "" }
        guard let patterns = document.applications(names.contains("") ? [] : names, from: origin) else { return }
        document.remark(origin, "the actions below are for \(patterns.joined(separator: ", ")) (application)")
        let defaults = (holdThreshold, intervals)
        document.application = patterns
        try self.gestures(rest)
        document.application = nil
        (holdThreshold, intervals) = defaults
    }

    /// Whether a `shortcut:` key is anywhere in the tree: fusuma 0.x's.
    private static func hasShortcut(_ node: Node) -> Bool {
        (YAMLNodes.entries(node) ?? []).contains { $0.key == "shortcut" || hasShortcut($0.value) }
    }

    /// The paths of the leaves below `entries` ("swipe 3 left"), for saying what a document held.
    private static func gestures(_ entries: [YAMLNodes.Entry], path: String = "") -> [String] {
        entries.flatMap { entry -> [String] in
            let here = path.isEmpty ? entry.key : "\(path) \(entry.key)"
            guard let children = YAMLNodes.entries(entry.value), !children.contains(where: { leafKeys.contains($0.key) }) else { return [here] }
            return gestures(children, path: here)
        }
    }
}
