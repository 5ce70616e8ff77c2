import Foundation
import Testing

@testable import DesktopFocus

/// sway's framing (sway-ipc(7)) and the focused window found in GET_TREE's reply.
struct SwayIPCTests {
    @Test func messagesAreFramedAsTheManualShows() throws {
        // sway-ipc(7)'s example: RUN_COMMAND "exit" (on a little-endian machine).
        #expect(SwayMessage.encode(type: 0, payload: Array("exit".utf8))
            == [0x69, 0x33, 0x2D, 0x69, 0x70, 0x63, 0x04, 0, 0, 0, 0, 0, 0, 0, 0x65, 0x78, 0x69, 0x74])
        let header = SwayMessage.encode(type: SwayMessage.getTree, payload: Array(repeating: 0x20, count: 300)).prefix(14)
        #expect(try SwayMessage.payloadLength(header: Array(header), replyTo: 4, limit: 1000) == 300)
    }

    @Test func aHeaderThatIsNotAReplyToTheMessageIsRefused() {
        func refusal(_ header: [UInt8], limit: Int = 1000) -> String? {
            do {
                _ = try SwayMessage.payloadLength(header: header, replyTo: 4, limit: limit)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(refusal(Array("i3-ipX".utf8) + [0, 0, 0, 0, 4, 0, 0, 0]) == "a reply that does not start with \"i3-ipc\"")
        // An event (the high bit set) where a reply was expected.
        #expect(refusal(SwayMessage.encode(type: 0x8000_0003)) == "a reply of type 2147483651 to a message of type 4")
        let long = SwayMessage.encode(type: 4, payload: Array(repeating: 0, count: 1001))
        #expect(refusal(Array(long.prefix(SwayMessage.headerSize))) == "a reply of 1001 bytes, beyond the limit of 1000")
    }

    /// A tree as sway 1.7 answers GET_TREE, cut to the fields read: an output with workspace 1 (two windows in a
    /// split container, one of them Xwayland's, and a floating one) and an empty workspace 2.
    static func tree(focused: Int) -> String {
        func f(_ id: Int) -> String { id == focused ? "true" : "false" }
        return """
            {"id": 1, "type": "root", "name": "root", "focused": \(f(1)), "focus": [3], "floating_nodes": [], "nodes": [
              {"id": 2, "type": "output", "name": "__i3", "focused": false, "focus": [], "nodes": [], "floating_nodes": []},
              {"id": 3, "type": "output", "name": "HEADLESS-1", "focused": \(f(3)), "focus": [4, 9], "floating_nodes": [], "nodes": [
                {"id": 4, "type": "workspace", "name": "1", "focused": \(f(4)), "focus": [5, 8], "nodes": [
                  {"id": 5, "type": "con", "name": null, "focused": \(f(5)), "focus": [7, 6], "app_id": null, "floating_nodes": [], "nodes": [
                    {"id": 6, "type": "con", "name": "~/src", "focused": \(f(6)), "focus": [], "nodes": [], "floating_nodes": [],
                     "app_id": "foot", "pid": 101, "shell": "xdg_shell"},
                    {"id": 7, "type": "con", "name": "xinst", "focused": \(f(7)), "focus": [], "nodes": [], "floating_nodes": [],
                     "app_id": null, "pid": 102, "shell": "xwayland", "window": 4194316,
                     "window_properties": {"class": "XtermA", "instance": "xinst", "title": "xinst", "transient_for": null}}
                  ]}
                ], "floating_nodes": [
                  {"id": 8, "type": "floating_con", "name": "Volume", "focused": \(f(8)), "focus": [], "nodes": [], "floating_nodes": [],
                   "app_id": "pavucontrol", "pid": 103}
                ]},
                {"id": 9, "type": "workspace", "name": "2", "focused": \(f(9)), "focus": [], "nodes": [], "floating_nodes": []}
              ]}
            ]}
            """
    }

    static func front(focused: Int) throws -> WindowIdentity? {
        try JSONDecoder().decode(SwayNode.self, from: Data(tree(focused: focused).utf8)).focusedWindow?.identity
    }

    @Test func theFocusedWindowIsNamedByItsAppIDOrItsX11Class() throws {
        #expect(try Self.front(focused: 6) == WindowIdentity(appID: "foot", title: "~/src", pid: 101))
        #expect(try Self.front(focused: 7) == WindowIdentity(appID: "XtermA", instance: "xinst", title: "xinst", pid: 102))
        #expect(try Self.front(focused: 8) == WindowIdentity(appID: "pavucontrol", title: "Volume", pid: 103))
    }

    @Test func aFocusedContainerGivesItsMostRecentlyFocusedWindowAndAnEmptyWorkspaceNone() throws {
        #expect(try Self.front(focused: 5)?.appID == "XtermA")
        #expect(try Self.front(focused: 4)?.appID == "XtermA")
        #expect(try Self.front(focused: 9) == nil)
    }
}
