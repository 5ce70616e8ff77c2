import GestureProtocol

/// A daemon's line as a client reads it (GestureClient, gesturectl): decoded into a reply or an event, or refused
/// as malformed, never a trap; whatever decodes encodes into a line that decodes again. (Not byte for byte the
/// same once more: a number beyond 2^53 can come back from Foundation's JSON parser an ulp apart, and no daemon
/// writes one.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let decoded = try? ServerLine.decode(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    let line = decoded.line()
    guard (try? ServerLine.decode(line.dropLast())) != nil else {
        preconditionFailure("a decoded line encodes into one that does not decode: \(String(decoding: line, as: UTF8.self))")
    }
    return 0
}
