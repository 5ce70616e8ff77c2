/// A D-Bus message as the specification lays it out (dbus-specification, Message Protocol), in little-endian byte
/// order, with only what asking KWin needs: the header's fields, and bodies of strings, 32-bit integers and
/// booleans. Alignment counts from the message's start; the body starts at a multiple of 8, so it is marshalled
/// on its own.
struct SessionBusMessage {
    enum Kind: UInt8 {
        case methodCall = 1, methodReturn = 2, error = 3, signal = 4
    }

    enum Value: Equatable {
        case string(String)
        case int32(Int32)
        case uint32(UInt32)
        case bool(Bool)

        var signature: Character {
            switch self {
            case .string: "s"
            case .int32: "i"
            case .uint32: "u"
            case .bool: "b"
            }
        }
    }

    var kind: Kind
    /// NO_REPLY_EXPECTED (1) for a reply to a call.
    var flags: UInt8 = 0
    var serial: UInt32
    var path: String?
    var interface: String?
    var member: String?
    var errorName: String?
    var replySerial: UInt32?
    var destination: String?
    var sender: String?
    var body: [Value] = []

    /// The fixed part of a header: byte order, kind, flags, version, body length, serial, header fields' length.
    static let fixedHeaderSize = 16
    static let littleEndian = UInt8(ascii: "l")

    func encoded() -> [UInt8] {
        var fields = Writer()
        func field(_ code: UInt8, _ type: String, _ write: (inout Writer) -> Void) {
            fields.pad(to: 8, from: Self.fixedHeaderSize)
            fields.byte(code)
            fields.signature(type)
            write(&fields)
        }
        // The field codes of the specification's Header Fields table.
        if let path { field(1, "o") { $0.string(path) } }
        if let interface { field(2, "s") { $0.string(interface) } }
        if let member { field(3, "s") { $0.string(member) } }
        if let errorName { field(4, "s") { $0.string(errorName) } }
        if let replySerial { field(5, "u") { $0.uint32(replySerial) } }
        if let destination { field(6, "s") { $0.string(destination) } }
        if !body.isEmpty { field(8, "g") { $0.signature(String(body.map(\.signature))) } }
        var bodyBytes = Writer()
        for value in body {
            switch value {
            case .string(let string): bodyBytes.string(string)
            case .int32(let number): bodyBytes.uint32(UInt32(bitPattern: number))
            case .uint32(let number): bodyBytes.uint32(number)
            case .bool(let flag): bodyBytes.uint32(flag ? 1 : 0)
            }
        }
        var message = Writer()
        message.bytes = [Self.littleEndian, kind.rawValue, flags, 1]
        message.uint32(UInt32(bodyBytes.bytes.count))
        message.uint32(serial)
        message.uint32(UInt32(fields.bytes.count))
        message.bytes += fields.bytes
        message.pad(to: 8, from: 0)
        return message.bytes + bodyBytes.bytes
    }

    /// The whole message's length from its first 16 bytes, checked against `limit`.
    static func length(fixedHeader bytes: [UInt8], limit: Int) throws(SessionBusError) -> Int {
        guard bytes.count == fixedHeaderSize else { throw SessionBusError("a message shorter than its header") }
        guard bytes[0] == littleEndian else {
            throw SessionBusError("a message in big-endian byte order, which this client does not read")
        }
        var reader = Reader(bytes)
        reader.offset = 4
        let bodyLength = try reader.uint32()
        reader.offset = 12
        let fieldsLength = try reader.uint32()
        let headerLength = (fixedHeaderSize + Int(fieldsLength) + 7) / 8 * 8
        let total = headerLength + Int(bodyLength)
        guard total <= limit else { throw SessionBusError("a message of \(total) bytes, beyond the limit of \(limit)") }
        return total
    }

    init(kind: Kind, serial: UInt32) {
        self.kind = kind
        self.serial = serial
    }

    /// A whole message, as `length` measured it.
    init(decoding bytes: [UInt8]) throws(SessionBusError) {
        var reader = Reader(bytes)
        reader.offset = 1
        guard let kind = Kind(rawValue: try reader.byte()) else { throw SessionBusError("a message of an unknown type") }
        self.kind = kind
        flags = try reader.byte()
        reader.offset = 8
        serial = try reader.uint32()
        let fieldsEnd = Self.fixedHeaderSize + Int(try reader.uint32())
        var signature = ""
        while reader.offset < fieldsEnd {
            reader.align(8)
            let code = try reader.byte()
            let type = try reader.signature()
            switch (code, type) {
            case (1, "o"): path = try reader.string()
            case (2, "s"): interface = try reader.string()
            case (3, "s"): member = try reader.string()
            case (4, "s"): errorName = try reader.string()
            case (5, "u"): replySerial = try reader.uint32()
            case (6, "s"): destination = try reader.string()
            case (7, "s"): sender = try reader.string()
            case (8, "g"): signature = try reader.signature()
            case (9, "u"): _ = try reader.uint32()  // UNIX_FDS: none are asked for or taken.
            default: throw SessionBusError("a header field \(code) of type \(type)")
            }
        }
        reader.offset = fieldsEnd
        reader.align(8)
        for type in signature {
            switch type {
            case "s", "o": body.append(.string(try reader.string()))
            case "i": body.append(.int32(Int32(bitPattern: try reader.uint32())))
            case "u": body.append(.uint32(try reader.uint32()))
            case "b": body.append(.bool(try reader.uint32() != 0))
            default: throw SessionBusError("a body of signature \(signature), of which \(type) is not read here")
            }
        }
    }

    /// Marshals values, each aligned to its size counted from `from`.
    struct Writer {
        var bytes: [UInt8] = []

        mutating func pad(to alignment: Int, from start: Int) {
            while (start + bytes.count) % alignment != 0 { bytes.append(0) }
        }

        mutating func byte(_ value: UInt8) { bytes.append(value) }

        mutating func uint32(_ value: UInt32) {
            pad(to: 4, from: 0)
            bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }

        mutating func string(_ value: String) {
            uint32(UInt32(value.utf8.count))
            bytes += value.utf8
            bytes.append(0)
        }

        mutating func signature(_ value: String) {
            bytes.append(UInt8(value.utf8.count))
            bytes += value.utf8
            bytes.append(0)
        }
    }

    /// Reads values, each aligned from the message's start; every read checked against the end.
    struct Reader {
        let bytes: [UInt8]
        var offset = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func align(_ alignment: Int) { offset = (offset + alignment - 1) / alignment * alignment }

        mutating func byte() throws(SessionBusError) -> UInt8 {
            guard offset < bytes.count else { throw SessionBusError("a message that ends too soon") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func uint32() throws(SessionBusError) -> UInt32 {
            align(4)
            guard offset + 4 <= bytes.count else { throw SessionBusError("a message that ends too soon") }
            defer { offset += 4 }
            return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
        }

        mutating func string() throws(SessionBusError) -> String {
            let length = Int(try uint32())
            return try text(length)
        }

        mutating func signature() throws(SessionBusError) -> String { try text(Int(try byte())) }

        /// `length` bytes and the NUL after them.
        private mutating func text(_ length: Int) throws(SessionBusError) -> String {
            guard length < bytes.count - offset else { throw SessionBusError("a message that ends too soon") }
            defer { offset += length + 1 }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
    }
}

struct SessionBusError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
