import FuzzInput
import GestureTrace

/// Text traces (`gestured trace`, docs/traces.md): the scene, the recognizers with their settings and relations,
/// and the timed touches, run through the engine on the trace's own clock.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    do {
        _ = try Trace.run(text)
    } catch {
        let lines = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
        precondition((0...lines).contains(error.line), "an error outside the trace: \(error)")
    }
    return 0
}
