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
                    "t": .bool(true), "f": .bool(false), "i": .integer(-12), "d": .number(1.5), "w": .integer(1), "e": .integer(100),
                    "big": .number(12345678901234567890), "s": .string("é\n"), "n": .null, "a": .array([.integer(1), .string("x"), .array([])]),
                    "o": .object([:]),
                ]))
        // A number is never a boolean, nor a boolean a number.
        #expect(try value("[1, 0, true]") == .array([.integer(1), .integer(0), .bool(true)]))
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
