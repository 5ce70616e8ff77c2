import FuzzInput
import GestureEngine
import ShapeFormat

/// Shape files (docs/shapes.md) and what a shape recognizer does with one it accepts. Any text gives a shape or
/// errors that each point into the file; an accepted shape writes back to a file that reads as the same shape;
/// a matcher made from it matches its own examples and a stray drawing without trapping, within a second.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShapeFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    let lines = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
    let template: ShapeTemplate
    do {
        template = try ShapeFile.parse(text, file: "fuzz.shape")
    } catch {
        precondition(!error.errors.isEmpty, "refused without an error")
        for e in error.errors {
            precondition(e.position.line >= 1 && e.position.line <= lines && e.position.column >= 1, "an error outside the file: \(e)")
        }
        return 0
    }
    precondition(template.pointCount <= ShapeFile.maximumPoints, "a file of \(template.pointCount) points was accepted")
    let written = ShapeFile.write(template)
    let reread = try? ShapeFile.parse(written, file: "written.shape")
    precondition(reread == template, "what write wrote does not read back as the same shape")
    let clock = ContinuousClock()
    let start = clock.now
    for options in [ShapeMatchOptions(), ShapeMatchOptions(orderInvariant: false, rotationInvariant: true)] {
        let matcher = ShapeMatcher(templates: [template], options: options)
        for example in template.examples.prefix(4) {
            if let match = matcher.best(example.strokes, fingers: template.fingers) {
                precondition(match.score >= 0 && match.score <= 1 && match.name == template.name, "a match out of range: \(match)")
            }
        }
        _ = matcher.best([[ShapePoint(x: 0, y: 0, time: 0), ShapePoint(x: 30, y: 10, time: 0.1), ShapePoint(x: 5, y: 40, time: 0.2)]])
    }
    precondition(clock.now - start <= .seconds(1), "matching took \(clock.now - start)")
    return 0
}
