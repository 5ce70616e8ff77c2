import CaptureFormats
import FuzzInput

/// Gesture scripts, and the recording `gestured synthesize` makes from one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let script = try? GestureScript(fuzzText(data, size), source: "fuzz.gestures") else { return 0 }
    _ = try? script.recording
    return 0
}
