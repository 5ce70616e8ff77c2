import Foundation
import Testing

@testable import GestureProtocol

/// Request lines as clients send them: the kinds of JSON values the field checks see, and lines that are not
/// requests at all.
@Suite struct RequestDecodingTests {
    private func value(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

    @Test func everyKindOfValue() throws {
        let parsed = try value(#"{"t":true,"f":false,"i":-12,"d":1.5,"w":1.0,"e":1e2,"big":12345678901234567890,"s":"é\n","n":null,"a":[1,"x",[]],"o":{}}"#)
        #expect(
            parsed
                == .object([
                    "t": .bool(true), "f": .bool(false), "i": .integer(-12), "d": .number(1.5), "w": .number(1), "e": .number(100),
                    "big": .number(12345678901234567890), "s": .string("é\n"), "n": .null, "a": .array([.integer(1), .string("x"), .array([])]),
                    "o": .object([:]),
                ]))
        // A number is never a boolean, nor a boolean a number.
        #expect(try value("[1, 0, true]") == .array([.integer(1), .integer(0), .bool(true)]))
    }

    /// What JSONSerialization let through: a key twice (taken by its last), a whole number with a fraction taken
    /// for an integer.
    @Test func aKeyTwiceAndAFractionForAnIntegerAreRefused() {
        for (line, message) in [
            (#"{"type":"status","type":"reload"}"#, "not JSON: key 'type' twice in one object at byte 18"),
            (#"{"type":"hello","version":1.0}"#, "version in hello must be an integer, got a number"),
            (#"{"type":"hello","version":1e0}"#, "version in hello must be an integer, got a number"),
            (#"{"type":"subscribe","filter":{"kinds":["tap"],"kinds":["pan"]}}"#, "key 'kinds' twice"),
        ] {
            guard case .failure(let error) = DecodedRequest(line: Array(line.utf8)).request else {
                Issue.record("accepted: \(line)")
                continue
            }
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func stringsAreUTF8WithTheirEscapesUndone() throws {
        #expect(try value(#"["\u00e9\ud83d\ude00\"\\\/\b\f\n\r\t"]"#) == .array([.string("é😀\"\\/\u{08}\u{0C}\n\r\t")]))
        for (bytes, message) in [
            (Array(#"["a"#.utf8) + [0xFF] + Array(#""]"#.utf8), "not UTF-8 in a string"),
            (Array("[\"a\u{01}\"]".utf8), "a control character (0x1) in a string"),
            (Array(#"["\ud83d"]"#.utf8), "a lone high surrogate"),
            (Array(#"["\x"]"#.utf8), "unknown escape"),
            (Array("[01]".utf8), "a number does not start with 0"),
            (Array("[1.]".utf8), "a digit expected after '.'"),
            (Array("[1e400]".utf8), "out of range"),
            (Array(String(repeating: "[", count: 65).utf8), "nested more than 64 deep"),
        ] {
            #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(bytes) }
            do {
                _ = try JSONReader.parse(bytes)
            } catch {
                #expect(error.description.contains(message), "\(error)")
            }
        }
        #expect(try value(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) != .null)
    }

    @Test func aRequestWithItsIdAndFields() {
        let decoded = DecodedRequest(line: Array(#"{"type":"subscribe","id":"s1","events":["gestures"],"filter":{"recognizers":["pan"]}}"#.utf8))
        #expect(decoded.id == .string("s1"))
        guard case .success(.subscribe(let subscription)) = decoded.request else {
            Issue.record("not a subscription: \(decoded.request)")
            return
        }
        #expect(subscription.matches(recognizer: "pan", kind: "pan", engineKind: "pan", device: "d", region: "r", state: "began"))
        #expect(!subscription.matches(recognizer: "tap", kind: "tap", engineKind: "tap", device: "d", region: "r", state: "ended"))
    }

    @Test(arguments: [
        ("{\"type\":", "not JSON"), ("{\"type\":\"status\"} x", "not JSON"), ("", "not JSON"),
        (String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000), "not JSON"),
        ("[1]", "a request must be a JSON object, got an array"), ("7", "a request must be a JSON object, got an integer"),
        ("{\"type\":\"status\",\"id\":1.5}", "id must be an integer or a string, got a number"),
        ("{\"type\":\"hello\",\"version\":true}", "boolean"),
    ])
    func linesThatAreNotRequestsSayWhy(line: String, message: String) {
        guard case .failure(let error) = DecodedRequest(line: Array(line.utf8)).request else {
            Issue.record("accepted: \(line.prefix(40))")
            return
        }
        #expect(error.code == "bad_request")
        #expect(error.message.contains(message), "\(error.message)")
    }
}
