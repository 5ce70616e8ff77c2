import Foundation
import GestureConfig
import GestureDaemon
import GestureEngine
import ShapeFormat

/// A public set of multistroke drawings in the JSON of the Gester testbed (Magrofuoco, Vanderdonckt and Roselli,
/// UCLouvain: `github:nmagrofuoco/Gester`, `datasets/2D/NAME`): a folder a person (`<subject>/`, below an optional
/// group folder), a file a drawing, `<shape><strokes>-<n>.json`, holding its points in one list, each with its
/// `stroke_id`, x and y in the device's units and t in milliseconds. Read from where `scripts/shape-data` put it,
/// never from the project: the data is not the project's (docs/shapes.md, The multistroke sets).
struct MultistrokeSet {
    struct Drawing {
        var shape: String
        var person: String
        /// The file's repetition number: the drawings of a shape by a person in the order they were made.
        var repetition: Int
        /// Millimetres and seconds, a stroke of one point a dot.
        var strokes: [[ShapePoint]]
    }

    let name: String
    let drawings: [Drawing]

    /// Every drawing below `folder`; `millimetresPerUnit` the device's (only the matcher's minimum length and dots'
    /// sizes depend on it: the matcher scales every drawing to one size).
    init(name: String, folder: String, millimetresPerUnit: Double) throws {
        self.name = name
        var drawings: [Drawing] = []
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") } ?? []
        for file in files.sorted() {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], let shape = object["name"] as? String,
                let paths = object["paths"] as? [String: Any], let pen = paths["Pen"] as? [String: Any], let points = pen["strokes"] as? [[String: Any]]
            else { throw ShapesError("\(folder)/\(file): not a drawing of the Gester testbed's JSON") }
            let person = (object["subject"].map { "\($0)" }) ?? URL(fileURLWithPath: file).deletingLastPathComponent().lastPathComponent
            // "<shape><strokes>-<n>.json": the number after the last '-'.
            let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let repetition = Int(stem.split(separator: "-").last.map(String.init) ?? "") ?? 0
            var strokes: [[ShapePoint]] = []
            var ids: [Int] = []
            let start = (points.first?["t"] as? Double) ?? 0
            // A time that goes back (LowVision has some, between strokes) is held at the last: a recording's
            // time never goes back.
            var latest = 0.0
            for p in points {
                guard let x = p["x"] as? Double, let y = p["y"] as? Double, let id = p["stroke_id"] as? Int else { continue }
                latest = max(latest, ((p["t"] as? Double ?? start) - start) / 1000)
                let point = ShapePoint(x: x * millimetresPerUnit, y: y * millimetresPerUnit, time: latest)
                if ids.last == id { strokes[strokes.count - 1].append(point) } else { strokes.append([point]); ids.append(id) }
            }
            guard !strokes.isEmpty else { continue }
            drawings.append(Drawing(shape: shape, person: person, repetition: repetition, strokes: strokes))
        }
        self.drawings = drawings
    }

    var people: [String] { Array(Set(drawings.map(\.person))).sorted() }

    /// Templates and the drawings matched against them.
    struct Split {
        var templates: [ShapeTemplate]
        var candidates: [Drawing]
    }

    /// Same person: each person's first `examples` drawings of each shape the examples, the rest matched.
    func samePerson(examples: Int) -> [Split] {
        people.map { person in
            let own = Dictionary(grouping: drawings.filter { $0.person == person }, by: \.shape)
            var split = Split(templates: [], candidates: [])
            for (shape, list) in own.sorted(by: { $0.key < $1.key }) {
                let ordered = list.sorted { $0.repetition < $1.repetition }
                split.templates.append(ShapeTemplate(name: shape, examples: ordered.prefix(examples).map { ShapeExample(strokes: $0.strokes) }))
                split.candidates += ordered.dropFirst(examples)
            }
            return split
        }
    }

    /// Across people: the people in groups of ten (in order), each group's first five giving their first
    /// `examples` drawings of each shape, every drawing of its other five matched.
    func acrossPeople(examples: Int) -> [Split] {
        stride(from: 0, to: people.count, by: 10).compactMap { first in
            let group = Array(people[first..<min(first + 10, people.count)])
            guard group.count >= 2 else { return nil }
            let teachers = Set(group.prefix(group.count / 2)), learners = Set(group.dropFirst(group.count / 2))
            var examplesByShape: [String: [ShapeExample]] = [:]
            for person in teachers.sorted() {
                let own = Dictionary(grouping: drawings.filter { $0.person == person }, by: \.shape)
                for (shape, list) in own {
                    examplesByShape[shape, default: []] += list.sorted { $0.repetition < $1.repetition }.prefix(examples).map { ShapeExample(strokes: $0.strokes) }
                }
            }
            return Split(
                templates: examplesByShape.sorted { $0.key < $1.key }.map { ShapeTemplate(name: $0.key, examples: $0.value) },
                candidates: drawings.filter { learners.contains($0.person) })
        }
    }
}

