import Testing
import UnistrokeLogs

/// How the $1 unistroke logs are read (UnistrokeLogs), on a drawing written by hand in their format.
@Suite struct UnistrokeLogTests {
    static let xml = """
        \u{FEFF}<?xml version="1.0" encoding="utf-8" standalone="yes"?>
        <Gesture Name="check07" Subject="2" Speed="medium" Number="7" NumPts="4" Millseconds="30" AppName="Gestures">
          <Point X="50" Y="242" T="11435895" />
          <Point X="52" Y="246" T="11435905" />
          <Point X="52" Y="246" T="11435915" />
          <Point Y="240" X="60" T="11435925" />
        </Gesture>
        """

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
