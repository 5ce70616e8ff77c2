import CaptureFormats
import FuzzInput
import InputCore

/// Android's getevent text (`-lt` logs, `-lp` descriptions): any text gives a recording or an error at one of its
/// lines. A log's events are a device's that sends touch positions, a description alone has position axes, and a
/// recording replays into frames or an error. Read first, where the text starts as getevent's (Recording's
/// choice without its pass over every line), it gives the same recording or the same error, and the recording
/// is Recording's reading of the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGetevent(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    let first = Result { () throws(RecordingError) in try GeteventFormat.parseIfChosen(text, source: "fuzz.getevent") }
    let whole = Result { () throws(RecordingError) in try GeteventFormat.parse(text, source: "fuzz.getevent") }
    switch (first, whole) {
    case (.success(let chosen?), .success(let recording)):
        precondition(chosen.events == recording.events && chosen.description == recording.description, "read first, another recording")
        // Recording's own reading (which tries it after evemu's and evtest's) comes to the same recording.
        let read = try? Recording.parse(text, source: "fuzz.getevent")
        precondition(read?.events == recording.events && read?.description == recording.description, "Recording read another")
    case (.success(.some), .failure):
        preconditionFailure("read first, a recording where the reader finds an error")
    case (.failure(let a), .failure(let b)):
        precondition(a == b, "read first, another error: \(a) against \(b)")
    case (.failure(let a), .success):
        preconditionFailure("read first, an error where the reader finds a recording: \(a)")
    default:
        break
    }
    switch whole {
    case .success(let recording):
        let positions: Set<UInt16> = [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY]
        if !recording.events.isEmpty {
            precondition(
                recording.events.contains { $0.type == EventType.abs && positions.contains($0.code) }, "events without touch positions")
        } else if let description = recording.description {
            precondition(description.positionAxes != nil, "a description without position axes")
        }
        _ = try? Replay.frames(of: recording, source: "fuzz.getevent")
    case .failure(let error):
        let lines = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
        precondition((1...lines).contains(error.line), "an error outside the file: \(error)")
    }
    return 0
}
