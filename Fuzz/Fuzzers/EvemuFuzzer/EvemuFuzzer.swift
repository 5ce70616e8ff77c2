import CaptureFormats
import FuzzInput

/// The evemu reader: a description with events, a description alone, or bare `E:` lines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? EvemuFormat.parse(fuzzText(data, size), source: "fuzz.evemu")
    return 0
}
