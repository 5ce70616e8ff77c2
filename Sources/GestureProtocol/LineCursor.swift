/// Writes a line of a fixed shape (an event line: the same keys in the same order every time) through one
/// pointer, into room made for the whole line at once by `JSONWriter.write(maximum:_:)`: its keys and
/// punctuation as pieces of text, the names encoded once per device (`EncodedFields`), its values between them.
/// Nothing is checked per piece (no room, no uniqueness, no closure): the caller's maximum bounds everything
/// written, and the caller writes the line whole, from its opening brace to its newline. A piece cost about 60
/// instructions through JSONWriter's checks, a line has twenty (docs/daemon.md, What a frame costs).
public struct LineCursor {
    private(set) var position: UnsafeMutablePointer<UInt8>

    init(_ position: UnsafeMutablePointer<UInt8>) { self.position = position }

    /// JSON text as it is.
    public mutating func raw(_ text: StaticString) { position = JSONText.raw(text, at: position) }

    /// Text encoded before, as it is.
    public mutating func raw(_ encoded: EncodedFields) {
        encoded.bytes.withUnsafeBufferPointer { bytes in
            position.update(from: bytes.baseAddress!, count: bytes.count)
            position += bytes.count
        }
    }

    /// A number rounded to `decimals` places (at most 9), as short as it can be written; `JSONText.numberBytes`.
    public mutating func fixed(_ d: Double, decimals: Int) { position = JSONText.fixed(d, decimals: decimals, at: position) }

    /// `JSONText.numberBytes`.
    public mutating func integer(_ n: Int) { position = JSONText.integer(Int64(n), at: position) }

    /// Seconds to the microsecond (a timestamp), exact; `JSONText.numberBytes`.
    public mutating func seconds(microseconds: Int64) { position = JSONText.decimal(microseconds, decimals: 6, at: position) }

    /// `JSONText.numberBytes`.
    public mutating func number(_ d: Double) { position = JSONText.number(d, at: position) }

    /// A string, quoted and escaped: `JSONText.quotedBytes` of its UTF-8 count.
    public mutating func string(_ s: String) { position = JSONText.quoted(s, at: position) }

    /// `x,y`, each rounded to `decimals` places.
    mutating func pair(_ p: Pair, decimals: Int) {
        fixed(p.x, decimals: decimals)
        raw(",")
        fixed(p.y, decimals: decimals)
    }
}
