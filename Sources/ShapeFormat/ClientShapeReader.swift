import ConfigSchema
import GestureEngine

/// A shape as a client sends it (add_shape), held to what a shape file is held to (ShapeFile): a name, fingers
/// 1 to 10, examples of strokes of two points or more, finite numbers within the file's bound, time never going
/// back within an example.
package struct ClientShapeReader {
    package let reader: ConfigReader
    package let examplesLimit: Int

    package init(reader: ConfigReader, examplesLimit: Int) {
        self.reader = reader
        self.examplesLimit = examplesLimit
    }

    package func shape(_ node: ConfigNode) -> ShapeTemplate? {
        guard let t = reader.table(node, allowed: ["name", "fingers", "examples"], what: "shape") else { return nil }
        guard let nameNode = t["name"], let name = reader.name(nameNode) else {
            if t["name"] == nil { reader.error(node.path, "shape needs name") }
            return nil
        }
        var fingers = 1
        if let n = t["fingers"], let f = reader.integer(n, in: 1...10) { fingers = f }
        guard let examplesNode = t["examples"] else {
            reader.error(node.path, "shape needs examples: a list of drawings, each a list of strokes of [x, y, t] points")
            return nil
        }
        guard let examples = reader.array(examplesNode, what: "a list of examples") else { return nil }
        guard !examples.isEmpty, examples.count <= examplesLimit else {
            reader.error(examplesNode.path, "examples must hold 1 to \(examplesLimit) drawings (daemon.max_client_shape_examples), got \(examples.count)")
            return nil
        }
        let read = examples.compactMap(example)
        guard read.count == examples.count else { return nil }
        return ShapeTemplate(name: name, fingers: fingers, examples: read)
    }

    private func example(_ node: ConfigNode) -> ShapeExample? {
        guard let strokes = reader.array(node, what: "a list of strokes"), !strokes.isEmpty else {
            if case .array = node.value { reader.error(node.path, "an example needs at least one stroke") }
            return nil
        }
        var read: [[ShapePoint]] = []
        var last = -Double.infinity
        for strokeNode in strokes {
            guard let points = reader.array(strokeNode, what: "a list of [x, y, t] points") else { return nil }
            // One point is a dot: a finger that touched and lifted without moving.
            guard !points.isEmpty else {
                reader.error(strokeNode.path, "a stroke needs at least one point (one is a dot), got none")
                return nil
            }
            var stroke: [ShapePoint] = []
            for pointNode in points {
                guard let xyt = reader.array(pointNode, what: "a point, [x, y, t]"), xyt.count == 3 else {
                    if case .array = pointNode.value { reader.error(pointNode.path, "a point is [x, y, t]: millimetres and seconds") }
                    return nil
                }
                let bound = -ShapeFile.largest...ShapeFile.largest
                guard let x = reader.number(xyt[0], in: bound), let y = reader.number(xyt[1], in: bound), let t = reader.number(xyt[2], in: bound)
                else { return nil }
                guard t >= last else {
                    reader.error(xyt[2].path, "time goes back within the example: \(t) after \(last)")
                    return nil
                }
                last = t
                stroke.append(ShapePoint(x: x, y: y, time: t))
            }
            read.append(stroke)
        }
        return ShapeExample(strokes: read)
    }
}
