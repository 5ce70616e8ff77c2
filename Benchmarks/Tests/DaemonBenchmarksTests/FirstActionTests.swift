@testable import DaemonBenchmarks
import Testing

/// How `first-action` tells which frame each program's line is about and compares the two (docs/quality.md,
/// "First action beside libinput"), on lines written by hand.
@Suite struct FirstActionTests {
    /// Frames written every 10 ms from 1 s, the kernel's clock in ns.
    static let written: [Int64] = (0..<10).map { 1_000_000_000 + $0 * 10_000_000 + 400 }

    @Test func aLineIsAboutTheLastFrameWrittenAtOrBeforeItsTimeToTheMicrosecond() {
        // The kernel stamped frame 2 within the microsecond its write began: given to the microsecond, its time is
        // before the write's nanoseconds, and it is still frame 2's.
        #expect(FirstActions.frame(at: 1_020_000_000, written: Self.written) == 2)
        #expect(FirstActions.frame(at: 1_029_999_000, written: Self.written) == 2)
        #expect(FirstActions.frame(at: 1_500_000_000, written: Self.written) == 9)
        #expect(FirstActions.frame(at: 999_000_000, written: Self.written) == nil)
    }

    @Test func libinputsTapPressIsAboutTheFrameBeforeItArrivedNotTheLandingItIsDatedTo() {
        let lines: [(arrived: Int64, text: String)] = [
            (1_001_000_000, "DEVICE_ADDED 0 1000999000"),
            // Dated to frame 1 (the landing), read after frame 6 (the lift).
            (1_062_000_000, "POINTER_BUTTON 1010000 272 pressed 1061900000"),
            (1_063_000_000, "POINTER_BUTTON 1010000 272 released 1062900000"),
            (1_072_000_000, "POINTER_MOTION 1070000 1071900000"),
            (1_081_000_000, "POINTER_BUTTON 1080000 273 pressed 1080900000"),
            (1_091_000_000, "GESTURE_PINCH_BEGIN 1090000 1090900000"),
        ]
        let parsed = FirstActions.libinput(lines, written: Self.written)
        #expect(parsed.map(\.frame) == [6, 7, 8, 9])
        #expect(parsed.map(\.classes) == [["tap"], ["pointer"], ["two-finger-tap"], ["pinch", "rotation"]])
        #expect(parsed[0].what == "POINTER_BUTTON 272 pressed")
    }

    @Test func gesturedsLinesAreTheClassOfTheirRecognizerAboutTheFrameOfTheirTime() {
        let lines = [
            OutputLine(arrived: 1_035_000_000, time: 1_030_000_000, text: "pointer began"),
            OutputLine(arrived: 1_036_000_000, time: nil, text: "tap ended"),
        ]
        let parsed = FirstActions.gestured(lines, classOf: { $0 == "pointer" ? "pointer" : "other" }, written: Self.written)
        #expect(parsed == [FirstActions.Line(frame: 3, arrived: 1_035_000_000, classes: ["pointer"], what: "pointer began")])
    }

    @Test func aFilesFirstActionIsTheFirstToArriveOfItsClassesAboutOneOfItsFrames() {
        let lines = [
            FirstActions.Line(frame: 2, arrived: 1_050_000_000, classes: ["scroll"], what: "scroll from the file before"),
            FirstActions.Line(frame: 6, arrived: 1_065_000_000, classes: ["pointer"], what: "pointer began"),
            FirstActions.Line(frame: 7, arrived: 1_071_000_000, classes: ["scroll"], what: "scroll began"),
            FirstActions.Line(frame: 5, arrived: 1_080_000_000, classes: ["scroll"], what: "scroll, late"),
        ]
        let first = FirstActions.first(lines, in: 5..<10, of: ["scroll"], written: Self.written)
        #expect(first?.frame == 2 && first?.what == "scroll began")
        #expect(abs((first?.ms ?? 0) - 20.9996) < 1e-6)
        #expect(FirstActions.first(lines, in: 5..<10, of: ["tap"], written: Self.written) == nil)
    }

    static func result(_ category: String, gestured: (Int, Double)?, libinput: (Int, Double)?) -> FirstActionResult {
        FirstActionResult(
            name: "f", path: "f", board: "b", category: category, classes: [category], frames: 10,
            gestured: gestured.map { FirstAction(frame: $0.0, ms: $0.1, what: "") }, libinput: libinput.map { FirstAction(frame: $0.0, ms: $0.1, what: "") })
    }

    @Test func theComparisonCountsFilesWhereOnlyOneActedApartAndTakesQuartilesOfTheRest() throws {
        let comparison = Comparison([
            Self.result("scroll", gestured: (3, 30), libinput: (3, 28)),  // same frame, read 2 ms later
            Self.result("scroll", gestured: (2, 20), libinput: (4, 40)),
            Self.result("scroll", gestured: (5, 50), libinput: (4, 41)),
            Self.result("scroll", gestured: (1, 10), libinput: (1, 12)),
            Self.result("scroll", gestured: (1, 10), libinput: nil),
            Self.result("scroll", gestured: nil, libinput: (1, 10)),
            Self.result("scroll", gestured: nil, libinput: nil),
        ])
        #expect(comparison.files == 7 && comparison.both == 4)
        #expect(comparison.onlyGestured == 1 && comparison.onlyLibinput == 1 && comparison.neither == 1)
        #expect(comparison.noLaterByFrame == 3 && comparison.noLaterByArrival == 2)
        // Differences -20, -2, +2, +9: the median between the middle two, the quartiles between their ranks.
        let quartiles = try #require(comparison.quartiles)
        #expect(quartiles.median == 0 && quartiles.first == -6.5 && quartiles.third == 3.75)
    }

    @Test func theVMIsGivenTheMachinesDMIFieldsAsQEMUsSmbiosOption() throws {
        #expect(try FirstActionCommand.Plan.smbios("dmi:svnSAMSUNG:pnLumpy:") == "type=1,manufacturer=SAMSUNG,product=Lumpy")
        #expect(try FirstActionCommand.Plan.smbios("dmi:pnAlex:") == "type=1,product=Alex")
        #expect(throws: BenchmarkError.self) { try FirstActionCommand.Plan.smbios("dmi:bvncoreboot:pnLeon:") }
        #expect(LabelledTouchpads.dmiField("pn", of: "dmi:svnGOOGLE:pnLink:") == "Link")
    }
}
