import GestureProtocol

/// A daemon's line as a client reads it (GestureClient, gesturectl): decoded into a reply or an event, or refused
/// as malformed; whatever decodes encodes again into a line that decodes to the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let decoded = try? ServerLine.decode(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    let line = decoded.line()
    guard let again = try? ServerLine.decode(line.dropLast()) else {
        preconditionFailure("a decoded line encodes into one that does not decode: \(String(decoding: line, as: UTF8.self))")
    }
    precondition(again.line() == line, "a line encodes differently once decoded again: \(String(decoding: line, as: UTF8.self))")
    return 0
}
