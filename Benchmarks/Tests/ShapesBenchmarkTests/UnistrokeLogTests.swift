import Testing
import UnistrokeLogs

/// How the $1 unistroke logs are read (UnistrokeLogs), on a drawing written by hand in their format.
@Suite struct UnistrokeLogTests {
    /// The drawing the benchmark's own tests read (`ShapesBenchmarkTests.xml`).
    static let xml = ShapesBenchmarkTests.xml

    @Test func aFileNamesItsShapeWithoutTheRepetition() {
        #expect(UnistrokeLog.shape(ofFile: "check07.xml") == "check")
        #expect(UnistrokeLog.shape(ofFile: "left_sq_bracket10.xml") == "left_sq_bracket")
        #expect(UnistrokeLog.shape(ofFile: "v01.xml") == "v")
    }

    @Test func pointsAreReadInOrderWithTimesFromTheFirst() {
        let points = UnistrokeLog.points(inXML: Self.xml)
        #expect(points.map(\.x) == [50, 52, 52, 60])
        #expect(points.map(\.y) == [242, 246, 246, 240])
        #expect(points.map(\.ms) == [0, 10, 20, 30])
    }
}
