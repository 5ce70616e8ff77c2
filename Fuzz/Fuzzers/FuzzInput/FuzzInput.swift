/// The bytes libFuzzer hands a harness, as the text a file read would give: invalid UTF-8 is repaired
/// rather than refused, so the parsers see every byte sequence that can reach them as a String.
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}
