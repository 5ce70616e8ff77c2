import NIOCore

/// Splits a client's bytes into request lines. A line longer than the protocol's limit is an error: the
/// server answers it and closes the connection instead of buffering without bound.
struct LineFramer: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    struct LineTooLong: Error {}

    let maximumLength: Int
    private var scanned = 0

    init(maximumLength: Int) { self.maximumLength = maximumLength }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        if let newline = view.dropFirst(scanned).firstIndex(of: UInt8(ascii: "\n")) {
            let length = newline - view.startIndex
            guard length <= maximumLength else { throw LineTooLong() }
            var line = buffer.readSlice(length: length)!
            buffer.moveReaderIndex(forwardBy: 1)
            scanned = 0
            // A trailing CR (a client on a terminal, say) is not part of the JSON.
            if line.readableBytesView.last == UInt8(ascii: "\r") { line = line.getSlice(at: line.readerIndex, length: line.readableBytes - 1)! }
            context.fireChannelRead(wrapInboundOut(line))
            return .continue
        }
        scanned = view.count
        if scanned > maximumLength { throw LineTooLong() }
        return .needMoreData
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        return .needMoreData
    }
}
