@testable import GestureCore
@testable import GestureDaemon
import ConfigSchema
import GestureConfig
import GestureEngine
import Glibc
import Logging
import Testing

/// A reload's configuration is read on a thread of its own and comes back through the reader's descriptor; a
/// reload asked for meanwhile joins the read, and one that hangs is given up without holding the next ones.
@Suite struct ConfigurationReaderTests {
    /// A read that waits for a byte on a pipe: the test decides when it finishes.
    final class Gate: Sendable {
        let readEnd: Int32, writeEnd: Int32

        init() {
            var fds: [Int32] = [0, 0]
            _ = pipe(&fds)
            (readEnd, writeEnd) = (fds[0], fds[1])
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }

        func wait() {
            var byte: UInt8 = 0
            _ = Glibc.read(readEnd, &byte, 1)
        }

        func open() {
            var byte: UInt8 = 1
            _ = Glibc.write(writeEnd, &byte, 1)
        }
    }

    static func reader(_ gate: Gate) throws -> ConfigurationReader {
        try ConfigurationReader(file: "test.toml") {
            gate.wait()
            return Result { () throws(ConfigErrors) -> Configuration in try Configuration.parse("[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n", file: "test.toml") }
                .map { ($0, Access.resolve($0, logger: Logger(label: "test"))) }
        }
    }

    /// Waits (at most 10 s) for the reader's descriptor, then takes what came.
    static func result(_ reader: ConfigurationReader) -> ConfigurationReader.Outcome?? {
        var entry = pollfd(fd: reader.fd.rawValue, events: Int16(POLLIN), revents: 0)
        var polled = poll(&entry, 1, 10_000)
        // A signal interrupts the wait (another test's child ending): wait again.
        while polled < 0, errno == EINTR { polled = poll(&entry, 1, 10_000) }
        guard polled == 1 else { return nil }
        return .some(reader.take())
    }

    static func message(_ outcome: ConfigurationReader.Outcome??) -> String {
        switch outcome {
        case .some(.some(.success(let (c, _)))): "read \(c.recognizers.count)"
        case .some(.some(.failure(let e))): e.errors.map(\.message).joined()
        case .some(.none): "nothing"
        case .none: "no wake-up"
        }
    }

    @Test func aReloadAskedForDuringAReadJoinsIt() throws {
        let gate = Gate()
        let reader = try Self.reader(gate)
        #expect(reader.start(at: .seconds(1)))
        #expect(!reader.start(at: .seconds(1.5)), "joined")
        #expect(reader.isReading)
        #expect(reader.deadline == .seconds(11))
        gate.open()
        #expect(Self.message(Self.result(reader)) == "read 1")
        #expect(!reader.isReading && reader.deadline == nil)
    }

    @Test func aReadThatHangsIsGivenUpAndHoldsBackNoLaterReload() throws {
        let gate = Gate()
        let reader = try Self.reader(gate)
        reader.start(at: .seconds(1))
        reader.giveUp(at: .seconds(10.9))
        #expect(reader.isReading, "not yet")
        reader.giveUp(at: .seconds(11))
        #expect(Self.message(Self.result(reader)) == "reading test.toml took longer than 10 s; the running configuration stays")
        // While its thread still reads, another reload is refused at once rather than leaving another thread.
        reader.start(at: .seconds(20))
        #expect(Self.message(Self.result(reader)) == "the reload begun 19 s ago has not finished reading test.toml; the running configuration stays")
        // Its late result is thrown away; then reloads read again.
        gate.open()
        #expect(Self.message(Self.result(reader)) == "nothing")
        reader.start(at: .seconds(30))
        gate.open()
        #expect(Self.message(Self.result(reader)) == "read 1")
    }
}
