import Testing

@testable import DesktopFocus

/// The D-Bus client's messages and addresses (dbus-specification); its talk with a real bus and KWin is
/// KDEFocusTests'.
struct SessionBusTests {
    @Test func aMessageIsLaidOutAsTheSpecificationSaysAndReadBack() throws {
        var call = SessionBusMessage(kind: .methodCall, serial: 7)
        (call.destination, call.path, call.interface, call.member) = ("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "loadScript")
        call.body = [.string("/run/user/1000/s.js"), .string("plugin")]
        let bytes = call.encoded()
        // 'l', METHOD_CALL, no flags, version 1; the body's length (4 + 19 + 1, then 4 + 6 + 1) and the serial.
        #expect(Array(bytes.prefix(12)) == [0x6C, 1, 0, 1, 35, 0, 0, 0, 7, 0, 0, 0])
        // The first header field at 16: PATH (1), signature "o", the path's length aligned to 4.
        #expect(Array(bytes[16..<24]) == [1, 1, UInt8(ascii: "o"), 0, 10, 0, 0, 0])
        #expect(try SessionBusMessage.length(fixedHeader: Array(bytes.prefix(16)), limit: 1000) == bytes.count)
        // The header padded to 8, the body after it.
        #expect(bytes.count % 8 == 35 % 8)

        let read = try SessionBusMessage(decoding: bytes)
        #expect(read.kind == .methodCall && read.serial == 7)
        #expect([read.destination, read.path, read.interface, read.member] == ["org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "loadScript"])
        #expect(read.body == call.body)

        var reply = SessionBusMessage(kind: .methodReturn, serial: 3)
        (reply.replySerial, reply.body) = (7, [.int32(-1), .bool(true), .uint32(42)])
        let back = try SessionBusMessage(decoding: reply.encoded())
        #expect(back.replySerial == 7 && back.body == [.int32(-1), .bool(true), .uint32(42)])
    }

    @Test func whatIsNotReadIsRefusedAndNothingBeyondTheLimitIsWaitedFor() {
        var call = SessionBusMessage(kind: .methodCall, serial: 1)
        call.body = [.string(String(repeating: "x", count: 2000))]
        let bytes = call.encoded()
        #expect(throws: SessionBusError.self) { try SessionBusMessage.length(fixedHeader: Array(bytes.prefix(16)), limit: 1000) }
        var bigEndian = bytes
        bigEndian[0] = UInt8(ascii: "B")
        #expect(throws: SessionBusError.self) { try SessionBusMessage.length(fixedHeader: Array(bigEndian.prefix(16)), limit: 1 << 20) }
        #expect(throws: SessionBusError.self) { try SessionBusMessage(decoding: Array(bytes.prefix(bytes.count - 100))) }
    }

    @Test func theBusIsTheFirstUnixPathAddress() throws {
        #expect(try SessionBus.socketPath("unix:path=/run/user/1000/bus") == "/run/user/1000/bus")
        #expect(try SessionBus.socketPath("unix:abstract=/tmp/dbus-x,guid=1;unix:path=/tmp/a%20b,guid=2") == "/tmp/a b")
        #expect(throws: SessionBusError.self) { try SessionBus.socketPath("unix:abstract=/tmp/dbus-XYZ,guid=0123") }
        #expect(throws: SessionBusError.self) { try SessionBus.socketPath("tcp:host=localhost,port=1234") }
    }
}
