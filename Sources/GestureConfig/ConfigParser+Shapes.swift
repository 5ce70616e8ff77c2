import ConfigSchema
import GestureEngine

extension ConfigParser {
    /// The keys a shape recognizer takes besides its parameters.
    static let shapeKeys = ["shapes", "order_invariant", "rotation_invariant"]

    /// A shape recognizer's shapes: every file `shapes` names read and checked (errors in a file at its own line
    /// and column), each shape's name its own and each drawn with the recognizer's fingers. Nil, with the errors
    /// recorded, when any is wrong: nothing is half loaded.
    func shapeSet(_ t: [String: ConfigNode], of node: ConfigNode, fingers: Int) -> ShapeSet? {
        guard let list = t["shapes"] else {
            reader.error(node.path, "a shape recognizer needs shapes: the shape files it tells apart (docs/shapes.md)")
            return nil
        }
        guard let names = reader.strings(list, element: { reader.string($0) }) else { return nil }
        guard !names.isEmpty else {
            reader.error(list.path, "shapes must name at least one shape")
            return nil
        }
        var options = ShapeMatchOptions()
        if let n = t["order_invariant"], let b = reader.bool(n) { options.orderInvariant = b }
        if let n = t["rotation_invariant"], let b = reader.bool(n) { options.rotationInvariant = b }
        var templates: [(template: ShapeTemplate, from: String)] = []
        let errorsBefore = reader.errors.count
        for (i, name) in names.enumerated() {
            let at = list.path.index(i)
            guard let template = shape(name, at: at) else { continue }
            if let earlier = templates.first(where: { $0.template.name == template.name }) {
                reader.error(at, "\(name) is shape '\(template.name)', as \(earlier.from) is: each shape needs a name of its own")
                continue
            }
            guard template.fingers == fingers else {
                reader.error(
                    at, "\(name) is drawn with \(template.fingers) finger(s), but this recognizer's number_of_touches_required is \(fingers)")
                continue
            }
            templates.append((template, name))
        }
        guard reader.errors.count == errorsBefore else { return nil }
        return ShapeSet(templates: templates.map(\.template), options: options)
    }

    /// One shape `shapes` names: a file's, read and checked, or a connection's own.
    private func shape(_ name: String, at path: ConfigPath) -> ShapeTemplate? {
        switch shapeSource {
        case .files(let files):
            // A file that cannot be read is said where the configuration names it; a file's own mistakes at their
            // lines, once.
            switch files.entry(name, reader: reader) {
            case (_, .shape(let template)): return template
            case (let file, .unreadable(let why)):
                reader.error(path, "shape file \(file) \(why)")
                return nil
            case (_, .invalid): return nil
            }
        case .added(let shapes):
            guard let template = shapes.first(where: { $0.name == name }) else {
                reader.error(
                    path,
                    "this connection added no shape '\(name)'\(reader.suggestion(for: name, among: shapes.map(\.name))): a connection's shape recognizer names the shapes it added (add_shape)")
                return nil
            }
            return template
        }
    }
}
