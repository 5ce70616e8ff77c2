import FuzzInput
import InputCore

/// Android's getevent text (`-lt` logs, `-lp` descriptions): any text gives a recording or an error at one of its
/// lines. A log's events are a device's that sends touch positions, a description alone has position axes, and a
/// recording replays into frames or an error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGetevent(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    do {
        let recording = try GeteventFormat.parse(text, source: "fuzz.getevent")
        let positions: Set<UInt16> = [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY]
        if !recording.events.isEmpty {
            precondition(
                recording.events.contains { $0.type == EventType.abs && positions.contains($0.code) }, "events without touch positions")
        } else if let description = recording.description {
            precondition(description.positionAxes != nil, "a description without position axes")
        }
        _ = try? Replay.frames(of: recording, source: "fuzz.getevent")
    } catch {
        let lines = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
        precondition((1...lines).contains(error.line), "an error outside the file: \(error)")
    }
    return 0
}
