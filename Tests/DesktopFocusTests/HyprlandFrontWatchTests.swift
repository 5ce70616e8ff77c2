import Foundation
import Glibc
import Testing

@testable import DesktopFocus

/// The window in front kept from Hyprland's event socket, against stand-ins for its two sockets: asked once as the
/// watch starts and again at each `activewindow` line only, and let go of when the event socket closes.
struct HyprlandFrontWatchTests {
    typealias R = HyprlandReplies

    @Test func activeWindowEventsAloneAskAgainAndAClosedSocketLetsGo() throws {
        let folder = try TemporaryFolder("hypr")
        let requests = try FakeHyprlandSocket(path: folder.path + "/.socket.sock", replies: ["j/activewindow": R.activeWindow(HyprlandFocusTests.terminal)])
        defer { requests.stop() }
        // The event socket: one connection, written to by the test.
        let events = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let eventPath = HyprlandChanges.path(besideRequestSocket: folder.path + "/.socket.sock")
        #expect(eventPath == folder.path + "/.socket2.sock")
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(eventPath.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(events, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0 && listen(events, 1) == 0)

        let watch = try #require(FrontWatch(HyprlandFocus(socketPath: folder.path + "/.socket.sock")))
        defer { watch.stop() }
        let connection = accept(events, nil, nil)
        #expect(connection >= 0)
        let foot = WindowIdentity(appID: "foot", title: "~", pid: 4343)
        try waitUntil("the watch to say foot is in front (it says \(String(describing: watch.front)))", seconds: 10) {
            (try? watch.front?.get()) == foot
        }
        func send(_ lines: String) { _ = Array(lines.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) } }
        // Events of other things ask nothing; a focus change asks once, however it arrives split.
        send("openwindow>>55d1c0f0,1,kitty,~\nworkspace>>2\nactivewin")
        send("dow>>kitty,~\nactivewindowv2>>55d1c0f0\n")
        try waitUntil("a second question (asked: \(requests.requests))", seconds: 10) { requests.requests.count == 2 }
        usleep(200_000)
        #expect(requests.requests == ["j/activewindow", "j/activewindow"])
        // Hyprland gone: its event socket closed and removed, so the watch's attempts again find nothing.
        close(connection)
        close(events)
        unlink(eventPath)
        try waitUntil("the watch to let go once the event socket closed (it says \(String(describing: watch.front)))", seconds: 10) {
            watch.front == nil
        }
    }
}
