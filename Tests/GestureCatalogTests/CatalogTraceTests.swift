import GestureCatalog
import GestureTrace
import Testing

/// The trace form and the configuration read recognizers from one catalog (RecognizerKind): every kind and
/// every parameter a configuration may set can be set in a trace, by its full name or its short one.
@Suite struct CatalogTraceTests {
    /// A value of the parameter's shape, as a trace writes it.
    static func sample(_ shape: RecognizerParameter.Shape) -> String {
        switch shape {
        case .count(let range): "\(range.lowerBound)"
        case .number(let range, _): "\(range.lowerBound)"
        case .directions: "left|right"
        case .edges: "left"
        }
    }

    @Test(arguments: RecognizerKind.allCases) func everyParameterOfTheCatalogIsATraceParameter(_ kind: RecognizerKind) throws {
        for parameter in kind.parameters {
            for key in [parameter.name] + (parameter.alias.map { [$0] } ?? []) {
                let trace = "units mm\n\(kind.rawValue) r \(key)=\(Self.sample(parameter.shape))\n"
                #expect(throws: Never.self, "\(kind.rawValue) \(key)") { try Trace.run(trace) }
            }
        }
    }

    @Test func aShortNameAndItsFullNameSetTheSameParameter() throws {
        for key in ["taps", "number_of_taps_required"] {
            let lines = try Trace.run("""
                tap double \(key)=2
                0.00 down 1 10 10
                0.05 up 1
                0.20 down 2 10 10
                0.25 up 2
                """)
            #expect(lines.contains("0.250 double: ended"), "\(key): \(lines)")
        }
    }

    @Test func anUnknownParameterNamesTheOnesTheKindTakes() {
        #expect(throws: TraceError.self) { try Trace.run("pinch p taps=2\n") }
        do {
            _ = try Trace.run("pinch p taps=2\n")
        } catch {
            #expect(error.message.contains("it takes threshold"), "\(error.message)")
        }
    }
}
