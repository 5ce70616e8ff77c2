import Foundation
import GestureProtocol
import Testing

/// The line a person reads for an event (gesturectl monitor, gestured replay --format text), from the protocol's
/// own lines.
@Suite struct EventTextTests {
    static func text(_ json: String) throws -> String {
        guard case .object(let event) = try JSONValue.parse(Data(json.utf8)) else { throw CancellationError() }
        return EventText.line(event)
    }

    @Test func aGestureSaysWhenWhatWhereAndItsValues() throws {
        let line = try Self.text(
            #"{"type":"gesture","recognizer":"pan","kind":"pan","state":"began","device":"touch","region":"app","time":1.01,"touches":1,"location":{"mm":[102,100.5],"px":[640,360]},"values":{"translation_mm":[0.4,0],"velocity_mm_s":[200,0]}}"#)
        #expect(line == "1.010  pan              pan        began     touch/app            1 finger(s) at (102, 100.50) mm (640, 360) px  translation_mm=(0.40, 0) velocity_mm_s=(200, 0)")
    }

    /// JSON writes a whole second as an integer: the line still gives it three decimals, as every other time.
    @Test func aTimeOfWholeSecondsHasItsDecimals() throws {
        let line = try Self.text(#"{"type":"touch","device":"touch","region":"touch","id":3,"phase":"ended","time":6,"location":{"mm":[1,2]}}"#)
        #expect(line == "6.000  touch 3 ended      touch/touch at (1, 2) mm")
    }

    @Test func aPlaceNotShownIsSaidSo() throws {
        let line = try Self.text(#"{"type":"gesture","recognizer":"tap","kind":"tap","state":"ended","device":"d","region":"r","time":2.5,"touches":1,"positions":false}"#)
        #expect(line.hasSuffix("1 finger(s) at a place not shown"))
    }

    @Test func devicesComeAndGo() throws {
        #expect(
            try Self.text(#"{"type":"device_added","device":{"name":"touch","node":"r.evemu","device_name":"pad","kind":"touchpad"}}"#)
                == "device added: touch (pad, touchpad, r.evemu)")
        #expect(try Self.text(#"{"type":"device_removed","device":"touch","node":"r.evemu","time":13.66}"#) == "13.660  device removed: touch (r.evemu)")
    }
}
