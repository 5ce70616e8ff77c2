import Foundation
import GestureTrace
import Testing

/// The scenarios under `examples/` are golden files: each `NAME.trace` runs to exactly the lines of
/// `NAME.expected`, as `gestured trace examples/NAME.trace` prints them. A change in the engine that changes an
/// example's output must change its expected file in the same commit, where a reviewer sees it.
@Suite struct ExampleTraceTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    static let traces: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".trace") }.sorted()
    }()

    @Test func theExamplesAreThere() {
        #expect(Self.traces.count >= 4, "examples/ has \(Self.traces)")
    }

    @Test(arguments: traces) func anExampleRunsToItsExpectedOutput(_ name: String) throws {
        let trace = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        let expectedFile = Self.folder.appendingPathComponent(String(name.dropLast(".trace".count)) + ".expected")
        let expected = try String(contentsOf: expectedFile, encoding: .utf8).split(separator: "\n").map(String.init)
        let lines = try Trace.run(trace)
        #expect(lines == expected, "\(name):\n got:\n\(lines.joined(separator: "\n"))\n want:\n\(expected.joined(separator: "\n"))")
    }
}
