import FuzzInput
import InputCore

/// libinput record's YAML, through Yams and the libyaml it vendors: any text gives a recording or an error at one of
/// its lines (libyaml counts \r, \n, \r\n and the Unicode line and paragraph separators as line breaks). A recording
/// is the touch device the reader promises, with times the clock can hold, and replays into frames or an error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinputRecord(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    do {
        let recording = try LibinputRecordFormat.parse(text, source: "fuzz.yml")
        precondition(recording.description?.positionAxes != nil, "a recording of a device without position axes")
        precondition(recording.events.allSatisfy { $0.time.nanoseconds >= 0 }, "an event before the clock's start")
        _ = try? Replay.frames(of: recording, source: "fuzz.yml")
    } catch {
        var breaks = 0
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            if ["\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) || (scalar == "\n" && previous != "\r") { breaks += 1 }
            previous = scalar
        }
        precondition((1...breaks + 1).contains(error.line), "an error outside the file: \(error)")
    }
    return 0
}
