import Foundation
import GestureProtocol
import Testing

/// The line a person reads for an event (gesturectl monitor, gestured replay --format text), from the protocol's
/// own lines.
@Suite struct EventTextTests {
    static func text(_ json: String) throws -> String {
        guard case .event(let event) = try ServerLine.decode(Array(json.utf8)) else { throw CancellationError() }
        return EventText.line(event)
    }

    @Test func aGestureSaysWhenWhatWhereAndItsValues() throws {
        let line = try Self.text(
            #"{"type":"gesture","recognizer":"pan","kind":"pan","state":"began","device":"touch","node":"n","region":"app","time":1.01,"touches":1,"location":{"mm":[102,100.5],"normalized":[0.34,0.5],"px":[640,360]},"values":{"translation_mm":[0.4,0],"velocity_mm_s":[200,0]}}"#)
        #expect(line == "1.010  pan              pan        began     touch/app            1 finger(s) at (102, 100.50) mm (640, 360) px  translation_mm=(0.40, 0) velocity_mm_s=(200, 0)")
    }

    /// JSON writes a whole second as an integer: the line still gives it three decimals, as every other time.
    @Test func aTimeOfWholeSecondsHasItsDecimals() throws {
        let line = try Self.text(#"{"type":"touch","device":"touch","node":"n","region":"touch","id":3,"phase":"ended","time":6,"touch_type":"direct","location":{"mm":[1,2],"normalized":[0,0]}}"#)
        #expect(line == "6.000  touch 3 ended      touch/touch at (1, 2) mm")
    }

    @Test func aPlaceNotShownIsSaidSo() throws {
        let line = try Self.text(#"{"type":"gesture","recognizer":"tap","kind":"tap","state":"ended","device":"d","node":"n","region":"r","time":2.5,"touches":1,"positions":false,"values":{"taps":1}}"#)
        #expect(line.hasSuffix("1 finger(s) at a place not shown  taps=1"))
    }

    @Test func devicesComeAndGo() throws {
        #expect(
            try Self.text(#"{"type":"device_added","device":{"name":"touch","node":"r.evemu","device_name":"pad","kind":"touchpad","size_mm":[100,60],"size_source":"resolution","rotation":0}}"#)
                == "device added: touch (pad, touchpad, r.evemu)")
        #expect(try Self.text(#"{"type":"device_removed","device":"touch","node":"r.evemu","time":13.66}"#) == "13.660  device removed: touch (r.evemu)")
    }
}
