import CaptureFormats
import FuzzInput

/// The reader of evtest's text: its header and its `Event:` lines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvtest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? EvtestFormat.parse(fuzzText(data, size), source: "fuzz.evtest")
    return 0
}
