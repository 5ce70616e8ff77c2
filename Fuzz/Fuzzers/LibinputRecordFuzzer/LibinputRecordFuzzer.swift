import CaptureFormats
import FuzzInput

/// libinput record's YAML, through Yams and the libyaml it vendors: any text gives a recording or an error at one of
/// its lines (libyaml counts \r, \n, \r\n and the Unicode line and paragraph separators as line breaks). A recording
/// is the touch device the reader promises, with times the clock can hold, and replays into frames or an error.
/// The events lists read from their bytes give what Yams gives when it reads them: the same recording or error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinputRecord(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    let byYams = Result { () throws(RecordingError) in try LibinputRecordFormat.parse(text, source: "fuzz.yml", readingEventListsFirst: false) }
    do {
        let recording = try LibinputRecordFormat.parse(text, source: "fuzz.yml")
        let same = try? byYams.get()
        precondition(same?.description == recording.description && same?.events == recording.events, "read otherwise by Yams: \(byYams)")
        precondition(recording.description?.positionAxes != nil, "a recording of a device without position axes")
        precondition(recording.events.allSatisfy { $0.time.nanoseconds >= 0 }, "an event before the clock's start")
        _ = try? Replay.frames(of: recording, source: "fuzz.yml")
    } catch {
        // Yams marks a key given twice at the first of the duplicated keys in its own order, in which keys of
        // different kinds (a scalar, a mapping) are unordered: its line then changes from one parse to the next.
        guard case .failure(let same) = byYams,
            same == error || (same.message == error.message && error.message.hasPrefix("a key given twice"))
        else { preconditionFailure("\(error); by Yams: \(byYams)") }
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
