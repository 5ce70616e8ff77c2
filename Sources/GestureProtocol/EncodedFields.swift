/// A piece of an event line encoded once and written as it is into many lines (`LineCursor.raw`): the names an
/// event line repeats (a recognizer's, a device's, a region's; a state), which cost more to quote and escape each
/// time than the rest of the line.
public struct EncodedFields: Sendable {
    let bytes: [UInt8]

    /// `opening` (JSON text), then the fields `write` puts into an empty writer, commas between them.
    init(_ opening: StaticString, _ write: (inout JSONWriter) -> Void) {
        var w = JSONWriter(capacity: 128)
        w.write(maximum: opening.utf8CodeUnitCount) { $0.raw(opening) }
        write(&w)
        bytes = w.written
    }
}
