import GestureTrace
import Testing

/// Runs `script` in the trace form and expects exactly `expected` (one event per line, blank lines and
/// surrounding spaces ignored).
func expectTrace(_ script: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let lines = try Trace.run(script)
        let wanted = expected.split(separator: "\n").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        #expect(lines == wanted, "\n got:\n\(lines.joined(separator: "\n"))\n want:\n\(wanted.joined(separator: "\n"))", sourceLocation: sourceLocation)
    } catch {
        Issue.record("trace failed: \(error)", sourceLocation: sourceLocation)
    }
}

/// The lines of a trace, for tests that look at a few of them.
func traceLines(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    do {
        return try Trace.run(script)
    } catch {
        Issue.record("trace failed: \(error)", sourceLocation: sourceLocation)
        return []
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

/// Section F's setting: region V of 400 x 800 points, lengths in points.
let sceneV = """
    units pt
    region V 0 0 400 800

    """
