import CSystemd
import Glibc

/// A connection to the session bus through libsystemd's sd-bus (already linked for sd_notify): method calls and
/// their replies, and the calls others make to this connection (a KWin script's callDBus), and the signals it asked
/// for, kept, read and answered.
/// Every wait is bounded by `timeout`. sd-bus's variadic helpers are out of Swift's reach; its message functions
/// (a value appended or read at a time) are what this uses.
final class SessionBus {
    /// The values the calls here carry: KWin's scripting takes and gives strings and 32-bit integers.
    enum Value: Equatable {
        case string(String)
        case int32(Int32)
    }

    /// A call made to this connection (or a signal it asked for, AddMatch), held until it is answered.
    final class Call {
        let member: String
        let body: [Value]
        fileprivate let message: OpaquePointer

        fileprivate init(_ message: OpaquePointer) {
            self.message = sd_bus_message_ref(message)
            member = sd_bus_message_get_member(message).map { String(cString: $0) } ?? ""
            body = SessionBus.values(of: message)
        }

        deinit { sd_bus_message_unref(message) }
    }

    let uniqueName: String
    private let bus: OpaquePointer
    private let timeout: Duration
    /// Calls to this connection that came while something else was awaited, at most `keptCalls`.
    private var calls: [Call] = []
    static let keptCalls = 16

    init(address: String, timeout: Duration) throws(SessionBusError) {
        self.timeout = timeout
        var made: OpaquePointer?
        try Self.check(sd_bus_new(&made), "making a bus connection")
        guard let made else { throw SessionBusError("sd_bus_new gave no connection") }
        do {
            try Self.check(sd_bus_set_address(made, address), "the bus address \(address)")
            try Self.check(sd_bus_set_bus_client(made, 1), "a bus client")
            try Self.check(sd_bus_start(made), "connecting to \(address)")
            var name: UnsafePointer<CChar>?
            try Self.check(sd_bus_get_unique_name(made, &name), "the connection's unique name")
            uniqueName = name.map { String(cString: $0) } ?? ""
        } catch {
            sd_bus_flush_close_unref(made)
            throw error
        }
        bus = made
        let filtered = sd_bus_add_filter(bus, nil, { message, userdata, _ in
            guard let message, let userdata, sd_bus_message_is_method_call(message, nil, nil) > 0 || sd_bus_message_is_signal(message, nil, nil) > 0
            else { return 0 }
            Unmanaged<SessionBus>.fromOpaque(userdata).takeUnretainedValue().keep(Call(message))
            return 1
        }, Unmanaged.passUnretained(self).toOpaque())
        if filtered < 0 {
            sd_bus_flush_close_unref(bus)
            throw SessionBusError("filtering the calls made to this connection: \(String(cString: strerror(-filtered)))")
        }
    }

    deinit { sd_bus_flush_close_unref(bus) }

    private var microseconds: UInt64 {
        UInt64(timeout.components.seconds) * 1_000_000 + UInt64(timeout.components.attoseconds / 1_000_000_000_000)
    }

    /// A method call and its reply's body; an error reply is thrown with its name and message.
    @discardableResult
    func call(destination: String, path: String, interface: String, member: String, _ body: [Value] = []) throws(SessionBusError) -> [Value] {
        let what = "\(interface).\(member) on \(path)"
        var message: OpaquePointer?
        try Self.check(sd_bus_message_new_method_call(bus, &message, destination, path, interface, member), what)
        defer { sd_bus_message_unref(message) }
        for value in body {
            switch value {
            case .string(let text): try Self.check(text.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }, what)
            case .int32(var number): try Self.check(sd_bus_message_append_basic(message, CChar(UInt8(ascii: "i")), &number), what)
            }
        }
        var error = sd_bus_error(name: nil, message: nil, _need_free: 0)
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        let called = sd_bus_call(bus, message, microseconds, &error, &reply)
        guard called >= 0, let reply else {
            let name = error.name.map { String(cString: $0) } ?? String(cString: strerror(-called))
            let text = error.message.map { " " + String(cString: $0) } ?? ""
            throw SessionBusError("\(what) failed: \(name)\(text)")
        }
        defer { sd_bus_message_unref(reply) }
        return Self.values(of: reply)
    }

    /// The first call made to this connection that `wanted` takes, within the timeout: among those that came while
    /// something else was waited for, then as they come. A call can come before the reply awaited (a script's
    /// callDBus, sent while KWin evaluates it, before its run() is answered): such calls are kept, the last
    /// `keptCalls`, and an older one is answered and dropped.
    func receive(_ wanted: (Call) -> Bool) throws(SessionBusError) -> Call {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let kept = calls.firstIndex(where: wanted) { return calls.remove(at: kept) }
            let processed = sd_bus_process(bus, nil)
            if processed < 0 { throw SessionBusError("reading the bus: \(String(cString: strerror(-processed)))") }
            if processed > 0 { continue }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw SessionBusError("no call within \(timeout)") }
            let waited = sd_bus_wait(bus, UInt64(left.components.seconds) * 1_000_000 + UInt64(left.components.attoseconds / 1_000_000_000_000))
            if waited < 0 && waited != -EINTR { throw SessionBusError("waiting on the bus: \(String(cString: strerror(-waited)))") }
        }
    }

    /// The next call made to this connection that `wanted` takes, waiting as long as it takes; nil once the
    /// connection broke or `stopping` became readable.
    func nextCall(stopping: Int32, _ wanted: (Call) -> Bool) -> Call? {
        while true {
            if let kept = calls.firstIndex(where: wanted) { return calls.remove(at: kept) }
            let processed = sd_bus_process(bus, nil)
            if processed < 0 { return nil }
            if processed > 0 { continue }
            let events = sd_bus_get_events(bus)
            guard events >= 0 else { return nil }
            var watched = [pollfd(fd: sd_bus_get_fd(bus), events: Int16(events), revents: 0), pollfd(fd: stopping, events: Int16(POLLIN), revents: 0)]
            if poll(&watched, 2, -1) < 0 && errno != EINTR { return nil }
            if watched[1].revents != 0 { return nil }
        }
    }

    /// An empty reply to a call made to this connection (none when it asked for none).
    func answer(_ call: Call) {
        guard sd_bus_message_get_expect_reply(call.message) > 0 else { return }
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(call.message, &reply) >= 0 else { return }
        _ = sd_bus_send(bus, reply, nil)
        sd_bus_message_unref(reply)
    }

    private func keep(_ call: Call) {
        calls.append(call)
        if calls.count > Self.keptCalls { answer(calls.removeFirst()) }
    }

    /// A message's strings and 32-bit integers, in order, up to the first value of another type.
    fileprivate static func values(of message: OpaquePointer) -> [Value] {
        var values: [Value] = []
        while true {
            var type: CChar = 0
            guard sd_bus_message_peek_type(message, &type, nil) > 0 else { return values }
            switch UInt8(bitPattern: type) {
            case UInt8(ascii: "s"):
                var text: UnsafePointer<CChar>?
                guard sd_bus_message_read_basic(message, type, &text) > 0, let text else { return values }
                values.append(.string(String(cString: text)))
            case UInt8(ascii: "i"):
                var number: Int32 = 0
                guard sd_bus_message_read_basic(message, type, &number) > 0 else { return values }
                values.append(.int32(number))
            default:
                return values
            }
        }
    }

    private static func check(_ result: Int32, _ what: String) throws(SessionBusError) {
        guard result >= 0 else { throw SessionBusError("\(what): \(String(cString: strerror(-result)))") }
    }
}

struct SessionBusError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
