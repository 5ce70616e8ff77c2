import Foundation
import GestureProtocol
import Testing

/// Tests/WireFixtures: one line of every request, reply and event kind. Each decodes into the wire's types and
/// encodes back to the same bytes, so what the daemon writes and what a client reads are one model; the Python
/// client's tests read the same lines. docs/protocol.md's examples decode too.
@Suite struct WireFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("WireFixtures")

    static func lines(_ name: String) throws -> [String] {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    static func type(of line: String) -> String {
        guard case .object(let fields)? = try? JSONValue.parse(Data(line.utf8)), case .string(let type)? = fields["type"] else { return "" }
        return type
    }

    @Test(arguments: try lines("requests.jsonl"))
    func aRequestEncodesBackToItsLine(_ line: String) throws {
        let decoded = DecodedRequest(line: Array(line.utf8))
        let request = try decoded.request.get()
        #expect(String(decoding: request.line(id: decoded.id), as: UTF8.self) == line + "\n")
    }

    @Test(arguments: try lines("replies.jsonl") + lines("events.jsonl"))
    func aDaemonLineEncodesBackToItself(_ line: String) throws {
        let decoded = try ServerLine.decode(Array(line.utf8))
        #expect(String(decoding: decoded.line(), as: UTF8.self) == line + "\n")
    }

    @Test func everyKindHasAFixture() throws {
        #expect(Set(try Self.lines("requests.jsonl").map(Self.type)) == Set(Request.types))
        #expect(Set(try Self.lines("replies.jsonl").map(Self.type)) == Set(Reply.types))
        #expect(Set(try Self.lines("events.jsonl").map(Self.type)) == Set(Event.types))
    }

    @Test func repliesAndEventsAreToldApart() throws {
        for line in try Self.lines("replies.jsonl") {
            guard case .reply = try ServerLine.decode(Array(line.utf8)) else { throw TestFailure("not a reply: \(line)") }
        }
        for line in try Self.lines("events.jsonl") {
            guard case .event = try ServerLine.decode(Array(line.utf8)) else { throw TestFailure("not an event: \(line)") }
        }
    }

    @Test func theValuesAreTyped() throws {
        guard case .event(.gesture(let pan)) = try ServerLine.decode(Array(try Self.lines("events.jsonl")[4].utf8)) else {
            throw TestFailure("the fifth event is not a gesture")
        }
        #expect(pan.kind == "pan" && pan.state == .changed && pan.time == DaemonTime(microseconds: 8_124_500_000))
        #expect(pan.values == .pan(translation: Pair(60.5, -0.25), velocity: Pair(210.125, 0)) && pan.values.custom.isEmpty)
        guard case .event(.gesture(let withheld)) = try ServerLine.decode(Array(try Self.lines("events.jsonl")[1].utf8)) else {
            throw TestFailure("the second event is not a gesture")
        }
        #expect(withheld.location == nil && withheld.values == .tap(taps: 1))
        guard case .event(.gesture(let shape)) = try ServerLine.decode(Array(try Self.lines("events.jsonl")[10].utf8)) else {
            throw TestFailure("the eleventh event is not a gesture")
        }
        #expect(shape.kind == "shape" && shape.values == .shape(name: "star", score: 0.912345) && shape.values.shape == "star")
    }

    /// What a line that is not the protocol's is told: malformed, with what is wrong and where.
    @Test(arguments: [
        (#"{"type":"gesture","recognizer":"tap"}"#, "gesture line: gesture needs kind (a string)"),
        (#"{"type":"touch","device":"d","node":"n","region":"r","id":1,"phase":"lifted","time":1,"touch_type":"direct","location":{"mm":[0,0],"normalized":[0,0]}}"#,
         "'lifted' in touch.phase is not one of began, moved, stationary, ended, cancelled"),
        (#"{"type":"devices","devices":[{"name":1,"size_mm":[1,1]}]}"#, "name in devices.devices[0] must be a string, got an integer"),
        (#"{"type":"frobnicated"}"#, "unknown line type 'frobnicated'"),
        ("[1]", "a line that is not a JSON object, but an array"),
    ])
    func aLineThatIsNotTheProtocolsIsMalformed(_ line: String, _ message: String) {
        #expect {
            _ = try ServerLine.decode(Array(line.utf8))
        } throws: { error in
            (error as? RequestError)?.code == "malformed" && (error as? RequestError)?.message.contains(message) == true
        }
    }

    /// Every example line in docs/protocol.md is a request, a reply or an event (hello and status name both a
    /// request and its reply).
    @Test func theProtocolDocumentsExamplesDecode() throws {
        let doc = try String(
            contentsOf: Self.folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/protocol.md"), encoding: .utf8)
        let examples = doc.split(separator: "\n").filter { $0.hasPrefix("{\"type\":") }.map(String.init)
        #expect(examples.count > 20)
        for line in examples {
            let request = Result { try DecodedRequest(line: Array(line.utf8)).request.get() }
            let daemon = Result { try ServerLine.decode(Array(line.utf8)) }
            if case .failure = request, case .failure(let error) = daemon { Issue.record("\(line): \(error)") }
        }
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension WireFixtureTests {
    /// A time no daemon's clock reaches (2^63 microseconds and beyond) is a malformed line, not a crash of the
    /// client reading it (ServerLineFuzzer, docs/fuzzing.md).
    @Test func aTimeBeyondAnyClockIsMalformed() {
        let line = #"{"type":"device_removed","device":"d","node":"n","time":1e300}"#
        #expect {
            _ = try ServerLine.decode(Array(line.utf8))
        } throws: { error in
            (error as? RequestError)?.message.contains("time in device_removed is out of range") == true
        }
    }
}