/// gestured's matcher alone and the reference $P on a multistroke set, side by side: the share of drawings whose
/// nearest shape is right (and, for gestured's, whose score also reaches the shipped minimum).
enum MultistrokeComparison {
    struct Row {
        var split: String
        var drawings = 0
        var nearest = 0, aboveMinimum = 0, reference = 0
        /// Through the recognizer with the shipped defaults: each drawing replayed as a recording, strokes and
        /// pauses as drawn.
        var recognized = 0
    }

    static func run(_ set: MultistrokeSet, jobs: Int, in folder: String) throws -> [Row] {
        let splits: [(String, [MultistrokeSet.Split])] = [
            ("same person, 3 examples", set.samePerson(examples: 3)), ("across people, 2 examples from each of 5", set.acrossPeople(examples: 2)),
        ]
        return try splits.map { title, list in
            let counts = try parallelMap(list.count, jobs: jobs) { i in
                let split = list[i]
                // Written as `gestured shape learn` writes examples (ShapeFile.example: thinned to a hundred points,
                // since LowVision's slow drawings have a thousand and a file holds at most 10,000).
                let written = split.templates.map { ShapeTemplate(name: $0.name, examples: $0.examples.map { ShapeFile.example($0.strokes) }) }
                let configuration = try ShapeFiles.configuration(written, in: folder + "/\(set.name)-\(title.prefix(6))-\(i)")
                let inputs = split.candidates.enumerated().map { k, drawing in
                    OfflineReplay.Input(
                        source: "\(k)", recording: MultistrokeRecording.recording(of: drawing.strokes, start: 1 + 10 * Double(k)), kind: .touchscreen)
                }
                let outcomes = try ShapeReplay.run(inputs, configuration: configuration, recognizer: "drawn")
                let matcher = ShapeMatcher(templates: split.templates)
                let reference = ReferencePDollar(templates: split.templates)
                var row = Row(split: title)
                for (k, drawing) in split.candidates.enumerated() {
                    row.drawings += 1
                    if Verdict(outcomes["\(k)"] ?? RecognizerOutcome(), expected: drawing.shape) == .right { row.recognized += 1 }
                    if matcher.best(drawing.strokes)?.name == drawing.shape { row.nearest += 1 }
                    if matcher.best(drawing.strokes, minimumScore: Accuracy.minimumScore)?.name == drawing.shape { row.aboveMinimum += 1 }
                    if reference.nearest(drawing.strokes) == drawing.shape { row.reference += 1 }
                }
                return row
            }
            return counts.reduce(into: Row(split: title)) { total, row in
                total.drawings += row.drawings
                total.nearest += row.nearest
                total.aboveMinimum += row.aboveMinimum
                total.reference += row.reference
                total.recognized += row.recognized
            }
        }
    }
}
