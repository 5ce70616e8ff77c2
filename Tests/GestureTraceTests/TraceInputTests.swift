import GestureEngine
import GestureTrace
import Testing

/// Traces and the engine's clock on numbers no one means: what the trace fuzzer found (docs/fuzzing.md) and
/// its neighbours. Each gives an error that names its line, or runs, and never traps.
@Suite struct TraceInputTests {
    private func error(_ script: String) -> TraceError? {
        do {
            _ = try Trace.run(script)
            return nil
        } catch {
            return error
        }
    }

    @Test func aTimeBeyondTheClockIsAnError() {
        // As found: 30 digits of seconds made Timestamp(seconds:) trap converting to Int64.
        let huge = String(repeating: "8", count: 30)
        #expect(error("region V 0 0 100 100\ntap t in V\n\(huge) down 1 10 10\n") == TraceError(line: 3, "a time is from 0 to 1000000000 seconds, got \(huge)"))
        #expect(error("region V 0 0 100 100\n-1 down 1 10 10\n")?.line == 2)
    }

    @Test(arguments: ["nan", "inf", "-infinity"])
    func notANumberIsNotACoordinate(word: String) {
        #expect(error("region V 0 0 100 100\n0 down 1 \(word) 10\n") == TraceError(line: 2, "expected down ID X Y [direct|indirect|stylus] [pressure=P] [major=LENGTH]"))
    }

    @Test func touchConditioningLinesSayWhatIsWrong() {
        #expect(error("conditioning tablet\n") == TraceError(line: 1, "expected conditioning touchpad|touchscreen [box-corners] [key=value ...]"))
        #expect(error("conditioning touchpad settle=4\n")?.message.hasPrefix("conditioning has no key settle; the keys are settle_mm, settle_time,") == true)
        #expect(error("conditioning touchpad settle_time=false\n") == TraceError(line: 1, "settle_time cannot be off: give a number"))
        #expect(error("conditioning touchpad settle_mm=nan\n") == TraceError(line: 1, "settle_mm must be a number or false, got nan"))
        #expect(error("0 down 1 10 10\nconditioning touchpad\n") == TraceError(line: 2, "conditioning must come once, before the timed lines"))
        #expect(error("conditioning touchpad\n0 down 1 10 10 weight=3\n") == TraceError(line: 2, "a touch takes pressure=P and major=LENGTH, not weight"))
        #expect(error("0 down 1 10 10\n0.1 move 1 10 10 pressure=high\n") == TraceError(line: 2, "expected pressure=P or major=LENGTH, got pressure=high"))
        #expect(error("0 button press\n") == TraceError(line: 1, "expected button down or button up"))
    }

    @Test func hugeButFiniteValuesRun() throws {
        let lines = try Trace.run("""
            region V 0 0 100 100
            pan p in V
            long-press l in V duration=1e300
            show p translation
            0 down 1 10 10
            0.001 move 1 1e300 10
            0.002 up 1
            """)
        #expect(lines.contains("0.002 p: ended translation=(1e+300,0)"))
        #expect(!lines.contains { $0.contains("l:") })
    }

    @Test func theClockSaturatesInsteadOfTrapping() {
        #expect(Timestamp(seconds: 1e300).nanoseconds == .max)
        #expect(Timestamp(seconds: -1e300).nanoseconds == .min)
        #expect(Timestamp(seconds: .nan).nanoseconds == 0)
        #expect((Timestamp(seconds: 1) + 1e300).nanoseconds == .max)
        #expect((Timestamp(seconds: -1) + -1e300).nanoseconds == .min)
        #expect((Timestamp(seconds: 1) + 0.5) == Timestamp(nanoseconds: 1_500_000_000))
        #expect(Timestamp(nanoseconds: .max) - Timestamp(nanoseconds: -1) > 9e9)
        #expect(Timestamp(nanoseconds: 3) - Timestamp(nanoseconds: 1) == 2e-9)
    }
}
